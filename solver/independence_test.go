package solver

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestIndependence checks constraint independence on three groups of
// products, which only Z3 decides, with the incremental solver given no
// resources, so that the fallback decides every query: a check about one group is asked over
// that group alone, its model keeps the other groups' values, and a check
// that joins two groups takes in all of both, transitively (w*x == 0
// with x odd forces w to 0, which w > 1 contradicts; a slice without
// x*y == 143 would let x be even). Validate has Z3 check every answer on
// the whole query; without independence the answers are the same.
func TestIndependence(t *testing.T) {
	tests := []struct {
		chain   Chain
		answers int // checks independence decided
	}{
		{Validate, 2},
		{Validate | NoIndependence, 0},
		{Cached, 2},
	}
	for _, tt := range tests {
		t.Run(tt.chain.String(), func(t *testing.T) {
			c := NewContext()
			defer c.Close()
			s := c.NewSolver()
			s.SetChain(tt.chain)
			s.escalate = 1
			bv := func(n uint64) *Term { return c.BV(8, n) }
			x, y, z, w, v := c.FreshBV("x", 8), c.FreshBV("y", 8), c.FreshBV("z", 8), c.FreshBV("w", 8), c.FreshBV("v", 8)
			product := func(a, b *Term, n uint64) {
				s.Assert(c.Eq(c.Mul(a, b), bv(n)))
				s.Assert(c.Ugt(a, bv(1)))
				s.Assert(c.Ugt(b, bv(1)))
			}
			product(x, y, 143)
			s.Assert(c.Eq(c.Mul(v, v), bv(9)))
			var got []Result
			got = append(got, s.Check())
			s.Push()
			product(z, w, 77)
			got = append(got, s.Check())
			m := s.Model()
			if m == nil {
				t.Fatal("no model of the second check")
			}
			vals := map[string]uint64{}
			for name, sym := range map[string]*Term{"x": x, "y": y, "z": z, "w": w, "v": v} {
				vals[name] = m.Uint64(sym)
			}
			for _, p := range [][3]any{{"x", "y", 143}, {"z", "w", 77}, {"v", "v", 9}} {
				a, b := vals[p[0].(string)], vals[p[1].(string)]
				if a*b%256 != uint64(p[2].(int)) {
					t.Errorf("model %v: %s*%s != %d", vals, p[0], p[1], p[2])
				}
			}
			s.Push()
			s.Assert(c.Eq(c.Mul(w, x), bv(0)))
			got = append(got, s.Check())
			if diff := cmp.Diff([]Result{Sat, Sat, Unsat}, got); diff != "" {
				t.Errorf("answers (-want +got):\n%s", diff)
			}
			if s.independentAnswers != tt.answers {
				t.Errorf("independence decided %d checks, want %d", s.independentAnswers, tt.answers)
			}
		})
	}
}

// TestSlice checks which conditions a slice takes: those sharing a
// symbol with the new ones, transitively, and none where every condition
// is joined to them or a term hides its symbols.
func TestSlice(t *testing.T) {
	c := NewContext()
	defer c.Close()
	s := c.NewSolver()
	x, y, z, w := c.FreshBV("x", 8), c.FreshBV("y", 8), c.FreshBV("z", 8), c.FreshBV("w", 8)
	xy := c.Ult(x, y)
	yz := c.Ult(y, z)
	wOnly := c.Ult(w, c.BV(8, 9))
	z1 := c.Eq(z, c.BV(8, 1))
	hidden := c.Forall([]*Term{y}, c.Ule(y, c.BV(8, 200)))
	tests := []struct {
		name           string
		checked, fresh []*Term
		want           []*Term // nil: no slice
	}{
		{"transitive", []*Term{xy, wOnly, yz}, []*Term{z1}, []*Term{z1, yz, xy}},
		{"all joined", []*Term{xy, yz}, []*Term{c.Eq(x, z)}, nil},
		{"a hidden symbol", []*Term{xy, hidden, wOnly}, []*Term{c.Eq(x, z)}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _, ok := s.slice(tt.checked, tt.fresh)
			if ok != (tt.want != nil) {
				t.Fatalf("slice given: %v, want %v", ok, tt.want != nil)
			}
			if diff := cmp.Diff(tt.want, got, cmp.Transformer("term", func(t *Term) string { return t.String() })); diff != "" {
				t.Errorf("slice (-want +got):\n%s", diff)
			}
		})
	}
}
