package heap

import (
	"go/types"

	"github.com/gosym/gosym/solver"
)

// Valuer gives concrete values to scalar terms: a solver model.
type Valuer interface {
	Int64(t *solver.Term) int64
	Uint64(t *solver.Term) uint64
	Bool(t *solver.Term) bool
}

// unsignedAt reports whether the input location l holds an unsigned
// integer, as far as the types of its object and path say.
func (h *Heap) unsignedAt(l Loc) bool {
	o := h.objs[l.Obj]
	if o == nil {
		return false
	}
	t := o.Type
	for _, st := range l.Path.steps() {
		if t = stepType(t, st); t == nil {
			return false
		}
	}
	b, ok := Under(t).(*types.Basic)
	return ok && b.Info()&types.IsUnsigned != 0
}

// Shrinkable returns the terms of the inputs whose values a witness
// writes as numbers, for solver.Solver.Shrunk to make small: scalars,
// then each slice's capacity before its length (a length can shrink only
// below its capacity), and strings' lengths, in the inputs' order.
func (h *Heap) Shrinkable() []solver.Number {
	var out []solver.Number
	for _, l := range h.Inputs() {
		switch v := h.inputs.at(l).(type) {
		case Scalar:
			out = append(out, solver.Number{T: v.T, Unsigned: h.unsignedAt(l)})
		case Slice:
			out = append(out, solver.Number{T: v.Cap, Unsigned: true}, solver.Number{T: v.Len, Unsigned: true})
		case SymStr:
			out = append(out, solver.Number{T: v.Len, Unsigned: true})
		}
	}
	return out
}

// Preferences returns conditions that make a witness easier to read, most
// wanted first: scalar inputs and slice capacities small, input slices as
// long as their capacity, then each scalar input zero (each byte of an
// input string 'a', as the bytes no path read are written), then each one
// -1, 0 or 1. The caller keeps each one the solver grants, in order.
func (h *Heap) Preferences() []*solver.Term {
	c := h.ctx
	var small, tight, zeros, units []*solver.Term
	text := h.stringBytes()
	for _, l := range h.Inputs() {
		switch v := h.inputs.at(l).(type) {
		case Scalar:
			if text[l] && !v.T.IsConst() {
				zeros = append(zeros, c.Eq(v.T, c.BV(v.T.Sort().Width(), 'a')))
				continue
			}
			if w := v.T.Sort().Width(); w > 0 && !v.T.IsConst() {
				// An unsigned number near zero is small; a signed one
				// on either side of it.
				unsigned := h.unsignedAt(l)
				within := func(n uint64) *solver.Term {
					if unsigned {
						return c.Ule(v.T, c.BV(w, n))
					}
					return c.And(c.Sle(c.BV(w, -n), v.T), c.Sle(v.T, c.BV(w, n)))
				}
				// Bytes are small already, and often must be a letter.
				if w > 8 {
					small = append(small, within(64))
				}
				zeros = append(zeros, c.Eq(v.T, c.BV(w, 0)))
				if w > 1 {
					units = append(units, within(1))
				}
			}
		case SymStr:
			small = append(small, c.Ule(v.Len, c.BV(64, 16)))
			if v.Arr.Back.Kind == InputBack {
				observed := uint64(len(h.cells[v.Arr.Back.Input]))
				for extra := uint64(0); extra <= 3; extra++ {
					zeros = append(zeros, c.Ule(v.Len, c.BV(64, observed+extra)))
				}
			}
		case Slice:
			small = append(small, c.Ule(v.Cap, c.BV(64, 16)))
			tight = append(tight, c.Eq(v.Len, v.Cap))
			observed := uint64(len(h.cells[Loc{Obj: v.Store.Obj}]))
			zeros = append(zeros, c.Ule(v.Cap, c.BV(64, observed)), c.Ule(v.Cap, c.BV(64, observed+1)))
		}
	}
	if len(small) == 0 {
		return nil
	}
	return append(append([]*solver.Term{c.And(small...), c.And(tight...)}, zeros...), units...)
}

// stringBytes returns the locations of the bytes of input strings that
// paths read: their witness writes text, where 'a' reads better than
// '\x00'.
func (h *Heap) stringBytes() map[Loc]bool {
	out := map[Loc]bool{}
	for _, v := range h.inputs.all() {
		s, ok := v.(SymStr)
		if !ok || s.Arr.Back.Kind != InputBack {
			continue
		}
		loc := s.Arr.Back.Input
		for _, ic := range h.cells[loc] {
			out[Loc{Obj: loc.Obj, Path: loc.Path.Cell(ic.ID)}] = true
		}
	}
	return out
}
