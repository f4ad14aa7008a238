package solver

import (
	"fmt"
	"math"
	"testing"
)

// The float operations are checked the way crosscheck_test.go checks the
// bit-vector ones, but the queries go to Z3 itself, never through a
// Solver: the Solver's Go side would decide them by the very folding
// under test.

// z3Unsat asks Z3 whether the assertions can hold together, in a scope of
// its own on solver s.
func z3Unsat(t *testing.T, c *Context, s zsolver, assertions ...*Term) bool {
	t.Helper()
	c.z3().push(s)
	defer c.z3().pop(s, 1)
	for _, a := range assertions {
		c.z3().assert(s, c.astOf(a))
	}
	switch r, _ := c.z3().check(s, nil); r {
	case Unsat:
		return true
	case Sat:
		return false
	default:
		t.Fatalf("Z3 answered %v", r)
	}
	return false
}

// floatChecker compares an operation folded in Go over constants with the
// same operation built by Z3 over symbols equal to them.
type floatChecker struct {
	t    *testing.T
	c    *Context
	s    zsolver
	syms map[string]*Term
}

func (k *floatChecker) symbol(i int, s Sort) *Term {
	key := fmt.Sprint(i, s)
	if v, ok := k.syms[key]; ok {
		return v
	}
	v := k.c.FreshBV(fmt.Sprint("f", i), s.Width())
	k.syms[key] = v
	return v
}

func (k *floatChecker) check(name string, build func(...*Term) *Term, consts ...*Term) {
	k.t.Helper()
	folded := build(consts...)
	if !folded.IsConst() {
		k.t.Fatalf("%s: not folded: %v", describe(name, consts), folded)
	}
	var assertions []*Term
	syms := make([]*Term, len(consts))
	for i, a := range consts {
		syms[i] = k.symbol(i, a.Sort())
		assertions = append(assertions, k.c.Eq(syms[i], a))
	}
	sym := build(syms...)
	if sym.IsConst() {
		k.t.Fatalf("%s: built over symbols, it folded to %v", describe(name, consts), sym)
	}
	if !z3Unsat(k.t, k.c, k.s, append(assertions, k.c.Ne(sym, folded))...) {
		k.t.Errorf("%s: Go folds to %v, Z3 disagrees", describe(name, consts), folded)
	}
}

// floatEdges are the values where rounding, signs, NaN and the integer
// conversions' ranges change behaviour.
func floatEdges(w uint) []uint64 {
	if w == 32 {
		vals := []float32{0, 1, -1, 0.1, 1.5, -2.5, 3e9, -3e9, 16777217, math.MaxFloat32,
			math.SmallestNonzeroFloat32, float32(math.Inf(1)), float32(math.Inf(-1)), 1 << 63, 2e19}
		out := []uint64{1 << 31, 0x7fc00001} // -0 and a NaN with a payload
		for _, v := range vals {
			out = append(out, uint64(math.Float32bits(v)))
		}
		return out
	}
	vals := []float64{0, 1, -1, 0.1, 1.5, -2.5, 1e300, math.MaxFloat64, math.SmallestNonzeroFloat64,
		math.Inf(1), math.Inf(-1), 1 << 63, -(1 << 63), 1.8e19, 2e19, 1<<31 - 0.5, -(1 << 31) - 0.5,
		-(1 << 31) - 1, 3e9, -3e9, 1<<53 + 2, 70000.7, -300.2}
	out := []uint64{1 << 63, 0x7ff8000000000001}
	for _, v := range vals {
		out = append(out, math.Float64bits(v))
	}
	return out
}

func TestFloatOpsAgreeWithZ3(t *testing.T) {
	c := NewContext()
	defer c.Close()
	k := &floatChecker{t: t, c: c, s: c.z3().newSolver(simpleSolver), syms: map[string]*Term{}}
	binaries := []struct {
		name string
		f    func(*Context, *Term, *Term) *Term
	}{
		{"FAdd", (*Context).FAdd}, {"FSub", (*Context).FSub}, {"FMul", (*Context).FMul},
		{"FDiv", (*Context).FDiv}, {"FLt", (*Context).FLt}, {"FLe", (*Context).FLe},
		{"FEq", (*Context).FEq},
	}
	for _, w := range []uint{32, 64} {
		edges := floatEdges(w)
		for _, op := range binaries {
			for i, a := range edges {
				// Every value against a few, to keep Z3's work small.
				for _, b := range []uint64{edges[0], edges[2], edges[(i+5)%len(edges)], a} {
					k.check(op.name, binary(op.f, c), c.BV(w, a), c.BV(w, b))
				}
			}
		}
		for _, a := range edges {
			k.check("FSqrt", unary((*Context).FSqrt, c), c.BV(w, a))
			for _, to := range []uint{32, 64} {
				k.check(fmt.Sprint("FloatConvert", to), func(x ...*Term) *Term { return c.FloatConvert(x[0], to) }, c.BV(w, a))
			}
			for _, iw := range []uint{8, 16, 32, 64} {
				for _, sgn := range []bool{true, false} {
					name := fmt.Sprint("FloatToInt", iw, sgn)
					k.check(name, func(x ...*Term) *Term { return c.FloatToInt(x[0], iw, sgn) }, c.BV(w, a))
				}
			}
		}
	}
	for _, iw := range []uint{8, 32, 64} {
		for _, v := range dedupe(iw, 0, 1, 1<<53+1, 1<<24+1, 1<<63-1, 1<<63, 1<<63+1<<39+1, ^uint64(0), 0xa5a5a5a5a5a5a5a5) {
			for _, to := range []uint{32, 64} {
				for _, sgn := range []bool{true, false} {
					name := fmt.Sprint("IntToFloat", to, sgn)
					k.check(name, func(x ...*Term) *Term { return c.IntToFloat(x[0], to, sgn) }, c.BV(iw, v))
				}
			}
		}
	}
}

// TestFloatToIntIsAmd64s pins the out-of-range conversions to what the
// compiled code gives on amd64, measured there (Go calls the result
// implementation-dependent).
func TestFloatToIntIsAmd64s(t *testing.T) {
	c := NewContext()
	defer c.Close()
	tests := []struct {
		x      float64
		width  uint
		signed bool
		want   uint64
	}{
		{math.NaN(), 64, true, 0x8000000000000000},
		{math.Inf(1), 32, true, 0x80000000},
		{1e300, 16, true, 0},
		{3e9, 32, true, 0x80000000},
		{3e9, 32, false, 0xb2d05e00},
		{-3e9, 32, false, 0x4d2fa200},
		{5e9, 32, false, 0x2a05f200},
		{3e9, 16, false, 0},
		{70000, 16, true, 0x1170},
		{-300, 8, false, 0xd4},
		{1.8e19, 64, false, 0xf9ccd8a1c5080000},
		{2e19, 64, false, 0x8000000000000000},
		{-1, 64, false, 0xffffffffffffffff},
		{-2147483648.9, 32, true, 0x80000000},
		{-2.5, 64, true, 0xfffffffffffffffe},
	}
	for _, tt := range tests {
		got, _ := c.FloatToInt(c.BV(64, math.Float64bits(tt.x)), tt.width, tt.signed).Uint64()
		if got != tt.want {
			t.Errorf("FloatToInt(%g, %d, signed=%v) = %#x, want %#x", tt.x, tt.width, tt.signed, got, tt.want)
		}
	}
}

func TestFloatNaNAndZero(t *testing.T) {
	c := NewContext()
	defer c.Close()
	nan := c.BV(64, 0x7ff8000000000001)
	zero, negZero := c.BV(64, 0), c.BV(64, 1<<63)
	tests := []struct {
		name string
		got  *Term
		want bool
	}{
		{"NaN == NaN", c.FEq(nan, nan), false},
		{"NaN <= NaN", c.FLe(nan, nan), false},
		{"0 == -0", c.FEq(zero, negZero), true},
		{"-0 < 0", c.FLt(negZero, zero), false},
	}
	for _, tt := range tests {
		if got, _ := tt.got.BoolValue(); got != tt.want {
			t.Errorf("%s = %v, want %v", tt.name, got, tt.want)
		}
	}
	if got, _ := c.FDiv(zero, zero).Uint64(); got != nan64 {
		t.Errorf("0/0 = %#x, want amd64's NaN %#x", got, uint64(nan64))
	}
	if got, _ := c.FNeg(zero).Uint64(); got != 1<<63 {
		t.Errorf("-(0) = %#x, want -0", got)
	}
}

// TestGoModelPassesLevelsWithout looks for the latest kept model that
// satisfies the stack where the newest no longer does and the level
// below it kept none: it passes over that level (it dereferenced it:
// gods' arraylist.Contains, comparing input interfaces that may hold
// floats, ended in an internal error when its finding's model was read).
func TestGoModelPassesLevelsWithout(t *testing.T) {
	c := NewContext()
	defer c.Close()
	s := c.NewSolver()
	x := c.FreshBV("x", 64)
	s.Push()
	s.Assert(c.FLt(c.BV(64, math.Float64bits(1)), x))
	stale := &assignment{ctx: c, vals: map[*Term]uint64{x: math.Float64bits(0.5)}}
	s.keep(&cached{assignment: stale}) // depth 0 keeps none
	if a := s.goModel(); a != nil {
		t.Errorf("goModel = %v, want none: x = 0.5 is not above 1", a.vals)
	}
	fresh := &assignment{ctx: c, vals: map[*Term]uint64{x: math.Float64bits(3)}}
	s.keep(&cached{assignment: fresh})
	if a := s.goModel(); a != fresh {
		t.Errorf("goModel did not return the model that holds")
	}
}
