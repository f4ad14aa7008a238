package solver

import (
	"runtime"
	"slices"
)

// This file lets a Solver reuse its last model. In a depth-first search,
// one side of nearly every branch holds in the model that proved the path
// so far satisfiable: evaluating the new conditions in Go under that model
// answers Sat without Z3 (a counterexample cache, as KLEE has). Only Sat
// is ever answered so: a condition false in the model may still be
// satisfiable, and Z3 decides it.

// exprKind says how a symbolic term was built.
type exprKind uint8

const (
	// opaqueExpr is a term Go cannot evaluate (Substitute, Forall): any
	// check involving it goes to Z3.
	opaqueExpr exprKind = iota
	symbolExpr
	notExpr
	junctionExpr // op is opAnd or opOr
	impliesExpr
	iteExpr
	eqExpr
	unaryExpr
	binaryExpr // arithmetic and shifts, operands of the result's width
	compareExpr
	extendExpr // signed says which
	truncExpr
	floatExpr // a floating-point op (float.go); the result's sort says its width
)

// expr is how a symbolic term was built from its operands, which is what
// evaluating it in Go needs.
type expr struct {
	kind   exprKind
	op     op
	signed bool
	args   []*Term
}

// build makes the symbolic term e builds; its AST waits for astOf.
func (c *Context) build(s Sort, e expr) *Term {
	t := &Term{ctx: c, sort: s, expr: e}
	t.float = e.kind == floatExpr || slices.ContainsFunc(e.args, func(x *Term) bool { return x.float })
	t.nonlinear = isNonlinear(e)
	return t
}

// assignment is a model's values, read in Go: each symbol's value comes
// from the Z3 model once, then every term is computed by the folding
// functions, which agree with Z3 bit for bit.
type assignment struct {
	ctx  *Context
	m    zmodel
	vals map[*Term]uint64
	// fit, for an assignment made in Go (see fitOrder), gives the symbols'
	// values instead of m.
	fit *fitted
}

func newAssignment(c *Context, m zmodel) *assignment {
	a := &assignment{ctx: c, m: m, vals: map[*Term]uint64{}}
	runtime.AddCleanup(a, c.z3().rel.model, m)
	return a
}

// holds reports whether the Bool term t is true under a; ok is false
// where t cannot be evaluated in Go.
func (a *assignment) holds(t *Term) (holds, ok bool) {
	v, ok := a.eval(t)
	return v != 0, ok
}

func (a *assignment) eval(t *Term) (uint64, bool) {
	if t.concrete {
		return t.val, true
	}
	if v, ok := a.vals[t]; ok {
		return v, true
	}
	if t.expr.kind == symbolExpr && a.fit != nil {
		// A fit holds its symbols' values in a map already: caching them
		// again was most of what evaluating the stack under a fit cost.
		return a.fit.symbolValue(t)
	}
	v, ok := a.compute(t)
	if ok {
		a.vals[t] = v
	}
	return v, ok
}

// compute evaluates one symbolic term from its operands' values.
func (a *assignment) compute(t *Term) (uint64, bool) {
	e := t.expr
	if e.kind == symbolExpr {
		if a.fit != nil {
			return a.fit.symbolValue(t)
		}
		return a.ctx.z3().eval(a.m, a.ctx.astOf(t), t.sort.IsBool()), true
	}
	if e.kind == opaqueExpr || a.ctx.evalLimit > 0 && a.ctx.evaluated >= a.ctx.evalLimit {
		return 0, false
	}
	a.ctx.evaluated++
	if e.kind == iteExpr {
		return a.iteValue(e)
	}
	var small [3]uint64 // most terms have at most three operands: no allocation
	var args []uint64
	if len(e.args) <= len(small) {
		args = small[:len(e.args)]
	} else {
		args = make([]uint64, len(e.args))
	}
	known := true
	for i, x := range e.args {
		v, ok := a.eval(x)
		if !ok {
			if !absorbing(e) {
				return 0, false
			}
			known = false
			continue
		}
		args[i] = v
	}
	if !known {
		return a.absorbed(t)
	}
	return apply(e, t.sort, args), true
}

// iteValue evaluates the ite e by its condition and the branch that
// condition takes, leaving the other alone: a table read at a symbolic
// index (see heap's merge) is a chain of a few hundred ites, of which a
// model takes the few before its index.
func (a *assignment) iteValue(e expr) (uint64, bool) {
	c, ok := a.eval(e.args[0])
	if !ok {
		return 0, false
	}
	if c != 0 {
		return a.eval(e.args[1])
	}
	return a.eval(e.args[2])
}

// absorbing reports whether one operand of e can decide its value
// whatever the others' (see absorbed): the other operands need evaluating
// then, though one cannot be.
func absorbing(e expr) bool {
	switch e.kind {
	case junctionExpr, impliesExpr:
		return true
	case binaryExpr:
		return e.op == opURem || e.op == opSRem || e.op == opMul || e.op == opBVAnd || e.op == opBVOr
	}
	return false
}

// absorbed returns the value of t where an operand whose value is known
// decides it whatever the others', which a partial assignment (see
// fitted.partial) leaves unknown: a false conjunct, a true disjunct, a
// remainder by 1, a product by 0. The operands were evaluated already.
func (a *assignment) absorbed(t *Term) (uint64, bool) {
	e := t.expr
	value := func(i int) (uint64, bool) {
		x := e.args[i]
		switch {
		case x.concrete:
			return x.val, true
		case x.expr.kind == symbolExpr && a.fit != nil:
			return a.fit.symbolValue(x) // see eval
		}
		v, ok := a.vals[x]
		return v, ok
	}
	switch e.kind {
	case junctionExpr:
		for i := range e.args {
			if v, ok := value(i); ok && (v == 0) == (e.op == opAnd) {
				return v, true
			}
		}
	case impliesExpr:
		if v, ok := value(0); ok && v == 0 {
			return 1, true
		}
		if v, ok := value(1); ok && v != 0 {
			return 1, true
		}
	case binaryExpr:
		w := t.sort.Width()
		if v, ok := value(1); ok && v == 1 && (e.op == opURem || e.op == opSRem) {
			return 0, true
		}
		for i := range 2 {
			v, ok := value(i)
			switch {
			case !ok:
			case v == 0 && (e.op == opMul || e.op == opBVAnd):
				return 0, true
			case v == mask(w) && e.op == opBVOr:
				return v, true
			}
		}
	}
	return 0, false
}

// apply computes e on its operands' values; t's sort is s. An ite is
// not computed here: iteValue evaluates its condition and one branch.
func apply(e expr, s Sort, args []uint64) uint64 {
	switch e.kind {
	case notExpr:
		return bit(args[0] == 0)
	case junctionExpr:
		return junctionValue(e.op, args)
	case impliesExpr:
		return bit(args[0] == 0 || args[1] != 0)
	case eqExpr:
		return bit(args[0] == args[1])
	case unaryExpr:
		return foldUnary(e.op, s.Width(), args[0])
	case binaryExpr:
		return foldBinary(e.op, s.Width(), args[0], args[1])
	case compareExpr:
		return bit(foldCompare(e.op, e.args[0].sort.Width(), args[0], args[1]))
	case extendExpr:
		if e.signed {
			return foldSignExt(args[0], e.args[0].sort.Width(), s.Width())
		}
		return args[0]
	case truncExpr:
		return args[0] & mask(s.Width())
	case floatExpr:
		return foldFloat(e.op, e.args[0].sort.Width(), s.Width(), args)
	}
	panic("solver: internal: apply of an unknown expression")
}

func junctionValue(o op, args []uint64) uint64 {
	and := o == opAnd
	for _, v := range args {
		if (v != 0) != and {
			return bit(!and)
		}
	}
	return bit(and)
}

func bit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
