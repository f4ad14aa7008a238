package ssaexec

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gosym/gosym/solver"
)

// constants evaluates constant terms: the model of a message whose
// bounds are known.
type constants struct{}

func (constants) Int64(t *solver.Term) int64 {
	v, _ := t.Uint64()
	return int64(v)
}

func (constants) Uint64(t *solver.Term) uint64 {
	v, _ := t.Uint64()
	return v
}

func (constants) Bool(t *solver.Term) bool {
	b, _ := t.BoolValue()
	return b
}

// runtimeMessage returns what slicing panics with.
func runtimeMessage(slicing func()) (msg string) {
	defer func() { msg = fmt.Sprint(recover()) }()
	slicing()
	return "no panic"
}

// TestSliceBoundsMessage checks that a slice expression out of range is
// reported in the runtime's words: the check that fails first, in gc's
// order, each bound printed signed or unsigned as its type is.
func TestSliceBoundsMessage(t *testing.T) {
	c := solver.NewContext()
	defer c.Close()
	signed := func(v int64) sliceBound { return sliceBound{c.BV(64, uint64(v)), true} }
	unsigned := func(v uint64) sliceBound { return sliceBound{c.BV(64, v), false} }
	// The operands are variables, so that the compiler checks at run time.
	s, str, arr := make([]int, 2, 4), "abc", new([3]int)
	lo, hi, mx, neg := 1, 5, 5, -1
	var big uint = 0
	tests := []struct {
		name   string
		bounds sliceBounds
		want   func()
	}{
		{"high past the capacity", sliceBounds{lo: signed(1), hi: signed(5), max: signed(4), limit: "capacity", limitLen: c.BV(64, 4)},
			func() { _ = s[lo:hi] }},
		{"low past the high", sliceBounds{lo: signed(3), hi: signed(2), max: signed(4), limit: "capacity", limitLen: c.BV(64, 4)},
			func() { lo, hi := 3, 2; _ = s[lo:hi] }},
		{"negative low", sliceBounds{lo: signed(-1), hi: signed(2), max: signed(4), limit: "capacity", limitLen: c.BV(64, 4)},
			func() { _ = s[neg:] }},
		{"negative high", sliceBounds{lo: signed(0), hi: signed(-1), max: signed(4), limit: "capacity", limitLen: c.BV(64, 4)},
			func() { _ = s[:neg] }},
		{"unsigned low", sliceBounds{lo: unsigned(uint64(big - 1000)), hi: signed(2), max: signed(4), limit: "capacity", limitLen: c.BV(64, 4)},
			func() { _ = s[big-1000:] }},
		{"max past the capacity", sliceBounds{lo: signed(0), hi: signed(2), max: signed(5), three: true, limit: "capacity", limitLen: c.BV(64, 4)},
			func() { hi := 2; _ = s[0:hi:mx] }},
		{"high past the max", sliceBounds{lo: signed(0), hi: signed(3), max: signed(2), three: true, limit: "capacity", limitLen: c.BV(64, 4)},
			func() { hi, mx := 3, 2; _ = s[0:hi:mx] }},
		{"low past the high, three indices", sliceBounds{lo: signed(2), hi: signed(1), max: signed(3), three: true, limit: "capacity", limitLen: c.BV(64, 4)},
			func() { lo, hi, mx := 2, 1, 3; _ = s[lo:hi:mx] }},
		{"negative max", sliceBounds{lo: signed(0), hi: signed(0), max: signed(-1), three: true, limit: "capacity", limitLen: c.BV(64, 4)},
			func() { hi := 0; _ = s[0:hi:neg] }},
		{"string high past the length", sliceBounds{lo: signed(1), hi: signed(5), limit: "length", limitLen: c.BV(64, 3)},
			func() { _ = str[lo:hi] }},
		{"array high past the length", sliceBounds{lo: signed(1), hi: signed(5), max: signed(3), limit: "length", limitLen: c.BV(64, 3)},
			func() { _ = arr[lo:hi] }},
		{"array max past the length", sliceBounds{lo: signed(0), hi: signed(1), max: signed(5), three: true, limit: "length", limitLen: c.BV(64, 3)},
			func() { hi := 1; _ = arr[0:hi:mx] }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := runtimeMessage(tt.want)
			got := "runtime error: " + tt.bounds.message(constants{})
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("message (-runtime +gosym):\n%s", diff)
			}
		})
	}
}

// TestIndexMessage checks the same for an index out of range: negative,
// unsigned, and past the length.
func TestIndexMessage(t *testing.T) {
	c := solver.NewContext()
	defer c.Close()
	s := make([]int, 2)
	neg, past := -1, 5
	var zero uint = 0
	tests := []struct {
		name  string
		index sliceBound
		want  func()
	}{
		{"negative", sliceBound{c.BV(64, uint64(neg)), true}, func() { _ = s[neg] }},
		{"unsigned", sliceBound{c.BV(64, uint64(zero-1000)), false}, func() { _ = s[zero-1000] }},
		{"past the length", sliceBound{c.BV(64, 5), true}, func() { _ = s[past] }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := runtimeMessage(tt.want)
			got := "runtime error: " + indexMessage(constants{}, tt.index, c.BV(64, 2))
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("message (-runtime +gosym):\n%s", diff)
			}
		})
	}
}
