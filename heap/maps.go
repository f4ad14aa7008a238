package heap

import (
	"fmt"
	"go/types"
	"maps"

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
	Input *Loc
	Elem  types.Type
}

func (*MapStore) isValue() {}

// Entry is a written key; Deleted marks a deletion.
type Entry struct {
	Key     *solver.Term
	Val     Value
	Deleted bool
}

// InputKey is a key observed in an input map: present or not, and if so
// with the input value at its cell.
type InputKey struct {
	ID      int
	Key     *solver.Term
	Present *solver.Term
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
		m := &MapStore{ID: h.newArrayID(), Input: &loc, Elem: Under(v.Type).(*types.Map).Elem()}
		h.setVal(p.Obj, m)
		return m
	}
	panic(fmt.Sprintf("heap: map operation on %T", obj.Val))
}

func (h *Heap) setVal(id ObjID, v Value) {
	next := *h.objs[id]
	next.Val = v
	h.objs[id] = &next
}

// MakeMap allocates an empty map of type t.
func (h *Heap) MakeMap(t types.Type) Ptr {
	id := h.add(t, false, 0)
	h.objs[id].Val = &MapStore{ID: h.newArrayID(), Elem: Under(t).(*types.Map).Elem()}
	return Ptr{Obj: id}
}

// MapPut writes (or, with deleted, deletes) key k in the map p points to.
func (h *Heap) MapPut(p Ptr, k *solver.Term, v Value, deleted bool) {
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
func (h *Heap) MapGet(p Ptr, k *solver.Term) (Value, bool, *Decision) {
	m := h.MapAt(p)
	key := memoKey{array: m.ID, term: h.intern(k)}
	if r, ok := h.mapMemo[key]; ok {
		return r.val, r.ok, nil
	}
	var leaves []mapLeaf
	cut := h.mapLookup(m, k, h.ctx.Bool(true), &leaves)
	if len(leaves) == 1 && !cut {
		r := leaves[0].result(h)
		h.mapMemo[key] = r
		return r.val, r.ok, nil
	}
	d := &Decision{Cut: cut, External: m.Input != nil && h.external(*m.Input)}
	for _, l := range leaves {
		d.Choices = append(d.Choices, Choice{Label: l.label, Guard: l.guard, apply: func(h *Heap) {
			h.mapMemo[key] = l.result(h)
		}})
	}
	return nil, false, d
}

type mapLeaf struct {
	guard  *solver.Term
	label  string
	result func(h *Heap) mapResult
}

func (h *Heap) mapLookup(m *MapStore, k, g *solver.Term, out *[]mapLeaf) bool {
	c := h.ctx
	zero := Zero(c, m.Elem)
	add := func(guard *solver.Term, label string, r func(*Heap) mapResult) {
		if b, ok := guard.BoolValue(); ok && !b {
			return
		}
		*out = append(*out, mapLeaf{guard: guard, label: label, result: r})
	}
	written := make([]*solver.Term, len(m.Entries))
	for j, e := range m.Entries {
		written[j] = e.Key
	}
	g, done := firstMatch(c, k, g, written, func(j int, guard *solver.Term) {
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
	observed := make([]*solver.Term, len(keys))
	for j, ik := range keys {
		observed[j] = ik.Key
	}
	g, done = firstMatch(c, k, g, observed, func(j int, guard *solver.Term) {
		ik := keys[j]
		ref := InputRef{Obj: loc.Obj, Path: loc.Path.cell(ik.ID), Type: m.Elem}
		add(c.And(guard, ik.Present), "input key", func(*Heap) mapResult { return mapResult{val: ref, ok: true} })
		add(c.And(guard, c.Not(ik.Present)), "input key absent", func(*Heap) mapResult { return mapResult{val: zero} })
	})
	if done {
		return false
	}
	if len(keys) >= h.cfg.K {
		return true
	}
	present := c.FreshBool(h.locName(loc) + "[key]")
	newKey := func(h *Heap) int {
		h.cellN++
		h.keys[loc] = append(append([]InputKey(nil), h.keys[loc]...), InputKey{ID: h.cellN, Key: k, Present: present})
		return h.cellN
	}
	elem := m.Elem
	add(c.And(g, present), "new input key", func(h *Heap) mapResult {
		id := newKey(h)
		return mapResult{val: InputRef{Obj: loc.Obj, Path: loc.Path.cell(id), Type: elem}, ok: true}
	})
	add(c.And(g, c.Not(present)), "new absent key", func(h *Heap) mapResult {
		newKey(h)
		return mapResult{val: zero}
	})
	return false
}

// StrKey returns the term that stands for the constant string s as a map
// key: distinct strings get distinct constants.
func (h *Heap) StrKey(s string) *solver.Term {
	id, ok := h.strIDs[s]
	if !ok {
		id = uint64(len(h.strIDs)) + 1
		h.strIDs = maps.Clone(h.strIDs)
		if h.strIDs == nil {
			h.strIDs = map[string]uint64{}
		}
		h.strIDs[s] = id
	}
	return h.ctx.BV(64, id)
}

// keyString returns the string a key term stands for, if it is one.
func (h *Heap) keyString(v uint64) (string, bool) {
	for s, id := range h.strIDs {
		if id == v {
			return s, true
		}
	}
	return "", false
}

// MapClear empties the map p points to.
func (h *Heap) MapClear(p Ptr) {
	m := h.MapAt(p)
	h.setVal(p.Obj, &MapStore{ID: h.newArrayID(), Elem: m.Elem})
}

// MapEntries returns the entries of a map the code made whose keys are all
// constants, in the order their keys were first inserted, with each key as
// a value of type keyType. ok is false for other maps.
func (h *Heap) MapEntries(p Ptr, keyType types.Type) (keys, vals []Value, ok bool) {
	m := h.MapAt(p)
	if m.Input != nil {
		return nil, nil, false
	}
	type live struct {
		val     Value
		deleted bool
	}
	latest := map[uint64]live{}
	var order []uint64
	for i := len(m.Entries) - 1; i >= 0; i-- {
		e := m.Entries[i]
		k, isConst := e.Key.Uint64()
		if !isConst {
			return nil, nil, false
		}
		if _, seen := latest[k]; !seen {
			order = append(order, k)
		}
		latest[k] = live{e.Val, e.Deleted}
	}
	isString := false
	if b, isBasic := Under(keyType).(*types.Basic); isBasic && b.Info()&types.IsString != 0 {
		isString = true
	}
	for _, k := range order {
		if latest[k].deleted {
			continue
		}
		if isString {
			str, _ := h.keyString(k)
			keys = append(keys, Str{S: str})
		} else if IsBool(keyType) {
			keys = append(keys, Scalar{h.ctx.Bool(k != 0)})
		} else {
			w, _, _ := IntInfo(keyType)
			keys = append(keys, Scalar{h.ctx.BV(w, k)})
		}
		vals = append(vals, latest[k].val)
	}
	return keys, vals, true
}
