package ssaexec

import (
	"fmt"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/solver"
)

// Slices and arrays: a slice is a window onto a backing array held by a
// heap object; arrays are association lists (heap.Array). Every index and
// bound is a 64-bit term; a negative index read as unsigned is never below
// a length, so one unsigned comparison checks both ends.

// index64 returns an index operand as a 64-bit term, and whether it is
// signed (a negative value is then out of range).
func (x *evaluator) index64(s *state, v ssa.Value) (*solver.Term, *heap.Decision, bool) {
	val, d := x.use(s, v)
	if d != nil {
		return nil, d, true
	}
	sc, ok := val.(heap.Scalar)
	if !ok {
		return nil, nil, false
	}
	_, signed, _ := heap.IntInfo(v.Type())
	return x.ctx.Convert(sc.T, 64, signed), nil, true
}

// checkIndex splits on i, the index operand idx widened to 64 bits,
// being out of [0, n): the out-of-range side is an index finding on elem,
// arr's element at idx; the other marks the instruction checked and
// retries it.
func (x *machine) checkIndex(s *state, i, n *solver.Term, elem, arr, idx ssa.Value) []alt {
	index := boundOf(idx, i)
	return x.checkBounds(s, x.ctx.Ult(i, n), result.Index, elem.Pos(), func(s *state) func(heap.Valuer) string {
		name := x.indexExpr(s, elem, arr, idx, elem.Pos())
		return func(m heap.Valuer) string { return indexMessage(m, index, n) + " (" + name + ")" }
	})
}

func (x *machine) indexAddr(s *state, in *ssa.IndexAddr) []alt {
	i, d, ok := x.index64(s, in.Index)
	if d != nil {
		return x.decide(s, d)
	}
	if !ok {
		s.unsupported("index of a non-integer value")
		return nil
	}
	var base heap.Ptr
	var n, off *solver.Term
	switch t := heap.Under(in.X.Type()).(type) {
	case *types.Pointer:
		p, alts, ok := x.deref(s, in.X, in.Pos())
		if !ok {
			return alts
		}
		base, n, off = p, x.ctx.BV(64, uint64(heap.Under(t.Elem()).(*types.Array).Len())), x.ctx.BV(64, 0)
		if store, at, isView := arrayView(s, p, t); isView {
			base, off = store, at
		}
	case *types.Slice:
		sv, alts, ok := x.slice(s, in.X)
		if !ok {
			return alts
		}
		base, n, off = sv.Store, sv.Len, sv.Off
	default:
		s.unsupported("indexing " + in.X.Type().String())
		return nil
	}
	if !s.top().checked {
		if alts := x.checkIndex(s, i, n, in, in.X, in.Index); alts != nil {
			return alts
		}
	}
	s.set(in, s.heap.ElemPtr(base, x.ctx.Add(off, i)))
	return nil
}

// indexExpr names the element expression elem, arr[idx], as the source
// wrote it.
func (x *subject) indexExpr(s *state, elem, arr, idx ssa.Value, pos token.Pos) string {
	if name := x.describeAt(s, elem, pos); name != describe(elem) {
		return name
	}
	arrName := x.describeAt(s, arr, pos)
	switch a := arr.(type) {
	case *ssa.FieldAddr: // the array is a field: &g.cells reads g.cells
		arrName = x.describeAt(s, a.X, pos) + "." + fieldName(a.X.Type(), a.Field)
	case *ssa.Alloc:
		if a.Comment != "" {
			arrName = a.Comment
		}
	case *ssa.Global: // a package's array: &table reads table
		arrName = a.Name()
	}
	return arrName + "[" + x.describeAt(s, idx, pos) + "]"
}

// slice returns a slice operand; a value that is not a modelled slice ends
// the path as unsupported.
func (x *machine) slice(s *state, v ssa.Value) (heap.Slice, []alt, bool) {
	val, d := x.use(s, v)
	if d != nil {
		return heap.Slice{}, x.decide(s, d), false
	}
	sv, ok := val.(heap.Slice)
	if !ok {
		s.unsupported(fmt.Sprintf("slice value %T", val))
		return heap.Slice{}, nil, false
	}
	return sv, nil, true
}

// index is a[i] on an array value (not in memory).
func (x *machine) index(s *state, in *ssa.Index) []alt {
	if isString(in.X.Type()) {
		return x.stringIndex(s, in, in.X, in.Index)
	}
	if _, isArray := heap.Under(in.X.Type()).(*types.Array); !isArray {
		s.unsupported("indexing " + in.X.Type().String())
		return nil
	}
	i, d, ok := x.index64(s, in.Index)
	if d != nil {
		return x.decide(s, d)
	}
	if !ok {
		s.unsupported("index of a non-integer value")
		return nil
	}
	v, d := x.use(s, in.X)
	if d != nil {
		return x.decide(s, d)
	}
	arr := v.(*heap.Array)
	if !s.top().checked {
		if alts := x.checkIndex(s, i, arr.Len, in, in.X, in.Index); alts != nil {
			return alts
		}
	}
	elem, d := s.heap.Elem(arr, i)
	if d != nil {
		return x.decide(s, d)
	}
	s.set(in, elem)
	return nil
}

// sliceOf is the operand of a slice expression: its backing store, offset,
// length and capacity.
type sliceOf struct {
	store         heap.Ptr
	off, len, cap *solver.Term
	isNil         *solver.Term
}

func (x *machine) sliceOperand(s *state, in *ssa.Slice) (sliceOf, []alt, bool) {
	c := x.ctx
	switch t := heap.Under(in.X.Type()).(type) {
	case *types.Slice:
		sv, alts, ok := x.slice(s, in.X)
		if !ok {
			return sliceOf{}, alts, false
		}
		return sliceOf{sv.Store, sv.Off, sv.Len, sv.Cap, sv.Nil}, nil, true
	case *types.Pointer:
		p, alts, ok := x.deref(s, in.X, in.Pos())
		if !ok {
			return sliceOf{}, alts, false
		}
		n := c.BV(64, uint64(heap.Under(t.Elem()).(*types.Array).Len()))
		if store, off, isView := arrayView(s, p, t); isView {
			return sliceOf{store, off, n, n, c.Bool(false)}, nil, true
		}
		return sliceOf{p, c.BV(64, 0), n, n, c.Bool(false)}, nil, true
	}
	s.unsupported("slicing " + in.X.Type().String())
	return sliceOf{}, nil, false
}

// sliceInstr is x[lo:hi:max]. Go checks max <= cap, hi <= max, lo <= hi
// (with hi and max defaulting to len and cap); a failure panics with the
// bounds in the message.
func (x *machine) sliceInstr(s *state, in *ssa.Slice) []alt {
	if isString(in.X.Type()) {
		return x.stringSlice(s, in)
	}
	c := x.ctx
	op, alts, ok := x.sliceOperand(s, in)
	if !ok {
		return alts
	}
	bound := func(v ssa.Value, def *solver.Term) (*solver.Term, *heap.Decision, bool) {
		if v == nil {
			return def, nil, true
		}
		return x.index64(s, v)
	}
	lo, d, ok1 := bound(in.Low, c.BV(64, 0))
	if d != nil {
		return x.decide(s, d)
	}
	hi, d, ok2 := bound(in.High, op.len)
	if d != nil {
		return x.decide(s, d)
	}
	hmax, d, ok3 := bound(in.Max, op.cap)
	if d != nil {
		return x.decide(s, d)
	}
	if !ok1 || !ok2 || !ok3 {
		s.unsupported("slice bound of a non-integer value")
		return nil
	}
	if !s.top().checked {
		okBounds := c.And(c.Ule(hmax, op.cap), c.Ule(hi, hmax), c.Ule(lo, hi))
		limit := "length" // of an array
		if _, isSlice := heap.Under(in.X.Type()).(*types.Slice); isSlice {
			limit = "capacity"
		}
		b := sliceBounds{lo: boundOf(in.Low, lo), hi: boundOf(in.High, hi), max: boundOf(in.Max, hmax), three: in.Max != nil, limit: limit, limitLen: op.cap}
		if alts := x.checkBounds(s, okBounds, result.SliceBounds, in.Pos(), func(s *state) func(heap.Valuer) string {
			name := x.describeAt(s, in.X, in.Pos())
			return func(m heap.Valuer) string { return b.message(m) + " (" + name + ")" }
		}); alts != nil {
			return alts
		}
	}
	s.set(in, heap.Slice{
		Store: op.store,
		Off:   c.Add(op.off, lo),
		Len:   c.Sub(hi, lo),
		Cap:   c.Sub(hmax, lo),
		Nil:   op.isNil,
	})
	return nil
}

// checkBounds splits on a condition whose failure panics with kind k. The
// panicking path makes its message with msg, which names the operands
// there and then: naming them costs more than most checks, which pass.
func (x *machine) checkBounds(s *state, ok *solver.Term, k result.Kind, pos token.Pos, msg func(*state) func(heap.Valuer) string) []alt {
	if b, isConst := ok.BoolValue(); isConst && b {
		s.top().checked = true
		return nil
	}
	return []alt{
		{guard: x.ctx.Not(ok), apply: func(s *state) { x.panickedWith(s, k, pos, msg(s)) }},
		{guard: ok, apply: func(s *state) { s.top().checked = true }},
	}
}

// makeSlice is make([]T, len, cap): a negative length or a capacity below
// the length panics.
func (x *machine) makeSlice(s *state, in *ssa.MakeSlice) []alt {
	c := x.ctx
	n, d, ok1 := x.index64(s, in.Len)
	if d != nil {
		return x.decide(s, d)
	}
	capacity, d, ok2 := x.index64(s, in.Cap)
	if d != nil {
		return x.decide(s, d)
	}
	if !ok1 || !ok2 {
		s.unsupported("make with a non-integer size")
		return nil
	}
	if !s.top().checked {
		limit := c.BV(64, maxElems(heap.Under(in.Type()).(*types.Slice).Elem()))
		lenOK := c.Ule(n, limit)
		capOK := c.And(c.Ule(capacity, limit), c.Ule(n, capacity))
		if b, isConst := c.And(lenOK, capOK).BoolValue(); !isConst || !b {
			pos := in.Pos()
			return []alt{
				{guard: c.Not(lenOK), apply: func(s *state) {
					x.panicked(s, result.MakeLen, "makeslice: len out of range ("+x.describeAt(s, in.Len, pos)+")", pos)
				}},
				{guard: c.And(lenOK, c.Not(capOK)), apply: func(s *state) {
					x.panicked(s, result.MakeLen, "makeslice: cap out of range ("+x.describeAt(s, in.Cap, pos)+")", pos, "makeslice: cap out of range")
				}},
				{guard: c.And(lenOK, capOK), apply: func(s *state) { s.top().checked = true }},
			}
		}
	}
	elem := heap.Under(in.Type()).(*types.Slice).Elem()
	store := s.heap.AllocArray(in.Type(), elem, capacity)
	s.set(in, heap.Slice{Store: store, Off: c.BV(64, 0), Len: n, Cap: capacity, Nil: c.Bool(false)})
	return nil
}

// sizes are the sizes of types on the platforms gosym models (64-bit).
var sizes = types.SizesFor("gc", "amd64")

// maxElems is the largest length make accepts for elements of type elem:
// the runtime refuses allocations over 2^48 bytes.
func maxElems(elem types.Type) uint64 {
	const maxAlloc = 1 << 48
	size := sizeOf(elem)
	if size <= 0 {
		return 1<<63 - 1
	}
	return maxAlloc / uint64(size)
}

// sizeOf is the size of t, or -1 when it is not known: a type built from
// type parameters has a size only once instantiated (go/types asserts).
func sizeOf(t types.Type) (size int64) {
	defer func() {
		if recover() != nil {
			size = -1
		}
	}()
	return sizes.Sizeof(t)
}

// lenCap is len(v) or cap(v).
func (x *machine) lenCap(s *state, in *ssa.Call, which string) []alt {
	arg := in.Call.Args[0]
	c := x.ctx
	if _, isMap := heap.Under(arg.Type()).(*types.Map); isMap {
		return x.mapLen(s, in)
	}
	if t, ok := heap.Under(arg.Type()).(*types.Pointer); ok {
		arg = nil
		n := heap.Under(t.Elem()).(*types.Array).Len()
		s.set(in, heap.Scalar{T: c.BV(64, uint64(n))})
		return nil
	}
	v, d := x.use(s, arg)
	if d != nil {
		return x.decide(s, d)
	}
	var r *solver.Term
	switch v := v.(type) {
	case heap.Slice:
		r = v.Len
		if which == "cap" {
			r = v.Cap
		}
	case *heap.Array:
		r = v.Len
	case heap.Str:
		r = c.BV(64, uint64(len(v.S)))
	case heap.SymStr:
		r = v.Len
	default:
		s.unsupported(fmt.Sprintf("%s of %s", which, arg.Type()))
		return nil
	}
	s.set(in, heap.Scalar{T: r})
	return nil
}

// appendSlice is append(s, t...) (SSA passes the variadic elements as a
// slice). Within capacity the elements are written into the shared store;
// past it a new store of some larger capacity holds a copy. With a
// symbolic capacity both cases are explored.
func (x *machine) appendSlice(s *state, in *ssa.Call) []alt {
	dst, src, da, sa, alts, ok := x.dstAndSource(s, in)
	if !ok {
		return alts
	}
	c := x.ctx
	zero := c.BV(64, 0)
	newLen := c.Add(dst.Len, src.Len)
	inPlace := func(s *state) {
		if dst.Store.Obj != 0 {
			lo := c.Add(dst.Off, dst.Len)
			storeArray(s, dst.Store, s.heap.Window(da, lo, c.Add(lo, src.Len), c.Sub(src.Off, lo), sa))
		}
		// Appending nothing returns dst itself, nil or not.
		s.set(in, heap.Slice{Store: dst.Store, Off: dst.Off, Len: newLen, Cap: dst.Cap, Nil: c.And(dst.Nil, c.Eq(src.Len, zero))})
	}
	fits := c.Ule(newLen, dst.Cap)
	if b, isConst := fits.BoolValue(); isConst && b {
		inPlace(s)
		return nil
	}
	// The runtime's new capacity is some valid one that holds the result.
	newCap := c.FreshBV("cap", 64)
	limit := c.BV(64, maxElems(da.Elem))
	grow := func(s *state) {
		fresh := &heap.Array{Len: newCap, Elem: da.Elem}
		withSrc := s.heap.Window(fresh, dst.Len, newLen, c.Sub(src.Off, dst.Len), sa)
		copied := s.heap.Window(withSrc, zero, dst.Len, dst.Off, da)
		store := s.heap.NewStore(in.Type(), copied)
		s.set(in, heap.Slice{Store: store, Off: zero, Len: newLen, Cap: newCap, Nil: c.Bool(false)})
	}
	if dst.Store.Obj != 0 && s.privateStore(in, dst.Store.Obj) {
		// One path for both: the elements go to the old store, whose
		// capacity is the old one if they fit and a new one if not;
		// past the new length, a new store would hold zeros.
		// The guard bounds the new capacity even where it is unused, to
		// stay a conjunction of orders that the solver decides in Go.
		guard := c.And(c.Ule(newLen, newCap), c.Ule(newCap, limit))
		newCap = c.Ite(fits, dst.Cap, newCap)
		end, newEnd := c.Add(dst.Off, newLen), c.Add(dst.Off, newCap)
		zeros := &heap.Array{Len: newEnd, Elem: da.Elem}
		merged := func(s *state) {
			lo := c.Add(dst.Off, dst.Len)
			withSrc := s.heap.Window(da, lo, end, c.Sub(src.Off, lo), sa)
			store := s.heap.Window(withSrc, end, c.Ite(fits, end, newEnd), zero, zeros)
			store.Len = c.Ite(fits, da.Len, newEnd)
			storeArray(s, dst.Store, store)
			s.set(in, heap.Slice{Store: dst.Store, Off: dst.Off, Len: newLen, Cap: newCap, Nil: c.Bool(false)})
		}
		return []alt{{guard: guard, apply: merged}}
	}
	return []alt{
		{guard: fits, apply: inPlace},
		{guard: c.And(c.Not(fits), c.Ule(newLen, newCap), c.Ule(newCap, limit)), apply: grow},
	}
}

// dstAndSource reads the operands of append(dst, src...) and copy(dst,
// src) with their backing arrays: src is a slice, or a string whose bytes
// are viewed as one.
func (x *machine) dstAndSource(s *state, in *ssa.Call) (dst, src heap.Slice, da, sa *heap.Array, alts []alt, ok bool) {
	args := in.Call.Args
	if dst, alts, ok = x.slice(s, args[0]); !ok {
		return
	}
	var d *heap.Decision
	if da, d = x.arrayOf(s, dst, sliceElem(args[0].Type())); d != nil {
		return dst, src, nil, nil, x.decide(s, d), false
	}
	if isString(args[1].Type()) {
		v, d := x.use(s, args[1])
		if d != nil {
			return dst, src, nil, nil, x.decide(s, d), false
		}
		arr, off, n := s.heap.StrArray(v)
		return dst, heap.Slice{Off: off, Len: n, Cap: n, Nil: x.ctx.Bool(false)}, da, arr, nil, true
	}
	if src, alts, ok = x.slice(s, args[1]); !ok {
		return
	}
	if sa, d = x.arrayOf(s, src, sliceElem(args[1].Type())); d != nil {
		return dst, src, nil, nil, x.decide(s, d), false
	}
	return dst, src, da, sa, nil, true
}

// arrayOf returns the backing array of a slice (a nil slice has none).
func (x *evaluator) arrayOf(s *state, sv heap.Slice, elem types.Type) (*heap.Array, *heap.Decision) {
	if sv.Store.Obj == 0 {
		return &heap.Array{Len: x.ctx.BV(64, 0), Elem: elem}, nil
	}
	return s.heap.ArrayAt(sv.Store)
}

// storeArray replaces a whole backing array, which never needs a decision:
// the store was just read at the same place.
func storeArray(s *state, p heap.Ptr, a *heap.Array) {
	if d := s.heap.Store(p, a); d != nil {
		panic("ssaexec: storing a backing array needed a decision")
	}
}

// copySlice is copy(dst, src): min(len(dst), len(src)) elements of src's
// store, as it was before the copy, overwrite dst's.
func (x *machine) copySlice(s *state, in *ssa.Call) []alt {
	dst, src, da, sa, alts, ok := x.dstAndSource(s, in)
	if !ok {
		return alts
	}
	c := x.ctx
	n := c.Ite(c.Ult(dst.Len, src.Len), dst.Len, src.Len)
	if dst.Store.Obj != 0 {
		storeArray(s, dst.Store, s.heap.Window(da, dst.Off, c.Add(dst.Off, n), c.Sub(src.Off, dst.Off), sa))
	}
	s.set(in, heap.Scalar{T: n})
	return nil
}

// minMax is the min and max builtins on integers.
func (x *machine) minMax(s *state, in *ssa.Call, isMin bool) []alt {
	_, signed, ok := heap.IntInfo(in.Type())
	_, isFloat := heap.FloatWidth(in.Type())
	if !ok && !isFloat {
		s.unsupported("min or max of " + in.Type().String())
		return nil
	}
	var r *solver.Term
	for _, a := range in.Call.Args {
		v, d := x.use(s, a)
		if d != nil {
			return x.decide(s, d)
		}
		t := v.(heap.Scalar).T
		if r == nil {
			r = t
			continue
		}
		if isFloat {
			r = floatMinMax(x.ctx, t, r, isMin)
			continue
		}
		less := x.ctx.Ult(t, r)
		if signed {
			less = x.ctx.Slt(t, r)
		}
		if !isMin {
			less = x.ctx.Not(less)
		}
		r = x.ctx.Ite(less, t, r)
	}
	s.set(in, heap.Scalar{T: r})
	return nil
}

// floatMinMax is Go's min or max of two floats: NaN if either is NaN,
// and of two zeros, min is -0 unless both are +0 and max +0 unless both
// are -0.
func floatMinMax(c *solver.Context, a, b *solver.Term, isMin bool) *solver.Term {
	nan := c.Or(c.Not(c.FEq(a, a)), c.Not(c.FEq(b, b)))
	first, second := c.FLt(a, b), c.FLt(b, a)
	if !isMin {
		first, second = second, first
	}
	// Equal and not NaN: the same bits, or two zeros, where the sign bit
	// of min is either's and of max both's.
	same := c.BitOr(a, b)
	if !isMin {
		same = c.BitAnd(a, b)
	}
	return c.Ite(nan, c.FAdd(a, b), c.Ite(first, a, c.Ite(second, b, same)))
}

// sliceIsNil compares a slice with nil.
func (x *evaluator) sliceIsNil(s *state, in *ssa.BinOp, v heap.Slice) {
	r := v.Nil
	if in.Op == token.NEQ {
		r = x.ctx.Not(r)
	}
	s.set(in, heap.Scalar{T: r})
}

// clear is the clear builtin: a slice's elements become zero, a map
// becomes empty.
func (x *machine) clear(s *state, in *ssa.Call) []alt {
	arg := in.Call.Args[0]
	c := x.ctx
	switch t := heap.Under(arg.Type()).(type) {
	case *types.Slice:
		sv, alts, ok := x.slice(s, arg)
		if !ok {
			return alts
		}
		if sv.Store.Obj != 0 {
			da, d := x.arrayOf(s, sv, t.Elem())
			if d != nil {
				return x.decide(s, d)
			}
			zeros := &heap.Array{Len: da.Len, Elem: t.Elem()}
			storeArray(s, sv.Store, s.heap.Window(da, sv.Off, c.Add(sv.Off, sv.Len), c.BV(64, 0), zeros))
		}
	case *types.Map:
		target, d, ok := x.mapRef(s, arg)
		if d != nil {
			return x.decide(s, d)
		}
		if !ok {
			s.unsupported("clear of a map value")
			return nil
		}
		if !target.IsNil {
			s.heap.MapClear(target.Ptr)
		}
	default:
		s.unsupported("clear of " + arg.Type().String())
		return nil
	}
	s.set(in, nil)
	return nil
}

// sliceElem is the element type of a slice type.
func sliceElem(t types.Type) types.Type {
	return heap.Under(t).(*types.Slice).Elem()
}

// sliceToArrayPointer is (*[N]T)(s), and with a load [N]T(s): a slice
// shorter than N panics; the pointer points into the slice's backing
// store (see heap.ArrayView), and is nil for a nil slice when N is 0.
func (x *machine) sliceToArrayPointer(s *state, in *ssa.SliceToArrayPointer) []alt {
	c := x.ctx
	sv, alts, ok := x.slice(s, in.X)
	if !ok {
		return alts
	}
	n := heap.Under(heap.Under(in.Type()).(*types.Pointer).Elem()).(*types.Array).Len()
	if !s.top().checked {
		fits := c.Ule(c.BV(64, uint64(n)), sv.Len)
		if alts := x.checkBounds(s, fits, result.SliceBounds, in.Pos(), func(s *state) func(heap.Valuer) string {
			name := x.describeAt(s, in.X, in.Pos())
			return func(m heap.Valuer) string {
				return fmt.Sprintf("cannot convert slice with length %d to array or pointer to array with length %d (%s)",
					m.Int64(sv.Len), n, name)
			}
		}); alts != nil {
			return alts
		}
	}
	view := s.heap.ElemPtr(sv.Store, sv.Off)
	if isNil, isConst := sv.Nil.BoolValue(); n > 0 || isConst && !isNil {
		s.set(in, view)
		return nil
	} else if isConst {
		s.set(in, heap.Nil{})
		return nil
	}
	return []alt{
		{guard: sv.Nil, apply: func(s *state) { s.set(in, heap.Nil{}) }},
		{guard: c.Not(sv.Nil), apply: func(s *state) { s.set(in, view) }},
	}
}

// arrayView recognizes a pointer p of type ptrType made by converting a
// slice: the backing store and the index where its array starts.
func arrayView(s *state, p heap.Ptr, ptrType types.Type) (heap.Ptr, *solver.Term, bool) {
	pt, ok := heap.Under(ptrType).(*types.Pointer)
	if !ok {
		return heap.Ptr{}, nil, false
	}
	if _, isArray := heap.Under(pt.Elem()).(*types.Array); !isArray {
		return heap.Ptr{}, nil, false
	}
	return s.heap.ArrayView(p, pt.Elem())
}

// loadView is *p for an array pointer into a backing store: a copy of the
// array's elements, which shows the store's current version through a
// window, so nothing is read yet.
func (x *machine) loadView(s *state, in *ssa.UnOp, store heap.Ptr, off *solver.Term) []alt {
	c := x.ctx
	at := heap.Under(in.Type()).(*types.Array)
	src, d := s.heap.ArrayAt(store)
	if d != nil {
		return x.decide(s, d)
	}
	n := c.BV(64, uint64(at.Len()))
	empty := &heap.Array{Len: n, Elem: at.Elem()}
	s.set(in, s.heap.Window(empty, c.BV(64, 0), n, off, src))
	return nil
}

// storeView is *p = v for an array pointer into a backing store: each
// element written to the store.
func (x *machine) storeView(s *state, store heap.Ptr, off *solver.Term, val ssa.Value) []alt {
	arr, ok := x.value(s, val).(*heap.Array)
	at := heap.Under(val.Type()).(*types.Array)
	if !ok || at.Len() > 64 {
		s.unsupported("store of an array value into a slice")
		return nil
	}
	for i := range at.Len() {
		idx := x.ctx.BV(64, uint64(i))
		e, d := s.heap.Elem(arr, idx)
		if d != nil {
			return x.decide(s, d)
		}
		if d := s.heap.Store(s.heap.ElemPtr(store, x.ctx.Add(off, idx)), e); d != nil {
			return x.decide(s, d)
		}
	}
	advance(s)
	return nil
}

// sliceBounds are the bounds of a slice expression x[lo:hi:max], widened
// to 64 bits (hi and max default to x's length and capacity), as the
// runtime reports them when one is out of range.
type sliceBounds struct {
	lo, hi, max sliceBound
	// three marks a three-index expression.
	three bool
	// limit is what the first check compares with, "capacity" for a
	// slice, "length" for a string or an array, and limitLen its value.
	limit    string
	limitLen *solver.Term
}

// indexMessage is the runtime's message for index out of the range of
// a length n under m: a negative index is not compared with the length.
func indexMessage(m heap.Valuer, index sliceBound, n *solver.Term) string {
	return index.format(m, "index out of range ", "[%s]", "[%s] with length %s", sliceBound{n, true})
}

// slicePrefix starts the runtime's messages of slice bounds out of range.
const slicePrefix = "slice bounds out of range "

// sliceBound is one bound of a slice expression, or an index, and
// whether its type is signed: the runtime prints a negative signed bound
// as one, an unsigned one as unsigned however large.
type sliceBound struct {
	t      *solver.Term
	signed bool
}

// boundOf is the bound v of a slice expression, widened to t (its
// default, when v is nil, is an int).
func boundOf(v ssa.Value, t *solver.Term) sliceBound {
	if v == nil {
		return sliceBound{t, true}
	}
	_, signed, _ := heap.IntInfo(v.Type())
	return sliceBound{t, signed}
}

// message is the runtime's message for the first check that fails under
// m, in the order gc makes them (cmd/compile's ssagen, slice): in
// x[lo:hi:max], max against the limit, hi against max, then lo against
// hi; in x[lo:hi], hi against the limit, then lo against hi (runtime's
// boundsError formats).
func (b sliceBounds) message(m heap.Valuer) string {
	limit := sliceBound{b.limitLen, true}
	if b.three {
		switch {
		case !b.max.within(m, limit):
			return b.max.format(m, slicePrefix, "[::%s]", "[::%s] with "+b.limit+" %s", limit)
		case !b.hi.within(m, b.max):
			return b.hi.format(m, slicePrefix, "[:%s:]", "[:%s:%s]", b.max)
		}
		return b.lo.format(m, slicePrefix, "[%s::]", "[%s:%s:]", b.hi)
	}
	if !b.hi.within(m, limit) {
		return b.hi.format(m, slicePrefix, "[:%s]", "[:%s] with "+b.limit+" %s", limit)
	}
	return b.lo.format(m, slicePrefix, "[%s:]", "[%s:%s]", b.hi)
}

// within reports whether b is in [0, y] under m.
func (b sliceBound) within(m heap.Valuer, y sliceBound) bool {
	if b.signed && m.Int64(b.t) < 0 {
		return false
	}
	return m.Uint64(b.t) <= m.Uint64(y.t)
}

// format writes prefix and b's format: neg, with b alone, where b is
// negative; else pos, with b and y (a length, or a bound already
// checked, so an int).
func (b sliceBound) format(m heap.Valuer, prefix, neg, pos string, y sliceBound) string {
	if v := m.Int64(b.t); b.signed && v < 0 {
		return prefix + fmt.Sprintf(neg, strconv.FormatInt(v, 10))
	}
	x := strconv.FormatInt(m.Int64(b.t), 10)
	if !b.signed {
		x = strconv.FormatUint(m.Uint64(b.t), 10)
	}
	return prefix + fmt.Sprintf(pos, x, strconv.FormatInt(m.Int64(y.t), 10))
}
