package ssaexec

import (
	"fmt"
	"go/types"
	"maps"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/abstraction"
	"github.com/gosym/gosym/heap"
)

// Subsumption at loop heads: a state arriving at a loop head is put in
// canonical form and checked against the states stored at the same
// program point (the whole call stack); a subsumed state is not explored
// further. See package abstraction.

// subsumeGrace is how much deeper than the k-bound list nodes may be
// materialized inside a loop whose head checks subsumption: a loop that
// splits a list in two (the partition of Anand, Pasareanu and Visser)
// reaches the shapes whose
// summaries cover all others only with ten nodes or so.
const subsumeGrace = 6

// cellGrace is the same for the cells of scalar arrays: a loop over a
// slice needs a cell or two past the layouts that cover longer ones, and
// quicksort's partition, which scans from both ends, needs runs of two at
// each end plus the cells its two indices stand on.
const cellGrace = 4

// atLoopHead checks s, which has just arrived at a loop head (its phis
// assigned), and ends it if a stored state covers it.
func (x *explorer) atLoopHead(s *state) {
	// Package initialization mostly runs one path through loops over
	// constants: a state of a later iteration that an earlier one covers
	// abstractly is no reason to drop the entry's body.
	// Goroutines and channels are no part of the stored states: a path
	// with them runs its loops to the loop bound.
	if x.cfg.Subsume == abstraction.Off || s.panic != nil || s.pkgInit.running || s.g != nil {
		return
	}
	for _, f := range s.frames {
		if len(f.progress) > 0 || f.unwinding {
			return
		}
	}
	roots, hints := x.roots(s)
	g := abstraction.Canonical(s.heap, roots, s.pc, hints)
	covered, abstractOnly, e := x.table.Check(point(s), g)
	x.noteEntry(covered, abstractOnly, e)
	switch {
	case !covered:
	case abstractOnly && x.cfg.Refine:
		s.refining = true
	default:
		s.end = subsumed
	}
}

// grace sets how far past the k-bound the next instruction may
// materialize: inside a loop with abstract subsumption on (exact
// subsumption never matches lists of different lengths), but not below an
// abstract subsumption that Refine explores past: that goes to the
// k-bound.
func (x *subject) grace(s *state) {
	if x.cfg.Subsume != abstraction.Abstract {
		return
	}
	if f := s.top(); f.facts.InnermostLoop(f.block) != nil && !s.refining {
		s.heap.SetGrace(subsumeGrace, cellGrace)
	} else {
		s.heap.SetGrace(0, 0)
	}
}

// point names where s is, with what else decides its future that the
// canonical form does not hold: the frames' positions, the parameters
// compared with nil (for the entry policy) and whether the path rests on
// assumptions.
func point(s *state) string {
	var b strings.Builder
	for _, f := range s.frames {
		fmt.Fprintf(&b, "%p:%d:%d:%d;", f.fn, f.block.Index, f.pc, len(f.defers))
	}
	params := make([]int, 0, len(s.compared))
	for p := range s.compared {
		params = append(params, p)
	}
	sort.Ints(params)
	fmt.Fprintf(&b, "|%v|%v", params, s.assumed)
	// States from different ends of initialization hold different
	// variables, which roots leaves out while they are unchanged.
	if len(s.pkgInit.globals) > 0 {
		fmt.Fprintf(&b, "|init %p %v", s.pkgInit.end, s.initVariablesUnchanged())
	}
	if s.seq != nil && s.seq.handBuiltPath {
		// A hand-built value covers every value the API builds: the
		// findings of the hand-built path are latent, the others not.
		b.WriteString("|hand-built")
	}
	return b.String()
}

// roots lists the values that reach everything s may still use: the live
// values of each frame, its iterators and deferred calls, and the globals;
// hints say which of them index which arrays (see ssafacts.IndexVars).
func (x *subject) roots(s *state) ([]heap.Value, []abstraction.IndexHint) {
	var out []heap.Value
	var hints []abstraction.IndexHint
	irrelevant := x.facts(x.fn).Irrelevant()
	for i, f := range s.frames {
		at := map[ssa.Value]int{}
		for _, v := range liveValues(f, i == 0) {
			if i == 0 && irrelevant[v] {
				continue
			}
			at[v] = len(out)
			if val, ok := f.env.get(v); ok {
				out = append(out, val)
			} else {
				out = append(out, heap.Str{S: "unset " + v.Name()})
			}
		}
		for _, iv := range f.facts.IndexVars() {
			vi, ok1 := at[iv.Index]
			ai, ok2 := at[iv.Array]
			if ok1 && ok2 {
				hints = append(hints, abstraction.IndexHint{Var: vi, Array: ai, Offset: iv.Offset})
			}
		}
		out = append(out, iteratorValues(s.heap, f)...)
		for _, d := range f.defers {
			out = append(out, d.callee, heap.Tuple{Elems: d.args})
		}
	}
	globals := make([]*ssa.Global, 0, len(s.globals))
	unchanged := len(s.pkgInit.globals) > 0 && s.initVariablesUnchanged()
	for g, p := range s.globals {
		if unchanged && s.pkgInit.globals[g] == p {
			// As initialization left it, in every state of this point
			// (see point): the tables of strconv and unicode need not
			// be compared at every loop head.
			continue
		}
		globals = append(globals, g)
	}
	sort.Slice(globals, func(i, j int) bool { return globals[i].RelString(nil) < globals[j].RelString(nil) })
	for _, g := range globals {
		out = append(out, s.globals[g])
	}
	if s.seq != nil {
		// The values built for makers and for pointers inside the
		// parameters: states that differ in them go on differently.
		for _, k := range slices.Sorted(maps.Keys(s.seq.owned)) {
			out = append(out, s.seq.owned[k])
		}
	}
	return out, hints
}

// iteratorValues flattens a frame's range iterators, in the order of
// their instructions.
func iteratorValues(h *heap.Heap, f *frame) []heap.Value {
	rngs := make([]*ssa.Range, 0, len(f.ranges))
	for r := range f.ranges {
		rngs = append(rngs, r)
	}
	sort.Slice(rngs, func(i, j int) bool {
		return rngs[i].Pos() < rngs[j].Pos() || rngs[i].Pos() == rngs[j].Pos() && rngs[i].Name() < rngs[j].Name()
	})
	var out []heap.Value
	for _, r := range rngs {
		it := f.ranges[r]
		out = append(out, heap.Str{S: fmt.Sprintf("range %s %d/%d", r.Name(), it.next, len(it.entries))})
		if it.str != nil {
			out = append(out, it.str, heap.Scalar{T: it.pos})
		}
		for _, e := range it.entries {
			if e.Key.Dyn != nil {
				out = append(out, heap.Str{S: "key of type " + types.TypeString(e.Key.Dyn, nil)})
			}
			// An address's key numbers it on this path only: compare
			// the address itself.
			key := heap.Value(heap.Scalar{T: e.Key.T})
			if e.Key.Ptr {
				key = h.KeyValue(e.Key, nil)
			}
			out = append(out, key, e.Val, heap.Scalar{T: e.Live})
		}
	}
	return out
}
