package heap

import (
	"maps"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gosym/gosym/solver"
)

// TestInputTableForks checks that two heaps forked from one record the
// input locations each observes after the fork apart, in the rows of
// objects both hold and of objects one adds, while sharing what was
// observed before.
func TestInputTableForks(t *testing.T) {
	ctx := solver.NewContext()
	defer ctx.Close()
	val := func(n uint64) Value { return Scalar{T: ctx.BV(64, n)} }
	field := func(obj ObjID, i int) Loc { return Loc{Obj: obj, Path: Path("").Field(i)} }
	h := New(ctx, Config{})
	for range 3 {
		h.NewInputObject(nodeType(), 0) // objects 1 to 3
	}
	h.record(field(1, 0), val(10))
	h.record(field(2, 0), val(20))
	c := h.Clone()
	h.record(field(1, 1), val(11)) // a row both hold
	c.record(field(1, 1), val(91))
	c.record(field(3, 0), val(30)) // a row one adds
	d := c.Clone()
	d.record(field(3, 1), val(31))
	c.record(field(3, 1), val(39))
	read := func(h *Heap) map[Loc]uint64 {
		out := map[Loc]uint64{}
		for l, v := range h.inputs.all() {
			out[l], _ = v.(Scalar).T.Uint64()
		}
		if len(out) != h.inputs.len() {
			t.Errorf("len() = %d, want %d", h.inputs.len(), len(out))
		}
		return out
	}
	want := []map[Loc]uint64{
		{field(1, 0): 10, field(2, 0): 20, field(1, 1): 11},
		{field(1, 0): 10, field(2, 0): 20, field(1, 1): 91, field(3, 0): 30, field(3, 1): 39},
		{field(1, 0): 10, field(2, 0): 20, field(1, 1): 91, field(3, 0): 30, field(3, 1): 31},
	}
	got := []map[Loc]uint64{read(h), read(c), read(d)}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("inputs of the heap and its forks (-want +got):\n%s", diff)
	}
	if same := d.inputs.same(&c.inputs); same {
		t.Error("tables that differ in one value are the same")
	}
	e := d.Clone()
	if same := e.inputs.same(&d.inputs); !same || !maps.Equal(read(e), read(d)) {
		t.Error("a clone's table is not the same as its original's")
	}
}
