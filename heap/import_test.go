package heap

import (
	"fmt"
	"go/types"
	"reflect"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"

	"github.com/gosym/gosym/solver"
)

// TestImportHeap builds a heap of the kinds of values initialization
// leaves (scalars, a struct, an array shared by two slices, a map, a
// constant string's bytes, a closure, an interface, a symbolic value an
// unexecuted call returned), copies it into another Context, and checks
// that the copy reads the same, keeps the sharing, holds no term of the
// first Context, and is a heap the new Context can go on with.
func TestImportHeap(t *testing.T) {
	from := solver.NewContext()
	defer from.Close()
	h := New(from, Config{})
	i64 := types.Typ[types.Int]
	ints := types.NewSlice(i64)
	pair := types.NewStruct([]*types.Var{
		types.NewField(0, nil, "A", i64, false),
		types.NewField(0, nil, "B", ints, false),
	}, nil)

	unknown := from.FreshBV(ExternalPrefix+"f#1", 64) // an unexecuted call's result
	arr := h.AllocArray(ints, i64, from.BV(64, 4))
	for i := range uint64(4) {
		if d := h.Store(h.ElemPtr(arr, from.BV(64, i)), Scalar{T: from.BV(64, 10+i)}); d != nil {
			t.Fatal("store decided")
		}
	}
	whole := Slice{Store: arr, Off: from.BV(64, 0), Len: from.BV(64, 4), Cap: from.BV(64, 4), Nil: from.Bool(false)}
	tail := Slice{Store: arr, Off: from.BV(64, 2), Len: from.BV(64, 2), Cap: from.BV(64, 2), Nil: from.Bool(false)}
	p := h.Alloc(pair)
	if d := h.Store(p, Struct{Fields: []Value{Scalar{T: from.Add(unknown, from.BV(64, 1))}, whole}}); d != nil {
		t.Fatal("store decided")
	}
	q := h.Alloc(ints)
	if d := h.Store(q, tail); d != nil {
		t.Fatal("store decided")
	}
	m := h.MakeMap(types.NewMap(types.Typ[types.String], i64))
	h.MapPut(m, Key{T: h.StrKey("one")}, Scalar{T: from.BV(64, 1)}, false)
	bytes, off, n := h.StrArray(Str{S: "héllo"})
	s := h.Alloc(types.Typ[types.String])
	if d := h.Store(s, SymStr{Arr: bytes, Off: off, Len: n}); d != nil {
		t.Fatal("store decided")
	}
	fn := h.Alloc(types.NewSignatureType(nil, nil, nil, nil, nil, false))
	if d := h.Store(fn, Func{Fn: "closure", Env: []Value{Scalar{T: from.BV(8, 7)}, p}}); d != nil {
		t.Fatal("store decided")
	}
	iface := h.Alloc(types.NewInterfaceType(nil, nil))
	if d := h.Store(iface, Iface{Type: i64, V: Scalar{T: from.BV(64, 42)}}); d != nil {
		t.Fatal("store decided")
	}
	if why := h.Importable(); why != "" {
		t.Fatalf("not importable: %s", why)
	}

	to := solver.NewContext()
	defer to.Close()
	c := NewImporter(solver.NewImporter(from, to)).Heap(h, Config{K: 2})
	if c.Context() != to || c.cfg.K != 2 {
		t.Errorf("the copy's context or configuration is not the target's")
	}
	for _, t2 := range termsIn(reflect.ValueOf(c)) {
		if !to.Holds(t2) {
			t.Fatalf("the copy holds %v, a term of another Context", t2)
		}
	}

	// The copy reads as the original does, and the two slices still
	// share one backing array: a write through one shows through both.
	load := func(h *Heap, p Ptr, typ types.Type) Value {
		v, d := h.Load(p, typ)
		if d != nil {
			t.Fatal("load decided")
		}
		return v
	}
	if d := c.Store(c.ElemPtr(arr, to.BV(64, 3)), Scalar{T: to.BV(64, 99)}); d != nil {
		t.Fatal("store decided")
	}
	got := load(c, q, ints).(Slice)
	el := load(c, c.ElemPtr(got.Store, to.Add(got.Off, to.BV(64, 1))), i64).(Scalar)
	if v, ok := el.T.Uint64(); !ok || v != 99 {
		t.Errorf("tail[1] after writing arr[3] through the copy: %v, want 99", el.T)
	}
	orig := load(h, h.ElemPtr(arr, from.BV(64, 3)), i64).(Scalar)
	if v, _ := orig.T.Uint64(); v != 13 {
		t.Errorf("the original changed with its copy: arr[3] = %v", orig.T)
	}
	v, ok, d := c.MapGet(m, Key{T: c.StrKey("one")})
	if d != nil || !ok {
		t.Fatalf("the copied map lost its key (ok %t, decided %t)", ok, d != nil)
	}
	if one, _ := v.(Scalar).T.Uint64(); one != 1 {
		t.Errorf(`m["one"] = %v, want 1`, v)
	}
	a := load(c, p, pair).(Struct).Fields[0].(Scalar)
	sol := to.NewSolver()
	sol.Assert(to.Eq(a.T, to.BV(64, 5)))
	if r := sol.Check(); r != solver.Sat {
		t.Fatalf("A = f#1+1 = 5 in the copy: %v", r)
	}
	if fresh := to.FreshBV(ExternalPrefix+"f#1", 64); fresh.String() == unknown.String() {
		t.Errorf("a new symbol of the target is named as an imported one: %v", fresh)
	}
}

// TestImportInputs copies a heap that observed inputs (a pointer
// parameter resolved and read through, a cell of an input slice at a
// symbolic index, a key of an input map) and holds a value built through
// an API: the copy is not one that can start every entry (Importable),
// holds no term of the first Context, reads the inputs as the original
// does without deciding again, and keeps what each parameter was.
func TestImportInputs(t *testing.T) {
	from := solver.NewContext()
	defer from.Close()
	i64 := types.Typ[types.Int]
	params := types.NewTuple(
		types.NewParam(0, nil, "p", types.NewPointer(i64)),
		types.NewParam(0, nil, "s", types.NewSlice(i64)),
		types.NewParam(0, nil, "m", types.NewMap(types.Typ[types.String], i64)),
	)
	h := New(from, Config{Mode: LazierSharp, K: 2})
	args := h.NewArgs(params)
	at := func(i int) Ptr { return Ptr{Obj: args, Path: Path("").Field(i)} }
	load := func(h *Heap, p Ptr, typ types.Type) Value {
		t.Helper()
		for range 4 {
			v, d := h.Load(p, typ)
			if d == nil {
				return v
			}
			d.Choices[len(d.Choices)-1].Apply(h)
		}
		t.Fatal("load decided four times")
		return nil
	}
	deref := func(h *Heap, v Value) Ptr {
		t.Helper()
		to, d := h.Deref(v)
		if d != nil {
			d.Choices[len(d.Choices)-1].Apply(h) // fresh
			to, _ = h.Deref(v)
		}
		if to.IsNil {
			t.Fatalf("%v resolved to nil", v)
		}
		return to.Ptr
	}
	p := load(h, at(0), params.At(0).Type())
	star := load(h, deref(h, p), i64).(Scalar)
	sl := load(h, at(1), params.At(1).Type()).(Slice)
	i := from.FreshBV("i", 64)
	cell := load(h, h.ElemPtr(sl.Store, i), i64).(Scalar)
	m := load(h, at(2), params.At(2).Type())
	mp := deref(h, m)
	got, _, md := h.MapGet(mp, Key{T: h.StrKey("k")})
	if md != nil {
		md.Choices[len(md.Choices)-1].Apply(h)
		got, _, _ = h.MapGet(mp, Key{T: h.StrKey("k")})
	}
	built := h.Alloc(types.NewStruct([]*types.Var{types.NewField(0, nil, "n", i64, false)}, nil))
	h.Provide(i64, built.Obj)
	if why := h.Importable(); why == "" {
		t.Fatalf("a heap that observed inputs starts every entry")
	}

	to := solver.NewContext()
	defer to.Close()
	c := NewImporter(solver.NewImporterAfter(from, to)).Heap(h, Config{Mode: LazierSharp, K: 2})
	for _, t2 := range termsIn(reflect.ValueOf(c)) {
		if !to.Holds(t2) {
			t.Fatalf("the copy holds %v, a term of another Context", t2)
		}
	}
	if diff := cmp.Diff(h.Inputs(), c.Inputs()); diff != "" {
		t.Errorf("inputs of the copy (-original +copy):\n%s", diff)
	}
	same := func(what string, a, b Value) {
		t.Helper()
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("%s: the copy reads %v, the original %v", what, b, a)
		}
	}
	for i, v := range []Value{p, sl, m} {
		cv, d := c.Load(at(i), params.At(i).Type())
		if d != nil {
			t.Fatalf("parameter %d: the copy decides again", i)
		}
		same(params.At(i).Name(), v, cv)
	}
	cp, d := c.Deref(p)
	if d != nil {
		t.Fatal("p: the copy decides again")
	}
	cstar, d := c.Load(cp.Ptr, i64)
	if d != nil {
		t.Fatal("*p: the copy decides again")
	}
	same("*p", star, cstar)
	if _, d := c.Load(c.ElemPtr(sl.Store, to.FreshBV("j", 64)), i64); d == nil || len(d.Choices) < 2 {
		t.Errorf("a new index of the copy's input slice is not matched against its cell %v", cell)
	}
	cgot, _, md := c.MapGet(mp, Key{T: c.StrKey("k")})
	if md != nil {
		t.Fatal(`m["k"]: the copy decides again`)
	}
	same(`m["k"]`, got, cgot)
}

// termsIn returns every term reachable from v, through exported and
// unexported fields, maps, slices, pointers and interfaces, without
// following types, functions or contexts.
func termsIn(v reflect.Value) []*solver.Term {
	w := termWalker{seen: map[uintptr]bool{}}
	w.walk(v)
	return w.terms
}

type termWalker struct {
	seen  map[uintptr]bool
	terms []*solver.Term
}

var (
	termType    = reflect.TypeOf((*solver.Term)(nil))
	contextType = reflect.TypeOf((*solver.Context)(nil))
	typeType    = reflect.TypeOf((*types.Type)(nil)).Elem()
)

func (w *termWalker) walk(v reflect.Value) {
	if !v.IsValid() {
		return
	}
	if v.Type() == termType {
		if !v.IsNil() {
			w.terms = append(w.terms, (*solver.Term)(unsafe.Pointer(v.Pointer())))
		}
		return
	}
	if v.Type() == contextType || v.Type().Implements(typeType) && v.Kind() != reflect.Interface {
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || w.seen[v.Pointer()] {
			return
		}
		w.seen[v.Pointer()] = true
		w.walk(v.Elem())
	case reflect.Interface:
		if !v.IsNil() && !v.Elem().Type().Implements(typeType) {
			w.walk(v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			w.walk(v.Field(i))
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			w.walk(v.Index(i))
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			w.walk(it.Key())
			w.walk(it.Value())
		}
	}
}
