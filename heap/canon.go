package heap

import (
	"go/types"
	"maps"
	"slices"
	"strconv"

	"github.com/gosym/gosym/solver"
)

// A call's state up to a renaming, for procedure summaries (after
// "Procedure summaries for Boolean programs with references" (ZING)). Two
// calls of one function whose states differ only in how their heaps
// numbered objects, symbolic references, array and map versions, index
// terms and input cells, and in the names of their symbols, run alike: a
// summary of the one can answer the other once the names are mapped
// (Renaming). The heap's counters may differ, so this holds for calls
// made at different points of one path, where comparing ids as they are
// (SameView) holds only for calls on sibling paths.

// Canon is what a call can read of a heap, written up to a renaming:
// its roots, what they reach, what the path read of the inputs among
// them, and what the heap knows of their symbolic references,
// interfaces, arrays and maps. Alias candidates
// (input objects the roots do not reach) are not part of it: a Canon is
// only used for calls that materialize nothing (see MadeOnly), and
// those never ask for one.
type Canon struct {
	// Key is equal for two heaps' Canons (written with one Identities)
	// if and only if a renaming takes the one's roots and what they reach
	// to the other's.
	Key string
	// The things named, in the order met: the i-th of one Canon stands
	// for the i-th of another with its Key.
	objs   []ObjID
	syms   []SymID
	arrays []*Array
	stores []*MapStore
	terms  []int // interned index terms (a path's "[#n]")
	cells  []int // input cells and keys (a path's "[@n]")
	// Holes are the symbols of the terms, in the order met, and holes
	// numbers them by Identity.
	Holes []*solver.Term
	holes map[any]int
	ctx   *solver.Context
}

// Identities numbers what a Canon names by identity: types, functions,
// what a witness writes for an input function, and the objects of fixed
// roots. Canons compared with one another must be written with one
// Identities. It also remembers what objects of fixed roots point to.
type Identities struct {
	ids   map[any]int
	fixed map[*Object]fixedObj
}

// fixedObj is what an object reached from a fixed root points to, and
// whether it holds nothing but constants.
type fixedObj struct {
	children []ObjID
	constant bool
}

func (ids *Identities) of(x any) (n int, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false // a value that is no map key: no Canon
		}
	}()
	if ids.ids == nil {
		ids.ids = map[any]int{}
	}
	n, seen := ids.ids[x]
	if !seen {
		n = len(ids.ids) + 1
		ids.ids[x] = n
	}
	return n, true
}

// Limits on a Canon: a state that reaches more objects, or whose terms
// have more distinct subterms, has none. Writing one costs its size at
// every call, and large states seldom repeat.
const (
	maxCanonObjects = 64
	maxCanonNodes   = 2048
)

// Canonical writes what roots reach in h up to a renaming. What the
// fixed roots reach (the package variables' objects) is written as it is
// (ids and objects by identity, which a renaming keeps), and must hold
// only constants: a heap whose package variables lead to a symbol, an
// input or an object with other contents has another Key. ok is false
// when a term is no solver.Formula (a floating-point one, say), a value
// cannot be named, a fixed root leads to something not constant, or the
// state is over the limits: such a state has no Canon.
func (h *Heap) Canonical(fixed, roots []Value, ids *Identities) (c *Canon, ok bool) {
	c = &Canon{holes: map[any]int{}, ctx: h.ctx}
	w := canonWriter{h: h, ids: ids, c: c, ok: true, enc: h.ctx.NewEncoder(c.holes, &c.Holes),
		objN: map[ObjID]int{}, symN: map[SymID]int{}, arrN: map[*Array]int{},
		storeN: map[*MapStore]int{}, termN: map[int]int{}, cellN: map[int]int{}}
	w.fixed(fixed)
	for _, r := range roots {
		w.value(r)
		w.tag('|')
	}
	for i := w.fixedN; i < len(c.objs) && w.ok; i++ {
		w.object(c.objs[i])
		w.ok = w.ok && len(c.objs) <= maxCanonObjects && w.enc.Len() <= maxCanonNodes
	}
	if !w.ok {
		return nil, false
	}
	c.Key = string(w.enc.AppendKey(append(w.b, '|')))
	return c, true
}

// canonWriter writes a Canon: each thing gets its number where first
// met, and what it is written there; objects are written after the
// roots, in the order of their numbers.
type canonWriter struct {
	h      *Heap
	ids    *Identities
	c      *Canon
	b      []byte
	ok     bool
	enc    *solver.Encoder // the terms' nodes, keyed once at the end
	fixedN int             // the objects the fixed roots reach
	objN   map[ObjID]int
	symN   map[SymID]int
	arrN   map[*Array]int
	storeN map[*MapStore]int
	termN  map[int]int
	cellN  map[int]int
}

// tag writes one byte: what comes next, or a mark.
func (w *canonWriter) tag(c byte) { w.b = append(w.b, c) }

func (w *canonWriter) num(n int) {
	w.b = strconv.AppendInt(w.b, int64(n), 36)
	w.tag(' ')
}

func (w *canonWriter) flag(f bool) {
	if f {
		w.tag('T')
	} else {
		w.tag('F')
	}
}

func (w *canonWriter) str(s string) {
	w.num(len(s))
	w.b = append(w.b, s...)
}

func (w *canonWriter) ident(x any) {
	if x == nil {
		w.tag('_')
		return
	}
	n, ok := w.ids.of(x)
	w.ok = w.ok && ok
	w.num(n)
}

// ref writes the number of the thing k among those of its kind in seen,
// and reports whether it is met for the first time (then it is added to
// list).
func ref[K comparable](w *canonWriter, seen map[K]int, list *[]K, k K) bool {
	if n, ok := seen[k]; ok {
		w.num(n)
		return false
	}
	*list = append(*list, k)
	seen[k] = len(*list)
	w.tag('+')
	w.num(len(*list))
	return true
}

func (w *canonWriter) obj(id ObjID) {
	if id == 0 {
		w.tag('_')
		return
	}
	ref(w, w.objN, &w.c.objs, id)
}

func (w *canonWriter) term(t *solver.Term) {
	if t == nil {
		w.tag('_')
		return
	}
	if !w.ok {
		return
	}
	n, ok := w.enc.Node(t)
	w.ok = ok && w.enc.Len() <= maxCanonNodes
	w.num(n)
}

// path writes p with its index terms and input cells named.
func (w *canonWriter) path(p Path) {
	for _, st := range p.steps() {
		w.b = append(w.b, st.kind)
		switch st.kind {
		case '.':
			w.num(st.n)
		case '#':
			if ref(w, w.termN, &w.c.terms, st.n) {
				w.term(w.h.terms[st.n])
			}
		default:
			ref(w, w.cellN, &w.c.cells, st.n)
		}
	}
	w.tag(';')
}

func (w *canonWriter) loc(l Loc) {
	w.obj(l.Obj)
	w.path(l.Path)
}

func (w *canonWriter) object(id ObjID) {
	o := w.h.objs[id]
	if o == nil {
		w.tag('_')
		return
	}
	w.tag('O')
	w.ident(o.Type)
	w.flag(o.Input)
	w.flag(o.store)
	w.flag(o.External)
	w.num(o.Depth)
	w.path(o.Via)
	w.str(o.readNote)
	w.str(o.results)
	w.value(o.Val)
}

func (w *canonWriter) value(v Value) {
	switch v := v.(type) {
	case nil:
		w.tag('_')
	case Scalar:
		w.tag('k')
		w.term(v.T)
	case Nil:
		w.tag('n')
		w.num(v.Origin.Param)
	case Ptr:
		w.tag('p')
		w.loc(Loc(v))
	case InputRef:
		w.tag('r')
		w.loc(Loc{Obj: v.Obj, Path: v.Path})
		w.ident(v.Type)
		w.observed(Loc{Obj: v.Obj, Path: v.Path}, v.Type)
	case SymPtr:
		w.tag('y')
		w.symPtr(v.ID)
	case SymIface:
		w.tag('j')
		w.symIface(v.ID)
	case Struct:
		w.values('S', v.Fields)
	case Tuple:
		w.values('U', v.Elems)
	case Str:
		w.tag('q')
		w.str(v.S)
	case Iface:
		w.tag('I')
		w.ident(v.Type)
		w.value(v.V)
	case Opaque:
		w.tag('o')
		w.ident(v.Type)
		w.str(v.Why)
	case Func:
		w.tag('f')
		w.ident(v.Fn)
		w.values('E', v.Env)
	case Slice:
		w.tag('l')
		w.loc(Loc(v.Store))
		w.term(v.Off)
		w.term(v.Len)
		w.term(v.Cap)
		w.term(v.Nil)
	case SymStr:
		w.tag('x')
		w.array(v.Arr)
		w.term(v.Off)
		w.term(v.Len)
	case *Array:
		w.array(v)
	case *MapStore:
		w.store(v)
	default:
		w.ok = false
	}
}

// observed writes what the path read of the input of type t at l and
// below it (which is still the input there): each read location's first
// value, field by field. A read keeps its value in the heap's inputs, not
// in the object, so two states that read other values there would
// otherwise look alike. An input array's or map's read cells are written
// where it is (array, store).
func (w *canonWriter) observed(l Loc, t types.Type) {
	if v, ok := w.h.inputs.get(l); ok {
		w.tag('=')
		w.value(v)
		return
	}
	st, ok := Under(t).(*types.Struct)
	if !ok {
		w.tag('_')
		return
	}
	w.tag('{')
	for i := range st.NumFields() {
		w.observed(Loc{Obj: l.Obj, Path: l.Path.Field(i)}, st.Field(i).Type())
	}
	w.tag('}')
}

func (w *canonWriter) values(tag byte, vs []Value) {
	w.b = append(w.b, tag)
	w.num(len(vs))
	for _, v := range vs {
		w.value(v)
	}
}

func (w *canonWriter) symPtr(id SymID) {
	if !ref(w, w.symN, &w.c.syms, id) {
		return
	}
	info := w.h.Sym(id)
	w.ident(info.Elem)
	w.num(info.Depth)
	w.num(info.Origin.Param)
	w.num(int(info.Nilness))
	w.obj(info.Target)
	w.loc(info.From)
	w.flag(info.External)
	w.num(len(info.Unlike))
	for _, id := range info.Unlike {
		w.obj(id)
	}
	if f := info.Func; f != nil {
		w.tag('F')
		if f.Given != nil {
			w.value(*f.Given)
		} else {
			w.tag('_')
		}
		w.ident(f.Written)
		w.flag(f.Unexecuted)
		w.num(len(f.Calls))
		for _, c := range f.Calls {
			w.obj(c)
		}
	}
	w.tag(';')
}

func (w *canonWriter) symIface(id SymID) {
	if !ref(w, w.symN, &w.c.syms, id) {
		return
	}
	info := w.h.ifaces[id]
	w.ident(info.Static)
	w.num(info.Depth)
	w.num(info.Origin.Param)
	w.num(int(info.Nilness))
	w.ident(info.Dyn)
	w.obj(info.Box)
	w.num(len(info.Excluded))
	for _, t := range info.Excluded {
		w.ident(t)
	}
	w.flag(info.External)
}

func (w *canonWriter) array(a *Array) {
	w.tag('a')
	if a == nil {
		w.tag('_')
		return
	}
	if !ref(w, w.arrN, &w.c.arrays, a) || !w.ok {
		return
	}
	if a.Const {
		// A constant string's bytes, never written: the version is
		// named as it is, since heaps share it (see Heap.strArrays).
		w.ident(a)
		return
	}
	w.term(a.Len)
	w.ident(a.Elem)
	w.num(len(a.Cells))
	for _, c := range a.Cells {
		w.term(c.Index)
		w.value(c.Val)
	}
	b := a.Back
	w.num(int(b.Kind))
	if b.Kind == InputBack {
		w.loc(b.Input)
		cells := w.h.cells[b.Input]
		w.num(len(cells))
		for _, c := range cells {
			ref(w, w.cellN, &w.c.cells, c.ID)
			w.term(c.Index)
			w.observed(Loc{Obj: b.Input.Obj, Path: b.Input.Path.Cell(c.ID)}, a.Elem)
		}
	}
	w.term(b.Lo)
	w.term(b.Hi)
	w.term(b.Shift)
	w.array(b.Src)
	w.array(b.Rest)
}

func (w *canonWriter) store(m *MapStore) {
	w.tag('m')
	if !ref(w, w.storeN, &w.c.stores, m) {
		return
	}
	w.ident(m.Key)
	w.ident(m.Elem)
	w.num(len(m.Entries))
	for _, e := range m.Entries {
		w.key(e.Key)
		w.value(e.Val)
		w.flag(e.Deleted)
	}
	if m.Input == nil {
		w.tag('_')
		return
	}
	w.loc(*m.Input)
	keys := w.h.keys[*m.Input]
	w.num(len(keys))
	for _, k := range keys {
		ref(w, w.cellN, &w.c.cells, k.ID)
		w.key(k.Key)
		w.term(k.Present)
		w.observed(Loc{Obj: m.Input.Obj, Path: m.Input.Path.Cell(k.ID)}, m.Elem)
	}
	w.flag(w.h.closed[*m.Input])
}

func (w *canonWriter) key(k Key) {
	w.term(k.T)
	w.ident(k.Dyn)
	w.flag(k.Ptr)
}

// Write writes ts as Formulas over the Canon's holes, numbering the
// other symbols they hold after those (extra, in the order met): such a
// symbol stands for itself, in the Context the Canon's terms are in.
func (c *Canon) Write(ts []*solver.Term) (fs []solver.Formula, extra []*solver.Term, ok bool) {
	holes := maps.Clone(c.holes)
	named := slices.Clip(c.Holes)
	for _, t := range ts {
		f, ok := c.ctx.EncodeNaming(t, holes, &named)
		if !ok {
			return nil, nil, false
		}
		fs = append(fs, f)
	}
	return fs, named[len(c.Holes):], true
}

// fixed writes the objects the fixed roots reach, each as its id and its
// identity: they are the first objects named, and name themselves.
func (w *canonWriter) fixed(roots []Value) {
	var queue []ObjID
	for _, r := range roots {
		p, ok := r.(Ptr)
		if !ok {
			w.ok = false
			return
		}
		queue = append(queue, p.Obj)
	}
	for len(queue) > 0 && w.ok {
		id := queue[0]
		queue = queue[1:]
		if _, seen := w.objN[id]; seen {
			continue
		}
		ref(w, w.objN, &w.c.objs, id)
		o := w.h.objs[id]
		w.num(int(id))
		w.ident(o)
		f := w.ids.fixedOf(o)
		w.ok = w.ok && f.constant && len(w.c.objs) <= maxCanonObjects
		queue = append(queue, f.children...)
	}
	w.fixedN = len(w.c.objs)
	w.tag('|')
}

// fixedOf returns what o points to, and whether it holds only constants,
// remembered: objects are never changed.
func (ids *Identities) fixedOf(o *Object) fixedObj {
	if f, ok := ids.fixed[o]; ok {
		return f
	}
	if ids.fixed == nil {
		ids.fixed = map[*Object]fixedObj{}
	}
	f := fixedObj{constant: o != nil}
	if o != nil {
		f.constant = constantValue(o.Val, &f.children)
	}
	ids.fixed[o] = f
	return f
}

// constantValue reports whether v holds only constant terms and no input,
// and adds the objects it points to to children.
func constantValue(v Value, children *[]ObjID) bool {
	constant := func(ts ...*solver.Term) bool {
		for _, t := range ts {
			if t != nil && !t.IsConst() {
				return false
			}
		}
		return true
	}
	switch v := v.(type) {
	case nil, Nil, Str, Opaque:
		return true
	case Scalar:
		return constant(v.T)
	case Ptr:
		*children = append(*children, v.Obj)
		return true
	case Struct:
		return constantValues(v.Fields, children)
	case Tuple:
		return constantValues(v.Elems, children)
	case Iface:
		return constantValue(v.V, children)
	case Func:
		return constantValues(v.Env, children)
	case Slice:
		*children = append(*children, v.Store.Obj)
		return constant(v.Off, v.Len, v.Cap, v.Nil)
	case SymStr:
		return constant(v.Off, v.Len) && constantValue(v.Arr, children)
	case *Array:
		if v == nil || v.Const {
			return true
		}
		for _, c := range v.Cells {
			if !constant(c.Index) || !constantValue(c.Val, children) {
				return false
			}
		}
		b := v.Back
		return b.Kind != InputBack && constant(v.Len, b.Lo, b.Hi, b.Shift) &&
			(b.Src == nil || constantValue(b.Src, children)) && (b.Rest == nil || constantValue(b.Rest, children))
	case *MapStore:
		if v.Input != nil {
			return false
		}
		for _, e := range v.Entries {
			if !constant(e.Key.T) || !constantValue(e.Val, children) {
				return false
			}
		}
		return true
	}
	return false // symbolic references and interfaces, inputs not observed
}

func constantValues(vs []Value, children *[]ObjID) bool {
	for _, v := range vs {
		if !constantValue(v, children) {
			return false
		}
	}
	return true
}
