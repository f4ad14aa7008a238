package abstraction

import (
	"fmt"
	"go/types"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/solver"
)

// A value compared by identity keys on its structure with its terms set
// apart, in order: versions that print alike key alike.
func TestIdentityKey(t *testing.T) {
	c := solver.NewContext()
	defer c.Close()
	k, v := c.FreshBV("k", 64), c.FreshBV("v", 64)
	arr := &heap.Array{ID: 3, Len: c.BV(64, 2), Elem: types.Typ[types.Byte]}
	entries := func(val *solver.Term) *heap.MapStore {
		return &heap.MapStore{ID: 7, Entries: []heap.Entry{{Key: heap.Key{T: k}, Val: heap.Scalar{T: val}}},
			Key: types.Typ[types.Int], Elem: types.Typ[types.Int]}
	}
	type key struct {
		Key   string
		Terms []string
	}
	tests := []struct {
		name string
		v    heap.Value
		want key
	}{
		{"map version", entries(v), key{"*heap.MapStore:&{7 [{{# <nil> false} {#} false}] <nil> int int}", []string{"k!1", "v!2"}}},
		{"same version, other value", entries(c.Add(v, c.BV(64, 1))), key{"*heap.MapStore:&{7 [{{# <nil> false} {#} false}] <nil> int int}", []string{"k!1", "(bvadd v!2 #x0000000000000001)"}}},
		{"symbolic string", heap.SymStr{Arr: arr, Off: c.BV(64, 0), Len: k}, key{fmt.Sprintf("heap.SymStr:{%p # #}", arr), []string{"#x0000000000000000", "k!1"}}},
		{"symbolic interface", heap.SymIface{ID: 4}, key{"heap.SymIface:{4}", nil}},
	}
	for _, tt := range tests {
		s, terms := identityKey(tt.v)
		got := key{Key: s}
		for _, t := range terms {
			got.Terms = append(got.Terms, t.String())
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: key (-want +got):\n%s", tt.name, diff)
		}
	}
}
