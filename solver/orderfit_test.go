package solver

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNumberOrder checks the values numberOrder gives: the least from
// each symbol's start up that meet the order, equal terms alike, unequal
// ones apart where the order allows, and no values for a cycle through a
// strict comparison or through two constants.
func TestNumberOrder(t *testing.T) {
	c := NewContext()
	defer c.Close()
	sym := map[string]*Term{}
	for _, name := range []string{"a", "b", "c", "d"} {
		sym[name] = c.FreshBV(name, 8)
	}
	k := func(v uint64) *Term { return c.BV(8, v) }
	a, b, cc, d := sym["a"], sym["b"], sym["c"], sym["d"]
	lt := func(x, y *Term) orderAtom { return orderAtom{x, y, true} }
	le := func(x, y *Term) orderAtom { return orderAtom{x, y, false} }
	tests := []struct {
		name   string
		order  []orderAtom
		equal  [][2]*Term
		differ [][2]*Term
		start  map[string]int64
		want   map[string]uint64 // nil: no values
	}{
		{name: "chain", order: []orderAtom{lt(a, b), lt(b, cc)}, want: map[string]uint64{"a": 0, "b": 1, "c": 2}},
		{name: "loose", order: []orderAtom{le(a, b), le(b, cc)}, want: map[string]uint64{"a": 0, "b": 0, "c": 0}},
		{name: "cycle of <= is equal", order: []orderAtom{le(a, b), le(b, cc), le(cc, a), lt(a, d)},
			want: map[string]uint64{"a": 0, "b": 0, "c": 0, "d": 1}},
		{name: "cycle through <", order: []orderAtom{lt(a, b), le(b, a)}},
		{name: "strict self-comparison of equal terms", order: []orderAtom{lt(a, b)}, equal: [][2]*Term{{a, b}}},
		{name: "cycle through two constants", order: []orderAtom{le(k(3), a), le(a, k(4)), le(k(4), k(3))}},
		{name: "constant below", order: []orderAtom{lt(k(5), a), le(a, b)}, want: map[string]uint64{"a": 6, "b": 6}},
		{name: "equal to a constant", order: []orderAtom{lt(a, b)}, equal: [][2]*Term{{a, k(7)}},
			want: map[string]uint64{"a": 7, "b": 8}},
		{name: "unequal apart", order: []orderAtom{lt(a, cc), lt(b, cc)}, differ: [][2]*Term{{a, b}},
			want: map[string]uint64{"a": 0, "b": 1, "c": 2}},
		{name: "from the start values", order: []orderAtom{lt(a, b)}, start: map[string]int64{"a": 10, "b": 3},
			want: map[string]uint64{"a": 10, "b": 11}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := func(x *Term) int64 {
				for name, s := range sym {
					if s.key() == x.key() {
						return tt.start[name]
					}
				}
				t.Fatalf("start of a term that is no symbol: %v", x)
				return 0
			}
			vals, ok := numberOrder(tt.order, tt.equal, tt.differ, start)
			var got map[string]uint64
			if ok {
				got = map[string]uint64{}
				for name, s := range sym {
					if v, ok := vals[s.key()]; ok {
						got[name] = v
					}
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("values (-want +got):\n%s", diff)
			}
		})
	}
}
