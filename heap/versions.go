package heap

import "github.com/gosym/gosym/solver"

// versionMapper maps what array and map versions hold when they are
// copied: into another Context (Importer) or under a renaming (Renaming,
// for the versions a call made).
type versionMapper interface {
	term(t *solver.Term) *solver.Term
	value(v Value) Value
	array(a *Array) *Array
	loc(l Loc) Loc
}

// copyArray returns a copy of a numbered id, what it holds mapped by m.
// The copy is in memo before its contents are mapped, so that a version
// many values share is copied once.
func copyArray(a *Array, id int, m versionMapper, memo map[*Array]*Array) *Array {
	c := &Array{ID: id, Len: m.term(a.Len), Elem: a.Elem, Const: a.Const}
	memo[a] = c
	if a.Cells != nil {
		c.Cells = make([]Cell, len(a.Cells))
		for i, cell := range a.Cells {
			c.Cells[i] = Cell{Index: m.term(cell.Index), Val: m.value(cell.Val)}
		}
	}
	b := a.Back
	c.Back = Backing{Kind: b.Kind, Input: m.loc(b.Input), Lo: m.term(b.Lo), Hi: m.term(b.Hi),
		Shift: m.term(b.Shift), Src: m.array(b.Src), Rest: m.array(b.Rest)}
	return c
}

// copyStore returns a copy of s numbered id, what it holds mapped by m,
// and puts it in memo.
func copyStore(s *MapStore, id int, m versionMapper, memo map[*MapStore]*MapStore) *MapStore {
	c := &MapStore{ID: id, Key: s.Key, Elem: s.Elem}
	memo[s] = c
	if s.Input != nil {
		in := m.loc(*s.Input)
		c.Input = &in
	}
	if s.Entries != nil {
		c.Entries = make([]Entry, len(s.Entries))
		for i, e := range s.Entries {
			c.Entries[i] = Entry{Key: Key{T: m.term(e.Key.T), Dyn: e.Key.Dyn, Ptr: e.Key.Ptr},
				Val: m.value(e.Val), Deleted: e.Deleted}
		}
	}
	return c
}

// mapValues returns vs with f applied to each (nil for nil).
func mapValues(vs []Value, f func(Value) Value) []Value {
	if vs == nil {
		return nil
	}
	out := make([]Value, len(vs))
	for i, v := range vs {
		out[i] = f(v)
	}
	return out
}
