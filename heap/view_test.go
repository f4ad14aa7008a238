package heap

import (
	"go/types"
	"maps"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gosym/gosym/solver"
)

// viewHeap makes a heap holding three nodes, n1 -> n2 and n3 alone, and
// returns it with their ids.
func viewHeap(t *testing.T) (h *Heap, n1, n2, n3 ObjID) {
	t.Helper()
	ctx := solver.NewContext()
	t.Cleanup(ctx.Close)
	h = New(ctx, Config{Mode: LazierSharp, K: 3})
	node := nodeType()
	n1, n2, n3 = h.Alloc(node).Obj, h.Alloc(node).Obj, h.Alloc(node).Obj
	store(t, h, n1, 1, Ptr{Obj: n2})
	return h, n1, n2, n3
}

// store writes v into field i of object id.
func store(t *testing.T, h *Heap, id ObjID, i int, v Value) {
	t.Helper()
	if d := h.Store(Ptr{Obj: id, Path: Path("").Field(i)}, v); d != nil {
		t.Fatalf("store into o%d: a decision", id)
	}
}

// load reads field i of object id.
func load(t *testing.T, h *Heap, id ObjID, i int, typ types.Type) Value {
	t.Helper()
	v, d := h.Load(Ptr{Obj: id, Path: Path("").Field(i)}, typ)
	if d != nil {
		t.Fatalf("load from o%d: a decision", id)
	}
	return v
}

func TestView(t *testing.T) {
	h, n1, n2, n3 := viewHeap(t)
	tests := []struct {
		name  string
		base  View
		roots []Value
		want  []ObjID
	}{
		{"a node and what it links to", nil, []Value{Ptr{Obj: n1}}, []ObjID{n1, n2}},
		{"the last node", nil, []Value{Ptr{Obj: n2}}, []ObjID{n2}},
		{"through a struct value", nil, []Value{Struct{Fields: []Value{Scalar{h.ctx.BV(64, 1)}, Ptr{Obj: n3}}}}, []ObjID{n3}},
		{"with a base view", View{n3: true}, []Value{Ptr{Obj: n1}}, []ObjID{n1, n2, n3}},
		{"nothing", nil, []Value{Nil{}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := slices.Sorted(maps.Keys(h.View(tt.base, tt.roots)))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("View (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSameView(t *testing.T) {
	five := func(h *Heap) Value { return Scalar{h.ctx.BV(64, 5)} }
	tests := []struct {
		name   string
		change func(t *testing.T, a, b *Heap, n1, n2, n3 ObjID)
		want   bool
	}{
		{"unchanged", func(*testing.T, *Heap, *Heap, ObjID, ObjID, ObjID) {}, true},
		{"written outside the view", func(t *testing.T, _, b *Heap, _, _, n3 ObjID) {
			store(t, b, n3, 0, five(b))
		}, true},
		{"written inside the view", func(t *testing.T, _, b *Heap, _, n2, _ ObjID) {
			store(t, b, n2, 0, five(b))
		}, false},
		{"the same value written on both", func(t *testing.T, a, b *Heap, _, n2, _ ObjID) {
			store(t, a, n2, 0, five(a))
			store(t, b, n2, 0, five(b))
		}, true},
		{"different symbols written", func(t *testing.T, a, b *Heap, _, n2, _ ObjID) {
			store(t, a, n2, 0, Scalar{a.ctx.FreshBV("x", 64)})
			store(t, b, n2, 0, Scalar{b.ctx.FreshBV("x", 64)})
		}, false},
		{"one more object made", func(t *testing.T, _, b *Heap, _, _, _ ObjID) {
			b.Alloc(nodeType())
		}, false},
		{"an input object out of the view", func(t *testing.T, a, b *Heap, _, _, _ ObjID) {
			a.Alloc(nodeType())
			b.NewInputObject(nodeType(), 0)
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, n1, n2, n3 := viewHeap(t)
			a, b := h.Clone(), h.Clone()
			tt.change(t, a, b, n1, n2, n3)
			view := a.View(nil, []Value{Ptr{Obj: n1}})
			if got := a.SameView(b, view); got != tt.want {
				t.Errorf("SameView = %t, want %t", got, tt.want)
			}
		})
	}
}

// TestApply applies what a call did to one heap to another that agrees
// with the call's entry on what it could read, and differs elsewhere.
func TestApply(t *testing.T) {
	h, n1, n2, n3 := viewHeap(t)
	node := nodeType()
	entry := h.Clone()
	exit := entry.Clone()
	store(t, exit, n2, 0, Scalar{h.ctx.BV(64, 7)})
	n4 := exit.Alloc(node).Obj
	store(t, exit, n2, 1, Ptr{Obj: n4})
	target := entry.Clone()
	store(t, target, n3, 0, Scalar{h.ctx.BV(64, 9)})
	if !entry.SameView(target, entry.View(nil, []Value{Ptr{Obj: n1}})) {
		t.Fatal("the target does not agree with the entry")
	}
	target.Apply(entry, exit, entry.View(nil, []Value{Ptr{Obj: n1}}))
	intType := types.Typ[types.Int]
	got := []Value{
		load(t, target, n2, 0, intType), load(t, target, n2, 1, types.NewPointer(node)),
		load(t, target, n3, 0, intType), load(t, target, n4, 0, intType),
	}
	want := []Value{Scalar{h.ctx.BV(64, 7)}, Ptr{Obj: n4}, Scalar{h.ctx.BV(64, 9)}, Scalar{h.ctx.BV(64, 0)}}
	for i := range want {
		if !SameValue(got[i], want[i]) {
			t.Errorf("value %d after Apply: %v, want %v", i, got[i], want[i])
		}
	}
	if target.Counters() != exit.Counters() {
		t.Errorf("counters after Apply: %+v, want the exit's %+v", target.Counters(), exit.Counters())
	}
	// The entry and the exit are left as they were.
	if v := load(t, entry, n2, 0, intType); !SameValue(v, Scalar{h.ctx.BV(64, 0)}) {
		t.Errorf("the entry's n2.Val is %v after Apply", v)
	}
	if v := load(t, exit, n3, 0, intType); !SameValue(v, Scalar{h.ctx.BV(64, 0)}) {
		t.Errorf("the exit's n3.Val is %v after Apply", v)
	}
}
