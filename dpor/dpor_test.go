package dpor

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDependent checks which pairs of operations are dependent: two on
// one location, one of them a write, or one not known yet.
func TestDependent(t *testing.T) {
	t.Parallel()
	ch := Access{Obj: 3, Write: true}
	load := Access{Obj: 4, Path: ".0"}
	store := Access{Obj: 4, Path: ".0", Write: true}
	other := Access{Obj: 4, Path: ".1", Write: true}
	anything := Access{Any: true, Write: true}
	for _, tt := range []struct {
		name string
		a, b []Access
		want bool
	}{
		{"one channel", []Access{ch}, []Access{ch}, true},
		{"two loads", []Access{load}, []Access{load}, false},
		{"load and store", []Access{load}, []Access{store}, true},
		{"other field", []Access{store}, []Access{other}, false},
		{"unknown", []Access{anything}, []Access{load}, true},
		{"select", []Access{other, ch}, []Access{ch}, true},
		{"nil channel", []Access{}, []Access{ch}, false},
	} {
		if got := Dependent(tt.a, tt.b); got != tt.want {
			t.Errorf("%s: dependent = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestVectorClocks checks the clocks' join and update.
func TestVectorClocks(t *testing.T) {
	t.Parallel()
	var c VClock
	c = c.With(1, 4)
	d := VClock{2}.With(2, 7)
	tests := []struct {
		got, want VClock
	}{
		{c, VClock{-1, 4}},
		{d, VClock{2, -1, 7}},
		{c.Join(d), VClock{2, 4, 7}},
		{c.Join(nil), VClock{-1, 4}},
	}
	for i, tt := range tests {
		if diff := cmp.Diff(tt.want, tt.got); diff != "" {
			t.Errorf("%d: (-want +got)\n%s", i, diff)
		}
	}
	if got := c.Get(5); got != -1 {
		t.Errorf("get of an unknown goroutine = %d, want -1", got)
	}
}

// TestScheduleNode checks the order a node runs its backtrack set in,
// and that a goroutine not enabled there adds every one that is.
func TestScheduleNode(t *testing.T) {
	t.Parallel()
	n := &Node{Enabled: []int{2, 0, 1}, Backtrack: []int{2}}
	var order []int
	take := func() {
		id, ok := n.Next()
		if !ok {
			t.Fatal("next: none left")
		}
		order = append(order, id)
	}
	take()
	n.Add(1) // enabled: itself
	n.Add(1)
	take()
	n.Add(5) // not enabled at n: all that are
	take()
	if _, ok := n.Next(); ok {
		t.Error("next after every enabled goroutine ran: got one")
	}
	if diff := cmp.Diff([]int{2, 1, 0}, order); diff != "" {
		t.Errorf("order (-want +got)\n%s", diff)
	}
}

// TestRecordAndLastRace checks that an operation recorded after a
// dependent one is ordered after it (its clock joins the other's), so
// that the race between them is found before and not after.
func TestRecordAndLastRace(t *testing.T) {
	t.Parallel()
	ch := []Access{{Obj: 1, Write: true}}
	other := []Access{{Obj: 2, Write: true}}
	node := &Node{Enabled: []int{0, 1}}
	races := func(acc []Access) func(int, *Transition) bool {
		return func(_ int, t *Transition) bool { return Dependent(t.Acc, acc) }
	}
	var trans []Transition
	var c0, c1 VClock
	trans, c0 = Record(trans, 0, c0, ch, node)
	trans, c0 = Record(trans, 0, c0, other, nil)
	if got := LastRace(trans, 1, c1, races(ch)); got != 0 {
		t.Errorf("goroutine 1's operation on the channel races with transition %d, want 0", got)
	}
	if got := LastRace(trans, 1, c1, races([]Access{{Obj: 3, Write: true}})); got != -1 {
		t.Errorf("an operation on another channel races with transition %d, want none", got)
	}
	trans, c1 = Record(trans, 1, c1, ch, nil)
	if diff := cmp.Diff(VClock{0, 2}, c1); diff != "" {
		t.Errorf("goroutine 1's clock after its receive (-want +got):\n%s", diff)
	}
	if got := LastRace(trans, 1, c1, races(ch)); got != -1 {
		t.Errorf("after the receive, goroutine 1's next operation on the channel races with transition %d, want none: the earlier one happened before", got)
	}
	if got := LastRace(trans, 0, c0, races(ch)); got != 2 {
		t.Errorf("goroutine 0's next operation on the channel races with transition %d, want 2", got)
	}
}
