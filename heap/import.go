package heap

import (
	"fmt"
	"maps"

	"github.com/gosym/gosym/solver"
)

// Importer copies heaps and values built in one solver.Context into
// another, so that a state built once in a run (the heap a package's
// initialization left, the states a type's call sequences reach) can
// start the searches of several entries, each in its own Context. Arrays,
// maps and objects shared between values and heaps stay shared in the
// copies, and a heap imported twice is copied once.
type Importer struct {
	terms  *solver.Importer
	arrays map[*Array]*Array
	stores map[*MapStore]*MapStore
	objs   map[*Object]*Object
	heaps  map[*Heap]*Heap
}

// NewImporter returns an Importer that copies terms with terms.
func NewImporter(terms *solver.Importer) *Importer {
	return &Importer{terms: terms, arrays: map[*Array]*Array{}, stores: map[*MapStore]*MapStore{},
		objs: map[*Object]*Object{}, heaps: map[*Heap]*Heap{}}
}

// Importable says why h cannot start every entry of its package, or "":
// only a heap that has observed no input (no location lazy
// initialization read, no value built through an API) can, for what a
// path learnt of inputs lives in its path condition and in its search
// too. Inputs not yet observed (external variables' objects, the
// unresolved references and interfaces that unexecuted calls returned)
// are allowed. Any heap can be imported (see Importer.Heap): the one
// whose inputs were observed goes on with the path condition that
// observed them.
func (h *Heap) Importable() string {
	switch {
	case h.args != 0:
		return "it holds an entry's parameters"
	case len(h.externalReads) > 0:
		return "it read variables set by code gosym did not run"
	case h.inputs.len() > 0 || len(h.cells) > 0 || len(h.keys) > 0 || len(h.closed) > 0:
		return "it observed inputs"
	case len(h.callArgs) > 0 || len(h.built) > 0 || len(h.copies) > 0:
		return "it holds values built through an API"
	}
	return ""
}

// Heap returns a copy of h whose terms are built in the Importer's target
// Context, with h's configuration replaced by cfg: its objects, what it
// observed of inputs and what it built through an API. The heap h
// watches (see Watch) is imported with it, once for all the heaps that
// watch it. The copy's hooks (GraceFor, OnExternalRead, ...) are unset.
func (im *Importer) Heap(h *Heap, cfg Config) *Heap {
	c := &Heap{
		ctx:           im.terms.Target(),
		cfg:           cfg.withDefaults(),
		objs:          make(map[ObjID]*Object, len(h.objs)),
		inputs:        newInputTable(),
		syms:          make(symTable, len(h.syms)),
		ifaces:        maps.Clone(h.ifaces), // no terms
		args:          h.args,
		baseChanged:   h.baseChanged,
		callArgs:      h.callArgs, // no terms; appended to capped
		next:          h.next,
		symN:          h.symN,
		terms:         make([]*solver.Term, len(h.terms)),
		termIDs:       make(map[any]int, len(h.termIDs)),
		memo:          make(map[memoKey]Value, len(h.memo)),
		cells:         make(map[Loc][]InputCell, len(h.cells)),
		keys:          make(map[Loc][]InputKey, len(h.keys)),
		closed:        h.closed, // copied on write
		mapMemo:       make(map[memoKey]mapResult, len(h.mapMemo)),
		ptrEq:         h.ptrEq, // copied on write
		strIDs:        h.strIDs,
		ptrIDs:        h.ptrIDs,
		arrayN:        h.arrayN,
		cellN:         h.cellN,
		copies:        h.copies, // copied on write
		Materialized:  h.Materialized,
		Aliases:       h.Aliases,
		externalReads: h.externalReads,
	}
	if h.base != nil {
		c.base = im.Watched(h.base, cfg)
	}
	for id, obj := range h.objs {
		c.objs[id] = im.object(obj)
	}
	for l, v := range h.inputs.all() {
		c.inputs.put(&c.owned, l, im.Value(v))
	}
	for id, p := range h.syms {
		if p != nil {
			c.syms[id] = im.symInfo(p)
		}
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
	im.inputCells(h, c)
	for _, b := range h.built {
		c.built = append(c.built, builtObj{t: b.t, id: b.id, val: im.Value(b.val)})
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

// Terms returns the Importer of the terms.
func (im *Importer) Terms() *solver.Importer { return im.terms }

// Watched returns the copy of base, a heap others watch (see Watch), made
// once: the copies of the heaps that watch it watch the copy.
func (im *Importer) Watched(base *Heap, cfg Config) *Heap {
	if c, ok := im.heaps[base]; ok {
		return c
	}
	c := im.Heap(base, cfg)
	im.heaps[base] = c
	return c
}

// object copies an object once, however many heaps hold it: objects are
// replaced, never changed in place, so heaps that shared one share its
// copy, and a watched heap's copy keeps telling what changed.
func (im *Importer) object(obj *Object) *Object {
	if c, ok := im.objs[obj]; ok {
		return c
	}
	o := *obj
	o.Val = im.Value(obj.Val)
	im.objs[obj] = &o
	return &o
}

// symInfo copies a reference's information: an input function's given
// value holds terms.
func (im *Importer) symInfo(p *SymInfo) *SymInfo {
	info := *p
	if f := info.Func; f != nil && f.Given != nil {
		given := im.Value(*f.Given).(Func)
		c := *f
		c.Given = &given
		info.Func = &c
	}
	return &info
}

// inputCells copies into c the observed cells of h's input arrays and
// the observed keys of its input maps.
func (im *Importer) inputCells(h, c *Heap) {
	for l, cells := range h.cells {
		out := make([]InputCell, len(cells))
		for i, cell := range cells {
			out[i] = InputCell{ID: cell.ID, Index: im.terms.Import(cell.Index)}
		}
		c.cells[l] = out
	}
	for l, keys := range h.keys {
		out := make([]InputKey, len(keys))
		for i, k := range keys {
			out[i] = InputKey{ID: k.ID, Key: Key{T: im.terms.Import(k.Key.T), Dyn: k.Key.Dyn, Ptr: k.Key.Ptr},
				Present: im.terms.Import(k.Present)}
		}
		c.keys[l] = out
	}
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
