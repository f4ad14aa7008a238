package ssaexec

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/internal/cow"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/solver"
)

func (x *explorer) binOp(s *state, in *ssa.BinOp) []alt {
	switch heap.Under(in.X.Type()).(type) {
	case *types.Struct, *types.Array:
		return x.aggregateCompare(s, in)
	}
	a, d := x.use(s, in.X)
	if d != nil {
		return x.decide(s, d)
	}
	b, d := x.use(s, in.Y)
	if d != nil {
		return x.decide(s, d)
	}
	x.noteNilComparison(s, in, a, b)
	if _, isFunc := a.(heap.Func); isFunc {
		a, b = b, a // f == nil: nil first, a function value second
	}
	switch av := a.(type) {
	case heap.Nil:
		if _, isFunc := b.(heap.Func); isFunc {
			// A function value compares only with nil, and a declared
			// function or a closure is not nil.
			s.set(in, heap.Scalar{T: x.ctx.Bool(in.Op == token.NEQ)})
			return nil
		}
		return x.pointerCompare(s, in, a, b)
	case heap.Scalar:
		bv, ok := b.(heap.Scalar)
		if !ok {
			s.unsupported(fmt.Sprintf("operator %s on %s", in.Op, in.X.Type()))
			return nil
		}
		return x.scalarOp(s, in, av.T, bv.T)
	case heap.Ptr, heap.SymPtr:
		return x.pointerCompare(s, in, a, b)
	case heap.Str, heap.SymStr:
		return x.stringOp(s, in, av, b)
	case heap.Iface, heap.SymIface:
		return x.ifaceCompare(s, in, a, b)
	case heap.Slice:
		// Slices compare only with nil.
		if _, isConst := in.Y.(*ssa.Const); isConst {
			x.sliceIsNil(s, in, av)
			return nil
		}
		if bv, ok := b.(heap.Slice); ok {
			x.sliceIsNil(s, in, bv)
			return nil
		}
	}
	s.unsupported(fmt.Sprintf("operator %s on %s", in.Op, in.X.Type()))
	return nil
}

// noteNilComparison records that an entry parameter was compared with nil,
// which makes a later dereference of it on the nil branch the function's
// own bug rather than its caller's.
func (x *subject) noteNilComparison(s *state, in *ssa.BinOp, a, b heap.Value) {
	if in.Op != token.EQL && in.Op != token.NEQ {
		return
	}
	other, v := in.X, a
	if c, ok := in.X.(*ssa.Const); ok && c.IsNil() {
		other, v = in.Y, b
	} else if c, ok := in.Y.(*ssa.Const); !ok || !c.IsNil() {
		return
	}
	o := s.heap.OriginOf(v)
	if sym, ok := v.(heap.SymIface); ok {
		o = s.heap.Iface(sym.ID).Origin
	}
	switch v.(type) {
	case heap.Nil, heap.SymPtr, heap.SymIface:
		if o.IsParam() {
			if _, done := s.compared[o.Param]; !done {
				// Forked paths share the map (see state.clone).
				s.compared = cow.With(s.compared, o.Param, nilCheck{pos: in.Pos(), expr: fmt.Sprintf("%s %s nil", x.describeAt(s, other, in.Pos()), in.Op)})
			}
		}
	}
}

func (x *machine) pointerCompare(s *state, in *ssa.BinOp, a, b heap.Value) []alt {
	if in.Op != token.EQL && in.Op != token.NEQ {
		s.unsupported(fmt.Sprintf("operator %s on pointers", in.Op))
		return nil
	}
	switch b.(type) {
	case heap.Nil, heap.Ptr, heap.SymPtr:
	default:
		s.unsupported(fmt.Sprintf("comparison of %s with %T", in.X.Type(), b))
		return nil
	}
	eq, d := s.heap.SamePtr(a, b)
	if d != nil {
		return x.decide(s, d)
	}
	if in.Op == token.NEQ {
		eq = !eq
	}
	s.set(in, heap.Scalar{T: x.ctx.Bool(eq)})
	return nil
}

// scalarOp computes a binary operation on integers or booleans with Go's
// semantics; division and shifts split the path on their panic conditions.
func (x *machine) scalarOp(s *state, in *ssa.BinOp, a, b *solver.Term) []alt {
	c := x.ctx
	if a.Sort().IsBool() {
		switch in.Op {
		case token.EQL:
			s.set(in, heap.Scalar{T: c.Eq(a, b)})
		case token.NEQ:
			s.set(in, heap.Scalar{T: c.Ne(a, b)})
		default:
			s.unsupported(fmt.Sprintf("operator %s on booleans", in.Op))
		}
		return nil
	}
	if _, isFloat := heap.FloatWidth(in.X.Type()); isFloat {
		r := floatArith(c, in.Op, a, b)
		if r == nil {
			s.unsupported(fmt.Sprintf("operator %s on %s", in.Op, in.X.Type()))
			return nil
		}
		s.set(in, heap.Scalar{T: r})
		return nil
	}
	_, signed, _ := heap.IntInfo(in.X.Type())
	switch in.Op {
	case token.QUO, token.REM:
		return x.division(s, in, a, b, signed)
	case token.SHL, token.SHR:
		return x.shift(s, in, a, b, signed)
	}
	r := arith(c, in.Op, a, b, signed)
	if r == nil {
		s.unsupported(fmt.Sprintf("operator %s on %s", in.Op, in.X.Type()))
		return nil
	}
	s.set(in, heap.Scalar{T: r})
	return nil
}

// arith is the panic-free integer operators and comparisons.
func arith(c *solver.Context, op token.Token, a, b *solver.Term, signed bool) *solver.Term {
	switch op {
	case token.ADD:
		return c.Add(a, b)
	case token.SUB:
		return c.Sub(a, b)
	case token.MUL:
		return c.Mul(a, b)
	case token.AND:
		return c.BitAnd(a, b)
	case token.OR:
		return c.BitOr(a, b)
	case token.XOR:
		return c.BitXor(a, b)
	case token.AND_NOT:
		return c.AndNot(a, b)
	case token.EQL:
		return c.Eq(a, b)
	case token.NEQ:
		return c.Ne(a, b)
	}
	if signed {
		switch op {
		case token.LSS:
			return c.Slt(a, b)
		case token.LEQ:
			return c.Sle(a, b)
		case token.GTR:
			return c.Sgt(a, b)
		case token.GEQ:
			return c.Sge(a, b)
		}
		return nil
	}
	switch op {
	case token.LSS:
		return c.Ult(a, b)
	case token.LEQ:
		return c.Ule(a, b)
	case token.GTR:
		return c.Ugt(a, b)
	case token.GEQ:
		return c.Uge(a, b)
	}
	return nil
}

// floatArith is Go's operators on floats: none panics, and division by
// zero gives an infinity or NaN.
func floatArith(c *solver.Context, op token.Token, a, b *solver.Term) *solver.Term {
	switch op {
	case token.ADD:
		return c.FAdd(a, b)
	case token.SUB:
		return c.FSub(a, b)
	case token.MUL:
		return c.FMul(a, b)
	case token.QUO:
		return c.FDiv(a, b)
	case token.EQL:
		return c.FEq(a, b)
	case token.NEQ:
		return c.Not(c.FEq(a, b))
	case token.LSS:
		return c.FLt(a, b)
	case token.LEQ:
		return c.FLe(a, b)
	case token.GTR:
		return c.FLt(b, a)
	case token.GEQ:
		return c.FLe(b, a)
	}
	return nil
}

// division splits on a zero divisor, which panics in Go.
func (x *machine) division(s *state, in *ssa.BinOp, a, b *solver.Term, signed bool) []alt {
	c := x.ctx
	compute := func(s *state) {
		var r *solver.Term
		switch {
		case in.Op == token.QUO && signed:
			r = c.SDiv(a, b)
		case in.Op == token.QUO:
			r = c.UDiv(a, b)
		case signed:
			r = c.SRem(a, b)
		default:
			r = c.URem(a, b)
		}
		s.set(in, heap.Scalar{T: r})
	}
	zero := c.Eq(b, c.BV(b.Sort().Width(), 0))
	return []alt{
		{guard: zero, apply: func(s *state) {
			x.panicked(s, result.DivZero, fmt.Sprintf("integer divide by zero: %s is 0", x.describeAt(s, in.Y, in.Pos())), in.Pos())
		}},
		{guard: c.Not(zero), apply: compute},
	}
}

// shift splits on a negative signed shift count, which panics in Go.
func (x *machine) shift(s *state, in *ssa.BinOp, a, n *solver.Term, signed bool) []alt {
	c := x.ctx
	compute := func(s *state) {
		var r *solver.Term
		switch {
		case in.Op == token.SHL:
			r = c.Shl(a, n)
		case signed:
			r = c.AShr(a, n)
		default:
			r = c.LShr(a, n)
		}
		s.set(in, heap.Scalar{T: r})
	}
	if _, countSigned, _ := heap.IntInfo(in.Y.Type()); !countSigned {
		compute(s)
		return nil
	}
	neg := c.Slt(n, c.BV(n.Sort().Width(), 0))
	return []alt{
		{guard: neg, apply: func(s *state) {
			x.panicked(s, result.Panic, fmt.Sprintf("negative shift amount: %s < 0", x.describeAt(s, in.Y, in.Pos())), in.Pos())
		}},
		{guard: c.Not(neg), apply: compute},
	}
}

func (x *explorer) unOp(s *state, in *ssa.UnOp) []alt {
	switch in.Op {
	case token.MUL:
		return x.load(s, in)
	case token.ARROW:
		return x.receive(s, in)
	}
	v, d := x.use(s, in.X)
	if d != nil {
		return x.decide(s, d)
	}
	sc, ok := v.(heap.Scalar)
	if !ok {
		s.unsupported(fmt.Sprintf("operator %s on %s", in.Op, in.X.Type()))
		return nil
	}
	var r *solver.Term
	switch in.Op {
	case token.NOT:
		r = x.ctx.Not(sc.T)
	case token.SUB:
		if _, isFloat := heap.FloatWidth(in.X.Type()); isFloat {
			r = x.ctx.FNeg(sc.T)
		} else {
			r = x.ctx.Neg(sc.T)
		}
	case token.XOR:
		r = x.ctx.BitNot(sc.T)
	default:
		s.unsupported(fmt.Sprintf("operator %s", in.Op))
		return nil
	}
	s.set(in, heap.Scalar{T: r})
	return nil
}

// load is *p: the pointer must be non-nil, and reading an input location
// for the first time initializes it lazily.
func (x *explorer) load(s *state, in *ssa.UnOp) []alt {
	p, alts, ok := x.deref(s, in.X, in.Pos())
	if !ok {
		return alts
	}
	x.access(s, p, false, in.X, in.Pos())
	if store, off, isView := arrayView(s, p, in.X.Type()); isView {
		return x.loadView(s, in, store, off)
	}
	v, d := s.heap.Load(p, in.Type())
	if d != nil {
		return x.decide(s, d)
	}
	s.set(in, v)
	return nil
}

// unsafeConvert converts between unsafe.Pointer and a pointer type. A
// pointer converted to unsafe.Pointer keeps its value, and converts back
// to a pointer to what it points to: sync/atomic's Pointer does no more.
// An address from an integer, or a pointer converted to a pointer to
// another type, is opaque: what uses it is unsupported, but it may be
// handed on, as to C (C.free(unsafe.Pointer(p))).
func (x *machine) unsafeConvert(s *state, in *ssa.Convert) []alt {
	from, to := in.X.Type(), in.Type()
	opaque := heap.Opaque{Type: to, Why: fmt.Sprintf("conversion from %s to %s", from, to)}
	_, fromPtr := heap.Under(from).(*types.Pointer)
	toPtr, isPtr := heap.Under(to).(*types.Pointer)
	if !(fromPtr || isUnsafePointer(from)) || !(isPtr || isUnsafePointer(to)) {
		s.set(in, opaque)
		return nil
	}
	v, d := x.use(s, in.X)
	if d != nil {
		return x.decide(s, d)
	}
	if isPtr {
		elem, ok := s.heap.PointeeType(v)
		if !ok || elem != nil && !types.Identical(elem, toPtr.Elem()) {
			s.set(in, opaque)
			return nil
		}
	}
	s.set(in, v)
	return nil
}

// isUnsafePointer reports whether t's underlying type is unsafe.Pointer.
func isUnsafePointer(t types.Type) bool {
	b, ok := heap.Under(t).(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}

func (x *machine) convert(s *state, in *ssa.Convert) []alt {
	from, to := in.X.Type(), in.Type()
	if isString(from) || isString(to) {
		return x.stringConvert(s, in)
	}
	if isUnsafePointer(to) || isUnsafePointer(from) {
		return x.unsafeConvert(s, in)
	}
	convert := numericConversion(x.ctx, from, to)
	if convert == nil {
		s.unsupported(fmt.Sprintf("conversion from %s to %s", from, to))
		return nil
	}
	v, d := x.use(s, in.X)
	if d != nil {
		return x.decide(s, d)
	}
	sc, ok := v.(heap.Scalar)
	if !ok {
		s.unsupported(fmt.Sprintf("conversion of a %T value", v))
		return nil
	}
	s.set(in, heap.Scalar{T: convert(sc.T)})
	return nil
}

// numericConversion returns Go's conversion between two integer or float
// types, or nil for other types.
func numericConversion(c *solver.Context, from, to types.Type) func(*solver.Term) *solver.Term {
	_, srcSigned, srcInt := heap.IntInfo(from)
	w, dstSigned, dstInt := heap.IntInfo(to)
	_, isSrcFloat := heap.FloatWidth(from)
	dstFloat, isDstFloat := heap.FloatWidth(to)
	switch {
	case srcInt && dstInt:
		return func(t *solver.Term) *solver.Term { return c.Convert(t, w, srcSigned) }
	case srcInt && isDstFloat:
		return func(t *solver.Term) *solver.Term { return c.IntToFloat(t, dstFloat, srcSigned) }
	case isSrcFloat && dstInt:
		return func(t *solver.Term) *solver.Term { return c.FloatToInt(t, w, dstSigned) }
	case isSrcFloat && isDstFloat:
		return func(t *solver.Term) *solver.Term { return c.FloatConvert(t, dstFloat) }
	}
	return nil
}

// fresh makes an unconstrained value of type t.
func (x *evaluator) fresh(s *state, t types.Type, name string) heap.Value {
	if heap.IsBool(t) {
		return heap.Scalar{T: x.ctx.FreshBool(heap.ExternalPrefix + name)}
	}
	if w, ok := heap.ScalarWidth(t); ok {
		return heap.Scalar{T: x.ctx.FreshBV(heap.ExternalPrefix+name, w)}
	}
	switch u := heap.Under(t).(type) {
	case *types.Pointer:
		return s.heap.FreshRef(u.Elem())
	case *types.Interface:
		return s.heap.FreshIface(t)
	case *types.Basic:
		if isString(t) {
			return s.heap.FreshString(t)
		}
	case *types.Struct:
		fields := make([]heap.Value, u.NumFields())
		for i := range fields {
			fields[i] = x.fresh(s, u.Field(i).Type(), name)
		}
		return heap.Struct{Fields: fields}
	case *types.Slice, *types.Map, *types.Array:
		// The value of a hidden input object, initialized lazily when used.
		return heap.InputRef{Obj: s.heap.NewExternalObject(t), Type: t}
	}
	return heap.Opaque{Type: t, Why: "result of " + name + " of type " + t.String()}
}

// equalValues is the condition that a == b for values of type t: structs
// field by field, arrays element by element, as Go compares them.
func (x *evaluator) equalValues(s *state, a, b heap.Value, t types.Type) (*solver.Term, *heap.Decision, bool) {
	c := x.ctx
	a, d := s.heap.Use(a)
	if d != nil {
		return nil, d, true
	}
	b, d = s.heap.Use(b)
	if d != nil {
		return nil, d, true
	}
	switch u := heap.Under(t).(type) {
	case *types.Struct:
		conds := make([]*solver.Term, 0, u.NumFields())
		for i := 0; i < u.NumFields(); i++ {
			ft := u.Field(i).Type()
			eq, d, ok := x.equalValues(s, heap.FieldOf(a, i, ft), heap.FieldOf(b, i, ft), ft)
			if d != nil || !ok {
				return nil, d, ok
			}
			conds = append(conds, eq)
		}
		return c.And(conds...), nil, true
	case *types.Array:
		if u.Len() > 64 {
			return nil, nil, false
		}
		aa, ba := a.(*heap.Array), b.(*heap.Array)
		conds := make([]*solver.Term, 0, u.Len())
		for i := range u.Len() {
			idx := c.BV(64, uint64(i))
			ae, d := s.heap.ElemUnbounded(aa, idx)
			if d != nil {
				return nil, d, true
			}
			be, d := s.heap.ElemUnbounded(ba, idx)
			if d != nil {
				return nil, d, true
			}
			eq, d, ok := x.equalValues(s, ae, be, u.Elem())
			if d != nil || !ok {
				return nil, d, ok
			}
			conds = append(conds, eq)
		}
		return c.And(conds...), nil, true
	}
	switch av := a.(type) {
	case heap.Scalar:
		if _, isFloat := heap.FloatWidth(t); isFloat {
			return c.FEq(av.T, b.(heap.Scalar).T), nil, true
		}
		return c.Eq(av.T, b.(heap.Scalar).T), nil, true
	case heap.Nil, heap.Ptr, heap.SymPtr:
		eq, d := s.heap.SamePtr(a, b)
		return c.Bool(eq), d, true
	case heap.Str:
		if bv, ok := b.(heap.Str); ok {
			return c.Bool(av.S == bv.S), nil, true
		}
		eq, d := x.equalsConst(s, b, av.S)
		return eq, d, true
	case heap.SymStr:
		if bv, ok := b.(heap.Str); ok {
			eq, d := x.equalsConst(s, a, bv.S)
			return eq, d, true
		}
	}
	return nil, nil, false
}

// aggregateCompare is == and != on structs and arrays.
func (x *machine) aggregateCompare(s *state, in *ssa.BinOp) []alt {
	if in.Op != token.EQL && in.Op != token.NEQ {
		s.unsupported(fmt.Sprintf("operator %s on %s", in.Op, in.X.Type()))
		return nil
	}
	eq, d, ok := x.equalValues(s, x.value(s, in.X), x.value(s, in.Y), in.X.Type())
	if d != nil {
		return x.decide(s, d)
	}
	if !ok {
		s.unsupported("comparison of " + in.X.Type().String())
		return nil
	}
	if in.Op == token.NEQ {
		eq = x.ctx.Not(eq)
	}
	s.set(in, heap.Scalar{T: eq})
	return nil
}
