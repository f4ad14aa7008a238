package heap

import (
	"github.com/gosym/gosym/internal/cow"
	"github.com/gosym/gosym/solver"
)

// MadeOnly reports whether h, a call's exit heap, observed nothing since
// entry, and made nothing but objects, arrays and maps: no symbolic
// reference, index term, input cell or location, alias, numbered address
// or constant string's array, and no read of another package's variable.
// What such a call did is writes to the objects it could reach, decisions
// on its symbolic references and interfaces, and what it made, which a
// Renaming carries to a heap whose Canon has the entry's Key, numbering
// what was made afresh there.
func (h *Heap) MadeOnly(entry *Heap) bool {
	a, b := entry.Counters(), h.Counters()
	a.next, a.arrays = b.next, b.arrays
	return a == b && len(h.externalReads) == len(entry.externalReads) &&
		h.inputs.same(&entry.inputs) && same(h.cells, entry.cells) && same(h.keys, entry.keys) &&
		same(h.closed, entry.closed) && same(h.copies, entry.copies) && same(h.callArgs, entry.callArgs) &&
		same(h.built, entry.built) && same(h.strIDs, entry.strIDs) && same(h.ptrIDs, entry.ptrIDs) &&
		same(h.strArrays, entry.strArrays)
}

// Renaming maps what one Canon names to what another with its Key
// names: objects, symbolic references, array and map versions, index
// terms, input cells, and symbols (terms are built again over the
// other's holes, in its Context).
type Renaming struct {
	from, to *Canon
	ctx      *solver.Context
	objs     map[ObjID]ObjID
	syms     map[SymID]SymID
	arrays   map[*Array]*Array
	stores   map[*MapStore]*MapStore
	terms    map[int]int
	cells    map[int]int
	built    map[*solver.Term]*solver.Term
	ok       bool
	// Once Delta set them, what the call whose exit it renames made (the
	// objects after entryNext, the arrays and maps after entryArrays) is
	// numbered after what the heap it goes to has made (intoNext,
	// intoArrays), and the versions it made are copied once each.
	entryNext, intoNext     ObjID
	entryArrays, intoArrays int
	madeArrays              map[*Array]*Array
	madeStores              map[*MapStore]*MapStore
}

// NewRenaming returns the renaming of from's names to to's, whose terms
// are built in ctx. from and to must have one Key.
func NewRenaming(from, to *Canon, ctx *solver.Context) *Renaming {
	if from.Key != to.Key {
		panic("heap: renaming between states of different Keys")
	}
	return &Renaming{from: from, to: to, ctx: ctx, ok: true,
		objs: zipMap(from.objs, to.objs), syms: zipMap(from.syms, to.syms),
		arrays: zipMap(from.arrays, to.arrays), stores: zipMap(from.stores, to.stores),
		terms: zipMap(from.terms, to.terms), cells: zipMap(from.cells, to.cells),
		built: map[*solver.Term]*solver.Term{}}
}

func zipMap[K comparable](from, to []K) map[K]K {
	m := make(map[K]K, len(from))
	for i, k := range from {
		m[k] = to[i]
	}
	return m
}

// Term returns t, a term over from's holes, built over to's; false if it
// holds another symbol or no Formula can write it.
func (r *Renaming) Term(t *solver.Term) (*solver.Term, bool) {
	if t == nil {
		return nil, true
	}
	if u, ok := r.built[t]; ok {
		return u, true
	}
	f, ok := r.from.ctx.Encode(t, r.from.holes)
	if !ok {
		return nil, false
	}
	u, err := r.ctx.Decode(f, r.to.Holes)
	if err != nil {
		return nil, false
	}
	r.built[t] = u
	return u, true
}

func (r *Renaming) term(t *solver.Term) *solver.Term {
	u, ok := r.Term(t)
	r.ok = r.ok && ok
	return u
}

func mapped[K comparable](r *Renaming, m map[K]K, k K) K {
	v, ok := m[k]
	r.ok = r.ok && ok
	return v
}

func (r *Renaming) obj(id ObjID) ObjID {
	if id == 0 {
		return 0
	}
	if r.madeArrays != nil && id > r.entryNext {
		return r.intoNext + id - r.entryNext
	}
	return mapped(r, r.objs, id)
}

func (r *Renaming) path(p Path) Path {
	if p == "" {
		return p
	}
	var out Path
	for _, st := range p.steps() {
		switch st.kind {
		case '#':
			st.n = mapped(r, r.terms, st.n)
		case '@':
			st.n = mapped(r, r.cells, st.n)
		}
		out = out.step(st)
	}
	return out
}

func (r *Renaming) loc(l Loc) Loc { return Loc{Obj: r.obj(l.Obj), Path: r.path(l.Path)} }

// Value returns v with from's names replaced by to's; false if v names
// something from's Canon does not.
func (r *Renaming) Value(v Value) (Value, bool) {
	r.ok = true
	out := r.value(v)
	return out, r.ok
}

func (r *Renaming) value(v Value) Value {
	switch v := v.(type) {
	case Scalar:
		return Scalar{T: r.term(v.T)}
	case Ptr:
		return Ptr{Obj: r.obj(v.Obj), Path: r.path(v.Path)}
	case InputRef:
		return InputRef{Obj: r.obj(v.Obj), Path: r.path(v.Path), Type: v.Type}
	case SymPtr:
		return SymPtr{ID: mapped(r, r.syms, v.ID)}
	case SymIface:
		return SymIface{ID: mapped(r, r.syms, v.ID)}
	case Struct:
		return Struct{Fields: r.values(v.Fields)}
	case Tuple:
		return Tuple{Elems: r.values(v.Elems)}
	case Iface:
		return Iface{Type: v.Type, V: r.value(v.V)}
	case Func:
		return Func{Fn: v.Fn, Env: r.values(v.Env)}
	case Slice:
		return Slice{Store: Ptr{Obj: r.obj(v.Store.Obj), Path: r.path(v.Store.Path)},
			Off: r.term(v.Off), Len: r.term(v.Len), Cap: r.term(v.Cap), Nil: r.term(v.Nil)}
	case SymStr:
		return SymStr{Arr: r.array(v.Arr), Off: r.term(v.Off), Len: r.term(v.Len)}
	case *Array:
		return r.array(v)
	case *MapStore:
		return r.store(v)
	}
	return v // Nil, Str, Opaque and nil name nothing
}

func (r *Renaming) values(vs []Value) []Value { return mapValues(vs, r.value) }

func (r *Renaming) array(a *Array) *Array {
	if a == nil {
		return nil
	}
	if r.madeArrays != nil && a.ID > r.entryArrays {
		return r.madeArray(a)
	}
	return mapped(r, r.arrays, a)
}

// madeArray copies a version the call made, renamed, once.
func (r *Renaming) madeArray(a *Array) *Array {
	if c, ok := r.madeArrays[a]; ok {
		return c
	}
	return copyArray(a, r.intoArrays+a.ID-r.entryArrays, r, r.madeArrays)
}

// store renames a map version: one the call made is copied, renamed.
func (r *Renaming) store(m *MapStore) *MapStore {
	if r.madeStores == nil || m.ID <= r.entryArrays {
		return mapped(r, r.stores, m)
	}
	if c, ok := r.madeStores[m]; ok {
		return c
	}
	return copyStore(m, r.intoArrays+m.ID-r.entryArrays, r, r.madeStores)
}

// Delta is what a call whose exit observed nothing did, renamed for
// another state: the objects it wrote and made, the symbolic references
// and interfaces it decided, and how many objects, arrays and maps it
// made.
type Delta struct {
	objs   map[ObjID]*Object
	syms   map[SymID]SymInfo
	ifaces map[SymID]IfaceInfo
	next   ObjID
	arrays int
}

// Delta returns what the call whose entry and exit heaps were entry (with
// from's Canon) and exit (MadeOnly) did, renamed for into, whose Canon is
// to's; false if some part of it cannot be. What the call made is
// numbered after what into has made. Until the next Delta, Value renames
// the exit's values alike.
func (r *Renaming) Delta(entry, exit, into *Heap) (*Delta, bool) {
	r.ok = true
	r.entryNext, r.intoNext, r.entryArrays, r.intoArrays = entry.next, into.next, entry.arrayN, into.arrayN
	r.madeArrays, r.madeStores = map[*Array]*Array{}, map[*MapStore]*MapStore{}
	d := &Delta{objs: map[ObjID]*Object{}, syms: map[SymID]SymInfo{}, ifaces: map[SymID]IfaceInfo{},
		next: exit.next - entry.next, arrays: exit.arrayN - entry.arrayN}
	written := func(id ObjID) {
		if o := exit.objs[id]; o != nil && o != entry.objs[id] {
			c := *o
			c.ID, c.Via, c.Val = r.obj(id), r.path(o.Via), r.value(o.Val)
			d.objs[c.ID] = &c
		}
	}
	for _, id := range r.from.objs {
		written(id)
	}
	for id := entry.next + 1; id <= exit.next; id++ {
		written(id)
	}
	for _, id := range r.from.syms {
		if int(id) < len(exit.syms) && exit.syms[id] != nil && (int(id) >= len(entry.syms) || exit.syms[id] != entry.syms[id]) {
			d.syms[r.syms[id]] = r.symInfo(*exit.syms[id])
		}
		if info, ok := exit.ifaces[id]; ok && !same(info, entry.ifaces[id]) {
			info.Box = r.obj(info.Box)
			d.ifaces[r.syms[id]] = info
		}
	}
	return d, r.ok
}

// Apply makes h, the heap the Delta was renamed for, what the call left.
func (d *Delta) Apply(h *Heap) {
	for id, o := range d.objs {
		h.replace(id, o)
	}
	for id, info := range d.syms {
		h.setSym(id, info)
	}
	for id, info := range d.ifaces {
		cow.Put(&h.owned, ownIfaces, &h.ifaces, id, info)
	}
	h.next += d.next
	h.arrayN += d.arrays
}

func (r *Renaming) symInfo(info SymInfo) SymInfo {
	info.Target, info.From = r.obj(info.Target), r.loc(info.From)
	if len(info.Unlike) > 0 {
		unlike := make([]ObjID, len(info.Unlike))
		for i, id := range info.Unlike {
			unlike[i] = r.obj(id)
		}
		info.Unlike = unlike
	}
	if f := info.Func; f != nil {
		c := *f
		if f.Given != nil {
			g := r.value(*f.Given).(Func)
			c.Given = &g
		}
		c.Calls = make([]ObjID, len(f.Calls))
		for i, id := range f.Calls {
			c.Calls[i] = r.obj(id)
		}
		info.Func = &c
	}
	return info
}
