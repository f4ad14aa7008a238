package ssafacts

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"golang.org/x/tools/go/ssa"
)

// A numbering finds each value's number, and no number for a value it
// was not given, whatever its size (its table wraps around and probes
// past collisions).
func TestNumbering(t *testing.T) {
	t.Parallel()
	for _, n := range []int{0, 1, 2, 3, 7, 64, 1000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			values := make([]ssa.Value, n)
			for i := range values {
				values[i] = &ssa.Const{} // distinct pointers: distinct values
			}
			index := NumberValues(values)
			var got []int
			for _, v := range values {
				i, ok := index.Lookup(v)
				if !ok {
					i = -1
				}
				got = append(got, i)
			}
			want := make([]int, n)
			for i := range want {
				want[i] = i
			}
			if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("numbers (-want +got):\n%s", diff)
			}
			if index.Len() != n {
				t.Errorf("Len() = %d, want %d", index.Len(), n)
			}
			for range 100 {
				if i, ok := index.Lookup(&ssa.Const{}); ok {
					t.Fatalf("a value not numbered has number %d", i)
				}
			}
		})
	}
}
