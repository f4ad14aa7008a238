package solver

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSymbols(t *testing.T) {
	c := NewContext()
	defer c.Close()
	x, y, b := c.FreshBV("x", 8), c.FreshBV("y", 8), c.FreshBool("b")
	term := c.And(c.Ult(c.Add(x, y), x), b, c.Eq(x, c.BV(8, 3)))
	var got []string
	for _, s := range c.Symbols(term, x, c.BV(8, 1)) {
		got = append(got, s.String())
	}
	want := []string{x.String(), y.String(), b.String()}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Symbols (-want +got):\n%s", diff)
	}
}

func TestSubstituteAndForall(t *testing.T) {
	c := NewContext()
	defer c.Close()
	x, y := c.FreshBV("x", 8), c.FreshBV("y", 8)
	tests := []struct {
		name string
		f    *Term
		want Result
	}{
		// x+1 with x := 254 is 255, so x+1 < 255 fails.
		{"substituted", c.Ult(c.Substitute(c.Add(x, c.BV(8, 1)), []*Term{x}, []*Term{c.BV(8, 254)}), c.BV(8, 255)), Unsat},
		{"substituted symbol", c.Not(c.Eq(c.Substitute(c.Add(x, y), []*Term{y}, []*Term{x}), c.Mul(x, c.BV(8, 2)))), Unsat},
		// No x is above every y; some x is at least every y (255).
		{"forall below", c.Forall([]*Term{y}, c.Ult(y, x)), Unsat},
		{"forall at most", c.Forall([]*Term{y}, c.Ule(y, x)), Sat},
		// Subsumption's shape: x = 3 implies some y with y = x and y > 2.
		{"implied existential", c.And(c.Eq(x, c.BV(8, 3)), c.Forall([]*Term{y}, c.Not(c.And(c.Eq(y, x), c.Ugt(y, c.BV(8, 2)))))), Unsat},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := c.NewSolver()
			s.Push()
			s.Assert(tt.f)
			if got := s.Check(); got != tt.want {
				t.Errorf("Check = %v, want %v", got, tt.want)
			}
			s.Pop()
		})
	}
}

// Substitute rebuilds a term operation by operation: what the new
// operands make constant folds, and the Go side evaluates the rest, so
// that a Solver decides it without Z3. Under a Forall, Z3 substitutes.
func TestSubstituteFolds(t *testing.T) {
	c := NewContext()
	defer c.Close()
	x, y, z := c.FreshBV("x", 8), c.FreshBV("y", 8), c.FreshBV("z", 8)
	b := c.FreshBool("b")
	tests := []struct {
		name     string
		term     *Term
		from, to []*Term
		want     string // the result, printed
		z3Runs   int    // of a Solver that checks the result alone
	}{
		{"offsets of one symbol", c.Eq(c.Sub(x, c.BV(8, 3)), c.Sub(y, c.BV(8, 2))), []*Term{y}, []*Term{x}, "false", 0},
		{"a constant operand", c.Ult(c.Add(x, y), c.BV(8, 9)), []*Term{x, y}, []*Term{c.BV(8, 4), c.BV(8, 6)}, "false", 0},
		{"strict order of a term and itself", c.Slt(x, y), []*Term{y}, []*Term{x}, "false", 0},
		{"implication with a false premise", c.Implies(c.Eq(x, y), b), []*Term{y}, []*Term{c.Add(x, c.BV(8, 1))}, "true", 0},
		{"shift, extension and ite", c.Eq(c.Ite(b, c.ZeroExt(c.Shl(x, z), 16), c.BV(16, 1)), c.BV(16, 0)), []*Term{z, b}, []*Term{c.BV(8, 8), c.Bool(true)}, "true", 0},
		{"left alone", c.Ult(x, y), []*Term{z}, []*Term{x}, c.Ult(x, y).String(), 0},
		{"under a forall", c.Forall([]*Term{z}, c.Ule(z, c.Add(x, z))), []*Term{x}, []*Term{c.BV(8, 0)}, "", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := c.Substitute(tt.term, tt.from, tt.to)
			if tt.want != "" && got.String() != tt.want {
				t.Errorf("Substitute = %s, want %s", got, tt.want)
			}
			s := c.NewSolver()
			s.Assert(got)
			s.Check()
			if s.Calls() != tt.z3Runs {
				t.Errorf("Z3 runs = %d, want %d", s.Calls(), tt.z3Runs)
			}
		})
	}
}

func TestSolveFor(t *testing.T) {
	c := NewContext()
	defer c.Close()
	x, y, z := c.FreshBV("x", 8), c.FreshBV("y", 8), c.FreshBV("z", 8)
	tests := []struct {
		name   string
		lhs    *Term
		solved bool
	}{
		{"symbol", x, true},
		{"sum", c.Add(c.Add(y, x), z), true},
		{"difference", c.Sub(y, c.Neg(c.Add(x, z))), true},
		{"subtrahend", c.Sub(y, x), true},
		{"twice", c.Add(x, x), false},
		{"product", c.Mul(x, y), false},
		{"absent", c.Add(y, z), false},
	}
	rhs := c.Add(z, c.BV(8, 7))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, ok := c.SolveFor(x, tt.lhs, rhs)
			if ok != tt.solved {
				t.Fatalf("solved = %v, want %v", ok, tt.solved)
			}
			if !ok {
				return
			}
			s := c.NewSolver()
			s.Assert(c.Not(c.Eq(c.Substitute(tt.lhs, []*Term{x}, []*Term{v}), rhs)))
			if r := s.Check(); r != Unsat {
				t.Errorf("lhs[x := %s] = rhs is not valid: %v", v, r)
			}
		})
	}
}

func TestCheckWithin(t *testing.T) {
	c := NewContext()
	defer c.Close()
	x, y := c.FreshBV("x", 64), c.FreshBV("y", 64)
	s := c.NewSolver()
	s.Push()
	s.Assert(c.Not(c.Eq(c.Mul(x, y), c.Mul(y, x))))
	if r := s.CheckWithin(100000); r != Unsat {
		t.Errorf("commutativity: %v, want unsat", r)
	}
	s.Pop()
	// No x is above every y, but Z3 does not find that out in 1000 units.
	s.Push()
	s.Assert(c.Forall([]*Term{y}, c.Ult(c.Mul(y, y), c.Add(x, c.Mul(x, y)))))
	if r := s.CheckWithin(1000); r != Unknown {
		t.Errorf("tiny budget: %v, want unknown", r)
	}
	s.Pop()
	// The budget does not stay on the solver.
	s.Assert(c.Ult(x, y))
	if r := s.Check(); r != Sat {
		t.Errorf("after CheckWithin: %v, want sat", r)
	}
}

func TestSplitOffset(t *testing.T) {
	c := NewContext()
	defer c.Close()
	n, m := c.FreshBV("n", 8), c.FreshBV("m", 8)
	one := c.BV(8, 1)
	tests := []struct {
		name string
		t    *Term
		base *Term // nil for a constant
		off  int64
	}{
		{"constant", c.BV(8, 250), nil, -6},
		{"symbol", n, n, 0},
		{"minus one twice", c.Sub(c.Sub(n, one), one), n, -2},
		{"constant first", c.Add(c.BV(8, 3), c.Sub(n, one)), n, 2},
		{"wraps", c.Add(c.Add(n, c.BV(8, 200)), c.BV(8, 100)), n, 44},
		{"symbolic sum", c.Add(c.Add(n, m), one), c.Add(n, m), 1},
		{"constant subtrahend only", c.Sub(one, n), c.Sub(one, n), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base, off := c.SplitOffset(tt.t)
			if off != tt.off {
				t.Errorf("offset %d, want %d", off, tt.off)
			}
			switch {
			case tt.base == nil && base != nil:
				t.Errorf("base %s, want none", base)
			case tt.base != nil && (base == nil || base.Identity() != tt.base.Identity()):
				t.Errorf("base %v, want %s", base, tt.base)
			}
		})
	}
}
