package ssaexec

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/ssafacts"
)

// Forked frames share their registers' chunks until one writes: a write
// on either side, in a chunk written before the fork or not, in the 64
// chunks owned has a bit for or past them, is seen by that side only.
func TestRegistersCopyOnWrite(t *testing.T) {
	const n = 70 * chunkSize // past the 64 chunks owned tracks
	values := make([]ssa.Value, n)
	for i := range values {
		values[i] = &ssa.Const{} // distinct pointers: distinct values
	}
	index := ssafacts.NumberValues(values)
	val := func(i int) heap.Value { return heap.Str{S: fmt.Sprint(i)} }
	r := newRegisters(index)
	written := []int{0, 9, 8*chunkSize + 1, 65 * chunkSize}
	for _, i := range written {
		r.set(values[i], val(i))
	}
	c := r.clone()
	tests := []struct {
		name       string
		at         int
		parentSees heap.Value
		childSees  heap.Value
	}{
		{"written chunk, parent writes", 0, val(-1), val(0)},
		{"written chunk, child writes", 9, val(9), val(-1)},
		{"unwritten chunk, child writes", 3 * chunkSize, nil, val(-1)},
		{"chunk past 64, parent writes", 65 * chunkSize, val(-1), val(65 * chunkSize)},
		{"chunk past 64, child writes", 65*chunkSize + 1, nil, val(-1)},
	}
	for _, tt := range tests {
		switch {
		case tt.parentSees == val(-1):
			r.set(values[tt.at], val(-1))
		case tt.childSees == val(-1):
			c.set(values[tt.at], val(-1))
		}
	}
	for _, tt := range tests {
		got := [2]heap.Value{r.at(values[tt.at]), c.at(values[tt.at])}
		if diff := cmp.Diff([2]heap.Value{tt.parentSees, tt.childSees}, got); diff != "" {
			t.Errorf("%s: (parent, child) (-want +got):\n%s", tt.name, diff)
		}
	}
	if got := c.at(values[8*chunkSize+1]); got != val(8*chunkSize+1) {
		t.Errorf("value bound before the fork, untouched since: child sees %v", got)
	}
}
