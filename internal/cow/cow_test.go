package cow

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPutCopiesOnce checks that two holders of one map, neither owning
// it, each copy it at their first write and write in place after.
func TestPutCopiesOnce(t *testing.T) {
	t.Parallel()
	shared := map[string]int{"a": 1}
	const bit Owned = 1 << 3
	var o1, o2 Owned
	m1, m2 := shared, shared
	Put(&o1, bit, &m1, "b", 2)
	Put(&o2, bit, &m2, "c", 3)
	before := m1
	Put(&o1, bit, &m1, "d", 4)
	got := []map[string]int{shared, m1, m2}
	want := []map[string]int{{"a": 1}, {"a": 1, "b": 2, "d": 4}, {"a": 1, "c": 3}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("maps (-want +got):\n%s", diff)
	}
	if before["d"] != 4 {
		t.Error("the second write of an owned map copied it")
	}
	if o1 != bit || o2 != bit {
		t.Errorf("owned bits %b, %b; want %b", o1, o2, bit)
	}
	var none map[string]int
	var o3 Owned
	Put(&o3, 1, &none, "x", 1)
	if diff := cmp.Diff(map[string]int{"x": 1}, none); diff != "" {
		t.Errorf("Put into a nil map (-want +got):\n%s", diff)
	}
}

// TestWith checks that With leaves the map it was given as it was.
func TestWith(t *testing.T) {
	t.Parallel()
	m := map[int]bool{1: true}
	got := With(m, 2, false)
	if diff := cmp.Diff([]map[int]bool{{1: true}, {1: true, 2: false}}, []map[int]bool{m, got}); diff != "" {
		t.Errorf("maps (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[int]bool{3: true}, With(map[int]bool(nil), 3, true)); diff != "" {
		t.Errorf("With on a nil map (-want +got):\n%s", diff)
	}
}
