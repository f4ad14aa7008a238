package solver

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestShrunk checks the values Shrunk gives the inputs of satisfiable
// stacks: the least in magnitude that keep every condition true, found
// from the conditions' own boundaries, others repaired around them.
func TestShrunk(t *testing.T) {
	tests := []struct {
		name  string
		stack func(c *Context) (stack []*Term, terms []Number, from map[*Term]uint64)
		want  []int64
	}{{
		// Pick(s, k) indexes s[k-1000] where k > 1000: k = 1001 will do.
		name: "a bound's boundary",
		stack: func(c *Context) ([]*Term, []Number, map[*Term]uint64) {
			k, n := c.FreshBV("k", 64), c.FreshBV("len", 64)
			stack := []*Term{c.Sgt(k, c.BV(64, 1000)), c.Eq(n, c.BV(64, 0)), c.Not(c.Ult(c.Sub(k, c.BV(64, 1000)), n))}
			return stack, []Number{{T: k}, {T: n, Unsigned: true}}, map[*Term]uint64{k: 1 << 62, n: 0}
		},
		want: []int64{1001, 0},
	}, {
		// A slice of a billion elements indexed at 2 and 3: its capacity
		// comes down to its length, which comes down to 4.
		name: "capacity, then length",
		stack: func(c *Context) ([]*Term, []Number, map[*Term]uint64) {
			n, capacity := c.FreshBV("len", 64), c.FreshBV("cap", 64)
			stack := []*Term{c.Ule(n, capacity), c.Ult(c.BV(64, 3), n)}
			return stack, []Number{{T: capacity, Unsigned: true}, {T: n, Unsigned: true}}, map[*Term]uint64{n: 1 << 30, capacity: 1<<30 + 7}
		},
		want: []int64{4, 4},
	}, {
		// An unsigned 2^64-1 is large, not -1: x > 1000 gives 1001.
		name: "unsigned",
		stack: func(c *Context) ([]*Term, []Number, map[*Term]uint64) {
			x := c.FreshBV("x", 64)
			return []*Term{c.Ugt(x, c.BV(64, 1000))}, []Number{{T: x, Unsigned: true}}, map[*Term]uint64{x: ^uint64(0)}
		},
		want: []int64{1001},
	}, {
		// The same as a signed number is -1, already small.
		name: "signed -1",
		stack: func(c *Context) ([]*Term, []Number, map[*Term]uint64) {
			x := c.FreshBV("x", 64)
			return []*Term{c.Ugt(x, c.BV(64, 1000))}, []Number{{T: x}}, map[*Term]uint64{x: ^uint64(0)}
		},
		want: []int64{-1},
	}, {
		// Of one magnitude, the non-negative value: 1, not -1.
		name: "-1 where 1 will do",
		stack: func(c *Context) ([]*Term, []Number, map[*Term]uint64) {
			x := c.FreshBV("x", 64)
			return []*Term{c.Not(c.Eq(x, c.BV(64, 0)))}, []Number{{T: x}}, map[*Term]uint64{x: ^uint64(0)}
		},
		want: []int64{1},
	}, {
		// A negative number stays negative, as small as allowed.
		name: "negative",
		stack: func(c *Context) ([]*Term, []Number, map[*Term]uint64) {
			x := c.FreshBV("x", 32)
			return []*Term{c.Slt(x, c.BV(32, 0xffffff9c))}, []Number{{T: x}}, map[*Term]uint64{x: 0x80000000}
		},
		want: []int64{-101},
	}, {
		// A length whose product with 2^62 must overflow (as bytes.Repeat
		// checks len(b) * count): no atom bounds it, and it comes down
		// from a billion to 4 by the powers of two.
		name: "overflowing product",
		stack: func(c *Context) ([]*Term, []Number, map[*Term]uint64) {
			n, k := c.FreshBV("len", 64), c.BV(64, 1<<62)
			overflows := c.Not(c.Eq(c.UDiv(c.Mul(n, k), k), n))
			return []*Term{overflows}, []Number{{T: n, Unsigned: true}}, map[*Term]uint64{n: 1<<30 + 5}
		},
		want: []int64{4},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewContext()
			defer c.Close()
			s := c.NewSolver()
			stack, terms, from := tt.stack(c)
			for _, a := range stack {
				s.Assert(a)
			}
			// Start from the given values, as Z3's model might have them.
			var pins []*Term
			for _, n := range terms {
				pins = append(pins, c.Eq(n.T, c.BV(n.T.Sort().Width(), from[n.T])))
			}
			if r := s.Check(c.And(pins...)); r != Sat {
				t.Fatalf("the stack with the starting values is %v, want sat", r)
			}
			m := s.Shrunk(s.Model(), terms)
			if m == nil {
				t.Fatal("Shrunk = nil")
			}
			var got []int64
			for _, n := range terms {
				got = append(got, m.Int64(n.T))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("values (-want +got):\n%s", diff)
			}
		})
	}
}
