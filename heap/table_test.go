package heap

import (
	"testing"

	"github.com/gosym/gosym/solver"
)

// TestConstantTableRead checks a read of a constant string at a symbolic
// index, as bits.Len8 reads its table: one value, an ite per byte, that
// is the byte at each index, and whose terms grow with the table and not
// with its square.
func TestConstantTableRead(t *testing.T) {
	tests := []struct {
		name     string
		table    string
		maxNodes int
	}{
		// Per byte: its index, its value, the index's comparison and
		// the ite; some are shared.
		{"three bytes", "abc", 14},
		{"a table of 256", string(tableBytes(256)), 3*256 + 32},
	}
	for _, tt := range tests {
		ctx := solver.NewContext()
		h := New(ctx, Config{Mode: LazierSharp, K: 3})
		arr, _, _ := h.StrArray(Str{S: tt.table})
		i := ctx.FreshBV("i", 64)
		v, d := h.Elem(arr, i)
		if d != nil {
			t.Fatalf("%s: a decision of %d choices, want one value", tt.name, len(d.Choices))
		}
		term := v.(Scalar).T
		var named []*solver.Term
		e := ctx.NewEncoder(map[any]int{}, &named)
		if _, ok := e.Node(term); !ok {
			t.Fatalf("%s: the value cannot be encoded", tt.name)
		}
		if e.Len() > tt.maxNodes {
			t.Errorf("%s: the value has %d distinct terms, want at most %d", tt.name, e.Len(), tt.maxNodes)
		}
		s := ctx.NewSolver()
		for k := range len(tt.table) {
			// The value differs from the byte at k where i is k: never.
			at := ctx.Eq(i, ctx.BV(64, uint64(k)))
			if r := s.Check(at, ctx.Not(ctx.Eq(term, ctx.BV(8, uint64(tt.table[k]))))); r != solver.Unsat {
				t.Errorf("%s: the value at index %d may differ from %q: %v", tt.name, k, tt.table[k], r)
			}
		}
		ctx.Close()
	}
}

// tableBytes returns n bytes, each the length in bits of its index, as
// bits.Len8's table holds.
func tableBytes(n int) []byte {
	out := make([]byte, n)
	for k := range out {
		for b := k; b > 0; b >>= 1 {
			out[k]++
		}
	}
	return out
}
