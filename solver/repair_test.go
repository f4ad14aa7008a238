package solver

import (
	"testing"
)

// TestRepairKeepsVerifiedValues checks that a repair whose fit merges a
// deep chain of fits (see flatten) does not keep a model that breaks
// what the model it started from satisfied. Merging left out the
// chain's bottom fit, whose symbols took other values, and only the
// assertions over the repaired symbol were evaluated again: the bad
// model then satisfied a later check whose stack was unsat, and the
// model Z3 was asked for contradicted the Go side (a search of a merge
// of two slices ended in an internal error).
func TestRepairKeepsVerifiedValues(t *testing.T) {
	c := NewContext()
	defer c.Close()
	s := c.NewSolver()
	s.Push()
	// Forty symbols in [1, 3], held by the bottom fit of a model.
	xs := make([]*Term, 40)
	bottom := map[termID]uint64{}
	for i := range xs {
		xs[i] = c.FreshBV("x", 8)
		s.Assert(c.Ule(c.BV(8, 1), xs[i]))
		s.Assert(c.Ule(xs[i], c.BV(8, 3)))
		bottom[xs[i].key()] = 1
	}
	a := &assignment{ctx: c, vals: map[*Term]uint64{}, fit: &fitted{vals: bottom}}
	// Small fits over it, one per layer, up to the last layer allowed.
	for range maxFitLayers {
		a = s.over(a, map[termID]uint64{c.FreshBV("y", 8).key(): 0}, 0)
	}
	s.keep(&cached{a, s.total})

	// z is 0 in the model: the check repairs it.
	z := c.FreshBV("z", 8)
	s.Assert(c.Eq(z, c.BV(8, 5)))
	if got := s.Check(); got != Sat {
		t.Fatalf("Check = %v, want sat", got)
	}
	// The sum of two symbols in [1, 3] is never 0 in 8 bits: a kept
	// model with both at 0 would call this sat.
	s.Assert(c.Eq(c.Add(xs[0], xs[1]), c.BV(8, 0)))
	if got := s.Check(); got != Unsat {
		t.Errorf("Check after x0 + x1 == 0 = %v, want unsat", got)
	}
}
