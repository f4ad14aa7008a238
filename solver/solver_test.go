package solver

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestResultString(t *testing.T) {
	got := []string{Unsat.String(), Sat.String(), Unknown.String(), Result(7).String()}
	want := []string{"unsat", "sat", "unknown", "Result(7)"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// solveUnique asserts cond about x, reads x from the model and checks that
// no other value satisfies cond.
func solveUnique(t *testing.T, c *Context, x, cond *Term) int64 {
	t.Helper()
	s := c.NewSolver()
	s.Assert(cond)
	if r := s.Check(); r != Sat {
		t.Fatalf("Check(%v) = %v, want sat", cond, r)
	}
	v := s.Model().Int64(x)
	if r := s.Check(c.Ne(x, c.BV(x.Sort().Width(), uint64(v)))); r != Unsat {
		t.Fatalf("%v has a solution other than x = %d", cond, v)
	}
	return v
}

func TestModelValues(t *testing.T) {
	c := NewContext()
	defer c.Close()
	k := func(w uint, v int64) *Term { return c.BV(w, uint64(v)) }
	tests := []struct {
		name  string
		width uint
		cond  func(x *Term) *Term
		want  int64
	}{
		{"x*3 == 21", 8, func(x *Term) *Term { return c.Eq(c.Mul(x, k(8, 3)), k(8, 21)) }, 7},
		{"x+200 == 10 wraps", 8, func(x *Term) *Term { return c.Eq(c.Add(x, k(8, 200)), k(8, 10)) }, 66},
		{"x*5 == 1 inverts mod 2^16", 16, func(x *Term) *Term { return c.Eq(c.Mul(x, k(16, 5)), k(16, 1)) }, -13107},
		{"-x == 5", 32, func(x *Term) *Term { return c.Eq(c.Neg(x), k(32, 5)) }, -5},
		{"x/7 == 3 && x%7 == 2", 64, func(x *Term) *Term {
			return c.And(c.Eq(c.UDiv(x, k(64, 7)), k(64, 3)), c.Eq(c.URem(x, k(64, 7)), k(64, 2)))
		}, 23},
		{"int64(x) == -2", 8, func(x *Term) *Term { return c.Eq(c.SignExt(x, 64), k(64, -2)) }, -2},
		{"uint8(x) == 0xab && x < 256", 64, func(x *Term) *Term {
			return c.And(c.Eq(c.Trunc(x, 8), k(8, 0xab)), c.Ult(x, k(64, 256)))
		}, 0xab},
		{"x<<4 == 0x30 && x < 16", 64, func(x *Term) *Term {
			return c.And(c.Eq(c.Shl(x, k(8, 4)), k(64, 0x30)), c.Ult(x, k(64, 16)))
		}, 3},
		{"Ite(x > 0, x, -x) == MinInt8", 8, func(x *Term) *Term {
			return c.Eq(c.Ite(c.Sgt(x, k(8, 0)), x, c.Neg(x)), k(8, -128))
		}, -128},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := c.FreshBV("x", tt.width)
			if got := solveUnique(t, c, x, tt.cond(x)); got != tt.want {
				t.Errorf("x = %d, want %d", got, tt.want)
			}
		})
	}
}

// x+1 < x holds exactly at the maximum, for both orders and every width:
// terms wrap like Go integers.
func TestWrapping(t *testing.T) {
	c := NewContext()
	defer c.Close()
	for _, w := range []uint{8, 16, 32, 64} {
		for _, signed := range []bool{false, true} {
			t.Run(fmt.Sprintf("BV%d signed=%v", w, signed), func(t *testing.T) {
				x := c.FreshBV("x", w)
				less, max := c.Ult, mask(w)
				if signed {
					less, max = c.Slt, mask(w)>>1
				}
				got := solveUnique(t, c, x, less(c.Add(x, c.BV(w, 1)), x))
				if uint64(got)&mask(w) != max {
					t.Errorf("x = %#x, want %#x", got, max)
				}
			})
		}
	}
}

// evalSymbolic applies build to fresh symbols equal to args and returns
// Z3's value for the result, so the operation goes through Z3, not folding.
func evalSymbolic(t *testing.T, c *Context, build func(a ...*Term) *Term, args ...*Term) int64 {
	t.Helper()
	s := c.NewSolver()
	syms := make([]*Term, len(args))
	for i, a := range args {
		syms[i] = c.FreshBV("a", a.Sort().Width())
		s.Assert(c.Eq(syms[i], a))
	}
	r := build(syms...)
	if r.IsConst() {
		t.Fatalf("%v was folded", r)
	}
	if got := s.Check(); got != Sat {
		t.Fatalf("Check = %v", got)
	}
	return s.Model().Int64(r)
}

func TestGoSemanticsInZ3(t *testing.T) {
	c := NewContext()
	defer c.Close()
	bin := func(f func(*Context, *Term, *Term) *Term) func(a ...*Term) *Term {
		return func(a ...*Term) *Term { return f(c, a[0], a[1]) }
	}
	k := func(w uint, v int64) *Term { return c.BV(w, uint64(v)) }
	tests := []struct {
		name  string
		build func(a ...*Term) *Term
		args  []*Term
		want  int64
	}{
		{"MinInt8 / -1", bin((*Context).SDiv), []*Term{k(8, -128), k(8, -1)}, -128},
		{"MinInt64 / -1", bin((*Context).SDiv), []*Term{k(64, -1<<63), k(64, -1)}, -1 << 63},
		{"-7 / 2 truncates", bin((*Context).SDiv), []*Term{k(32, -7), k(32, 2)}, -3},
		{"-7 % 2 follows the dividend", bin((*Context).SRem), []*Term{k(32, -7), k(32, 2)}, -1},
		{"7 % -2 follows the dividend", bin((*Context).SRem), []*Term{k(16, 7), k(16, -2)}, 1},
		{"int8 << uint64(200)", bin((*Context).Shl), []*Term{k(8, 1), k(64, 200)}, 0},
		{"int8(-100) >> 100", bin((*Context).AShr), []*Term{k(8, -100), k(64, 100)}, -1},
		{"uint64 >> uint8(200)", bin((*Context).LShr), []*Term{k(64, -1), k(8, 200)}, 0},
		{"1 << uint8(63)", bin((*Context).Shl), []*Term{k(64, 1), k(8, 63)}, -1 << 63},
		{"int16(-2) >> uint8(255)", bin((*Context).AShr), []*Term{k(16, -2), k(8, 255)}, -1},
		{"uint32 << (1<<32 + 1)", bin((*Context).Shl), []*Term{k(32, 1), k(64, 1<<32+1)}, 0},
		{"int8(-128) >> uint64(7)", bin((*Context).AShr), []*Term{k(8, -128), k(64, 7)}, -1},
		{"uint8(0x80) >> uint16(7)", bin((*Context).LShr), []*Term{k(8, 0x80), k(16, 7)}, 1},
		{"int64(int8(-3))", func(a ...*Term) *Term { return c.Convert(a[0], 64, true) }, []*Term{k(8, -3)}, -3},
		{"int64(uint8(253))", func(a ...*Term) *Term { return c.Convert(a[0], 64, false) }, []*Term{k(8, -3)}, 253},
		{"int8(300)", func(a ...*Term) *Term { return c.Convert(a[0], 8, true) }, []*Term{k(64, 300)}, 44},
		{"x &^ 0b0110", bin((*Context).AndNot), []*Term{k(8, 0b1111), k(8, 0b0110)}, 0b1001},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := evalSymbolic(t, c, tt.build, tt.args...); got != tt.want {
				t.Errorf("got %d, want %d", got, tt.want)
			}
		})
	}
}

// Checks of concrete terms are answered in Go: a false is Unsat, and a
// stack with nothing symbolic is Sat.
func TestCheckWithConcreteTerms(t *testing.T) {
	c := NewContext()
	defer c.Close()
	s := c.NewSolver()
	x := c.FreshBV("x", 8)
	type step struct {
		Result Result
		Calls  int
	}
	check := func(assumptions ...*Term) step { return step{s.Check(assumptions...), s.Calls()} }
	var got []step
	got = append(got, check())
	s.Assert(c.Bool(true))
	got = append(got, check())
	s.Push()
	s.Assert(c.Eq(c.BV(8, 1), c.BV(8, 2)))
	got = append(got, check())
	s.Push()
	s.Assert(c.Ult(x, c.BV(8, 9)))
	got = append(got, check())
	s.Pop()
	s.Pop()
	got = append(got, check(), check(c.Bool(false), c.Ult(x, c.BV(8, 9))), check(c.Bool(true)))
	want := []step{{Sat, 0}, {Sat, 0}, {Unsat, 0}, {Unsat, 0}, {Sat, 0}, {Unsat, 0}, {Sat, 0}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("steps (-want +got):\n%s", diff)
	}
}

// Checks that only repeat literals already on the stack, or negate them,
// are answered without Z3, and the model of one still comes from Z3. The
// last model is not reused here (see TestCheckDecidedByModel).
func TestCheckDecidedByLiterals(t *testing.T) {
	c := NewContext()
	defer c.Close()
	s := c.NewSolver()
	s.SetChain(NoModels)
	x := c.FreshBV("x", 8)
	small := c.Ult(x, c.BV(8, 9))
	type step struct {
		Result        Result
		Calls, Checks int
	}
	check := func(assumptions ...*Term) step {
		return step{s.Check(assumptions...), s.Calls(), s.Checks()}
	}
	var got []step
	s.Assert(small)
	got = append(got, check()) // Z3
	s.Push()
	s.Assert(c.Ult(x, c.BV(8, 9))) // the same literal again
	got = append(got, check())
	s.Push()
	s.Assert(c.Not(small))
	got = append(got, check())
	s.Pop()
	got = append(got, check(c.Not(small)), check(small))
	if m := s.Model(); m == nil || m.Uint64(x) >= 9 {
		t.Errorf("model of x < 9: %v", m)
	}
	s.Push()
	s.Assert(c.Ult(x, c.BV(8, 3))) // new: Z3 again
	got = append(got, check())
	s.Pop()
	s.Pop()
	got = append(got, check())
	want := []step{{Sat, 1, 1}, {Sat, 1, 2}, {Unsat, 1, 3}, {Unsat, 1, 4}, {Sat, 1, 5}, {Sat, 3, 6}, {Sat, 3, 7}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("steps (-want +got):\n%s", diff)
	}
}

func TestPushPopAndAssumptions(t *testing.T) {
	c := NewContext()
	defer c.Close()
	s := c.NewSolver()
	x := c.FreshBV("x", 8)
	s.Assert(c.Ult(x, c.BV(8, 10)))
	s.Push()
	s.Assert(c.Ugt(x, c.BV(8, 20)))
	type step struct {
		Result Result
		Depth  int
	}
	got := []step{{s.Check(), s.Depth()}}
	s.Pop()
	got = append(got, step{s.Check(), s.Depth()})
	got = append(got, step{s.Check(c.Eq(x, c.BV(8, 50))), s.Depth()})
	got = append(got, step{s.Check(c.Eq(x, c.BV(8, 5))), s.Depth()})
	if v := s.Model().Uint64(x); v != 5 {
		t.Errorf("under assumption x == 5, model has x = %d", v)
	}
	got = append(got, step{s.Check(c.Ugt(x, c.BV(8, 7))), s.Depth()})
	if v := s.Model().Uint64(x); v < 8 || v > 9 {
		t.Errorf("under assumption x > 7, model has x = %d", v)
	}
	// Assumptions need not be literals.
	got = append(got, step{s.Check(c.And(c.Ugt(x, c.BV(8, 2)), c.Ult(x, c.BV(8, 4)))), s.Depth()})
	if v := s.Model().Uint64(x); v != 3 {
		t.Errorf("under assumption 2 < x < 4, model has x = %d", v)
	}
	want := []step{{Unsat, 1}, {Sat, 0}, {Unsat, 0}, {Sat, 0}, {Sat, 0}, {Sat, 0}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("steps (-want +got):\n%s", diff)
	}
}

func TestModelLifetime(t *testing.T) {
	c := NewContext()
	defer c.Close()
	s := c.NewSolver()
	x, y, p := c.FreshBV("x", 16), c.FreshBV("y", 32), c.FreshBool("p")
	s.Assert(c.Eq(x, c.BV(16, 1234)))
	if s.Model() != nil {
		t.Error("Model before any Check is not nil")
	}
	s.Check()
	m := s.Model()
	if m == nil || s.Model() != m {
		t.Fatal("Model after Sat is nil or changes between calls")
	}
	// Unconstrained symbols still get values (model completion).
	_, _ = m.Uint64(y), m.Bool(p)
	s.Push()
	if s.Model() != nil {
		t.Error("Model after Push is not nil")
	}
	s.Assert(c.Eq(x, c.BV(16, 1)))
	if r := s.Check(); r != Unsat || s.Model() != nil {
		t.Errorf("Check = %v, Model %v; want unsat, nil", r, s.Model())
	}
	s.Pop()
	if got := m.Uint64(x); got != 1234 {
		t.Errorf("an earlier Model now says x = %d, want 1234", got)
	}
	if got := m.Int64(c.Add(x, c.BV(16, 0xffff))); got != 1233 {
		t.Errorf("model of x-1 = %d, want 1233", got)
	}
}

// factoring asserts on s that x*y is a 64-bit semiprime with both factors
// above 1: Z3 takes over 100,000 resource units, tenths of a second.
func factoring(c *Context, s *Solver) (x, y *Term) {
	const p, q = 4294967291, 4294967279 // the two largest 32-bit primes
	x, y = c.FreshBV("x", 64), c.FreshBV("y", 64)
	two32, one := c.BV(64, 1<<32), c.BV(64, 1)
	s.Assert(c.And(c.Ult(x, two32), c.Ult(y, two32), c.Ugt(x, one), c.Ugt(y, one)))
	s.Assert(c.Eq(c.Mul(x, y), c.BV(64, p*q)))
	return x, y
}

// A query that runs out of its budget is Unknown with a reason, the
// solver stays usable, and what Z3 spent is counted in Work: the same
// count in two runs, since it is work, not time.
func TestBudgetGivesUnknown(t *testing.T) {
	spent := func() uint64 {
		c := NewContext()
		defer c.Close()
		s := c.NewSolver()
		s.Push()
		x, _ := factoring(c, s)
		const budget = 50_000
		s.SetBudget(budget)
		if r := s.Check(); r != Unknown || s.ReasonUnknown() != spentLimit || s.Model() != nil {
			t.Errorf("Check = %v, reason %q, model %v; want unknown, %q, no model", r, s.ReasonUnknown(), s.Model(), spentLimit)
		}
		w := c.Work().Z3
		if w < budget || w > 2*budget {
			t.Errorf("Z3 spent %d units on a query with a budget of %d", w, budget)
		}
		s.Pop()
		if r := s.Check(c.Eq(c.Mul(x, c.BV(64, 3)), c.BV(64, 21))); r != Sat || s.ReasonUnknown() != "" {
			t.Errorf("after the budget ran out: Check = %v, reason %q", r, s.ReasonUnknown())
		}
		return c.Work().Z3
	}
	if first, again := spent(), spent(); first != again {
		t.Errorf("the same queries spent %d units, then %d", first, again)
	}
}

// A query the incremental solver does not settle goes to the fallback
// with the rest of the budget; when that runs out too, the reason is the
// same as the incremental solver's, and the fallback is charged its
// limit (see checkOn).
func TestFallbackBudget(t *testing.T) {
	c := NewContext()
	defer c.Close()
	s := c.NewSolver()
	// x³ + y³ = z³ has no solution in positive integers (small enough
	// not to wrap): bit-blasted, it takes Z3 long to refute.
	x, y, z := c.FreshBV("x", 64), c.FreshBV("y", 64), c.FreshBV("z", 64)
	cube := func(v *Term) *Term { return c.Mul(v, c.Mul(v, v)) }
	limit, zero := c.BV(64, 1<<20), c.BV(64, 0)
	s.Assert(c.And(c.Ult(x, limit), c.Ult(y, limit), c.Ult(z, limit), c.Ugt(x, zero), c.Ugt(y, zero), c.Ugt(z, zero)))
	s.Assert(c.Eq(c.Add(cube(x), cube(y)), cube(z)))
	const budget = escalateAfter + 200_000
	s.SetBudget(budget)
	if r := s.Check(); r != Unknown || s.ReasonUnknown() != spentLimit || s.Calls() != 2 {
		t.Fatalf("Check = %v, reason %q, %d runs of Z3; want unknown, %q, 2 runs", r, s.ReasonUnknown(), s.Calls(), spentLimit)
	}
	if w := c.Work().Z3; w < budget || w > budget+budget/10 {
		t.Errorf("charged %d units for a query with a budget of %d", w, budget)
	}
}

// A timeout, the safety net over the budget, also gives Unknown.
func TestTimeoutGivesUnknown(t *testing.T) {
	c := NewContext()
	defer c.Close()
	s := c.NewSolver()
	s.Push()
	x, _ := factoring(c, s)
	s.SetBudget(math.MaxUint32)
	s.SetTimeout(time.Millisecond)
	if r := s.Check(); r != Unknown || s.ReasonUnknown() == "" || s.Model() != nil {
		t.Errorf("Check = %v, reason %q, model %v; want unknown with a reason and no model", r, s.ReasonUnknown(), s.Model())
	}
	s.Pop()
	s.SetTimeout(0)
	if r := s.Check(c.Eq(c.Mul(x, c.BV(64, 3)), c.BV(64, 21))); r != Sat || s.ReasonUnknown() != "" {
		t.Errorf("after the timeout: Check = %v, reason %q", r, s.ReasonUnknown())
	}
}

// Comparisons that close a cycle through a strict edge are Unsat without
// Z3; a cycle of non-strict ones is not a contradiction, and Pop takes
// the edges of its scope away. The last model is not reused here.
func TestCheckDecidedByOrder(t *testing.T) {
	c := NewContext()
	defer c.Close()
	s := c.NewSolver()
	s.SetChain(NoModels)
	a, b, d := c.FreshBV("a", 64), c.FreshBV("b", 64), c.FreshBV("d", 64)
	type step struct {
		Result Result
		Calls  int
	}
	check := func(assumptions ...*Term) step { return step{s.Check(assumptions...), s.Calls()} }
	var got []step
	s.Assert(c.Slt(a, b))
	s.Assert(c.Sle(b, d))
	got = append(got, check())                   // Z3: a < b <= d
	got = append(got, check(c.Sgt(a, d)))        // a > d closes a < b <= d < a
	got = append(got, check(c.Sge(b, a)))        // b >= a is Not(b < a)... new to the stack: Z3
	got = append(got, check(c.Not(c.Sle(a, b)))) // b < a: cycle
	s.Push()
	s.Assert(c.Sle(d, b)) // d <= b <= d: no strict edge, a == ... allowed
	got = append(got, check())
	s.Assert(c.Slt(d, a)) // d < a < b <= d
	got = append(got, check())
	s.Pop()
	got = append(got, check(c.Ult(a, b)), check(c.Sge(d, a)))
	want := []step{{Sat, 1}, {Unsat, 1}, {Sat, 2}, {Unsat, 2}, {Sat, 3}, {Unsat, 3}, {Sat, 4}, {Sat, 5}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("steps (-want +got):\n%s", diff)
	}
}

// Each comparison is built from a strict one and Not, so that opposite
// conditions share an atom; x < x folds to false.
func TestComparisonsShareAtoms(t *testing.T) {
	c := NewContext()
	defer c.Close()
	x, y := c.FreshBV("x", 32), c.FreshBV("y", 32)
	pairs := []struct {
		name string
		a, b *Term
	}{
		{"x >= y is Not(x < y)", c.Sge(x, y), c.Not(c.Slt(x, y))},
		{"x > y is y < x", c.Sgt(x, y), c.Slt(y, x)},
		{"x <= y is Not(y < x)", c.Sle(x, y), c.Not(c.Slt(y, x))},
		{"x >=u y is Not(x <u y)", c.Uge(x, y), c.Not(c.Ult(x, y))},
		{"x <u x is false", c.Ult(x, x), c.Bool(false)},
		{"x <= x is true", c.Sle(x, x), c.Bool(true)},
		{"x == x is true", c.Eq(c.Add(x, y), c.Add(x, y)), c.Bool(true)},
	}
	for _, p := range pairs {
		if p.a.Identity() != p.b.Identity() {
			t.Errorf("%s: %s and %s differ", p.name, p.a, p.b)
		}
	}
}

// A check whose new conditions hold in the model of Z3's last Sat is Sat
// without Z3; one they do not hold in, or that Go cannot evaluate, goes
// to Z3, whose model is then the one reused. Pop keeps the model, which
// still satisfies what is left.
func TestCheckDecidedByModel(t *testing.T) {
	c := NewContext()
	defer c.Close()
	s := c.NewSolver()
	x, y := c.FreshBV("x", 16), c.FreshBV("y", 16)
	type step struct {
		Result Result
		Calls  int
	}
	check := func(assumptions ...*Term) step { return step{s.Check(assumptions...), s.Calls()} }
	var got []step
	s.Assert(c.Ne(c.Add(x, y), c.BV(16, 0)))
	got = append(got, check()) // x = y = 0 does not hold: Z3
	m := s.Model()
	vx, vy := m.Uint64(x), m.Uint64(y)
	inModel := c.Eq(c.Mul(x, c.BV(16, 3)), c.BV(16, 3*vx))
	notInModel := c.Not(c.Eq(y, c.BV(16, vy)))
	got = append(got, check(inModel))    // holds in the model: Go
	got = append(got, check(notInModel)) // Go changes y (repaired)
	vy = s.Model().Uint64(y)             // which Z3 then finds a model for
	s.Push()
	s.Assert(c.Eq(y, c.BV(16, vy)))
	got = append(got, check()) // the new model satisfies it: Go
	s.Assert(c.Eq(c.Mul(x, c.BV(16, 3)), c.BV(16, 3*(vx+1))))
	got = append(got, check()) // x changes, by a product Go does not invert: Z3
	z := c.FreshBV("z", 16)
	opaque := c.Forall([]*Term{z}, c.Ult(c.Add(x, z), x))
	got = append(got, check(opaque)) // false (z = 0), which Go cannot evaluate: Z3
	s.Pop()
	got = append(got, check()) // what is left holds in the last model: Go
	want := []step{{Sat, 1}, {Sat, 1}, {Sat, 1}, {Sat, 2}, {Sat, 3}, {Unsat, 4}, {Sat, 4}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("steps (-want +got):\n%s", diff)
	}
}

// step is a Check's answer and the count of Z3 runs after it.
type step struct {
	Result Result
	Calls  int
}

// asserting returns a function that asserts its terms on s, checks, and
// appends the step to got.
func asserting(s *Solver, got *[]step) func(ts ...*Term) {
	return func(ts ...*Term) {
		for _, t := range ts {
			s.Assert(t)
		}
		*got = append(*got, step{s.Check(), s.Calls()})
	}
}

// TestCheckFitsOrder checks the checks fitOrder decides in Go: orders
// and equalities between symbols and constants, and Boolean literals, get
// values without Z3; what it cannot fit (arithmetic the values break)
// goes to Z3.
func TestCheckFitsOrder(t *testing.T) {
	c := NewContext()
	defer c.Close()
	s := c.NewSolver()
	x, y, z := c.FreshBV("x", 64), c.FreshBV("y", 64), c.FreshBV("z", 64)
	red := c.FreshBool("red")
	var got []step
	check := asserting(s, &got)
	check(c.Slt(x, y))                              // x = 0, y = 1: Go
	check(c.Slt(y, z), red)                         // z = 2: Go
	check(c.Eq(y, c.BV(64, 5)), c.Not(c.Eq(x, z)))  // y = 5, z = 6, x = 0: Go
	check(c.Sle(z, c.BV(64, 6)))                    // holds: Go
	check(c.Eq(c.Mul(x, c.BV(64, 3)), c.BV(64, 9))) // x = 3 needs Z3
	check(c.Slt(z, x))                              // z < x < y < z: no Z3
	want := []step{{Sat, 0}, {Sat, 0}, {Sat, 0}, {Sat, 0}, {Sat, 1}, {Unsat, 1}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("steps (-want +got):\n%s", diff)
	}
}

// TestCheckDecidedByValues checks the Unsat answers given in Go: a
// condition false under the values the stack's equalities force (a
// constant, or a term of forced symbols), an order through two constants
// (5 < y < 3), and a signed and an unsigned order that the intervals of
// refutes set against each other.
func TestCheckDecidedByValues(t *testing.T) {
	c := NewContext()
	defer c.Close()
	s := c.NewSolver()
	x, y := c.FreshBV("x", 64), c.FreshBV("y", 64)
	type step struct {
		Result Result
		Calls  int
	}
	var got []step
	check := func(assumptions ...*Term) { got = append(got, step{s.Check(assumptions...), s.Calls()}) }
	s.Assert(c.Eq(x, c.BV(64, 6)))
	check(c.Not(c.Eq(c.Add(x, c.BV(64, 1)), c.BV(64, 7)))) // 6 + 1 != 7: Go
	z := c.FreshBV("z", 64)
	s.Push()
	s.Assert(c.Eq(c.Sub(x, c.BV(64, 1)), z)) // forces z = 5
	check(c.Eq(z, c.BV(64, 4)))              // Go
	s.Pop()
	s.Assert(c.Slt(c.BV(64, 5), y))
	check(c.Slt(y, c.BV(64, 3)))     // 5 < y < 3: Go
	check(c.Ugt(y, c.BV(64, 1<<63))) // y >u 2^63 holds for no y > 5 signed: intervals, Go
	check(c.Ult(y, c.BV(64, 3)))     // y <u 3 and 5 <s y: intervals, Go
	s.Push()
	s.Assert(c.Eq(x, c.BV(64, 7))) // x == 6 and x == 7
	check()
	s.Pop()
	check(c.Eq(y, c.BV(64, 9))) // Go
	want := []step{{Unsat, 0}, {Unsat, 0}, {Unsat, 0}, {Unsat, 0}, {Unsat, 0}, {Unsat, 0}, {Sat, 0}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("steps (-want +got):\n%s", diff)
	}
}

// TestCheckFitsDifferences checks the Sat answers given in Go for stacks
// of differences, as a balanced tree's heights and levels make them
// (h == l + 1, l < r + 1), the Unsat answers of the values that
// equalities with offsets force (0 == l - 1), and those forced in turn,
// also against what was asserted before them (r <= l, then r == l + 1),
// equalities that relate two symbols by different offsets, the forced
// values in the assignments made in Go, and the folding of x + c == x + d.
func TestCheckFitsDifferences(t *testing.T) {
	c := NewContext()
	defer c.Close()
	s := c.NewSolver()
	h, l, r := c.FreshBV("h", 64), c.FreshBV("l", 64), c.FreshBV("r", 64)
	one := c.BV(64, 1)
	var got []step
	check := asserting(s, &got)
	s.Push()
	check(c.Slt(c.BV(64, ^uint64(0)), l))      // l >= 0: Go
	check(c.Eq(h, c.Add(l, one)))              // h = l + 1: Go
	check(c.Slt(r, c.Add(l, one)), c.Ne(r, l)) // r < l + 1, r != l: r < l, Go
	check(c.Sle(c.Sub(h, one), r))             // h - 1 <= r: l <= r, so r == l: Unsat in Z3
	s.Pop()
	s.Push()
	check(c.Eq(c.BV(64, 0), c.Sub(l, one))) // forces l = 1: Go
	check(c.Eq(h, c.Sub(l, one)))           // forces h = 0: Go
	check(c.Eq(c.BV(64, 0), c.Sub(h, one))) // h = 1: Unsat in Go
	s.Pop()
	check(c.Sle(r, l), c.Eq(l, c.BV(64, 0))) // r <= l == 0: Go
	check(c.Eq(r, c.Add(l, one)))            // forces r = 1 > l: Unsat in Go
	s = c.NewSolver()
	check = asserting(s, &got)
	s.Push()
	x, y := c.FreshBV("x", 64), c.FreshBV("y", 64)
	check(c.Eq(x, c.Sub(y, one)))                      // nothing forced: Go
	check(c.Eq(x, one))                                // forces x = 1, then y = 2: Go
	check(c.Slt(c.BV(64, 2), c.Add(y, c.Sub(x, one)))) // 2 < 2: Unsat in Go
	s.Pop()
	s.Push()
	check(c.Eq(y, c.Add(x, one)))                     // y = x + 1: Go
	check(c.Eq(c.Add(y, one), c.Sub(x, c.BV(64, 2)))) // y = x - 3: Unsat in Go
	s.Pop()
	// An AVL node's height: forced by its child's, and fitted so.
	check(c.Eq(y, one))
	check(c.Eq(x, c.Add(one, c.Ite(c.Sle(c.BV(64, 0), y), y, c.BV(64, 0)))))
	want := []step{{Sat, 0}, {Sat, 0}, {Sat, 0}, {Unsat, 2}, {Sat, 2}, {Sat, 2}, {Unsat, 2}, {Sat, 2}, {Unsat, 2},
		{Sat, 0}, {Sat, 0}, {Unsat, 0}, {Sat, 0}, {Unsat, 0}, {Sat, 0}, {Sat, 0}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("steps (-want +got):\n%s", diff)
	}
	if e := c.Eq(c.Add(h, one), c.Add(h, c.BV(64, 2))); e.String() != "false" {
		t.Errorf("h + 1 == h + 2 is %s, want false", e)
	}
	if e := c.Eq(c.Sub(h, one), c.Add(h, c.BV(64, ^uint64(0)))); e.String() != "true" {
		t.Errorf("h - 1 == h + -1 is %s, want true", e)
	}
}

// The assertions made since the latest model without a check (append's
// bounds on the capacities it picks, new symbols that are 0 in every
// model so far) and a branch condition the model breaks are repaired in
// Go, a symbol per failing conjunct; a repair that would break what the
// model satisfied is not taken, and the answer stays right.
func TestCheckRepairsSeveralConditions(t *testing.T) {
	c := NewContext()
	defer c.Close()
	s := c.NewSolver()
	x, y := c.FreshBV("x", 64), c.FreshBV("y", 64)
	check := func(assumptions ...*Term) step { return step{s.Check(assumptions...), s.Calls()} }
	limit := c.BV(64, 1<<40)
	var got []step
	s.Assert(c.Ne(x, c.BV(64, 0)))
	s.Assert(c.Eq(c.Add(x, y), c.BV(64, 10)))
	got = append(got, check()) // Z3
	vx := s.Model().Uint64(x)
	cap1, cap2 := c.FreshBV("cap", 64), c.FreshBV("cap", 64)
	s.Push()
	s.Assert(c.And(c.Ule(c.BV(64, 1), cap1), c.Ule(cap1, limit)))
	s.Assert(c.And(c.Ule(c.BV(64, 2), cap2), c.Ule(cap2, limit)))
	got = append(got, check(c.Ult(cap1, cap2)))        // cap1 = 1, cap2 = 2: Go
	got = append(got, check(c.Ult(cap1, c.BV(64, 1)))) // against 1 <= cap1: Go
	s.Pop()
	// y = 10 - x holds in the model; y = 20 breaks it, and so does not
	// stand: x must change too.
	got = append(got, check(c.Eq(y, c.BV(64, 20)), c.Ne(x, c.BV(64, vx))))
	want := []step{{Sat, 1}, {Sat, 1}, {Unsat, 1}, {Sat, 2}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("steps (-want +got):\n%s", diff)
	}
}
