package solver

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNonlinearFit checks the checks over products and remainders that
// the Go side's guesses decide, each with a model that satisfies the
// query, and those it must leave to Z3: an unsatisfiable one, and one
// whose only models are values it does not guess.
func TestNonlinearFit(t *testing.T) {
	tests := []struct {
		name  string
		query func(c *Context) (stack []*Term, assumption *Term)
		want  step
	}{{
		// A ring buffer's index (start + i) % len(buf), negative for a
		// negative start: len 2 with a capacity to hold it, start -1.
		name: "remainder out of range",
		query: func(c *Context) ([]*Term, *Term) {
			n, capacity := c.FreshBV("len", 64), c.FreshBV("cap", 64)
			start, i := c.FreshBV("start", 64), c.FreshBV("i", 64)
			stack := []*Term{c.Ule(n, capacity), c.Ule(capacity, c.BV(64, 1<<31-1)), c.Ne(n, c.BV(64, 0)), c.Sge(i, c.BV(64, 0))}
			return stack, c.Not(c.Ult(c.SRem(c.Add(start, i), n), n))
		},
		want: step{Sat, 0},
	}, {
		name: "product of positives wraps",
		query: func(c *Context) ([]*Term, *Term) {
			w, h := c.FreshBV("w", 32), c.FreshBV("h", 32)
			zero := c.BV(32, 0)
			return []*Term{c.Sgt(w, zero), c.Sgt(h, zero)}, c.Slt(c.Mul(w, h), zero)
		},
		want: step{Sat, 0},
	}, {
		name: "unsigned remainder within its divisor",
		query: func(c *Context) ([]*Term, *Term) {
			x, n := c.FreshBV("x", 8), c.FreshBV("n", 8)
			return []*Term{c.Ne(n, c.BV(8, 0))}, c.Uge(c.URem(x, n), n)
		},
		want: step{Unsat, 1},
	}, {
		name: "factors of 391",
		query: func(c *Context) ([]*Term, *Term) {
			x, y := c.FreshBV("x", 16), c.FreshBV("y", 16)
			one, hundred := c.BV(16, 1), c.BV(16, 100)
			stack := []*Term{c.Ugt(x, one), c.Ugt(y, one), c.Ult(x, hundred), c.Ult(y, hundred)}
			return stack, c.Eq(c.Mul(x, y), c.BV(16, 391))
		},
		want: step{Sat, 1},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewContext()
			defer c.Close()
			s := c.NewSolver()
			stack, assumption := tt.query(c)
			for _, a := range stack {
				s.Assert(a)
			}
			got := step{s.Check(assumption), s.Calls()}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Fatalf("check (-want +got):\n%s", diff)
			}
			if got.Result != Sat {
				return
			}
			m := s.Model()
			for _, a := range append(stack, assumption) {
				if !m.Bool(a) {
					t.Errorf("the model falsifies %v", a)
				}
			}
		})
	}
}

// TestCheckOptional checks that an optional check leaves a nonlinear
// query the Go side does not decide to nobody, and decides the others as
// Check does.
func TestCheckOptional(t *testing.T) {
	c := NewContext()
	defer c.Close()
	s := c.NewSolver()
	x, y := c.FreshBV("x", 16), c.FreshBV("y", 16)
	s.Assert(c.Ugt(x, c.BV(16, 1)))
	s.Assert(c.Ugt(y, c.BV(16, 1)))
	var got []step
	check := func(r Result) { got = append(got, step{r, s.Calls()}) }
	check(s.CheckOptional(c.Eq(c.Mul(x, y), c.BV(16, 391)))) // no guess: left
	check(s.CheckOptional(c.Eq(c.Mul(x, y), c.BV(16, 4))))   // x = y = 2: Go
	check(s.CheckOptional(c.Eq(c.Add(x, y), c.BV(16, 391)))) // linear: Z3, as Check
	check(s.Check(c.Eq(c.Mul(x, y), c.BV(16, 391))))         // Z3
	want := []step{{Unknown, 0}, {Sat, 0}, {Sat, 1}, {Sat, 2}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("steps (-want +got):\n%s", diff)
	}
}

// TestAbsorbed checks the terms a partial assignment evaluates though an
// operand is unknown, because another decides them, and those it leaves
// unknown.
func TestAbsorbed(t *testing.T) {
	c := NewContext()
	defer c.Close()
	x, y := c.FreshBV("x", 8), c.FreshBV("y", 8) // x unknown, y known
	p, q := c.FreshBool("p"), c.FreshBool("q")   // p unknown, q false
	under := &assignment{ctx: c, vals: map[*Term]uint64{},
		fit: &fitted{vals: map[termID]uint64{y.key(): 0, q.key(): 0}, partial: true}}
	type value struct {
		V  uint64
		OK bool
	}
	tests := []struct {
		name string
		t    *Term
		want value
	}{
		{"false conjunct", c.And(p, q), value{0, true}},
		{"true disjunct", c.Or(p, c.Not(q)), value{1, true}},
		{"false antecedent", c.Implies(q, p), value{1, true}},
		{"remainder by one", c.URem(x, c.Add(y, c.BV(8, 1))), value{0, true}},
		{"signed remainder by one", c.SRem(x, c.Add(y, c.BV(8, 1))), value{0, true}},
		{"product by zero", c.Mul(x, y), value{0, true}},
		{"and with zero", c.BitAnd(x, y), value{0, true}},
		{"or with ones", c.BitOr(x, c.BitNot(y)), value{0xff, true}},
		{"comparison of an absorbed", c.Ult(c.Mul(x, y), c.BV(8, 1)), value{1, true}},
		{"sum", c.Add(x, y), value{0, false}},
		{"remainder by two", c.URem(x, c.Add(y, c.BV(8, 2))), value{0, false}},
		{"true conjunct", c.And(p, c.Not(q)), value{0, false}},
	}
	for _, tt := range tests {
		v, ok := under.eval(tt.t)
		got := value{v, ok}
		if !ok {
			got.V = 0
		}
		if got != tt.want {
			t.Errorf("%s: eval(%v) = %+v, want %+v", tt.name, tt.t, got, tt.want)
		}
	}
}
