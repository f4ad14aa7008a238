package ssaexec

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/gosym/gosym/dpor"
	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/search"
	"github.com/gosym/gosym/solver"
	"github.com/gosym/gosym/witness"
)

// found is a finding the search is making: the record it hands over when
// the search ends (see finishRecord), and what the search keeps beside it
// to write the record's message and witness, to replace its witness by a
// better one, and to say once the search ended whether the panic depends
// on the schedule.
type found struct {
	*result.Finding
	// render writes the message from the witness's model.
	render func(m heap.Valuer) string
	// want, if set, is Want as the panicking instruction knows it.
	want []string
	// explicit marks a panic call; panicText is its value, when a
	// constant string.
	explicit  bool
	panicText string
	// replaced is the number of smaller witnesses that replaced earlier
	// ones.
	replaced int
	// atPanic is what Config.Pictures draws of the heap at the panic: the
	// heap, the panicking frame's variables and the location it failed on.
	atPanic *panicPicture
	// invariant is the name of the receiver's invariant a finding says
	// is broken at return, or "".
	invariant string
	// traceEnd is the length of the path's trace when the panic was
	// raised: deferred calls run after it are not part of the path to it.
	traceEnd int
	// decisions are the scheduling decisions of the path at which more
	// than one goroutine could run, and picked says it chose among a
	// select's ready cases or a channel's blocked partners: what
	// ScheduleDependent is made of once the search ended.
	decisions []*dpor.Node
	picked    bool
}

// newFound starts a finding of kind k at pos, raised in within (see
// Finding.Within) of package pkg, whose message render writes.
func (x *subject) newFound(k result.Kind, pos token.Pos, pkg, within string, render func(heap.Valuer) string) *found {
	return &found{Finding: &result.Finding{Kind: k, Pos: x.fset.Position(pos), PosPkg: pkg, Within: within}, render: render}
}

// report turns a panicking path into a finding, unless one at the same
// position and of the same kind is already known.
//
// Of the paths that reach one finding, the one that observed the fewest
// inputs gives the witness, and of those the one with the fewest aliased
// references: subsumption lets loops run past the k-bound, and a short,
// acyclic input reads better.
func (x *explorer) report(s *state) {
	f := s.finding
	if why, ok := x.cfg.IgnoredLines[lineKey(f.Pos.Filename, f.Pos.Line)]; ok {
		x.ignored[fmt.Sprintf("%s at %s ignored: %s", f.Kind, shortPos(f.Pos), why)] = true
		return
	}
	key := fmt.Sprintf("%s|%s|%s", f.Kind, f.Pos, f.Within)
	known := x.seen[key]
	if known != nil && (!better(s, known) || known.replaced >= maxWitnessReplacements) {
		return
	}
	if x.check() != solver.Sat {
		// The path condition was proved satisfiable when it was extended,
		// so this is the solver giving up on a repeated query.
		x.cutPath(s, search.BoundSolver, x.unknownReason())
		return
	}
	m := x.readableModel(s)
	if m == nil {
		x.cutPath(s, search.BoundSolver, "no model: "+x.solver.ReasonUnknown())
		return
	}
	f.Message = f.render(m)
	f.Want = expectedPanic(f)
	x.writeWitness(s, m, f)
	if known != nil && f.Latent && (!known.Latent || !smaller(s.heap, known)) {
		return // a caller can reach it already, or a smaller input
	}
	f.Func = x.res.Func
	f.Trace = x.traceOf(s, f, m)
	if p := f.atPanic; p != nil {
		q := witness.PackageQualifier(x.fn)
		f.InputDot = s.heap.InputDot(m, q, x.params, p.mark)
		f.PanicDot = p.heap.PanicDot(m, q, x.params, p.roots, p.mark)
	}
	if s.assumed {
		f.Approximated = slices.Compact(slices.Sorted(slices.Values(s.approximations())))
	}
	f.Rank = rankOf(s)
	if known != nil {
		f.replaced = known.replaced + 1
	}
	x.seen[key] = f
	if i := slices.Index(x.found, known); known != nil && i >= 0 {
		x.found[i] = f
		return
	}
	x.found = append(x.found, f)
}

// better reports whether the path s may make a better witness than the
// known finding's: for a reachable finding, the shortest sequence of
// calls, then the smaller input; a latent one is also bettered by any
// path that builds values through the API, which may make it reachable.
// Whether the new witness is latent is known only once it is written.
func better(s *state, known *found) bool {
	if known.Latent {
		return s.seqLen() > 0 || smaller(s.heap, known)
	}
	if n := s.seqLen(); n != known.Rank.Calls {
		return n < known.Rank.Calls
	}
	return smaller(s.heap, known)
}

// smaller reports whether the inputs of h make a smaller witness than
// the known finding's.
func smaller(h *heap.Heap, known *found) bool {
	if h.Materialized != known.Rank.Size {
		return h.Materialized < known.Rank.Size
	}
	return h.Aliases < known.Rank.Aliases
}

// rankOf is the rank of the witness of path s (see Merge).
func rankOf(s *state) result.WitnessRank {
	return result.WitnessRank{Calls: s.seqLen(), Size: s.heap.Materialized, Aliases: s.heap.Aliases}
}

// maxWitnessReplacements bounds how often a finding's witness is replaced
// by a smaller one: each costs a model and a search for readable values.
const maxWitnessReplacements = 6

// expectedPanic returns the texts one of which the panic of f prints
// (see Finding.Want).
func expectedPanic(f *found) []string {
	switch {
	case f.invariant != "":
		return nil // a broken invariant does not panic
	case f.want != nil:
		return f.want
	case f.explicit && f.panicText == "":
		return nil
	case f.explicit:
		return []string{f.panicText}
	case f.Kind == result.Index, f.Kind == result.SliceBounds:
		// The message starts with the runtime's own, values included.
		msg, _, _ := strings.Cut(f.Message, " (")
		return []string{msg}
	}
	// Other messages are gosym's words (a nil dereference names the
	// nil value).
	return []string{runtimeMessages[f.Kind]}
}

// readableModel returns a model of the current path, under as many of the
// heap's witness preferences (small values) as the solver grants quickly.
// It is called right after a satisfiable check.
func (x *explorer) readableModel(s *state) *solver.Model {
	m := x.solver.Model()
	kept := 0
	for _, pref := range s.heap.Preferences() {
		if !x.budget.LimitQuery(x.solver, x.optionalQuery(preferenceBudget)) {
			break
		}
		// The preference is an assumption of the check, kept on the
		// stack only where it holds: the solver then sees it as the
		// query's new condition (see solver.Solver.CheckOptional).
		r := x.solver.CheckOptional(pref)
		if r == solver.Sat {
			if better := x.solver.Model(); better != nil {
				m = better
			}
			x.solver.Push()
			x.solver.Assert(pref)
			kept++
			continue
		}
		if r == solver.Unknown {
			// The preferences narrow one another: where Z3 gave up on
			// one, it would mostly give up on the next too.
			break
		}
	}
	// Numbers the preferences left large (their ladder stops at 64) are
	// made as small as the path allows, in Go.
	if small := x.solver.Shrunk(m, s.heap.Shrinkable()); small != nil {
		m = small
	}
	for ; kept > 0; kept-- {
		x.solver.Pop()
	}
	return m
}

// preferenceBudget bounds each query of the search for a more readable
// witness, in Z3's resource units (about 200 ms), and no such query
// spends more than a preferenceShare of the work left: a witness is
// readable at best, and a nonlinear query (a ring's index (s+i) % n kept
// in range under s == 0) can take Z3 seconds, which once spent the rest
// of a function's budget after its first finding.
const (
	preferenceBudget = 1_600_000
	preferenceShare  = 8
)
