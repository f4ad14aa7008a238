package heap

import (
	"fmt"
	"maps"

	"github.com/gosym/gosym/solver"
)

// Importer copies heaps and values built in one solver.Context into
// another, so that a heap a package's initialization left, built once in
// a run, can start the search of each entry, each in its own Context.
// Arrays and maps shared between values stay shared in the copy.
type Importer struct {
	terms  *solver.Importer
	arrays map[*Array]*Array
	stores map[*MapStore]*MapStore
}

// NewImporter returns an Importer that copies terms with terms.
func NewImporter(terms *solver.Importer) *Importer {
	return &Importer{terms: terms, arrays: map[*Array]*Array{}, stores: map[*MapStore]*MapStore{}}
}

// Importable says why h cannot be imported, or "": only a heap that has
// observed no input (no location lazy initialization read, no value built
// through an API) can be, for what a path learnt of inputs lives in its
// path condition and in its search too. Inputs not yet observed (external
// variables' objects, the unresolved references and interfaces that
// unexecuted calls returned) are allowed.
func (h *Heap) Importable() string {
	switch {
	case h.args != 0:
		return "it holds an entry's parameters"
	case len(h.externalReads) > 0:
		return "it read variables set by code gosym did not run"
	case len(h.inputs) > 0 || len(h.cells) > 0 || len(h.keys) > 0 || len(h.closed) > 0:
		return "it observed inputs"
	case len(h.callArgs) > 0 || len(h.built) > 0 || len(h.copies) > 0:
		return "it holds values built through an API"
	}
	return ""
}

// Heap returns a copy of h whose terms are built in the Importer's target
// Context, with h's configuration replaced by cfg. It panics if h is not
// Importable. The copy's hooks (GraceFor, OnExternalRead, ...) are unset.
func (im *Importer) Heap(h *Heap, cfg Config) *Heap {
	if why := h.Importable(); why != "" {
		panic("heap: import of a heap that " + why)
	}
	c := &Heap{
		ctx:          im.terms.Target(),
		cfg:          cfg.withDefaults(),
		objs:         make(map[ObjID]*Object, len(h.objs)),
		inputs:       map[Loc]Value{},
		syms:         make(symTable, len(h.syms)),
		ifaces:       maps.Clone(h.ifaces), // no terms
		next:         h.next,
		symN:         h.symN,
		terms:        make([]*solver.Term, len(h.terms)),
		termIDs:      make(map[any]int, len(h.termIDs)),
		memo:         make(map[memoKey]Value, len(h.memo)),
		cells:        map[Loc][]InputCell{},
		keys:         map[Loc][]InputKey{},
		mapMemo:      make(map[memoKey]mapResult, len(h.mapMemo)),
		ptrEq:        h.ptrEq, // copied on write
		strIDs:       h.strIDs,
		ptrIDs:       h.ptrIDs,
		arrayN:       h.arrayN,
		cellN:        h.cellN,
		Materialized: h.Materialized,
		Aliases:      h.Aliases,
	}
	for id, obj := range h.objs {
		o := *obj
		o.Val = im.Value(obj.Val)
		c.objs[id] = &o
	}
	for id, p := range h.syms {
		if p == nil {
			continue
		}
		info := *p
		if f := info.Func; f != nil && f.Given != nil {
			given := im.Value(*f.Given).(Func)
			c := *f
			c.Given = &given
			info.Func = &c
		}
		c.syms[id] = &info
	}
	if c.ifaces == nil {
		c.ifaces = map[SymID]IfaceInfo{}
	}
	for i, t := range h.terms {
		c.terms[i] = im.terms.Import(t)
		c.termIDs[c.terms[i].Identity()] = i
	}
	for k, v := range h.memo {
		c.memo[k] = im.Value(v)
	}
	for k, r := range h.mapMemo {
		c.mapMemo[k] = mapResult{val: im.Value(r.val), ok: r.ok}
	}
	if h.strKeys != nil {
		c.strKeys = make(map[[3]int]*solver.Term, len(h.strKeys))
		for k, t := range h.strKeys {
			c.strKeys[k] = im.terms.Import(t)
		}
	}
	if h.strArrays != nil {
		c.strArrays = make(map[string]*Array, len(h.strArrays))
		for s, a := range h.strArrays {
			c.strArrays[s] = im.array(a)
		}
	}
	return c
}

// Value returns v with its terms built in the target Context.
func (im *Importer) Value(v Value) Value {
	switch x := v.(type) {
	case nil, Nil, Ptr, SymPtr, SymIface, InputRef, Str, Opaque:
		return v // no terms
	case Scalar:
		return Scalar{T: im.terms.Import(x.T)}
	case Struct:
		return Struct{Fields: im.values(x.Fields)}
	case Tuple:
		return Tuple{Elems: im.values(x.Elems)}
	case Iface:
		return Iface{Type: x.Type, V: im.Value(x.V)}
	case Func:
		return Func{Fn: x.Fn, Env: im.values(x.Env)}
	case *Array:
		return im.array(x)
	case Slice:
		return Slice{Store: x.Store, Off: im.terms.Import(x.Off), Len: im.terms.Import(x.Len),
			Cap: im.terms.Import(x.Cap), Nil: im.terms.Import(x.Nil)}
	case SymStr:
		return SymStr{Arr: im.array(x.Arr), Off: im.terms.Import(x.Off), Len: im.terms.Import(x.Len)}
	case *MapStore:
		return im.store(x)
	}
	panic(fmt.Sprintf("heap: import of a %T", v))
}

func (im *Importer) values(vs []Value) []Value { return mapValues(vs, im.Value) }

// term, value and loc map what a version holds (see versionMapper).
func (im *Importer) term(t *solver.Term) *solver.Term { return im.terms.Import(t) }
func (im *Importer) value(v Value) Value              { return im.Value(v) }
func (im *Importer) loc(l Loc) Loc                    { return l }

// array copies an array version once, however many values share it.
func (im *Importer) array(a *Array) *Array {
	if a == nil {
		return nil
	}
	if c, ok := im.arrays[a]; ok {
		return c
	}
	return copyArray(a, a.ID, im, im.arrays)
}

// store copies a map version once, however many values share it.
func (im *Importer) store(m *MapStore) *MapStore {
	if c, ok := im.stores[m]; ok {
		return c
	}
	return copyStore(m, m.ID, im, im.stores)
}
