package ssaexec

import (
	"go/types"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestOrderFor checks which parameter types get a canonical order, and
// the literal the witness writes for each.
func TestOrderFor(t *testing.T) {
	pkg := types.NewPackage("example.com/p", "p")
	key := types.NewNamed(types.NewTypeName(0, pkg, "Key", nil), types.Typ[types.Uint8], nil)
	sig := func(param, result types.Type) types.Type {
		a, b := types.NewParam(0, nil, "x", param), types.NewParam(0, nil, "y", param)
		return types.NewSignatureType(nil, nil, nil, types.NewTuple(a, b), types.NewTuple(types.NewParam(0, nil, "", result)), false)
	}
	anyType := types.Universe.Lookup("any").Type()
	tests := []struct {
		name string
		t    types.Type
		want string // "" for no order
	}{
		{"less of ints", sig(types.Typ[types.Int], types.Typ[types.Bool]), "func(a, b int) bool { return a < b }"},
		{"compare of a named key", sig(key, types.Typ[types.Int]),
			"func(a, b p.Key) int { switch { case a < b: return -1; case a > b: return 1 }; return 0 }"},
		{"compare of any, as gods' comparators", sig(anyType, types.Typ[types.Int]),
			"func(a, b any) int { switch { case a.(int) < b.(int): return -1; case a.(int) > b.(int): return 1 }; return 0 }"},
		{"less of strings", sig(types.Typ[types.String], types.Typ[types.Bool]), "func(a, b string) bool { return a < b }"},
		{"floats are not ordered: NaN is below nothing", sig(types.Typ[types.Float64], types.Typ[types.Bool]), ""},
		{"a compare returning int64 is no ordering", sig(types.Typ[types.Int], types.Typ[types.Int64]), ""},
		{"not a function", types.Typ[types.Int], ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ""
			if o := orderFor(tt.t); o != nil {
				got = o.written().Literal(func(p *types.Package) string { return p.Name() })
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("order (-want +got):\n%s", diff)
			}
		})
	}
}

// TestEqualityFor checks which types get a canonical equality: those of
// an ordering that returns a bool.
func TestEqualityFor(t *testing.T) {
	sig := func(param, result types.Type) types.Type {
		a, b := types.NewParam(0, nil, "x", param), types.NewParam(0, nil, "y", param)
		return types.NewSignatureType(nil, nil, nil, types.NewTuple(a, b), types.NewTuple(types.NewParam(0, nil, "", result)), false)
	}
	api := newAPIIndex(nil, nil)
	tests := []struct {
		name string
		t    types.Type
		want string // "" for no equality
	}{
		{"eq of ints", sig(types.Typ[types.Int], types.Typ[types.Bool]), "func(a, b int) bool { return a == b }"},
		{"eq of strings", sig(types.Typ[types.String], types.Typ[types.Bool]), "func(a, b string) bool { return a == b }"},
		{"an int result is a compare", sig(types.Typ[types.Int], types.Typ[types.Int]), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ""
			if o := api.order(tt.t, true); o != nil {
				got = o.written().Literal(nil)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("equality (-want +got):\n%s", diff)
			}
			// The order of the same type is another value.
			if o := api.order(tt.t, false); o != nil && o.equal {
				t.Errorf("the order of %s is an equality", tt.t)
			}
		})
	}
}
