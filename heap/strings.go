package heap

import (
	"go/types"

	"github.com/gosym/gosym/internal/cow"
	"github.com/gosym/gosym/solver"
)

// SymStr is a string whose bytes are not all known: the window [Off,
// Off+Len) of an immutable byte array (an input string's, or a snapshot
// of a slice's store). Constant strings stay Str.
type SymStr struct {
	Arr      *Array
	Off, Len *solver.Term
}

func (SymStr) isValue() {}

var byteType = types.Typ[types.Byte]

// StrArray returns the bytes of a string value as an array with its
// offset and length: a constant's bytes are written cells.
func (h *Heap) StrArray(v Value) (arr *Array, off, n *solver.Term) {
	c := h.ctx
	switch x := v.(type) {
	case SymStr:
		return x.Arr, x.Off, x.Len
	case Str:
		arr := h.constArray(x.S)
		return arr, c.BV(64, 0), arr.Len
	}
	panic("heap: not a string value")
}

// constArray returns the array of a constant string's bytes, the same one
// each time on a path.
func (h *Heap) constArray(s string) *Array {
	if arr, ok := h.strArrays[s]; ok {
		return arr
	}
	vals := make([]Value, len(s))
	for i := range len(s) {
		vals[i] = Scalar{h.ctx.BV(8, uint64(s[i]))}
	}
	arr := h.ArrayOf(byteType, vals)
	arr.Const = true
	h.strArrays = cow.With(h.strArrays, s, arr)
	return arr
}

// ArrayOf returns a new array holding vals at indices 0, 1, ...
func (h *Heap) ArrayOf(elem types.Type, vals []Value) *Array {
	c := h.ctx
	cells := make([]Cell, len(vals))
	for i, v := range vals {
		cells[i] = Cell{Index: c.BV(64, uint64(i)), Val: v}
	}
	return &Array{ID: h.newArrayID(), Len: c.BV(64, uint64(len(vals))), Elem: elem, Cells: cells}
}

// BytesString returns the string of the given byte terms.
func (h *Heap) BytesString(bytes []*solver.Term) SymStr {
	vals := make([]Value, len(bytes))
	for i, b := range bytes {
		vals[i] = Scalar{b}
	}
	arr := h.ArrayOf(byteType, vals)
	return SymStr{Arr: arr, Off: h.ctx.BV(64, 0), Len: arr.Len}
}

// materializeString makes an input string of symbolic length whose bytes
// are input cells; the length bound comes as the guard of one choice.
func (h *Heap) materializeString(loc Loc) (Value, *Decision) {
	c := h.ctx
	name := h.locName(loc)
	if h.external(loc) {
		name = ExternalPrefix + name
	}
	n := c.FreshBV(name+".len", 64)
	return nil, &Decision{Choices: []Choice{{
		label: "input string",
		Guard: c.Ule(n, c.BV(64, MaxInputLen)),
		apply: func(h *Heap) {
			arr := &Array{ID: h.newArrayID(), Len: n, Elem: byteType, Back: Backing{Kind: InputBack, Input: loc}}
			h.record(loc, SymStr{Arr: arr, Off: c.BV(64, 0), Len: n})
		},
	}}}
}

// FreshString returns an unconstrained string: what an unexecuted call
// returned. Its bytes are recorded in a hidden object of its own.
func (h *Heap) FreshString(t types.Type) Value {
	id := h.add(t, true, 0)
	obj := h.objs[id]
	obj.store, obj.External = true, true
	c := h.ctx
	n := c.FreshBV(ExternalPrefix+h.locName(Loc{Obj: id})+".len", 64)
	arr := &Array{ID: h.newArrayID(), Len: n, Elem: byteType, Back: Backing{Kind: InputBack, Input: Loc{Obj: id}}}
	return SymStr{Arr: arr, Off: c.BV(64, 0), Len: n}
}

// ElemUnbounded is Elem without the k-bound on new input cells: for reads
// at constant indices that do not grow with a loop (comparing a string
// with a constant).
func (h *Heap) ElemUnbounded(a *Array, i *solver.Term) (Value, *Decision) {
	k := h.cfg.K
	h.cfg.K = 1 << 30
	defer func() { h.cfg.K = k }()
	return h.Elem(a, i)
}

// StrPrefix reads the first n bytes of a string and returns them with its
// length. Bytes past the length are read too, as unconstrained cells that
// only conditions guarded by the length may mention.
func (h *Heap) StrPrefix(v Value, n int) ([]*solver.Term, *solver.Term, *Decision) {
	c := h.ctx
	arr, off, length := h.StrArray(v)
	out := make([]*solver.Term, n)
	for i := range n {
		e, d := h.ElemUnbounded(arr, c.Add(off, c.BV(64, uint64(i))))
		if d != nil {
			return nil, nil, d
		}
		if e, d = h.Use(e); d != nil {
			return nil, nil, d
		}
		out[i] = e.(Scalar).T
	}
	return out, length, nil
}
