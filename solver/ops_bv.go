package solver

import (
	"fmt"
	"math/bits"
)

// Bit-vector operations. Operands wrap like Go's fixed-size integers; the
// signed/unsigned distinction lives in the operation, not the sort, as in
// SMT-LIB. As in ops_bool.go, exported methods call enter once and then
// only unexported helpers.

// Add returns a + b.
func (c *Context) Add(a, b *Term) *Term { c.enter(); return c.arith(opAdd, a, b) }

// Sub returns a - b.
func (c *Context) Sub(a, b *Term) *Term { c.enter(); return c.arith(opSub, a, b) }

// Mul returns a * b.
func (c *Context) Mul(a, b *Term) *Term { c.enter(); return c.arith(opMul, a, b) }

// UDiv returns the unsigned quotient a / b; SMT-LIB defines a / 0 as all
// ones, so callers wanting Go's panic must test b first.
func (c *Context) UDiv(a, b *Term) *Term { c.enter(); return c.arith(opUDiv, a, b) }

// SDiv returns the signed quotient truncated toward zero, like Go's / on
// signed integers (MinInt / -1 is MinInt). SMT-LIB defines a / 0 as 1 for
// negative a and -1 otherwise.
func (c *Context) SDiv(a, b *Term) *Term { c.enter(); return c.arith(opSDiv, a, b) }

// URem returns the unsigned remainder a % b; a % 0 is a.
func (c *Context) URem(a, b *Term) *Term { c.enter(); return c.arith(opURem, a, b) }

// SRem returns the signed remainder, whose sign follows a like Go's %;
// a % 0 is a.
func (c *Context) SRem(a, b *Term) *Term { c.enter(); return c.arith(opSRem, a, b) }

// BitAnd returns a & b.
func (c *Context) BitAnd(a, b *Term) *Term { c.enter(); return c.arith(opBVAnd, a, b) }

// BitOr returns a | b.
func (c *Context) BitOr(a, b *Term) *Term { c.enter(); return c.arith(opBVOr, a, b) }

// BitXor returns a ^ b.
func (c *Context) BitXor(a, b *Term) *Term { c.enter(); return c.arith(opBVXor, a, b) }

// AndNot returns a &^ b.
func (c *Context) AndNot(a, b *Term) *Term {
	c.enter()
	c.wantSameBV("AndNot", a, b)
	return c.arith(opBVAnd, a, c.unary(opBVNot, b))
}

// Neg returns -a.
func (c *Context) Neg(a *Term) *Term { c.enter(); return c.unary(opNeg, a) }

// BitNot returns ^a.
func (c *Context) BitNot(a *Term) *Term { c.enter(); return c.unary(opBVNot, a) }

func (c *Context) unary(o op, a *Term) *Term {
	w := c.wantBV(o.String(), a)
	if a.concrete {
		return c.constant(a.sort, foldUnary(o, w, a.val))
	}
	return c.build(a.sort, expr{kind: unaryExpr, op: o, args: []*Term{a}})
}

// arith applies a binary operation to two bit-vectors of one width.
func (c *Context) arith(o op, a, b *Term) *Term {
	w := c.wantSameBV(o.String(), a, b)
	if a.concrete && b.concrete {
		return c.constant(a.sort, foldBinary(o, w, a.val, b.val))
	}
	if r := identityOperand(o, a, b); r != nil {
		return r
	}
	if r := c.nestedOffset(o, a, b); r != nil {
		return r
	}
	if r := c.byPowerOfTwo(o, a, b); r != nil {
		return r
	}
	return c.build(a.sort, expr{kind: binaryExpr, op: o, args: []*Term{a, b}})
}

// identityOperand returns the operand that an operation with its identity element
// leaves unchanged (x+0, 0+x, x-0, x*1, 1*x, x|0, x^0), or nil.
func identityOperand(o op, a, b *Term) *Term {
	is := func(t *Term, v uint64) bool { return t.concrete && t.val == v }
	switch o {
	case opAdd, opBVOr, opBVXor:
		if is(a, 0) {
			return b
		}
		if is(b, 0) {
			return a
		}
	case opSub:
		if is(b, 0) {
			return a
		}
	case opMul:
		if is(a, 1) {
			return b
		}
		if is(b, 1) {
			return a
		}
	}
	return nil
}

// nestedOffset folds a constant added to or taken from a symbol plus a
// constant: (x + 1) - 1 - 1 is x - 1, which the solver's Go side reads
// as an offset of x. It returns nil for anything else.
func (c *Context) nestedOffset(o op, a, b *Term) *Term {
	if o == opAdd && a.concrete {
		a, b = b, a
	}
	if o != opAdd && o != opSub || !b.concrete || a.expr.kind != binaryExpr {
		return nil
	}
	x, ok := offsetOf(a)
	if !ok || x.base == nil {
		return nil
	}
	w := a.sort.Width()
	off := uint64(x.off) + b.val
	if o == opSub {
		off = uint64(x.off) - b.val
	}
	off &= mask(w)
	switch {
	case off == 0:
		return x.base
	case signed(off, w) < 0:
		return c.arith(opSub, x.base, c.constant(a.sort, -off&mask(w)))
	}
	return c.arith(opAdd, x.base, c.constant(a.sort, off))
}

// byPowerOfTwo rewrites division and remainder by a constant power of two
// as shifts and masks: Z3 4.8 bit-blasts a 64-bit division whole, which
// makes a query like (hi-lo)/2 take from tens of milliseconds to seconds.
func (c *Context) byPowerOfTwo(o op, a, b *Term) *Term {
	w := a.sort.Width()
	if !b.concrete || b.val == 0 || b.val&(b.val-1) != 0 {
		return nil
	}
	k := uint64(bits.TrailingZeros64(b.val))
	switch o {
	case opUDiv:
		return c.arith(opLShr, a, c.constant(a.sort, k))
	case opURem:
		return c.arith(opBVAnd, a, c.constant(a.sort, b.val-1))
	case opSDiv, opSRem:
		// A signed power of two is positive only below the sign bit.
		if k == 0 || k >= uint64(w-1) {
			return nil
		}
		// Truncating toward zero: add 2^k-1 to a negative dividend first.
		sign := c.arith(opAShr, a, c.constant(a.sort, uint64(w-1)))
		bias := c.arith(opLShr, sign, c.constant(a.sort, uint64(w)-k))
		q := c.arith(opAShr, c.arith(opAdd, a, bias), c.constant(a.sort, k))
		if o == opSDiv {
			return q
		}
		return c.arith(opSub, a, c.arith(opShl, q, c.constant(a.sort, k)))
	}
	return nil
}

// Shl returns x << n with Go semantics: n may have any width, is read as
// unsigned, and a count of at least x's width gives 0.
func (c *Context) Shl(x, n *Term) *Term { c.enter(); return c.shift(opShl, x, n) }

// LShr returns x >> n for unsigned x, with Go semantics: n may have any
// width, is read as unsigned, and a count of at least x's width gives 0.
func (c *Context) LShr(x, n *Term) *Term { c.enter(); return c.shift(opLShr, x, n) }

// AShr returns x >> n for signed x, with Go semantics: n may have any
// width, is read as unsigned, and a count of at least x's width gives all
// sign bits.
func (c *Context) AShr(x, n *Term) *Term { c.enter(); return c.shift(opAShr, x, n) }

func (c *Context) shift(o op, x, n *Term) *Term {
	w := c.wantBV(o.String(), x)
	c.wantBV(o.String(), n)
	switch {
	case x.concrete && n.concrete:
		return c.constant(x.sort, foldShift(o, w, x.val, n.val))
	case n.concrete && n.val >= uint64(w) && o != opAShr:
		return c.constant(x.sort, 0)
	}
	count := c.shiftCount(o, n, w)
	return c.build(x.sort, expr{kind: binaryExpr, op: o, args: []*Term{x, count}})
}

// shiftCount brings a count to width w, as Z3's shifts require, without
// changing the shift's result. SMT-LIB shifts already treat any count >= w
// as shifting everything out, so a wider count only needs saturating at w
// (which fits in w bits for every w >= 1) instead of being truncated.
func (c *Context) shiftCount(o op, n *Term, w uint) *Term {
	wn := n.sort.Width()
	switch {
	case n.concrete:
		return c.constant(BVSort(w), min(n.val, uint64(w)))
	case wn == w:
		return n
	case wn < w:
		return c.extend(o.String(), n, w, false)
	}
	inRange := c.compare(opUlt, n, c.constant(n.sort, uint64(w)))
	return c.ite(inRange, c.trunc(o.String(), n, w), c.constant(BVSort(w), uint64(w)))
}

// Ult returns a < b, unsigned.
func (c *Context) Ult(a, b *Term) *Term { c.enter(); return c.compare(opUlt, a, b) }

// Ule returns a <= b, unsigned.
func (c *Context) Ule(a, b *Term) *Term { c.enter(); return c.compare(opUle, a, b) }

// Ugt returns a > b, unsigned.
func (c *Context) Ugt(a, b *Term) *Term { c.enter(); return c.compare(opUgt, a, b) }

// Uge returns a >= b, unsigned.
func (c *Context) Uge(a, b *Term) *Term { c.enter(); return c.compare(opUge, a, b) }

// Slt returns a < b, signed.
func (c *Context) Slt(a, b *Term) *Term { c.enter(); return c.compare(opSlt, a, b) }

// Sle returns a <= b, signed.
func (c *Context) Sle(a, b *Term) *Term { c.enter(); return c.compare(opSle, a, b) }

// Sgt returns a > b, signed.
func (c *Context) Sgt(a, b *Term) *Term { c.enter(); return c.compare(opSgt, a, b) }

// Sge returns a >= b, signed.
func (c *Context) Sge(a, b *Term) *Term { c.enter(); return c.compare(opSge, a, b) }

// compare builds every comparison from the strict ones and Not (a > b is
// b < a, a >= b is Not(a < b)), so that a condition and its opposite share
// one atom, which the Solver's literals recognize.
func (c *Context) compare(o op, a, b *Term) *Term {
	w := c.wantSameBV(o.String(), a, b)
	if a.concrete && b.concrete {
		return c.Bool(foldCompare(o, w, a.val, b.val))
	}
	switch o {
	case opSgt, opUgt:
		return c.strict(o.strict(), b, a)
	case opSge, opUge:
		return c.not(c.strict(o.strict(), a, b))
	case opSle, opUle:
		return c.not(c.strict(o.strict(), b, a))
	}
	return c.strict(o, a, b)
}

// strict builds a < b (opSlt or opUlt); x < x is false.
func (c *Context) strict(o op, a, b *Term) *Term {
	if same(a, b) {
		return c.Bool(false)
	}
	return c.build(BoolSort(), expr{kind: compareExpr, op: o, args: []*Term{a, b}})
}

// same reports terms known equal: the same constant, or one structure.
func same(a, b *Term) bool {
	if a.concrete || b.concrete {
		return a.concrete && b.concrete && a.val == b.val
	}
	return a == b || a.key() == b.key()
}

// ZeroExt widens a to width (at least a's) with zero bits.
func (c *Context) ZeroExt(a *Term, width uint) *Term {
	c.enter()
	return c.extend("ZeroExt", a, width, false)
}

// SignExt widens a to width (at least a's) with copies of its sign bit.
func (c *Context) SignExt(a *Term, width uint) *Term {
	c.enter()
	return c.extend("SignExt", a, width, true)
}

// Trunc keeps the low width bits of a; width is at most a's.
func (c *Context) Trunc(a *Term, width uint) *Term {
	c.enter()
	return c.trunc("Trunc", a, width)
}

// Convert is Go's conversion between integer types: it widens a by its own
// signedness (signed reports whether the source type is signed), truncates
// it, or returns it unchanged.
func (c *Context) Convert(a *Term, width uint, signed bool) *Term {
	c.enter()
	w := c.wantBV("Convert", a)
	switch {
	case width > w:
		return c.extend("Convert", a, width, signed)
	case width < w:
		return c.trunc("Convert", a, width)
	}
	return a
}

func (c *Context) extend(what string, a *Term, width uint, signed bool) *Term {
	w := c.wantBV(what, a)
	s := BVSort(width)
	switch {
	case width < w:
		panic(fmt.Sprintf("solver: %s: cannot extend BV%d to BV%d", what, w, width))
	case width == w:
		return a
	case a.concrete && signed:
		return c.constant(s, foldSignExt(a.val, w, width))
	case a.concrete:
		return c.constant(s, a.val)
	case signed:
		return c.build(s, expr{kind: extendExpr, signed: true, args: []*Term{a}})
	}
	return c.build(s, expr{kind: extendExpr, args: []*Term{a}})
}

func (c *Context) trunc(what string, a *Term, width uint) *Term {
	w := c.wantBV(what, a)
	s := BVSort(width)
	switch {
	case width > w:
		panic(fmt.Sprintf("solver: %s: cannot truncate BV%d to BV%d", what, w, width))
	case width == w:
		return a
	case a.concrete:
		return c.constant(s, a.val&mask(width))
	}
	return c.build(s, expr{kind: truncExpr, args: []*Term{a}})
}
