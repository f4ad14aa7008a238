package solver

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The tests in this file compare Go folding with Z3. For every operation
// and every combination of edge operands, the same operation is built once
// from constants (folded in Go) and once from symbols; Z3 is then asked
// whether the symbols, assumed equal to the constants, can make the
// symbolic result differ from the folded one. Only Unsat passes. The
// solver's chain is Z3Only: its Go side, which folds the same way, would
// otherwise answer every query itself.

var crossWidths = []uint{1, 8, 16, 32, 64}

// edgeValues returns 0, 1, 2, MaxInt, MinInt, -1 and an alternating
// pattern at width w, without duplicates.
func edgeValues(w uint) []uint64 {
	m := mask(w)
	return dedupe(w, 0, 1, 2, m>>1, m>>1+1, m, 0xa5a5a5a5a5a5a5a5)
}

// shiftCounts returns the interesting counts for shifting a value of width
// w by a count of width cw. The last two have low bits that a truncating
// implementation would mistake for small counts.
func shiftCounts(w, cw uint) []uint64 {
	return dedupe(cw, 0, 1, uint64(w-1), uint64(w), uint64(w+1), 255, 257, 1<<63|1, ^uint64(0))
}

// dedupe truncates vs to width w and drops repeats, keeping order.
func dedupe(w uint, vs ...uint64) []uint64 {
	var out []uint64
	for _, v := range vs {
		if v &= mask(w); !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// crossChecker holds a context and one solver that answers each query in
// its own scope. Asserting the operand equalities (rather than assuming
// them) lets Z3 substitute the constants and evaluate the operation,
// which is some fifty times faster for 64-bit division than the search
// that bit-blasting it would need.
type crossChecker struct {
	t      *testing.T
	c      *Context
	s      *Solver
	vars   map[string]*Term
	checks int
}

func newCrossChecker(t *testing.T) *crossChecker {
	c := NewContext()
	t.Cleanup(c.Close)
	k := &crossChecker{t: t, c: c, s: c.NewSolver(), vars: map[string]*Term{}}
	k.s.SetChain(Z3Only)
	t.Cleanup(func() {
		if k.s.Calls() < k.checks {
			t.Errorf("Z3 ran %d times for %d queries", k.s.Calls(), k.checks)
		}
	})
	return k
}

// symbol returns the operand symbol number i of sort s, the same one on
// every call so that Z3 sees the same symbolic operation again.
func (k *crossChecker) symbol(i int, s Sort) *Term {
	key := fmt.Sprint(i, s)
	if v, ok := k.vars[key]; ok {
		return v
	}
	var v *Term
	if s.IsBool() {
		v = k.c.FreshBool(fmt.Sprint("p", i))
	} else {
		v = k.c.FreshBV(fmt.Sprint("a", i), s.Width())
	}
	k.vars[key] = v
	return v
}

// check folds build over consts, rebuilds it over symbols, and asks Z3
// whether the two can differ.
func (k *crossChecker) check(name string, build func(args ...*Term) *Term, consts ...*Term) {
	k.t.Helper()
	folded := build(consts...)
	if !folded.IsConst() {
		k.t.Errorf("%s: not folded: %v", describe(name, consts), folded)
		return
	}
	k.s.Push()
	defer k.s.Pop()
	syms := make([]*Term, len(consts))
	for i, a := range consts {
		syms[i] = k.symbol(i, a.Sort())
		k.s.Assert(k.c.Eq(syms[i], a))
	}
	sym := build(syms...)
	k.s.Assert(k.c.Ne(sym, folded))
	k.checks++
	switch r := k.s.Check(); r {
	case Unsat:
	case Sat:
		k.t.Errorf("%s: Go folds to %v, Z3 says %s", describe(name, consts), folded, modelValue(k.s.Model(), sym))
	default:
		k.t.Errorf("%s: Z3 answered %v (%s)", describe(name, consts), r, k.s.ReasonUnknown())
	}
}

func describe(name string, args []*Term) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = a.String()
	}
	return fmt.Sprintf("%s(%s)", name, strings.Join(parts, ", "))
}

func modelValue(m *Model, t *Term) string {
	if t.Sort().IsBool() {
		return fmt.Sprint(m.Bool(t))
	}
	return numeralString(m.Uint64(t), t.Sort().Width())
}

// Method expressions adapted to check's variadic build function.
func binary(f func(*Context, *Term, *Term) *Term, c *Context) func(...*Term) *Term {
	return func(a ...*Term) *Term { return f(c, a[0], a[1]) }
}

func unary(f func(*Context, *Term) *Term, c *Context) func(...*Term) *Term {
	return func(a ...*Term) *Term { return f(c, a[0]) }
}

var binaryBVOps = []struct {
	name string
	f    func(*Context, *Term, *Term) *Term
}{
	{"Add", (*Context).Add}, {"Sub", (*Context).Sub}, {"Mul", (*Context).Mul},
	{"UDiv", (*Context).UDiv}, {"SDiv", (*Context).SDiv},
	{"URem", (*Context).URem}, {"SRem", (*Context).SRem},
	{"BitAnd", (*Context).BitAnd}, {"BitOr", (*Context).BitOr},
	{"BitXor", (*Context).BitXor}, {"AndNot", (*Context).AndNot},
	{"Shl", (*Context).Shl}, {"LShr", (*Context).LShr}, {"AShr", (*Context).AShr},
	{"Eq", (*Context).Eq}, {"Ne", (*Context).Ne},
	{"Ult", (*Context).Ult}, {"Ule", (*Context).Ule},
	{"Ugt", (*Context).Ugt}, {"Uge", (*Context).Uge},
	{"Slt", (*Context).Slt}, {"Sle", (*Context).Sle},
	{"Sgt", (*Context).Sgt}, {"Sge", (*Context).Sge},
}

func TestFoldingMatchesZ3Binary(t *testing.T) {
	for _, w := range crossWidths {
		t.Run(fmt.Sprint("BV", w), func(t *testing.T) {
			k := newCrossChecker(t)
			vs := edgeValues(w)
			for _, op := range binaryBVOps {
				for _, a := range vs {
					for _, b := range vs {
						k.check(op.name, binary(op.f, k.c), k.c.BV(w, a), k.c.BV(w, b))
					}
				}
			}
			t.Logf("%d queries", k.checks)
		})
	}
}

func TestFoldingMatchesZ3Unary(t *testing.T) {
	k := newCrossChecker(t)
	for _, w := range crossWidths {
		for _, a := range edgeValues(w) {
			k.check("Neg", unary((*Context).Neg, k.c), k.c.BV(w, a))
			k.check("BitNot", unary((*Context).BitNot, k.c), k.c.BV(w, a))
		}
	}
}

// Shift counts come in the value's width and in narrower and wider ones,
// since Go allows any unsigned count type.
func TestFoldingMatchesZ3Shifts(t *testing.T) {
	shifts := binaryBVOps[:0:0]
	for _, op := range binaryBVOps {
		switch op.name {
		case "Shl", "LShr", "AShr":
			shifts = append(shifts, op)
		}
	}
	if len(shifts) != 3 {
		t.Fatalf("found %d shifts in binaryBVOps, want 3", len(shifts))
	}
	for _, w := range crossWidths {
		t.Run(fmt.Sprint("BV", w), func(t *testing.T) {
			k := newCrossChecker(t)
			for _, cw := range []uint{1, 8, w, 64} {
				for _, op := range shifts {
					for _, x := range edgeValues(w) {
						for _, n := range shiftCounts(w, cw) {
							k.check(op.name, binary(op.f, k.c), k.c.BV(w, x), k.c.BV(cw, n))
						}
					}
				}
			}
			t.Logf("%d queries", k.checks)
		})
	}
}

func TestFoldingMatchesZ3Conversions(t *testing.T) {
	k := newCrossChecker(t)
	for _, from := range crossWidths {
		for _, to := range crossWidths {
			for _, v := range edgeValues(from) {
				a := k.c.BV(from, v)
				if to >= from {
					k.check(fmt.Sprint("ZeroExt", to), func(x ...*Term) *Term { return k.c.ZeroExt(x[0], to) }, a)
					k.check(fmt.Sprint("SignExt", to), func(x ...*Term) *Term { return k.c.SignExt(x[0], to) }, a)
				}
				if to <= from {
					k.check(fmt.Sprint("Trunc", to), func(x ...*Term) *Term { return k.c.Trunc(x[0], to) }, a)
				}
				for _, sig := range []bool{false, true} {
					name := fmt.Sprintf("Convert%d,%v", to, sig)
					k.check(name, func(x ...*Term) *Term { return k.c.Convert(x[0], to, sig) }, a)
				}
			}
		}
	}
}

func TestFoldingMatchesZ3Bool(t *testing.T) {
	k := newCrossChecker(t)
	c := k.c
	bools := []*Term{c.Bool(false), c.Bool(true)}
	ops := []struct {
		name string
		f    func(...*Term) *Term
	}{
		{"Not", unary((*Context).Not, c)},
		{"And", c.And},
		{"Or", c.Or},
		{"Implies", binary((*Context).Implies, c)},
		{"Eq", binary((*Context).Eq, c)},
		{"Ne", binary((*Context).Ne, c)},
		{"Ite", func(a ...*Term) *Term { return c.Ite(a[0], a[1], a[2]) }},
	}
	arity := map[string]int{"Not": 1, "Ite": 3, "And": 3, "Or": 3}
	for _, op := range ops {
		n := arity[op.name]
		if n == 0 {
			n = 2
		}
		for bits := range 1 << n {
			args := make([]*Term, n)
			for i := range args {
				args[i] = bools[bits>>i&1]
			}
			k.check(op.name, op.f, args...)
		}
	}
	// Ite also selects between bit-vectors.
	for _, cond := range bools {
		k.check("Ite", func(a ...*Term) *Term { return c.Ite(a[0], a[1], a[2]) }, cond, c.BV(8, 3), c.BV(8, 200))
	}
}

// TestDivisionByPowerOfTwo checks the shift and mask that replace unsigned
// division and remainder by a constant power of two, against Go, with the
// dividend symbolic (so the rewrite, not folding, computes the result).
func TestDivisionByPowerOfTwo(t *testing.T) {
	c := NewContext()
	defer c.Close()
	s := c.NewSolver()
	for _, w := range []uint{8, 16, 32, 64} {
		x := c.FreshBV("x", w)
		for _, k := range []uint{0, 1, 3, w - 1} {
			p := uint64(1) << k
			for _, a := range edgeValues(w) {
				s.Push()
				s.Assert(c.Eq(x, c.BV(w, a)))
				wrong := c.Or(
					c.Ne(c.UDiv(x, c.BV(w, p)), c.BV(w, a/p)),
					c.Ne(c.URem(x, c.BV(w, p)), c.BV(w, a%p)),
				)
				if k < w-1 {
					// Go's truncating signed division, computed at width w.
					sa, sp := signExtend(a, w), int64(p)
					wrong = c.Or(wrong,
						c.Ne(c.SDiv(x, c.BV(w, p)), c.BV(w, uint64(sa/sp))),
						c.Ne(c.SRem(x, c.BV(w, p)), c.BV(w, uint64(sa%sp))),
					)
				}
				if r := s.Check(wrong); r != Unsat {
					t.Errorf("BV%d: %#x / %d or %% %d differs from Go: %s", w, a, p, p, r)
				}
				s.Pop()
			}
		}
	}
}

func signExtend(v uint64, w uint) int64 {
	shift := 64 - w
	return int64(v<<shift) >> shift
}
