package ssaexec

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
)

// Whether append writes in place or copies to a new store shows only
// through other references to the old store: a slice that shares it sees
// the writes in place, and not the copy. When nothing the program can
// still use refers to the store but the appended slice, the two differ in
// the capacity alone, and append need not split on them: the usual
// `xs = append(xs, x)` in a loop would otherwise double the paths at every
// append that may or may not fit.

// privateStore reports whether the store of append's operand is referred
// to by nothing still in use but the operand itself: no live SSA value of
// any frame but the operand, and no heap object but the cell that the
// statement `*p = append(*p, ...)` is about to overwrite.
func (s *state) privateStore(in *ssa.Call, store heap.ObjID) bool {
	for _, f := range s.frames {
		// A deferred call could recover from a panic of the statement and
		// look at the cell it did not overwrite.
		if f.deferred || f.unwinding || len(f.defers) > 0 {
			return false
		}
	}
	overwritten := 0
	if p, ok := s.overwrittenCell(in); ok {
		v, d := s.heap.Load(p, in.Type())
		if d != nil {
			return false
		}
		overwritten = s.heap.RefsTo(v, store)
	}
	if s.heap.RefsInObjects(store) > overwritten {
		return false
	}
	top := len(s.frames) - 1
	for i, f := range s.frames {
		pc := f.pc
		if i == top {
			pc = slices.Index(f.block.Instrs, ssa.Instruction(in)) + 1
		}
		for _, v := range f.facts.LiveAt(f.block, pc, i == 0) {
			// append's own result is left out: what it holds now is an
			// earlier iteration's value, which the append overwrites.
			if val, ok := f.env.get(v); ok && v != in && s.heap.RefsTo(val, store) > 0 {
				return false
			}
		}
	}
	return true
}

// overwrittenCell returns the address that the statement of append in
// stores its result to, when that store follows it with nothing but the
// address's computation in between.
func (s *state) overwrittenCell(in *ssa.Call) (heap.Ptr, bool) {
	b := in.Block()
	i := slices.Index(b.Instrs, ssa.Instruction(in))
	for _, next := range b.Instrs[i+1:] {
		switch next := next.(type) {
		case *ssa.DebugRef, *ssa.FieldAddr:
			// The store's address: it can panic, but ends the path then.
			continue
		case *ssa.Store:
			if next.Val != in {
				return heap.Ptr{}, false
			}
			return peekAddress(s, next.Addr)
		}
		return heap.Ptr{}, false
	}
	return heap.Ptr{}, false
}

// peekAddress returns the address v has or will have once computed, when
// that needs no heap decision: a value already computed, or the field
// address of a pointer already resolved.
func peekAddress(s *state, v ssa.Value) (heap.Ptr, bool) {
	f := s.top()
	if val, ok := f.env.get(v); ok {
		return resolvedPtr(s.heap, val)
	}
	fa, ok := v.(*ssa.FieldAddr)
	if !ok {
		return heap.Ptr{}, false
	}
	base, ok := f.env.get(fa.X)
	if !ok {
		return heap.Ptr{}, false
	}
	p, ok := resolvedPtr(s.heap, base)
	return heap.Ptr{Obj: p.Obj, Path: p.Path.Field(fa.Field)}, ok
}

func resolvedPtr(h *heap.Heap, v heap.Value) (heap.Ptr, bool) {
	switch v := v.(type) {
	case heap.Ptr:
		return v, true
	case heap.SymPtr:
		if t := h.Sym(v.ID).Target; t != 0 {
			return heap.Ptr{Obj: t}, true
		}
	}
	return heap.Ptr{}, false
}
