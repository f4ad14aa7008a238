package ssaexec

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/solver"
)

// Forked frames share their registers' chunks until one writes: a write
// on either side, in a chunk written before the fork or not, in the 64
// chunks owned has a bit for or past them, is seen by that side only.
func TestRegistersCopyOnWrite(t *testing.T) {
	const n = 70 * chunkSize // past the 64 chunks owned tracks
	values := make([]ssa.Value, n)
	addrs := make([]unsafe.Pointer, n)
	for i := range values {
		values[i] = &ssa.Const{} // distinct pointers: distinct values
		addrs[i] = addressOf(values[i])
	}
	index := newNumbering(addrs)
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

// A numbering finds each value's number, and no number for a value it
// was not given, whatever its size (its table wraps around and probes
// past collisions).
func TestNumbering(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 7, 64, 1000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			addrs := make([]unsafe.Pointer, n)
			for i := range addrs {
				addrs[i] = unsafe.Pointer(new(int))
			}
			index := newNumbering(addrs)
			var got []int
			for _, a := range addrs {
				i, ok := index.lookup(a)
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
			for range 100 {
				if i, ok := index.lookup(unsafe.Pointer(new(int))); ok {
					t.Fatalf("a value not numbered has number %d", i)
				}
			}
		})
	}
}

// A frame below the top that forks share is copied by each state that
// changes it while another holds it, and changed in place by the last:
// no state sees another's change.
func TestSharedFramesCopiedOnWrite(t *testing.T) {
	ctx := solver.NewContext()
	defer ctx.Close()
	caller, callee := &frame{pc: 1}, &frame{}
	s := &state{frames: []*frame{caller, callee}, heap: heap.New(ctx, heap.Config{})}
	forks := []*state{s, s.clone(), s.clone()}
	for i, st := range forks {
		st.own(0).pc = 10 + i
	}
	var got []int
	for _, st := range forks {
		got = append(got, st.frames[0].pc)
	}
	if diff := cmp.Diff([]int{10, 11, 12}, got); diff != "" {
		t.Errorf("callers' pcs (-want +got):\n%s", diff)
	}
	if forks[2].frames[0] != caller {
		t.Errorf("the last state to change the caller copied it: it held it alone")
	}
	if forks[0].frames[0] == caller || forks[1].frames[0] == caller {
		t.Errorf("a state changed the caller in place while another held it")
	}
}
