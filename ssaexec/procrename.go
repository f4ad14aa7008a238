package ssaexec

import (
	"cmp"
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/solver"
)

// Summaries up to a renaming. A summary applies as it is only where the
// heap has made as many objects and symbols as at its entry (sibling
// paths). A call made later on one path, from a state that is the
// summary's entry with other names (a comparator called again in a loop,
// a size read again), is answered by the summary too, renamed
// (heap.Canon, heap.Renaming), if no path of the summarized call
// observed anything, or made anything but objects, arrays and maps
// (heap.MadeOnly): then what it did is writes to objects both states
// have, decisions on their references, and what it made, which a
// renaming carries over, numbering what was made after what the caller's
// heap has made. A call that materialized an input, or made a symbolic
// reference or index term, would need those matched to the caller's
// inputs, which they are not.

// canonKey indexes the summaries a renaming can apply: the function and
// the Key of its entry state.
type canonKey struct {
	fn  *ssa.Function
	key string
}

// canonOf returns the Canon of the state a call with args from s enters:
// its arguments, and the package variables (by name) as fixed roots; nil
// if it has none.
func (x *explorer) canonOf(s *state, args []heap.Value) *heap.Canon {
	var fixed []heap.Value
	for _, g := range slices.SortedFunc(maps.Keys(s.globals), func(a, b *ssa.Global) int {
		return cmp.Or(cmp.Compare(a.Pkg.Pkg.Path(), b.Pkg.Pkg.Path()), cmp.Compare(a.Name(), b.Name()))
	}) {
		fixed = append(fixed, s.globals[g])
	}
	c, ok := s.heap.Canonical(fixed, args, &x.sums.ids)
	if !ok {
		return nil
	}
	return c
}

// canonCalledBefore reports whether a call of fn was made before from a
// state with Canon c, and notes this one.
func (x *explorer) canonCalledBefore(fn *ssa.Function, c *heap.Canon) bool {
	if c == nil {
		return false
	}
	return noteCall(&x.sums.canonCalled, canonKey{fn, c.Key})
}

// storeRenamable adds the complete summary rec to those a renaming can
// apply, if it is one: it has a Canon, and none of its exits observed
// anything or made more than objects, arrays and maps (heap.MadeOnly).
// The conditions its entry had on what the call could read are kept
// written over the Canon's symbols; the other symbols they hold (those
// of conditions that link the call's values to the caller's) stand for
// themselves.
func (x *explorer) storeRenamable(rec *summaryRec) {
	if rec.canon == nil || rec.reshaped {
		return
	}
	conds, extra, ok := rec.canon.Write(x.relevantTo(rec, nil, rec.canon.Holes))
	if !ok {
		return
	}
	rec.canonRelevant, rec.canonExtra = conds, extra
	if x.sums.byCanon == nil {
		x.sums.byCanon = map[canonKey][]*summaryRec{}
	}
	k := canonKey{rec.fn, rec.canon.Key}
	x.sums.byCanon[k] = append(x.sums.byCanon[k], rec)
}

// renamedExit is an exit of a summary renamed for the state it answers.
type renamedExit struct {
	exit   *summaryExit
	delta  *heap.Delta
	result heap.Value
	added  []*solver.Term
}

// applyRenamed answers a call of fn with args from s, whose entry state
// has Canon c, with a summary whose entry had c's Key, renamed.
func (x *explorer) applyRenamed(s *state, fn *ssa.Function, args []heap.Value, c *heap.Canon, call *ssa.Call) ([]alt, bool) {
	if c == nil {
		return nil, false
	}
	var inPC map[any]bool
	for _, rec := range x.sums.byCanon[canonKey{fn, c.Key}] {
		if !contextMatches(s, rec, args) {
			continue
		}
		if inPC == nil {
			inPC = pathSet(s)
		}
		r := heap.NewRenaming(rec.canon, c, x.ctx)
		exits, ok := x.renameExits(inPC, rec, c, r, s.heap)
		if !ok {
			continue
		}
		x.res.Summaries.Applied++
		x.sums.noteAnswered(rec)
		x.res.Summaries.Renamed++
		return x.renamedAlts(s, rec, r, exits, call), true
	}
	return nil, false
}

// renameExits renames rec's exits with r for a call from the heap into,
// if the path whose conditions inPC holds holds every condition rec's
// entry had on what the call could read, renamed.
func (x *evaluator) renameExits(inPC map[any]bool, rec *summaryRec, c *heap.Canon, r *heap.Renaming, into *heap.Heap) ([]renamedExit, bool) {
	holes := append(slices.Clip(c.Holes), rec.canonExtra...)
	for _, f := range rec.canonRelevant {
		b, err := x.ctx.Decode(f, holes)
		if err != nil || !inPC[b.Identity()] {
			return nil, false
		}
	}
	out := make([]renamedExit, len(rec.exits))
	for i, e := range rec.exits {
		d, ok := r.Delta(rec.heap, e.heap, into)
		if !ok {
			return nil, false
		}
		res, ok := r.Value(e.result)
		if !ok {
			return nil, false
		}
		out[i] = renamedExit{exit: e, delta: d, result: res}
		for _, a := range e.added {
			b, ok := r.Term(a)
			if !ok {
				return nil, false
			}
			out[i].added = append(out[i].added, b)
		}
	}
	return out, true
}

// renamedAlts makes the alternatives after a renamed summary's exits.
func (x *explorer) renamedAlts(s *state, rec *summaryRec, r *heap.Renaming, exits []renamedExit, call *ssa.Call) []alt {
	added := make([][]*solver.Term, len(exits))
	for i, e := range exits {
		added[i] = e.added
	}
	return exitAlts(x, s, added, func(i int, s *state) {
		e := exits[i]
		e.delta.Apply(s.heap)
		s.leaveBy(rec, e.exit, r, call, e.result)
	})
}
