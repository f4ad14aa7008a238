package ssaexec

import (
	"fmt"
	"go/constant"
	"go/token"
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
	if x.cfg.Subsume == abstraction.Off || s.panic != nil || s.initializing || s.g != nil {
		return
	}
	for _, f := range s.frames {
		if len(f.progress) > 0 || f.unwinding {
			return
		}
	}
	roots, hints := x.roots(s)
	g := abstraction.Canonical(s.heap, roots, s.pc, hints)
	covered, abstractOnly, e := x.table.Check(x.point(s), g)
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
func (x *explorer) grace(s *state) {
	if x.cfg.Subsume != abstraction.Abstract {
		return
	}
	if b := s.top().block; x.inLoop(b) && !s.refining {
		s.heap.SetGrace(subsumeGrace, cellGrace)
	} else {
		s.heap.SetGrace(0, 0)
	}
}

// inLoop reports whether block b lies in a loop of its function.
func (x *explorer) inLoop(b *ssa.BasicBlock) bool { return x.innermostLoop(b) != nil }

// innermostLoop returns the head of the innermost natural loop that block
// b lies in, or nil.
func (x *explorer) innermostLoop(b *ssa.BasicBlock) *ssa.BasicBlock {
	if h, ok := x.loopOf[b]; ok {
		return h
	}
	var inner *ssa.BasicBlock
	for _, h := range b.Parent().Blocks {
		if isLoopHead(h) && inLoopOf(b, h) && (inner == nil || inner.Dominates(h)) {
			inner = h
		}
	}
	x.loopOf[b] = inner
	return inner
}

// exits reports whether the edge from b to succ leaves the innermost loop
// b lies in. It is asked at every branch in a loop, so it is cached.
func (x *explorer) exits(b, succ *ssa.BasicBlock) bool {
	edge := [2]*ssa.BasicBlock{b, succ}
	if v, ok := x.exitEdges[edge]; ok {
		return v
	}
	h := x.innermostLoop(b)
	v := h != nil && !inLoopOf(succ, h)
	x.exitEdges[edge] = v
	return v
}

// inLoopOf reports whether block b is in the natural loop of head h: h
// dominates it and it reaches h through blocks h dominates.
func inLoopOf(b, h *ssa.BasicBlock) bool {
	if !h.Dominates(b) {
		return false
	}
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{b}
	for len(stack) > 0 {
		blk := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, next := range blk.Succs {
			if next == h {
				return true
			}
			if !seen[next] && h.Dominates(next) {
				seen[next] = true
				stack = append(stack, next)
			}
		}
	}
	return false
}

// point names where s is, with what else decides its future that the
// canonical form does not hold: the frames' positions, the parameters
// compared with nil (for the entry policy) and whether the path rests on
// assumptions.
func (x *explorer) point(s *state) string {
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
	if len(s.initGlobals) > 0 {
		fmt.Fprintf(&b, "|init %p %v", s.initEnd, s.initVariablesUnchanged())
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
// hints say which of them index which arrays (see indexVars).
func (x *explorer) roots(s *state) ([]heap.Value, []abstraction.IndexHint) {
	var out []heap.Value
	var hints []abstraction.IndexHint
	for i, f := range s.frames {
		at := map[ssa.Value]int{}
		for _, v := range x.liveValues(f, i == 0) {
			if i == 0 && x.irrelevant()[v] {
				continue
			}
			at[v] = len(out)
			if val, ok := f.env.get(v); ok {
				out = append(out, val)
			} else {
				out = append(out, heap.Str{S: "unset " + v.Name()})
			}
		}
		for _, iv := range x.indexVars(f.fn) {
			vi, ok1 := at[iv.index]
			ai, ok2 := at[iv.array]
			if ok1 && ok2 {
				hints = append(hints, abstraction.IndexHint{Var: vi, Array: ai, Offset: iv.offset})
			}
		}
		out = append(out, iteratorValues(s.heap, f)...)
		for _, d := range f.defers {
			out = append(out, d.callee, heap.Tuple{Elems: d.args})
		}
	}
	globals := make([]*ssa.Global, 0, len(s.globals))
	unchanged := len(s.initGlobals) > 0 && s.initVariablesUnchanged()
	for g, p := range s.globals {
		if unchanged && s.initGlobals[g] == p {
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

// indexVar is a value used as an index into an array value, directly or
// plus or minus a constant, or a phi that flows into one or takes one
// in: the variable of an outer loop whose inner loop indexes with it.
// offset is the least constant added to it where it indexes, if that is
// positive: a range loop's index stands one before the cell it reads
// next.
type indexVar struct {
	index, array ssa.Value
	offset       int64
}

// indexVars returns fn's index variables, in the order of their uses and
// then of the phis that link them.
func (x *explorer) indexVars(fn *ssa.Function) []indexVar {
	if ivs, ok := x.indexVarsOf[fn]; ok {
		return ivs
	}
	var out []indexVar
	at := map[[2]ssa.Value]int{} // (index, array) -> position in out
	note := func(index, array ssa.Value, offset int64) bool {
		key := [2]ssa.Value{index, array}
		if i, seen := at[key]; seen {
			out[i].offset = min(out[i].offset, offset)
			return false
		}
		at[key] = len(out)
		out = append(out, indexVar{index: index, array: array, offset: offset})
		return true
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			var arr, idx ssa.Value
			switch in := instr.(type) {
			case *ssa.IndexAddr:
				arr, idx = in.X, in.Index
			case *ssa.Index:
				arr, idx = in.X, in.Index
			default:
				continue
			}
			base, off := indexBase(idx)
			note(base, arr, max(off, 0))
		}
	}
	for grew := true; grew; {
		grew = false
		for _, phi := range phis(fn) {
			for i := 0; i < len(out); i++ {
				iv := out[i]
				for _, edge := range phi.Edges {
					edgeBase, _ := indexBase(edge)
					if iv.index != phi && iv.index != edgeBase {
						continue
					}
					for _, linked := range []ssa.Value{phi, edgeBase} {
						if _, seen := at[[2]ssa.Value{linked, iv.array}]; !seen {
							grew = note(linked, iv.array, 0) || grew
						}
					}
				}
			}
		}
	}
	x.indexVarsOf[fn] = out
	return out
}

// phis returns fn's phis in block order.
func phis(fn *ssa.Function) []*ssa.Phi {
	var out []*ssa.Phi
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if phi, ok := instr.(*ssa.Phi); ok {
				out = append(out, phi)
			}
		}
	}
	return out
}

// indexBase strips conversions and the addition or subtraction of a
// constant from an index, and returns the constant added.
func indexBase(v ssa.Value) (ssa.Value, int64) {
	var off int64
	for {
		switch e := v.(type) {
		case *ssa.Convert:
			v = e.X
			continue
		case *ssa.BinOp:
			if e.Op == token.ADD || e.Op == token.SUB {
				if c, ok := e.Y.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Int {
					k, _ := constant.Int64Val(c.Value)
					if e.Op == token.SUB {
						k = -k
					}
					v, off = e.X, off+k
					continue
				}
				if c, ok := e.X.(*ssa.Const); ok && e.Op == token.ADD && c.Value != nil && c.Value.Kind() == constant.Int {
					k, _ := constant.Int64Val(c.Value)
					v, off = e.Y, off+k
					continue
				}
			}
		}
		return v, off
	}
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

// irrelevant returns the values of the entry function that no panic and
// no branch can depend on: they only flow, through operations that cannot
// panic, into the function's results. States that differ in them have the
// same future findings, so subsumption leaves them out (a counter that is
// only returned no longer tells iterations apart).
func (x *explorer) irrelevant() map[ssa.Value]bool {
	if x.irrelevantValues != nil {
		return x.irrelevantValues
	}
	relevant := map[ssa.Value]bool{}
	var mark func(v ssa.Value)
	mark = func(v ssa.Value) {
		if v == nil || relevant[v] {
			return
		}
		relevant[v] = true
		if instr, ok := v.(ssa.Instruction); ok && isPure(instr) {
			for _, op := range instr.Operands(nil) {
				mark(*op)
			}
		}
	}
	for _, b := range x.fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr.(type) {
			case *ssa.Return, *ssa.DebugRef:
				continue
			}
			if isPure(instr) {
				continue
			}
			for _, op := range instr.Operands(nil) {
				mark(*op)
			}
		}
	}
	out := map[ssa.Value]bool{}
	for _, b := range x.fn.Blocks {
		for _, instr := range b.Instrs {
			if v, ok := instr.(ssa.Value); ok && !relevant[v] {
				out[v] = true
			}
		}
	}
	for _, p := range x.fn.Params {
		if !relevant[p] {
			out[p] = true
		}
	}
	x.irrelevantValues = out
	return out
}

// isPure reports whether instr computes a value from its operands without
// any effect or possible panic: its operands matter only if its value does.
func isPure(instr ssa.Instruction) bool {
	switch in := instr.(type) {
	case *ssa.BinOp:
		switch in.Op {
		case token.QUO, token.REM, token.SHL, token.SHR:
			return false // may panic on the divisor or shift count
		}
		return true
	case *ssa.UnOp:
		return in.Op != token.MUL && in.Op != token.ARROW
	case *ssa.Phi, *ssa.Convert, *ssa.ChangeType, *ssa.Extract:
		return true
	}
	return false
}
