package heap

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gosym/gosym/solver"
)

// nodeType builds `type Node struct { Val int; Next *Node }`.
func nodeType() *types.Named {
	obj := types.NewTypeName(token.NoPos, nil, "Node", nil)
	named := types.NewNamed(obj, nil, nil)
	named.SetUnderlying(types.NewStruct([]*types.Var{
		types.NewField(token.NoPos, nil, "Val", types.Typ[types.Int], false),
		types.NewField(token.NoPos, nil, "Next", types.NewPointer(named), false),
	}, nil))
	return named
}

func labels(d *Decision) []string {
	if d == nil {
		return nil
	}
	var out []string
	for _, c := range d.Choices {
		out = append(out, c.Label())
	}
	return out
}

// TestInitModes checks the alternatives each initialization offers when a
// parameter of type *Node is read and then dereferenced.
func TestInitModes(t *testing.T) {
	node := nodeType()
	params := types.NewTuple(
		types.NewParam(token.NoPos, nil, "a", types.NewPointer(node)),
		types.NewParam(token.NoPos, nil, "b", types.NewPointer(node)),
	)
	tests := []struct {
		mode      Mode
		readA     []string // choices when a is read
		derefA    []string // choices when a, once read, is dereferenced
		readAgain []string // choices when b is read after a was resolved
	}{
		{Lazy, []string{"nil", "fresh"}, nil, []string{"nil", "alias o2", "fresh"}},
		{Lazier, []string{"nil", "non-nil"}, []string{"fresh"}, []string{"nil", "non-nil"}},
		{LazierSharp, nil, []string{"nil", "fresh"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.mode.String(), func(t *testing.T) {
			ctx := solver.NewContext()
			defer ctx.Close()
			h := New(ctx, Config{Mode: tt.mode, K: 3})
			args := h.NewArgs(params)
			at := func(i int) Ptr { return Ptr{Obj: args, Path: Path("").Field(i)} }

			a, d := h.Load(at(0), params.At(0).Type())
			if diff := cmp.Diff(tt.readA, labels(d)); diff != "" {
				t.Fatalf("read a (-want +got):\n%s", diff)
			}
			if d != nil {
				d.Choices[len(d.Choices)-1].Apply(h) // non-nil
				a, _ = h.Load(at(0), params.At(0).Type())
			}
			_, d = h.Deref(a)
			if diff := cmp.Diff(tt.derefA, labels(d)); diff != "" {
				t.Fatalf("dereference a (-want +got):\n%s", diff)
			}
			if d != nil {
				d.Choices[len(d.Choices)-1].Apply(h) // fresh
			}
			_, d = h.Load(at(1), params.At(1).Type())
			if diff := cmp.Diff(tt.readAgain, labels(d)); diff != "" {
				t.Fatalf("read b (-want +got):\n%s", diff)
			}
		})
	}
}

// TestKBound checks that no fresh object is offered beyond depth k or
// past n objects of a type, and that the cut names the bound: n where
// both cut, since raising k alone would offer no fresh object.
func TestKBound(t *testing.T) {
	tests := []struct {
		name  string
		k, n  int
		cut   bool
		bound string
	}{
		{"k", 1, 0, true, ""},
		{"k below n", 1, 3, true, ""},
		{"n below k", 5, 2, true, "n"},
		{"n and k", 1, 2, true, "n"},
		{"neither", 2, 3, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			node := nodeType()
			ctx := solver.NewContext()
			defer ctx.Close()
			h := New(ctx, Config{Mode: LazierSharp, K: tt.k, N: tt.n})
			h.NewArgs(types.NewTuple(types.NewParam(token.NoPos, nil, "n", types.NewPointer(node))))
			h.NewInputObject(node, 0)
			child := h.NewInputObject(node, 1)
			v, _ := h.Load(Ptr{Obj: child, Path: Path("").Field(1)}, types.NewPointer(node))
			_, d := h.Deref(v)
			if d == nil {
				t.Fatal("no decision")
			}
			want := []string{"nil", "alias o2", "alias o3"}
			if !tt.cut {
				want = append(want, "fresh")
			}
			if diff := cmp.Diff(want, labels(d)); diff != "" {
				t.Errorf("choices at depth 2 (-want +got):\n%s", diff)
			}
			if d.Cut != tt.cut || d.Bound != tt.bound {
				t.Errorf("cut %v by %q, want %v by %q", d.Cut, d.Bound, tt.cut, tt.bound)
			}
		})
	}
}

// TestSamePtr checks that a symbolic reference equals itself without being
// resolved, and that comparing it with nil decides only its nilness.
func TestSamePtr(t *testing.T) {
	node := nodeType()
	ctx := solver.NewContext()
	defer ctx.Close()
	h := New(ctx, Config{Mode: LazierSharp, K: 3})
	ref := h.FreshRef(node)
	if eq, d := h.SamePtr(ref, ref); !eq || d != nil {
		t.Errorf("SamePtr(r, r) = %v, %v; want true without a decision", eq, d)
	}
	_, d := h.SamePtr(ref, Nil{})
	if diff := cmp.Diff([]string{"nil", "non-nil"}, labels(d)); diff != "" {
		t.Errorf("r == nil (-want +got):\n%s", diff)
	}
}

// TestSamePtrLeavesUnresolved checks that comparing an unresolved
// reference with an object asks only whether it is that object: a
// reference compared unequal stays unresolved, equals it no more, and
// its later resolution leaves the object out; an object no input
// reference can be is unequal without a decision.
func TestSamePtrLeavesUnresolved(t *testing.T) {
	tests := []struct {
		name string
		// with is what the reference is compared with: the input object
		// in, an object the code allocated, or in's field.
		with    func(in ObjID, made Ptr) Value
		compare []string // the choices of the comparison
		choose  int      // the one taken, if there are choices
		again   bool     // the comparison once it is taken
		deref   []string // the choices of a dereference after it
	}{
		{"an input object, unequal", func(in ObjID, _ Ptr) Value { return Ptr{Obj: in} },
			[]string{"alias o2", "not o2"}, 1, false, []string{"nil", "alias o3", "fresh"}},
		{"an input object, equal", func(in ObjID, _ Ptr) Value { return Ptr{Obj: in} },
			[]string{"alias o2", "not o2"}, 0, true, nil},
		{"an allocated object", func(_ ObjID, made Ptr) Value { return made },
			nil, 0, false, []string{"nil", "alias o2", "alias o3", "fresh"}},
		{"a field of an input object", func(in ObjID, _ Ptr) Value { return Ptr{Obj: in, Path: Path("").Field(1)} },
			nil, 0, false, []string{"nil", "alias o2", "alias o3", "fresh"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			node := nodeType()
			ctx := solver.NewContext()
			defer ctx.Close()
			h := New(ctx, Config{Mode: LazierSharp, K: 3})
			h.NewArgs(types.NewTuple())
			in := h.NewInputObject(node, 0)
			other := h.NewInputObject(node, 0)
			made := h.Alloc(node)
			ref, _ := h.Load(Ptr{Obj: other, Path: Path("").Field(1)}, types.NewPointer(node))
			with := tt.with(in, made)
			for _, args := range [][2]Value{{ref, with}, {with, ref}} {
				_, d := h.Clone().SamePtr(args[0], args[1])
				if diff := cmp.Diff(tt.compare, labels(d)); diff != "" {
					t.Fatalf("SamePtr(%v, %v) (-want +got):\n%s", args[0], args[1], diff)
				}
			}
			if _, d := h.SamePtr(ref, with); d != nil {
				d.Choices[tt.choose].Apply(h)
			}
			if eq, d := h.SamePtr(ref, with); eq != tt.again || d != nil {
				t.Errorf("compared again: %v, %v; want %v without a decision", eq, labels(d), tt.again)
			}
			_, d := h.Deref(ref)
			if diff := cmp.Diff(tt.deref, labels(d)); diff != "" {
				t.Errorf("dereferenced after (-want +got):\n%s", diff)
			}
		})
	}
}

// TestStoreKeepsInput checks that a store changes the current heap but not
// the recorded input, and that struct copies are values.
func TestStoreKeepsInput(t *testing.T) {
	node := nodeType()
	ctx := solver.NewContext()
	defer ctx.Close()
	h := New(ctx, Config{Mode: LazierSharp, K: 3})
	h.NewArgs(types.NewTuple())
	obj := h.NewInputObject(node, 0)
	val := Ptr{Obj: obj, Path: Path("").Field(0)}
	before, _ := h.Load(val, types.Typ[types.Int])
	whole, _ := h.Load(Ptr{Obj: obj}, node)
	h.Store(val, Scalar{ctx.BV(64, 7)})
	after, _ := h.Load(val, types.Typ[types.Int])
	if got, _ := after.(Scalar).T.Uint64(); got != 7 {
		t.Errorf("after store: %v, want 7", after)
	}
	if in, _ := h.Input(Loc{Obj: obj, Path: val.Path}); in != before {
		t.Errorf("input record %v, want the value first read %v", in, before)
	}
	// The copy taken before the store still reads the input value.
	copied, _ := h.Use(FieldOf(whole, 0, types.Typ[types.Int]))
	if copied != before {
		t.Errorf("field of the earlier copy = %v, want %v", copied, before)
	}
}

// A heap that Watch made follow its base answers MadeUnchanged from its
// writes, as the object-by-object comparison does: an object of the base
// written makes it changed; a new object, an argument or its clone's
// writes do not.
func TestWatch(t *testing.T) {
	ctx := solver.NewContext()
	defer ctx.Close()
	intT := types.Typ[types.Int]
	one := Scalar{T: ctx.BV(64, 1)}
	tests := []struct {
		name    string
		write   func(h *Heap, made Ptr, args ObjID) *Decision
		changed bool
	}{
		{"nothing", func(*Heap, Ptr, ObjID) *Decision { return nil }, false},
		{"a new object", func(h *Heap, _ Ptr, _ ObjID) *Decision { return h.Store(h.Alloc(intT), one) }, false},
		{"the arguments", func(h *Heap, _ Ptr, args ObjID) *Decision {
			return h.Store(Ptr{Obj: args, Path: Path("").Field(0)}, one)
		}, false},
		{"an object of the base", func(h *Heap, made Ptr, _ ObjID) *Decision { return h.Store(made, one) }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := New(ctx, Config{Mode: LazierSharp, K: 1})
			made := h.Alloc(intT)
			base := h.Clone()
			h.Watch(base)
			args := h.NewArgs(types.NewTuple(types.NewParam(token.NoPos, nil, "n", intT)))
			if d := tt.write(h, made, args); d != nil {
				t.Fatalf("the write asks for a decision: %+v", d)
			}
			later := h.Clone() // what a fork inherits
			for _, c := range []*Heap{h, later} {
				if got, want := c.MadeUnchanged(base), c.madeUnchanged(base); got != want || got == tt.changed {
					t.Errorf("MadeUnchanged = %v, object by object %v; want %v", got, want, !tt.changed)
				}
			}
		})
	}
}
