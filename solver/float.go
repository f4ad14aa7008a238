package solver

import (
	"fmt"
	"math"
	"slices"
)

// Floating point. A float is a bit-vector holding its IEEE 754 bits: width
// 32 is a float32, width 64 a float64. The operations round to nearest
// even, as Go's do, and Z3 computes them in its floating-point theory
// (fp.add and so on between fp.to_fp and fp.to_ieee_bv), so they are
// exact. Keeping the bits as the term makes a float a value like any
// other: it is stored, copied, compared for identity and printed as one.
//
// The one liberty is NaN's bits: every NaN an operation makes is written
// as the NaN amd64 makes for 0/0 (sign set, quiet bit set), which Z3
// cannot tell apart from the others. Only math.Float64bits sees the
// difference, and only when an operand was a NaN with another payload.
//
// Negation and absolute value change only the sign bit (BitXor, BitAnd),
// as the compiled code does.

const (
	nan32 = 0xffc00000
	nan64 = 0xfff8000000000000
)

// FAdd returns a + b for floats of one width.
func (c *Context) FAdd(a, b *Term) *Term { c.enter(); return c.floatArith(opFAdd, a, b) }

// FSub returns a - b for floats of one width.
func (c *Context) FSub(a, b *Term) *Term { c.enter(); return c.floatArith(opFSub, a, b) }

// FMul returns a * b for floats of one width.
func (c *Context) FMul(a, b *Term) *Term { c.enter(); return c.floatArith(opFMul, a, b) }

// FDiv returns a / b for floats of one width: division by zero gives an
// infinity or NaN, as in Go.
func (c *Context) FDiv(a, b *Term) *Term { c.enter(); return c.floatArith(opFDiv, a, b) }

// FSqrt returns the square root of a, correctly rounded as math.Sqrt's.
func (c *Context) FSqrt(a *Term) *Term {
	c.enter()
	w := c.wantFloat("FSqrt", a)
	return c.floatOp(opFSqrt, BVSort(w), a, nil)
}

// FNeg returns -a: a with its sign bit flipped, NaN included.
func (c *Context) FNeg(a *Term) *Term {
	c.enter()
	w := c.wantFloat("FNeg", a)
	c.noteFloatSymbol(a)
	return c.arith(opBVXor, a, c.constant(a.sort, 1<<(w-1)))
}

// FLt returns a < b, false when either is NaN.
func (c *Context) FLt(a, b *Term) *Term { c.enter(); return c.floatCompare(opFLt, a, b) }

// FLe returns a <= b, false when either is NaN.
func (c *Context) FLe(a, b *Term) *Term { c.enter(); return c.floatCompare(opFLe, a, b) }

// FEq returns a == b as Go's == on floats decides it: NaN equals nothing,
// not even itself, and -0 equals +0.
func (c *Context) FEq(a, b *Term) *Term { c.enter(); return c.floatCompare(opFEq, a, b) }

// FloatConvert converts a float to the float type of the given width (32
// or 64), rounding to nearest even.
func (c *Context) FloatConvert(a *Term, width uint) *Term {
	c.enter()
	w := c.wantFloat("FloatConvert", a)
	wantFloatWidth("FloatConvert", width)
	if w == width {
		return a
	}
	return c.floatOp(opFConv, BVSort(width), a, nil)
}

// IntToFloat converts an integer, signed or not, to the float type of the
// given width, rounding to nearest even as Go does.
func (c *Context) IntToFloat(a *Term, width uint, signed bool) *Term {
	c.enter()
	c.wantBV("IntToFloat", a)
	wantFloatWidth("IntToFloat", width)
	o := opUIntToF
	if signed {
		o = opSIntToF
	}
	return c.floatOp(o, BVSort(width), a, nil)
}

// FloatToInt converts a float to an integer of the given width, signed or
// not, truncating toward zero. Go leaves the result of an out-of-range
// conversion to the implementation; this is amd64's, which the witnesses
// run on: CVTTSD2SQ (to int64) and CVTTSD2SL (to int32) give the smallest
// integer of their width, a narrower result truncates the int32
// conversion, uint32 truncates the int64 one, and uint64 converts x-2^63
// for x >= 2^63 and sets the top bit.
func (c *Context) FloatToInt(a *Term, width uint, signed bool) *Term {
	c.enter()
	c.wantFloat("FloatToInt", a)
	if width != 8 && width != 16 && width != 32 && width != 64 {
		panic(fmt.Sprintf("solver: FloatToInt: width %d", width))
	}
	x := c.FloatConvert(a, 64) // exact
	switch {
	case width == 64 && !signed:
		cutoff := c.BV(64, math.Float64bits(1<<63))
		low := c.convertTo64(x)
		high := c.arith(opBVOr, c.convertTo64(c.floatArith(opFSub, x, cutoff)), c.BV(64, 1<<63))
		return c.ite(c.floatCompare(opFLt, x, cutoff), low, high)
	case width == 64:
		return c.convertTo64(x)
	case width == 32 && !signed:
		return c.trunc("FloatToInt", c.convertTo64(x), 32)
	}
	return c.trunc("FloatToInt", c.convertTo32(x), width)
}

// convertTo64 is CVTTSD2SQ: truncation when x is in (-2^63-1, 2^63), else
// the smallest int64 (NaN included, as its comparisons are false).
func (c *Context) convertTo64(x *Term) *Term {
	in := c.junction(opAnd, []*Term{
		c.floatCompare(opFLe, c.BV(64, math.Float64bits(-1<<63)), x),
		c.floatCompare(opFLt, x, c.BV(64, math.Float64bits(1<<63))),
	})
	return c.ite(in, c.floatOp(opFToSIntRaw, BVSort(64), x, nil), c.BV(64, 1<<63))
}

// convertTo32 is CVTTSD2SL: truncation when x is in (-2^31-1, 2^31), else
// the smallest int32.
func (c *Context) convertTo32(x *Term) *Term {
	in := c.junction(opAnd, []*Term{
		c.floatCompare(opFLt, c.BV(64, math.Float64bits(-1<<31-1)), x),
		c.floatCompare(opFLt, x, c.BV(64, math.Float64bits(1<<31))),
	})
	return c.ite(in, c.floatOp(opFToSIntRaw, BVSort(32), x, nil), c.BV(32, 1<<31))
}

func (c *Context) floatArith(o op, a, b *Term) *Term {
	w := c.wantFloat(o.String(), a)
	if c.wantFloat(o.String(), b) != w {
		panic(fmt.Sprintf("solver: %s: width mismatch: BV%d vs BV%d", o, w, b.sort.Width()))
	}
	return c.floatOp(o, a.sort, a, b)
}

func (c *Context) floatCompare(o op, a, b *Term) *Term {
	w := c.wantFloat(o.String(), a)
	if c.wantFloat(o.String(), b) != w {
		panic(fmt.Sprintf("solver: %s: width mismatch: BV%d vs BV%d", o, w, b.sort.Width()))
	}
	return c.floatOp(o, BoolSort(), a, b)
}

// floatOp builds (or folds) o on a and b (nil when o is unary), with a
// result of sort s.
func (c *Context) floatOp(o op, s Sort, a, b *Term) *Term {
	args := []*Term{a}
	if b != nil {
		args = append(args, b)
	}
	vals := make([]uint64, len(args))
	concrete := true
	for i, t := range args {
		vals[i] = t.val
		concrete = concrete && t.concrete
	}
	if concrete {
		return c.constant(s, foldFloat(o, a.sort.Width(), s.Width(), vals))
	}
	if o != opSIntToF && o != opUIntToF {
		for _, t := range args {
			c.noteFloatSymbol(t)
		}
	}
	return c.build(s, expr{kind: floatExpr, op: o, args: args})
}

// noteFloatSymbol records t as a float if it is a symbol.
func (c *Context) noteFloatSymbol(t *Term) {
	if t.concrete || t.expr.kind != symbolExpr {
		return
	}
	if c.floatSyms == nil {
		c.floatSyms = map[termID]uint{}
	}
	c.floatSyms[t.key()] = t.sort.Width()
}

// floatCandidates returns the values to try for a float symbol of width
// w: those floatFitted tries (ordinary ones first, then where a float's
// behaviour changes), a few large ones, and each value another float of t
// has under a, with its neighbours.
func floatCandidates(w uint, t *Term, a *assignment) []uint64 {
	var out []uint64
	for _, f := range slices.Concat(floatFitOrder, []float64{1 << 53, 1e300, -1e300}) {
		out = append(out, floatBits(f, w))
	}
	for _, v := range floatValuesIn(t, w, a, map[*Term]bool{}) {
		f := floatValue(v, w)
		out = append(out, floatBits(f, w), floatBits(math.Nextafter(f, math.Inf(1)), w), floatBits(math.Nextafter(f, math.Inf(-1)), w))
	}
	return out
}

// floatValuesIn returns the values under a of the operands of t's float
// operations that are not symbols, up to a few.
func floatValuesIn(t *Term, w uint, a *assignment, seen map[*Term]bool) []uint64 {
	if t.concrete || seen[t] || len(seen) > 64 {
		return nil
	}
	seen[t] = true
	var out []uint64
	for _, arg := range t.expr.args {
		if t.expr.kind == floatExpr && arg.sort.Width() == w && arg.expr.kind != symbolExpr {
			if v, ok := a.eval(arg); ok {
				out = append(out, v)
			}
		}
		out = append(out, floatValuesIn(arg, w, a, seen)...)
	}
	return out
}

func (c *Context) wantFloat(what string, t *Term) uint {
	w := c.wantBV(what, t)
	wantFloatWidth(what, w)
	return w
}

func wantFloatWidth(what string, w uint) {
	if w != 32 && w != 64 {
		panic(fmt.Sprintf("solver: %s: a float has width 32 or 64, not %d", what, w))
	}
}

// foldFloat computes a floating-point operation in Go; from is the width
// of the operands, to the result's (0 for Bool). Go's float arithmetic
// rounds to nearest even like Z3's fp theory; every NaN becomes amd64's.
func foldFloat(o op, from, to uint, args []uint64) uint64 {
	switch o {
	case opSIntToF, opUIntToF:
		return intToFloat(args[0], from, to, o == opSIntToF)
	}
	switch {
	case o == opFConv:
		return floatBits(floatValue(args[0], from), to)
	case o == opFToSIntRaw:
		// Only an in-range value is ever used (see FloatToInt); the
		// rest get the hardware's answer for definiteness.
		if t := math.Trunc(floatValue(args[0], from)); t >= -(1<<63) && t < 1<<63 {
			return uint64(int64(t)) & mask(to)
		}
		return 1 << (to - 1)
	case from == 32:
		a, b := operands(args, func(v uint64) float32 { return math.Float32frombits(uint32(v)) })
		r, cmp, isCmp := floatOpIn(o, a, b)
		if isCmp {
			return cmp
		}
		return floatBits(float64(r), 32)
	}
	a, b := operands(args, math.Float64frombits)
	r, cmp, isCmp := floatOpIn(o, a, b)
	if isCmp {
		return cmp
	}
	return floatBits(r, 64)
}

// operands reads the one or two operands of an operation.
func operands[F float32 | float64](args []uint64, read func(uint64) F) (a, b F) {
	a = read(args[0])
	if len(args) > 1 {
		b = read(args[1])
	}
	return a, b
}

// floatOpIn computes o in the precision of F, which rounds once, as the
// hardware does; a comparison's result is cmp.
func floatOpIn[F float32 | float64](o op, a, b F) (r F, cmp uint64, isCmp bool) {
	switch o {
	case opFAdd:
		return a + b, 0, false
	case opFSub:
		return a - b, 0, false
	case opFMul:
		return a * b, 0, false
	case opFDiv:
		return a / b, 0, false
	case opFSqrt:
		// For a float32, the float64 root rounded once more is correctly
		// rounded: float64 carries more than twice float32's precision
		// plus two bits.
		return F(math.Sqrt(float64(a))), 0, false
	case opFLt:
		return 0, bit(a < b), true
	case opFLe:
		return 0, bit(a <= b), true
	case opFEq:
		return 0, bit(a == b), true
	}
	panic(fmt.Sprintf("solver: internal: foldFloat(%v)", o))
}

// floatValue reads bits of width w as a float64; a float32 widens exactly.
func floatValue(bits uint64, w uint) float64 {
	if w == 32 {
		return float64(math.Float32frombits(uint32(bits)))
	}
	return math.Float64frombits(bits)
}

// intToFloat converts the integer v of width from to a float of width to,
// rounding once: float32(float64(x)) could round twice.
func intToFloat(v uint64, from, to uint, isSigned bool) uint64 {
	switch {
	case to == 32 && isSigned:
		return uint64(math.Float32bits(float32(signed(v, from))))
	case to == 32:
		return uint64(math.Float32bits(float32(v)))
	case isSigned:
		return math.Float64bits(float64(signed(v, from)))
	}
	return math.Float64bits(float64(v))
}

// floatBits writes f as a float of width w, rounding a float64 to float32
// where w is 32.
func floatBits(f float64, w uint) uint64 {
	if math.IsNaN(f) {
		if w == 32 {
			return nan32
		}
		return nan64
	}
	if w == 32 {
		return uint64(math.Float32bits(float32(f)))
	}
	return math.Float64bits(f)
}
