package solver

import "testing"

// TestIteEvaluatesTakenBranch checks that evaluating an ite reads its
// condition and the branch the condition takes, and not the other: a
// table read at a symbolic index is a chain of ites, one per entry, and
// a model reaches its value after the entries before its index.
func TestIteEvaluatesTakenBranch(t *testing.T) {
	c := NewContext()
	defer c.Close()
	x, y := c.FreshBV("x", 8), c.FreshBV("y", 8)
	// table is x's entry of a table of 200 entries, entry k being k+1.
	table := c.BV(8, 0)
	for k := 199; k >= 0; k-- {
		table = c.Ite(c.Eq(x, c.BV(8, uint64(k))), c.BV(8, uint64(k+1)), table)
	}
	tests := []struct {
		name    string
		term    *Term
		x       uint64
		want    uint64
		maxEval int
	}{
		// x = 2 takes the else branches of entries 0 and 1: three ites
		// and their three conditions.
		{"table's third entry", table, 2, 3, 6},
		{"beyond the table", c.Ite(c.Ult(x, c.BV(8, 200)), table, c.BV(8, 0)), 250, 0, 2},
		// y has no value in the partial fit: the branch over it is left
		// alone.
		{"unknown untaken branch", c.Ite(c.Eq(x, c.BV(8, 1)), c.BV(8, 7), c.Add(y, c.BV(8, 1))), 1, 7, 3},
	}
	for _, tt := range tests {
		a := &assignment{ctx: c, vals: map[*Term]uint64{}, fit: &fitted{vals: map[termID]uint64{x.key(): tt.x}, partial: true}}
		before := c.evaluated
		got, ok := a.eval(tt.term)
		if !ok || got != tt.want {
			t.Errorf("%s: eval = %d, %v; want %d, true", tt.name, got, ok, tt.want)
		}
		if n := int(c.evaluated - before); n > tt.maxEval {
			t.Errorf("%s: evaluated %d terms, want at most %d", tt.name, n, tt.maxEval)
		}
	}
}
