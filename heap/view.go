package heap

import (
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/gosym/gosym/internal/cow"
	"github.com/gosym/gosym/solver"
)

// What a call sees and what it changes, for procedure summaries (after
// "Procedure summaries for Boolean programs with references" (ZING)):
// a call made where a summary's entry heap and the current one agree on
// everything the callee can read goes on from the summary's exit heaps
// instead of running the callee again. Ids are compared as they are, not
// up to a renaming: the heaps agree on how many objects, symbolic
// references and index terms they have made, so that the objects a
// summary made get the same ids in the heap it is applied to. (A call
// that observed no input is also matched up to a renaming: see canon.go
// and rename.go.)

// View is the set of objects a call can read: those its roots reach and
// every object a reference the call materializes may alias (see
// aliasable).
type View map[ObjID]bool

// View returns the objects roots reach in h, with the input objects and
// what the objects of base reach.
func (h *Heap) View(base View, roots []Value) View {
	w := viewWalk{h: h, view: View{}}
	for id := range base {
		w.object(id)
	}
	for id, o := range h.objs {
		if h.aliasable(id, o) {
			w.object(id)
		}
	}
	for p := range h.ptrIDs {
		w.object(p.Obj)
	}
	for _, r := range roots {
		w.value(r)
	}
	w.drain()
	return w.view
}

// Terms returns the terms the objects of view hold, with those of vals
// and of what the heap recorded of the input locations, arrays and maps
// of view or of the objects vals point to: the symbols a path condition
// constrains them through.
func (h *Heap) Terms(view View, vals []Value) []*solver.Term {
	w := viewWalk{h: h, view: View{}, terms: []*solver.Term{}}
	for _, v := range vals {
		w.value(v)
	}
	for _, id := range slices.Sorted(maps.Keys(view)) {
		if o := h.objs[id]; o != nil {
			w.value(o.Val)
		}
	}
	// A read of an input location keeps its value here, not in the
	// object (see materialize): a byte of an input string, a field of an
	// input struct. Without these, a condition on a value an argument
	// refers to (an InputRef) would not constrain the call.
	for _, loc := range h.Inputs() {
		if view[loc.Obj] || w.view[loc.Obj] {
			w.value(h.inputs.at(loc))
		}
	}
	for _, loc := range slices.SortedFunc(maps.Keys(h.cells), compareLocs) {
		if view[loc.Obj] {
			for _, c := range h.cells[loc] {
				w.term(c.Index)
			}
		}
	}
	for _, loc := range slices.SortedFunc(maps.Keys(h.keys), compareLocs) {
		if view[loc.Obj] {
			for _, k := range h.keys[loc] {
				w.term(k.Key.T)
				w.term(k.Present)
			}
		}
	}
	return w.terms
}

func compareLocs(a, b Loc) int {
	if a.Obj != b.Obj {
		return int(a.Obj - b.Obj)
	}
	return strings.Compare(string(a.Path), string(b.Path))
}

// viewWalk finds the objects values reach, and collects their terms when
// terms is not nil.
type viewWalk struct {
	h      *Heap
	view   View
	queue  []ObjID
	arrays map[*Array]bool
	terms  []*solver.Term
}

func (w *viewWalk) object(id ObjID) {
	if id == 0 || w.view[id] {
		return
	}
	w.view[id] = true
	w.queue = append(w.queue, id)
}

func (w *viewWalk) term(t *solver.Term) {
	if w.terms != nil && t != nil {
		w.terms = append(w.terms, t)
	}
}

func (w *viewWalk) drain() {
	for len(w.queue) > 0 {
		id := w.queue[len(w.queue)-1]
		w.queue = w.queue[:len(w.queue)-1]
		if o := w.h.objs[id]; o != nil {
			w.value(o.Val)
		}
	}
}

// value walks v: the objects it points to, a symbolic reference's target
// and a symbolic interface's box are reached. An input function's past
// calls are not followed: a call cannot read their results but through
// values it was handed.
func (w *viewWalk) value(v Value) {
	switch v := v.(type) {
	case Scalar:
		w.term(v.T)
	case Ptr:
		w.object(v.Obj)
	case InputRef:
		w.object(v.Obj)
	case SymPtr:
		info := w.h.Sym(v.ID)
		w.object(info.Target)
		if info.Func != nil && info.Func.Given != nil {
			w.value(*info.Func.Given)
		}
	case SymIface:
		w.object(w.h.ifaces[v.ID].Box)
	case Struct:
		for _, f := range v.Fields {
			w.value(f)
		}
	case Tuple:
		for _, e := range v.Elems {
			w.value(e)
		}
	case Iface:
		w.value(v.V)
	case Func:
		for _, e := range v.Env {
			w.value(e)
		}
	case Slice:
		w.object(v.Store.Obj)
		w.term(v.Off)
		w.term(v.Len)
		w.term(v.Cap)
		w.term(v.Nil)
	case SymStr:
		w.array(v.Arr)
		w.term(v.Off)
		w.term(v.Len)
	case *Array:
		w.array(v)
	case *MapStore:
		if v.Input != nil {
			w.object(v.Input.Obj)
		}
		for _, e := range v.Entries {
			w.term(e.Key.T)
			w.value(e.Val)
		}
	}
	// Nil, Str and Opaque hold nothing that leads on.
}

// array walks an array version and the versions it is made from, each
// once (versions share their sources).
func (w *viewWalk) array(a *Array) {
	if a == nil || w.arrays[a] {
		return
	}
	if w.arrays == nil {
		w.arrays = map[*Array]bool{}
	}
	w.arrays[a] = true
	w.term(a.Len)
	for _, c := range a.Cells {
		w.term(c.Index)
		w.value(c.Val)
	}
	b := a.Back
	if b.Kind == InputBack {
		w.object(b.Input.Obj)
	}
	w.term(b.Lo)
	w.term(b.Hi)
	w.term(b.Shift)
	w.array(b.Src)
	w.array(b.Rest)
}

// Counters are how many objects, symbolic references, arrays, input
// cells and index terms a heap has made, and how many input locations it
// observed: where two heaps agree on them, what either makes next has the
// same id.
type Counters struct {
	next                                    ObjID
	symN                                    SymID
	arrays, cells, terms, observed, aliases int
}

// Counters returns h's counters.
func (h *Heap) Counters() Counters {
	return Counters{h.next, h.symN, h.arrayN, h.cellN, len(h.terms), h.Materialized, h.Aliases}
}

// SameView reports whether h and o agree on all a call that can read
// view may read: the objects of view, what is recorded of their input
// locations, the symbolic references and interfaces, the arrays' and
// maps' input cells and memos, the numbering of terms and addresses, and
// the counters that number what is made next.
func (h *Heap) SameView(o *Heap, view View) bool {
	if h.Counters() != o.Counters() || h.args != o.args || !slices.Equal(h.terms, o.terms) || !slices.Equal(h.externalReads, o.externalReads) {
		return false
	}
	for id := range view {
		if a, b := h.objs[id], o.objs[id]; a != b && !deepSame(reflect.ValueOf(a), reflect.ValueOf(b)) {
			return false
		}
	}
	for id, ob := range o.objs {
		if o.aliasable(id, ob) && !view[id] {
			return false // an alias candidate the view does not hold
		}
	}
	for id := range view {
		for p, v := range h.inputs.of(id) {
			if w, ok := o.inputs.get(Loc{Obj: id, Path: p}); !ok || !SameValue(v, w) {
				return false
			}
		}
		for p := range o.inputs.of(id) {
			if _, ok := h.inputs.get(Loc{Obj: id, Path: p}); !ok {
				return false
			}
		}
	}
	return h.sameRest(o)
}

// sameRest compares the parts of two heaps a summary's exit replaces as
// a whole.
func (h *Heap) sameRest(o *Heap) bool {
	return same(h.syms, o.syms) && same(h.ifaces, o.ifaces) && same(h.memo, o.memo) &&
		same(h.cells, o.cells) && same(h.keys, o.keys) && same(h.closed, o.closed) &&
		same(h.strKeys, o.strKeys) && same(h.mapMemo, o.mapMemo) && same(h.ptrEq, o.ptrEq) &&
		same(h.strIDs, o.strIDs) && same(h.ptrIDs, o.ptrIDs) && same(h.strArrays, o.strArrays) &&
		same(h.copies, o.copies) && same(h.callArgs, o.callArgs) && same(h.built, o.built)
}

// same compares two maps or slices, at once where forked heaps share one.
func same[T any](a, b T) bool { return deepSame(reflect.ValueOf(a), reflect.ValueOf(b)) }

// SameValue reports whether a and b are the same value: equal in
// structure, with the same terms.
func SameValue(a, b Value) bool { return deepSame(reflect.ValueOf(a), reflect.ValueOf(b)) }

var viewTermType = reflect.TypeFor[*solver.Term]()

// heapPkg is this package's path: pointers to its types are compared by
// what they point to, all others (terms, types, functions) by identity.
var heapPkg = reflect.TypeFor[Heap]().PkgPath()

// deepSame is reflect.DeepEqual with terms compared by their Identity
// (constants by value, others as their Context numbers them), and types
// and functions by identity: DeepEqual would walk a term's structure, and
// a type's. Unequal
// answers are safe: they only keep a summary from applying.
func deepSame(a, b reflect.Value) bool {
	if !a.IsValid() || !b.IsValid() {
		return a.IsValid() == b.IsValid()
	}
	if a.Type() != b.Type() {
		return false
	}
	switch a.Kind() {
	case reflect.Pointer:
		if a.Pointer() == b.Pointer() {
			return true
		}
		if a.IsNil() || b.IsNil() {
			return false
		}
		if a.Type() == viewTermType {
			// Read through the pointer: a field may be unexported.
			ta, tb := (*solver.Term)(a.UnsafePointer()), (*solver.Term)(b.UnsafePointer())
			return ta.Identity() == tb.Identity()
		}
		if a.Type().Elem().PkgPath() != heapPkg {
			return false
		}
		return deepSame(a.Elem(), b.Elem())
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return deepSame(a.Elem(), b.Elem())
	case reflect.Struct:
		for i := range a.NumField() {
			if !deepSame(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Slice:
		if a.Len() != b.Len() {
			return false
		}
		if a.Len() == 0 || a.Pointer() == b.Pointer() {
			return true
		}
		fallthrough
	case reflect.Array:
		for i := range a.Len() {
			if !deepSame(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.Len() != b.Len() {
			return false
		}
		if a.Len() == 0 || a.Pointer() == b.Pointer() {
			return true
		}
		for it := a.MapRange(); it.Next(); {
			w := b.MapIndex(it.Key())
			if !w.IsValid() || !deepSame(it.Value(), w) {
				return false
			}
		}
		return true
	case reflect.String:
		return a.String() == b.String()
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float()
	}
	return false // functions, channels, unsafe pointers: not in a heap
}

// Apply makes h, which agrees with entry on view, what a call could read
// (see SameView), what the call's exit heap exit is: the objects the call
// wrote or made and the input locations it observed are exit's, every
// other part of the heap exit's as a whole, and the objects the call
// could not reach h's own. Only the objects of view and those made since
// entry are looked at: the call can have changed no other.
func (h *Heap) Apply(entry, exit *Heap, view View) {
	for id := range view {
		if obj := exit.objs[id]; obj != nil && obj != entry.objs[id] {
			h.replace(id, obj)
		}
	}
	for id := entry.next + 1; id <= exit.next; id++ {
		if obj := exit.objs[id]; obj != nil {
			cow.Put(&h.owned, ownObjs, &h.objs, id, obj)
		}
	}
	for loc, v := range exit.inputs.all() {
		if old, ok := entry.inputs.get(loc); !ok || !SameValue(old, v) {
			h.inputs.put(&h.owned, loc, v)
		}
	}
	h.syms, h.ifaces, h.memo = exit.syms, exit.ifaces, exit.memo
	h.cells, h.keys, h.closed = exit.cells, exit.keys, exit.closed
	h.strKeys, h.mapMemo, h.ptrEq = exit.strKeys, exit.mapMemo, exit.ptrEq
	h.strIDs, h.ptrIDs, h.strArrays = exit.strIDs, exit.ptrIDs, exit.strArrays
	h.copies, h.callArgs, h.built = exit.copies, exit.callArgs, exit.built
	h.terms, h.termIDs = exit.terms[:len(exit.terms):len(exit.terms)], exit.termIDs
	h.owned &= ownObjs | ownInputs
	h.next, h.symN, h.arrayN, h.cellN = exit.next, exit.symN, exit.arrayN, exit.cellN
	h.Materialized, h.Aliases = exit.Materialized, exit.Aliases
	h.externalReads = slices.Clip(exit.externalReads)
}
