package solver

import "fmt"

// This file computes operations on concrete operands in pure Go. Every
// function must agree bit for bit with the SMT-LIB semantics Z3 implements,
// including the total definitions of division by zero, because a folded
// term and the Z3 term it replaces must be interchangeable in any query.
// Values are kept zero-extended: bits above the width are always 0.

// mask returns the all-ones value of width w.
func mask(w uint) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<w - 1
}

// signed reads the low w bits of v as a two's-complement integer.
func signed(v uint64, w uint) int64 {
	s := 64 - w
	return int64(v<<s) >> s
}

// foldUnary computes a bit-vector unary operation at width w.
func foldUnary(o op, w uint, a uint64) uint64 {
	switch o {
	case opBVNot:
		return ^a & mask(w)
	case opNeg:
		return -a & mask(w)
	}
	panic(fmt.Sprintf("solver: internal: foldUnary(%v)", o))
}

// foldBinary computes a bit-vector operation with a bit-vector result, both
// operands of width w. Shifts take their count at width w too; see
// foldShift for counts of other widths.
func foldBinary(o op, w uint, a, b uint64) uint64 {
	m := mask(w)
	switch o {
	case opAdd:
		return (a + b) & m
	case opSub:
		return (a - b) & m
	case opMul:
		return (a * b) & m
	case opUDiv, opURem:
		return foldUnsignedDiv(o, w, a, b)
	case opSDiv, opSRem:
		return foldSignedDiv(o, w, a, b)
	case opBVAnd:
		return a & b
	case opBVOr:
		return a | b
	case opBVXor:
		return a ^ b
	case opShl, opLShr, opAShr:
		return foldShift(o, w, a, b)
	}
	panic(fmt.Sprintf("solver: internal: foldBinary(%v)", o))
}

// foldUnsignedDiv implements bvudiv and bvurem; SMT-LIB makes them total
// with x/0 = all ones and x%0 = x.
func foldUnsignedDiv(o op, w uint, a, b uint64) uint64 {
	if b == 0 {
		if o == opUDiv {
			return mask(w)
		}
		return a
	}
	if o == opUDiv {
		return a / b
	}
	return a % b
}

// foldSignedDiv implements bvsdiv and bvsrem. SMT-LIB defines them through
// bvudiv on magnitudes, which for a zero divisor gives x/0 = (x<0 ? 1 : -1)
// and x%0 = x. Otherwise they truncate like Go's / and %, and Go already
// defines MinInt / -1 = MinInt at 64 bits; narrower widths get the same
// answer by masking the exact int64 quotient.
func foldSignedDiv(o op, w uint, a, b uint64) uint64 {
	sa, sb := signed(a, w), signed(b, w)
	if sb == 0 {
		if o == opSRem {
			return a
		}
		if sa < 0 {
			return 1
		}
		return mask(w)
	}
	if o == opSDiv {
		return uint64(sa/sb) & mask(w)
	}
	return uint64(sa%sb) & mask(w)
}

// foldShift shifts x of width w by an unsigned count n of any width. Counts
// of w or more shift every bit out, which is both Go's rule and SMT-LIB's.
func foldShift(o op, w uint, x, n uint64) uint64 {
	if n >= uint64(w) {
		if o == opAShr && signed(x, w) < 0 {
			return mask(w)
		}
		return 0
	}
	switch o {
	case opShl:
		return (x << n) & mask(w)
	case opLShr:
		return x >> n
	case opAShr:
		return uint64(signed(x, w)>>n) & mask(w)
	}
	panic(fmt.Sprintf("solver: internal: foldShift(%v)", o))
}

// foldCompare computes a bit-vector comparison at width w.
func foldCompare(o op, w uint, a, b uint64) bool {
	sa, sb := signed(a, w), signed(b, w)
	switch o {
	case opEq:
		return a == b
	case opUlt:
		return a < b
	case opUle:
		return a <= b
	case opUgt:
		return a > b
	case opUge:
		return a >= b
	case opSlt:
		return sa < sb
	case opSle:
		return sa <= sb
	case opSgt:
		return sa > sb
	case opSge:
		return sa >= sb
	}
	panic(fmt.Sprintf("solver: internal: foldCompare(%v)", o))
}

// foldSignExt widens v from width from to width to, copying the sign bit.
func foldSignExt(v uint64, from, to uint) uint64 {
	return uint64(signed(v, from)) & mask(to)
}

// numeralString formats a concrete bit-vector the way Z3 prints numerals
// (hex when the width is a multiple of 4, binary otherwise), so a term
// prints the same whether or not its Z3 AST was ever created.
func numeralString(v uint64, w uint) string {
	if w%4 == 0 {
		return fmt.Sprintf("#x%0*x", int(w/4), v)
	}
	return fmt.Sprintf("#b%0*b", int(w), v)
}
