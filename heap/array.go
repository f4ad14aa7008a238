package heap

import (
	"fmt"
	"go/types"

	"github.com/gosym/gosym/internal/cow"
	"github.com/gosym/gosym/solver"
)

// MaxInputLen bounds the length and capacity of input slices, so that a
// witness can be built in memory and len(s)+1 cannot wrap.
const MaxInputLen = 1<<31 - 1

// InputCell is an element of an input array observed at a symbolic index.
type InputCell struct {
	ID    int
	Index *solver.Term
}

type memoKey struct {
	array, term int
	// dyn is a map key's dynamic type (see Key). A retried lookup
	// builds its key from the same value, so it finds its memo; a miss
	// between identical types of different pointers only costs a lookup.
	dyn types.Type
}

// intern returns the id under which index term t appears in paths and
// memo keys: one id per term, equal terms built alike sharing one (an
// index recomputed when an instruction is retried must find its memo).
func (h *Heap) intern(t *solver.Term) int {
	key := t.Identity()
	if id, ok := h.termIDs[key]; ok {
		return id
	}
	h.terms = append(h.terms, t)
	id := len(h.terms) - 1
	cow.Put(&h.owned, ownTermIDs, &h.termIDs, key, id)
	return id
}

// ElemPtr returns the address of the element at index i of the array that
// p points to.
func (h *Heap) ElemPtr(p Ptr, i *solver.Term) Ptr {
	return Ptr{Obj: p.Obj, Path: p.Path.index(h.intern(i))}
}

func (h *Heap) newArrayID() int {
	h.arrayN++
	return h.arrayN
}

// asArray returns the array an array-typed value stands for; an input
// array is recorded when first observed.
func (h *Heap) asArray(v Value) (*Array, *Decision) {
	switch x := v.(type) {
	case *Array:
		return x, nil
	case InputRef:
		loc := Loc{Obj: x.Obj, Path: x.Path}
		if rec, ok := h.inputs.get(loc); ok {
			return rec.(*Array), nil
		}
		if v, d, ok := h.inBuiltValue(loc); ok {
			if d != nil {
				return nil, d
			}
			return v.(*Array), nil
		}
		at := Under(x.Type).(*types.Array)
		arr := &Array{
			ID:   h.newArrayID(),
			Len:  h.ctx.BV(64, uint64(at.Len())),
			Elem: at.Elem(),
			Back: Backing{Kind: InputBack, Input: loc},
		}
		h.record(loc, arr)
		return arr, nil
	}
	panic(fmt.Sprintf("heap: indexing a %T", v))
}

// leaf is one outcome of matching an index against an array: the element
// value under a guard. reach and match (nil for a backing) make the guard
// without the conditions that the leaves before it did not match (see
// cond), which a chain of ites over the leaves in order needs alone.
type leaf struct {
	guard, reach, match *solver.Term
	label               string
	value               func(h *Heap) Value
	// fixed says that value only returns what the array holds: it
	// changes nothing in the heap.
	fixed bool
}

// cond is l's guard where the leaves before it are known not to match:
// in a chain of ites over the leaves in order (see merge), it says as
// much. Only merge needs it, so it is built there.
func (l leaf) cond(c *solver.Context) *solver.Term {
	if l.match == nil {
		return l.reach
	}
	return c.And(l.reach, l.match)
}

// Elem returns the element at index i of array a (the caller has checked
// the bounds). Unless the index is decided syntactically, matching it
// against the written cells and the input cells is a decision with one
// guarded choice per candidate cell and one for a new input cell; the
// choice is memoized for the array version, so the retried operation
// finds it.
func (h *Heap) Elem(a *Array, i *solver.Term) (Value, *Decision) {
	if len(a.Cells) == 0 && a.Back.Kind == ZeroBack {
		return Zero(h.ctx, a.Elem), nil
	}
	key := memoKey{array: a.ID, term: h.intern(i)}
	if v, ok := h.memo[key]; ok {
		return v, nil
	}
	var leaves []leaf
	cut := h.lookup(a, i, h.ctx.Bool(true), h.ctx.Bool(true), &leaves)
	if len(leaves) == 1 && !cut {
		// The outcomes partition the cases, so a sole one always holds.
		// One that only reads what the array holds is found again as
		// cheaply as in the memo; one that observes a new input cell
		// must be found again as the cell it made.
		v := leaves[0].value(h)
		if !leaves[0].fixed {
			cow.Put(&h.owned, ownMemo, &h.memo, key, v)
		}
		return v, nil
	}
	if a.Const && !cut {
		v := h.merge(leaves)
		cow.Put(&h.owned, ownMemo, &h.memo, key, v)
		return v, nil
	}
	d := &Decision{Cut: cut, External: a.Back.Kind == InputBack && h.external(a.Back.Input)}
	if cut && isByte(a.Elem) {
		d.Bound = "kbytes"
	}
	for _, l := range leaves {
		d.Choices = append(d.Choices, Choice{label: l.label, Guard: l.guard, apply: func(h *Heap) {
			cow.Put(&h.owned, ownMemo, &h.memo, key, l.value(h))
		}})
	}
	return nil, d
}

// merge merges the outcomes of reading a constant string's bytes into
// one value, so that a table such as bits.Len8's, read at a symbolic
// index, is one path and not one per byte. The outcomes are written cells
// and the zero backing, whose values are scalars known without
// materializing anything; in a chain of ites in their order, each holds
// where its cond does (see leaf), and the last is the else of the chain.
// The guards would say the same at a size that grows with the square of
// the table's: bits.Len8's 256 entries made each check of sort's paths
// evaluate thousands of terms, and Z3 read them all.
func (h *Heap) merge(leaves []leaf) Value {
	c := h.ctx
	v := leaves[len(leaves)-1].value(h).(Scalar).T
	for j := len(leaves) - 2; j >= 0; j-- {
		v = c.Ite(leaves[j].cond(c), leaves[j].value(h).(Scalar).T, v)
	}
	return Scalar{v}
}

// lookup appends the outcomes of reading a at i under guard g: the first
// written cell whose index equals i, else the backing. reach is g without
// the negated matches of the cells before a's (see leaf). It reports
// whether the k-bound left out a new input cell.
func (h *Heap) lookup(a *Array, i, g, reach *solver.Term, out *[]leaf) (cut bool) {
	c := h.ctx
	indices := make([]*solver.Term, len(a.Cells))
	for j, cell := range a.Cells {
		indices[j] = cell.Index
	}
	g, done := firstMatch(c, i, g, indices, func(j int, guard, eq *solver.Term) {
		val := a.Cells[j].Val
		addLeaf(out, leaf{guard: guard, reach: reach, match: eq, label: "written cell", value: func(*Heap) Value { return val }, fixed: true})
	})
	if done {
		return false
	}
	switch a.Back.Kind {
	case ZeroBack:
		zero := Zero(c, a.Elem)
		addLeaf(out, leaf{guard: g, reach: reach, label: "zero", value: func(*Heap) Value { return zero }, fixed: true})
	case InputBack:
		return h.lookupInput(a, i, g, out)
	case WindowBack:
		b := a.Back
		in := inWindow(c, i, b.Lo, b.Hi)
		// A side the index cannot be on is not walked: reading a
		// grown slice at a constant index, as a range loop does, then
		// builds no guards.
		if inside, known := in.BoolValue(); known {
			if inside {
				return h.lookup(b.Src, c.Add(i, b.Shift), g, reach, out)
			}
			return h.lookup(b.Rest, i, g, reach, out)
		}
		cut1 := h.lookup(b.Src, c.Add(i, b.Shift), c.And(g, in), c.And(reach, in), out)
		cut2 := h.lookup(b.Rest, i, c.And(g, c.Not(in)), c.And(reach, c.Not(in)), out)
		return cut1 || cut2
	}
	return false
}

// lookupInput matches i against the input cells observed so far, or
// observes a new one, at most k per input array.
func (h *Heap) lookupInput(a *Array, i, g *solver.Term, out *[]leaf) bool {
	c := h.ctx
	loc := a.Back.Input
	cells := h.cells[loc]
	indices := make([]*solver.Term, len(cells))
	for j, ic := range cells {
		indices[j] = ic.Index
	}
	g, done := firstMatch(c, i, g, indices, func(j int, guard, _ *solver.Term) {
		ref := InputRef{Obj: loc.Obj, Path: loc.Path.Cell(cells[j].ID), Type: a.Elem}
		addLeaf(out, leaf{guard: guard, reach: guard, label: "input cell", value: func(*Heap) Value { return ref }, fixed: true})
	})
	if done {
		return false
	}
	limit := h.cfg.K
	if isByte(a.Elem) {
		limit = h.cfg.KBytes
	}
	if h.GraceFor != nil && h.GraceFor(a.Elem) {
		limit += h.cellGrace
	}
	if len(cells) >= limit {
		return true
	}
	elem := a.Elem
	addLeaf(out, leaf{guard: g, reach: g, label: "new input cell", value: func(h *Heap) Value {
		h.cellN++
		id := h.cellN
		cow.Put(&h.owned, ownCells, &h.cells, loc, append(append([]InputCell(nil), h.cells[loc]...), InputCell{ID: id, Index: i}))
		return InputRef{Obj: loc.Obj, Path: loc.Path.Cell(id), Type: elem}
	}})
	return false
}

// isByte reports whether t is byte (uint8): the element of strings and
// of the byte slices parsers read, bounded by KBytes.
func isByte(t types.Type) bool {
	b, ok := Under(t).(*types.Basic)
	return ok && b.Kind() == types.Uint8
}

// inWindow is lo <= i < hi. The upper bound of a grown slice's window is
// its symbolic capacity: when the lower bound settles the answer, the
// comparison with it is never built.
func inWindow(c *solver.Context, i, lo, hi *solver.Term) *solver.Term {
	above := c.Ule(lo, i)
	if b, known := above.BoolValue(); known && !b {
		return above
	}
	return c.And(above, c.Ult(i, hi))
}

// addLeaf appends l to out, unless its guard is false.
func addLeaf(out *[]leaf, l leaf) {
	if b, ok := l.guard.BoolValue(); ok && !b {
		return
	}
	*out = append(*out, l)
}

// withCell returns a new version of a with v written at i.
func (h *Heap) withCell(a *Array, i *solver.Term, v Value) *Array {
	cells := make([]Cell, 0, len(a.Cells)+1)
	cells = append(cells, Cell{Index: i, Val: v})
	for _, c := range a.Cells {
		// A cell at the very same index term is shadowed for good.
		if c.Index != i {
			cells = append(cells, c)
		}
	}
	next := *a
	next.Const = false
	next.ID = h.newArrayID()
	next.Cells = cells
	return &next
}

// Window returns a new version of dst whose elements in [lo, hi) are src's
// at the same index plus shift: what copy and append do.
func (h *Heap) Window(dst *Array, lo, hi, shift *solver.Term, src *Array) *Array {
	return &Array{
		ID:   h.newArrayID(),
		Len:  dst.Len,
		Elem: dst.Elem,
		Back: Backing{Kind: WindowBack, Lo: lo, Hi: hi, Shift: shift, Src: src, Rest: dst},
	}
}

// ArrayAt returns the array stored at p.
func (h *Heap) ArrayAt(p Ptr) (*Array, *Decision) {
	v, d := h.walkPath(h.objs[p.Obj].Val, p.Path)
	if d != nil {
		return nil, d
	}
	return h.asArray(v)
}

// AllocArray makes an object holding a zeroed array of n elements of type
// elem: the backing store of make([]T, len, n).
func (h *Heap) AllocArray(sliceType types.Type, elem types.Type, n *solver.Term) Ptr {
	id := h.add(sliceType, false, 0)
	h.objs[id].store = true
	h.objs[id].Val = &Array{Len: n, Elem: elem}
	return Ptr{Obj: id}
}

// NewStore makes an object holding array a: the backing store of a slice
// that append had to grow.
func (h *Heap) NewStore(sliceType types.Type, a *Array) Ptr {
	id := h.add(sliceType, false, 0)
	h.objs[id].store = true
	h.objs[id].Val = a
	return Ptr{Obj: id}
}

// materializeSlice makes an input slice: a fresh input store of symbolic
// capacity, viewed from 0 with a symbolic length, possibly nil. The
// constraints on length and capacity come as the guard of a single choice.
func (h *Heap) materializeSlice(loc Loc, t types.Type) (Value, *Decision) {
	c := h.ctx
	name := h.locName(loc)
	ext := h.external(loc)
	if ext {
		name = ExternalPrefix + name
	}
	n, capacity := c.FreshBV(name+".len", 64), c.FreshBV(name+".cap", 64)
	isNil := c.FreshBool(name + ".nil")
	zero := c.BV(64, 0)
	guard := c.And(
		c.Ule(n, capacity),
		c.Ule(capacity, c.BV(64, MaxInputLen)),
		c.Implies(isNil, c.Eq(capacity, zero)),
	)
	depth := h.childDepth(loc)
	elem := Under(t).(*types.Slice).Elem()
	return nil, &Decision{Choices: []Choice{{label: "input slice", Guard: guard, apply: func(h *Heap) {
		id := h.add(t, true, depth)
		obj := h.objs[id]
		obj.store, obj.External = true, ext
		obj.Val = &Array{ID: h.newArrayID(), Len: capacity, Elem: elem, Back: Backing{Kind: InputBack, Input: Loc{Obj: id}}}
		h.record(loc, Slice{Store: Ptr{Obj: id}, Off: zero, Len: n, Cap: capacity, Nil: isNil})
	}}}}
}

// firstMatch walks an association list in order for key k under guard g:
// for each entry whose key may equal k it calls match with the guard under
// which that entry is the first match. It returns the guard under which no
// entry matched, and whether some entry matched for certain (then the
// walk stopped and nothing is left).
func firstMatch(c *solver.Context, k, g *solver.Term, keys []*solver.Term, match func(j int, guard, eq *solver.Term)) (rest *solver.Term, done bool) {
	return firstMatchBy(c, g, len(keys), func(j int) *solver.Term { return c.Eq(k, keys[j]) }, match)
}

// firstMatchBy is firstMatch over n keys, eq(j) the condition that the
// key looked up is the j-th; match is given the j-th's guard and eq(j).
func firstMatchBy(c *solver.Context, g *solver.Term, n int, eq func(j int) *solver.Term, match func(j int, guard, eq *solver.Term)) (rest *solver.Term, done bool) {
	for j := range n {
		eq := eq(j)
		b, known := eq.BoolValue()
		if known && !b {
			continue
		}
		match(j, c.And(g, eq), eq)
		if known && b {
			return nil, true
		}
		g = c.And(g, c.Not(eq))
	}
	return g, false
}

// ArrayView recognizes a pointer to an array of type arrayType that lies
// inside a slice's backing store (a slice converted to an array pointer
// points at the store's element where the slice starts): it returns the
// store and that index. A pointer to an element that is itself such an
// array is not a view.
func (h *Heap) ArrayView(p Ptr, arrayType types.Type) (store Ptr, off *solver.Term, ok bool) {
	obj := h.objs[p.Obj]
	if obj == nil || !obj.store {
		return Ptr{}, nil, false
	}
	arr, isArray := obj.Val.(*Array)
	if !isArray || types.Identical(arr.Elem, arrayType) {
		return Ptr{}, nil, false
	}
	st := p.Path.steps()
	if len(st) != 1 || st[0].kind != '#' {
		return Ptr{}, nil, false
	}
	return Ptr{Obj: p.Obj}, h.terms[st[0].n], true
}

// ObservedCell is a cell of an input array observed so far: its index and
// the input value there.
type ObservedCell struct {
	Index *solver.Term
	Val   Value
}

// InputCells returns the observed cells of the input array behind a, in
// the order observed (none unless a is backed by an input array).
func (h *Heap) InputCells(a *Array) []ObservedCell {
	if a.Back.Kind != InputBack {
		return nil
	}
	loc := a.Back.Input
	var out []ObservedCell
	for _, ic := range h.cells[loc] {
		cell := Loc{Obj: loc.Obj, Path: loc.Path.Cell(ic.ID)}
		v, ok := h.inputs.get(cell)
		if !ok {
			v = InputRef{Obj: cell.Obj, Path: cell.Path, Type: a.Elem}
		}
		out = append(out, ObservedCell{Index: ic.Index, Val: v})
	}
	return out
}
