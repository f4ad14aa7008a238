package heap

import (
	"fmt"
	"go/types"

	"github.com/gosym/gosym/internal/cow"
	"github.com/gosym/gosym/solver"
)

// A map value is a reference, like a pointer (nil, a Ptr or a symbolic
// reference), to an object holding a MapStore: so input maps may be nil
// and may alias each other by the same rules as pointers.

// MapStore is one version of a map's contents: an association list of
// written entries (newest first; deletions are entries too) over the input
// map's entries, observed lazily, or over nothing for a map the code made.
type MapStore struct {
	ID      int
	Entries []Entry
	// Input is the location of the input map whose entries show through,
	// or nil for a map made by the code.
	Input     *Loc
	Key, Elem types.Type
}

func (*MapStore) isValue() {}

// Entry is a written key; Deleted marks a deletion.
type Entry struct {
	Key     Key
	Val     Value
	Deleted bool
}

// InputKey is a key observed in an input map: present or not, and if so
// with the input value at its cell.
type InputKey struct {
	ID      int
	Key     Key
	Present *solver.Term
}

// Key is a map key: its term and, in a map whose key type is an
// interface, its dynamic type (NilKey for the nil interface). Go compares
// interface keys by dynamic type first, so keys of different dynamic
// types never match, whatever their terms. Ptr marks the key of an
// address (see PtrKey).
type Key struct {
	T   *solver.Term
	Dyn types.Type
	Ptr bool
}

// PtrKey returns the key of the address p (Nil or a Ptr): the path numbers
// each address it uses as a key, so that equal addresses have one
// constant term (nil is 0). ok is false for the address of an array
// element at a symbolic index, whose equality with another address is a
// condition, not a number.
func (h *Heap) PtrKey(p Value) (k Key, ok bool) {
	switch x := p.(type) {
	case Nil:
		return Key{T: h.ctx.BV(64, 0), Ptr: true}, true
	case Ptr:
		for _, st := range x.Path.steps() {
			if st.kind != '#' {
				continue
			}
			if _, isConst := h.terms[st.n].Uint64(); !isConst {
				return Key{}, false
			}
		}
		id, seen := h.ptrIDs[x]
		if !seen {
			id = uint64(len(h.ptrIDs)) + 1
			h.ptrIDs = cow.With(h.ptrIDs, x, id)
		}
		return Key{T: h.ctx.BV(64, id), Ptr: true}, true
	}
	return Key{}, false
}

// keyAddress returns the address whose key is the constant k (Nil for 0).
func (h *Heap) keyAddress(k uint64) Value {
	for p, id := range h.ptrIDs {
		if id == k {
			return p
		}
	}
	return Nil{}
}

// NilKey is the dynamic type of a nil interface key.
var NilKey types.Type = types.Typ[types.UntypedNil]

// IfaceKey returns the key of an interface holding the key k of its
// dynamic type dyn, or the nil interface's key for a nil dyn.
func (h *Heap) IfaceKey(dyn types.Type, k Key) Key {
	if dyn == nil {
		return Key{T: h.ctx.Bool(false), Dyn: NilKey}
	}
	return Key{T: k.T, Dyn: dyn, Ptr: k.Ptr}
}

// payload is the key of an interface key's dynamic value.
func (k Key) payload() Key { return Key{T: k.T, Ptr: k.Ptr} }

// sameDyn reports whether two keys' dynamic types are the same.
func sameDyn(a, b types.Type) bool {
	if a == nil || b == nil {
		return a == b
	}
	return types.Identical(a, b)
}

// keyEq is the condition that keys a and b are equal.
func keyEq(c *solver.Context, a, b Key) *solver.Term {
	if !sameDyn(a.Dyn, b.Dyn) {
		return c.Bool(false)
	}
	return c.Eq(a.T, b.T)
}

// MapAt returns the map stored in the object p points to (an input map's
// store is made on first use).
func (h *Heap) MapAt(p Ptr) *MapStore {
	obj := h.objs[p.Obj]
	switch v := obj.Val.(type) {
	case *MapStore:
		return v
	case InputRef:
		loc := Loc{Obj: p.Obj}
		mt := Under(v.Type).(*types.Map)
		m := &MapStore{ID: h.newArrayID(), Input: &loc, Key: mt.Key(), Elem: mt.Elem()}
		h.setVal(p.Obj, m)
		return m
	}
	panic(fmt.Sprintf("heap: map operation on %T", obj.Val))
}

func (h *Heap) setVal(id ObjID, v Value) {
	next := *h.objs[id]
	next.Val = v
	h.replace(id, &next)
}

// MakeMap allocates an empty map of type t.
func (h *Heap) MakeMap(t types.Type) Ptr {
	id := h.add(t, false, 0)
	mt := Under(t).(*types.Map)
	h.objs[id].Val = &MapStore{ID: h.newArrayID(), Key: mt.Key(), Elem: mt.Elem()}
	return Ptr{Obj: id}
}

// MapPut writes (or, with deleted, deletes) key k in the map p points to.
func (h *Heap) MapPut(p Ptr, k Key, v Value, deleted bool) {
	m := h.MapAt(p)
	entries := append([]Entry{{Key: k, Val: v, Deleted: deleted}}, m.Entries...)
	next := *m
	next.ID = h.newArrayID()
	next.Entries = entries
	h.setVal(p.Obj, &next)
}

type mapResult struct {
	val Value
	ok  bool
}

// MapGet looks key k up in the map p points to: its value and whether it
// is present. Matching k against the map's keys is a decision unless it is
// settled syntactically; the choice is memoized per map version.
func (h *Heap) MapGet(p Ptr, k Key) (Value, bool, *Decision) {
	m := h.MapAt(p)
	key := memoKey{array: m.ID, term: h.intern(k.T), dyn: k.Dyn}
	if r, ok := h.mapMemo[key]; ok {
		return r.val, r.ok, nil
	}
	var leaves []mapLeaf
	cut := h.mapLookup(m, k, h.ctx.Bool(true), &leaves)
	if len(leaves) == 1 && !cut {
		r := leaves[0].result(h)
		cow.Put(&h.owned, ownMapMemo, &h.mapMemo, key, r)
		return r.val, r.ok, nil
	}
	d := &Decision{Cut: cut, External: m.Input != nil && h.external(*m.Input)}
	for _, l := range leaves {
		d.Choices = append(d.Choices, Choice{label: l.label, Guard: l.guard, apply: func(h *Heap) {
			cow.Put(&h.owned, ownMapMemo, &h.mapMemo, key, l.result(h))
		}})
	}
	return nil, false, d
}

type mapLeaf struct {
	guard  *solver.Term
	label  string
	result func(h *Heap) mapResult
}

func (h *Heap) mapLookup(m *MapStore, k Key, g *solver.Term, out *[]mapLeaf) bool {
	c := h.ctx
	zero := Zero(c, m.Elem)
	add := func(guard *solver.Term, label string, r func(*Heap) mapResult) {
		if b, ok := guard.BoolValue(); ok && !b {
			return
		}
		*out = append(*out, mapLeaf{guard: guard, label: label, result: r})
	}
	written := func(j int) *solver.Term { return keyEq(c, k, m.Entries[j].Key) }
	g, done := firstMatchBy(c, g, len(m.Entries), written, func(j int, guard, _ *solver.Term) {
		e := m.Entries[j]
		r := mapResult{val: e.Val, ok: !e.Deleted}
		if e.Deleted {
			r.val = zero
		}
		add(guard, "written key", func(*Heap) mapResult { return r })
	})
	if done {
		return false
	}
	if m.Input == nil {
		add(g, "absent", func(*Heap) mapResult { return mapResult{val: zero} })
		return false
	}
	loc := *m.Input
	keys := h.keys[loc]
	observed := func(j int) *solver.Term { return keyEq(c, k, keys[j].Key) }
	g, done = firstMatchBy(c, g, len(keys), observed, func(j int, guard, _ *solver.Term) {
		ik := keys[j]
		ref := InputRef{Obj: loc.Obj, Path: loc.Path.Cell(ik.ID), Type: m.Elem}
		add(c.And(guard, ik.Present), "input key", func(*Heap) mapResult { return mapResult{val: ref, ok: true} })
		add(c.And(guard, c.Not(ik.Present)), "input key absent", func(*Heap) mapResult { return mapResult{val: zero} })
	})
	if done {
		return false
	}
	if h.closed[loc] {
		add(g, "absent", func(*Heap) mapResult { return mapResult{val: zero} })
		return false
	}
	if len(keys) >= h.cfg.K {
		return true
	}
	present := c.FreshBool(h.locName(loc) + "[key]")
	newKey := func(h *Heap) int {
		h.cellN++
		cow.Put(&h.owned, ownKeys, &h.keys, loc, append(append([]InputKey(nil), h.keys[loc]...), InputKey{ID: h.cellN, Key: k, Present: present}))
		return h.cellN
	}
	elem := m.Elem
	add(c.And(g, present), "new input key", func(h *Heap) mapResult {
		id := newKey(h)
		return mapResult{val: InputRef{Obj: loc.Obj, Path: loc.Path.Cell(id), Type: elem}, ok: true}
	})
	add(c.And(g, c.Not(present)), "new absent key", func(h *Heap) mapResult {
		newKey(h)
		return mapResult{val: zero}
	})
	return false
}

// String keys are 64-bit terms. A string of at most MaxPackedKey bytes is
// its own key: its length in the top byte, then its bytes, zero padded; so
// two such strings are equal exactly when their keys are, whether they are
// constants or not. Longer constants are numbered, under the top byte 0xFF.
const MaxPackedKey = 7

const numberedKey = 0xFF << 56

// StrKey returns the key term of the constant string s.
func (h *Heap) StrKey(s string) *solver.Term {
	if len(s) <= MaxPackedKey {
		v := uint64(len(s)) << 56
		for i := range len(s) {
			v |= uint64(s[i]) << (48 - 8*i)
		}
		return h.ctx.BV(64, v)
	}
	id, ok := h.strIDs[s]
	if !ok {
		id = uint64(len(h.strIDs)) + 1
		h.strIDs = cow.With(h.strIDs, s, id)
	}
	return h.ctx.BV(64, numberedKey|id)
}

// SymStrKey returns the key term of a string of at most MaxPackedKey
// bytes. The term is memoized per string, so that lookups with the same
// string match syntactically.
func (h *Heap) SymStrKey(str SymStr) (*solver.Term, *Decision) {
	memo := [3]int{str.Arr.ID, h.intern(str.Off), h.intern(str.Len)}
	if k, ok := h.strKeys[memo]; ok {
		return k, nil
	}
	b, n, d := h.StrPrefix(str, MaxPackedKey)
	if d != nil {
		return nil, d
	}
	c := h.ctx
	v := c.Shl(n, c.BV(64, 56))
	for i := range MaxPackedKey {
		byteVal := c.Ite(c.Ult(c.BV(64, uint64(i)), n), c.ZeroExt(b[i], 64), c.BV(64, 0))
		v = c.BitOr(v, c.Shl(byteVal, c.BV(64, uint64(48-8*i))))
	}
	h.strKeys = cow.With(h.strKeys, memo, v)
	return v, nil
}

// packedKey is the condition that k is the key of a short string.
func (h *Heap) packedKey(k *solver.Term) *solver.Term {
	c := h.ctx
	n := c.LShr(k, c.BV(64, 56))
	conds := []*solver.Term{c.Ule(n, c.BV(64, MaxPackedKey))}
	for i := range MaxPackedKey {
		byteVal := c.BitAnd(c.LShr(k, c.BV(64, uint64(48-8*i))), c.BV(64, 0xFF))
		conds = append(conds, c.Implies(c.Uge(c.BV(64, uint64(i)), n), c.Eq(byteVal, c.BV(64, 0))))
	}
	return c.And(conds...)
}

// keyString returns the string a key term's value stands for, if it is one.
func (h *Heap) keyString(v uint64) (string, bool) {
	if n := v >> 56; n <= MaxPackedKey {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(v >> (48 - 8*i))
		}
		return string(b), true
	}
	for s, id := range h.strIDs {
		if numberedKey|id == v {
			return s, true
		}
	}
	return "", false
}

// KeyValue returns the map key k stands for, as a value of type t.
func (h *Heap) KeyValue(k Key, t types.Type) Value {
	c := h.ctx
	if k.Dyn != nil {
		if k.Dyn == NilKey {
			return Iface{}
		}
		return Iface{Type: k.Dyn, V: h.KeyValue(k.payload(), k.Dyn)}
	}
	if k.Ptr {
		v, _ := k.T.Uint64() // address keys are constants
		return h.keyAddress(v)
	}
	if b, ok := Under(t).(*types.Basic); !ok || b.Info()&types.IsString == 0 {
		return Scalar{k.T}
	}
	if v, ok := k.T.Uint64(); ok {
		s, _ := h.keyString(v)
		return Str{S: s}
	}
	vals := make([]Value, MaxPackedKey)
	for i := range vals {
		vals[i] = Scalar{c.Convert(c.LShr(k.T, c.BV(64, uint64(48-8*i))), 8, false)}
	}
	arr := h.ArrayOf(byteType, vals)
	n := c.LShr(k.T, c.BV(64, 56))
	arr.Len = n
	return SymStr{Arr: arr, Off: c.BV(64, 0), Len: n}
}

// IsKeyType reports whether maps with keys of type t are modelled:
// booleans, integers, floats, strings, pointers and interfaces are (an
// interface key holding a value of another type ends its path
// unsupported); a key of another type has no term.
func IsKeyType(t types.Type) bool {
	if IsBool(t) || types.IsInterface(t) || IsPointer(t) {
		return true
	}
	if _, ok := ScalarWidth(t); ok {
		return true
	}
	b, ok := Under(t).(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// freshKeyTypes are the dynamic types of the keys an input map with
// interface keys may hold beyond those the code looked up: those the
// interface allows.
var freshKeyTypes = []types.Type{types.Typ[types.Int], types.Typ[types.String]}

// keyTypes returns the types of the keys an input map whose key type is t
// may hold beyond those observed, and whether they are dynamic types of
// interface keys.
func keyTypes(t types.Type) ([]types.Type, bool) {
	if IsPointer(t) {
		// An input map's addresses would need objects of their own,
		// which witnesses cannot write as keys: none beyond those seen.
		return nil, false
	}
	iface, isIface := Under(t).(*types.Interface)
	if !isIface {
		return []types.Type{t}, false
	}
	var out []types.Type
	for _, dyn := range freshKeyTypes {
		if types.Implements(dyn, iface) {
			out = append(out, dyn)
		}
	}
	return out, true
}

// freshKey returns an unconstrained key of the (not interface) type t,
// and the condition that it is one (a string key is a short string's).
func (h *Heap) freshKey(t types.Type, name string) (*solver.Term, *solver.Term) {
	c := h.ctx
	if IsBool(t) {
		return c.FreshBool(name), c.Bool(true)
	}
	if w, _, ok := IntInfo(t); ok {
		return c.FreshBV(name, w), c.Bool(true)
	}
	if w, ok := FloatWidth(t); ok {
		// A key as floatKey makes them: neither NaN nor -0.
		k := c.FreshBV(name, w)
		return k, c.And(c.FEq(k, k), c.Not(c.Eq(k, c.BV(w, 1<<(w-1)))))
	}
	k := c.FreshBV(name, 64)
	return k, h.packedKey(k)
}

// CloseMap settles how many entries an input map has beyond the keys
// observed present so far: one choice per count that keeps it within k
// keys, each new key distinct from the others (maps with more are cut).
// In a map with interface keys, there is a choice per multiset of the
// new keys' dynamic types (see freshKeyTypes). Afterwards a lookup of
// any other key finds it absent.
func (h *Heap) CloseMap(p Ptr) *Decision {
	m := h.MapAt(p)
	if m.Input == nil || h.closed[*m.Input] {
		return nil
	}
	loc := *m.Input
	d := &Decision{Cut: true, External: h.external(loc)}
	kinds, isIface := keyTypes(m.Key)
	var add func(extra []types.Type, from int)
	add = func(extra []types.Type, from int) {
		d.Choices = append(d.Choices, h.closeChoice(loc, extra, isIface))
		if len(h.keys[loc])+len(extra) >= h.cfg.K {
			return
		}
		for i := from; i < len(kinds); i++ {
			add(append(extra[:len(extra):len(extra)], kinds[i]), i)
		}
	}
	add(nil, 0)
	return d
}

// closeChoice is the choice that input map loc holds, besides the keys
// observed, one more key of each type in extra, of interface keys if
// isIface.
func (h *Heap) closeChoice(loc Loc, extra []types.Type, isIface bool) Choice {
	c := h.ctx
	observed := h.keys[loc]
	var fresh []Key
	var conds []*solver.Term
	for _, t := range extra {
		term, isKey := h.freshKey(t, h.locName(loc)+"[key]")
		k := Key{T: term}
		if isIface {
			k.Dyn = t
		}
		conds = append(conds, isKey)
		for _, ik := range observed {
			conds = append(conds, c.Not(keyEq(c, k, ik.Key)))
		}
		for _, f := range fresh {
			conds = append(conds, c.Not(keyEq(c, k, f)))
		}
		fresh = append(fresh, k)
	}
	label := fmt.Sprintf("%d more keys", len(extra))
	if isIface && len(extra) > 0 {
		label += fmt.Sprintf(" %v", extra)
	}
	return Choice{label: label, Guard: c.And(conds...), apply: func(h *Heap) {
		keys := append([]InputKey(nil), h.keys[loc]...)
		for _, k := range fresh {
			h.cellN++
			keys = append(keys, InputKey{ID: h.cellN, Key: k, Present: c.Bool(true)})
		}
		cow.Put(&h.owned, ownKeys, &h.keys, loc, keys)
		h.closed = cow.With(h.closed, loc, true)
	}}
}

// MapEntry is a possible entry of a map: its key, its value and the
// condition that it is an entry (not deleted, not overwritten by a newer
// write of an equal key). The entries whose condition holds have
// distinct keys.
type MapEntry struct {
	Key  Key
	Val  Value
	Live *solver.Term
}

// MapEntries returns the possible entries of the map p points to: an
// input map's keys (it must be closed) first, then the written keys from
// the oldest write on.
func (h *Heap) MapEntries(p Ptr) []MapEntry {
	c := h.ctx
	m := h.MapAt(p)
	var out []MapEntry
	written := func(k Key, before int) *solver.Term {
		var conds []*solver.Term
		for _, e := range m.Entries[:before] {
			conds = append(conds, c.Not(keyEq(c, e.Key, k)))
		}
		return c.And(conds...)
	}
	if m.Input != nil {
		loc := *m.Input
		for _, ik := range h.keys[loc] {
			val := InputRef{Obj: loc.Obj, Path: loc.Path.Cell(ik.ID), Type: m.Elem}
			out = append(out, MapEntry{Key: ik.Key, Val: val, Live: c.And(ik.Present, written(ik.Key, len(m.Entries)))})
		}
	}
	for j := len(m.Entries) - 1; j >= 0; j-- {
		e := m.Entries[j]
		if e.Deleted {
			continue
		}
		out = append(out, MapEntry{Key: e.Key, Val: e.Val, Live: written(e.Key, j)})
	}
	return out
}

// MapClear empties the map p points to.
func (h *Heap) MapClear(p Ptr) {
	m := h.MapAt(p)
	h.setVal(p.Obj, &MapStore{ID: h.newArrayID(), Key: m.Key, Elem: m.Elem})
}

// IsInputMap reports whether the map p points to is an input map (one the
// entry was given, whose entries show through).
func (h *Heap) IsInputMap(p Ptr) bool { return h.MapAt(p).Input != nil }
