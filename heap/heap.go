package heap

import (
	"fmt"
	"go/types"
	"slices"
	"sort"

	"github.com/gosym/gosym/internal/cow"
	"github.com/gosym/gosym/solver"
)

// Object is one heap cell holding a value of Type. Objects are immutable
// once placed in a heap: a store replaces the object, so forked heaps can
// share them.
type Object struct {
	ID   ObjID
	Type types.Type
	// Input objects existed before the entry call (lazily materialized);
	// only they are alias candidates. Allocated objects are made by the
	// code under test and start with zero values.
	Input bool
	// Depth is the length of the materialization chain from a root object
	// (an object a parameter points to has depth 0).
	Depth int
	// Via is the path, in the object that pointed to it, of the location
	// an input object was materialized at: the nodes of a list's run all
	// have their link's.
	Via Path
	Val Value
	// store marks the backing array of slices: its Type is the slice type,
	// and it is never an alias candidate for a pointer.
	store bool
	// readNote, for another package's variable, is the note a path makes
	// when it reads the variable's contents (see NewExternalVariable).
	readNote string
	// External marks an object reached from the result of a call the
	// engine did not execute: what it holds is an assumption.
	External bool
	// results, for the pseudo-object of the results of a call of an
	// input function, names the call (see CallInput).
	results string
}

// Nilness is what a path knows about whether a symbolic reference is nil.
type Nilness int

// The nilness of a symbolic reference.
const (
	MaybeNil Nilness = iota // lazier# symbolic reference: not decided yet
	IsNil
	NotNil // a symbolic location
)

// SymInfo is the per-path knowledge about a symbolic reference.
type SymInfo struct {
	Elem    types.Type // the pointee type
	Depth   int        // depth of the object it resolves to when fresh
	Origin  Origin
	Nilness Nilness
	Target  ObjID // resolved object, or zero while unresolved
	// From is the location the reference was read from, if it was.
	From Loc
	// Unlike lists the objects an unresolved reference was compared
	// unequal to (see SamePtr): its resolution leaves them out. Replaced,
	// never changed in place: forked heaps share it.
	Unlike []ObjID
	// External marks a reference that a call the engine did not execute
	// returned (or that was read from what such a call returned).
	External bool
	// Func, for an input function value, is what the path made of it
	// (see InputFunc); nil before its first call. Replaced, never
	// changed: forked heaps share it.
	Func *InputFunc
}

// Loc is an input location: a leaf of an input object.
type Loc struct {
	Obj  ObjID
	Path Path
}

// Heap is the symbolic heap of one path: current objects, the record of
// every input location's first value (the input heap, kept apart so that a
// witness shows the input and not the mutated state), and the resolution of
// symbolic references.
//
// Its fields are many because a path's memory is more than its objects:
// the input heap a witness is written from; the records of lazy
// initialization (cells, keys, closed maps, copies, values built through
// the API); the memos that keep terms canonical, so that equal values get
// equal terms; the hooks the engine sets; and counters. A fork copies
// them together, and the maps stay shared until one side writes (see
// Clone and owned).
type Heap struct {
	ctx    *solver.Context
	cfg    Config
	objs   map[ObjID]*Object
	inputs inputTable
	syms   symTable
	ifaces map[SymID]IfaceInfo
	args   ObjID
	// base is a heap h descends from with its objects unchanged when
	// Watch made it so; baseChanged says an object of base's has been
	// replaced since, an entry input aside (see MadeUnchanged).
	base        *Heap
	baseChanged bool
	// callArgs are the argument pseudo-objects of the calls a path makes
	// before the entry to build a value through the package's API (see
	// NewCallArgs); forked heaps share the slice, capped.
	callArgs []callArgs
	// built are objects the path made through a package's API, each the
	// value an input pointer to its type resolves to (see Provide);
	// forked heaps share the slice, capped.
	built []builtObj
	next  ObjID
	symN  SymID
	// Arrays: interned index terms (paths refer to them by number), the
	// memo of index resolutions per array version, and the observed cells
	// of each input array.
	terms   []*solver.Term
	termIDs map[any]int
	memo    map[memoKey]Value
	cells   map[Loc][]InputCell
	keys    map[Loc][]InputKey
	// closed marks the input maps whose whole key set is known (copied
	// on write).
	closed map[Loc]bool
	// strKeys memoizes the key terms of symbolic strings (copied on
	// write).
	strKeys map[[3]int]*solver.Term
	mapMemo map[memoKey]mapResult
	// owned has the bits (ownObjs, ...) of the maps not shared with a
	// clone: the others are copied before their first write.
	owned cow.Owned
	// ptrEq memoizes the equality of element addresses at different index
	// terms (copied on write).
	ptrEq map[[2]Path]bool
	// strIDs numbers the constant strings used as map keys; the map is
	// copied on write, so forked heaps can share it.
	strIDs map[string]uint64
	// ptrIDs numbers the addresses used as map keys, copied on write like
	// strIDs (see PtrKey).
	ptrIDs map[Ptr]uint64
	// strArrays holds the array of each constant string indexed so far
	// (copied on write). An operation that branches on its index is
	// retried, and finds its choice in memo only if the array is the same
	// version: a new array per use made a symbolic index into a constant
	// table, such as bits.Len64's len8tab, branch forever.
	strArrays map[string]*Array
	arrayN    int
	cellN     int
	// BuildTypes, if set, reports whether the values of type t that
	// input pointers point to are built through its package's API (see
	// Provide and Decision.Build).
	BuildTypes func(t types.Type) bool
	// BuildValues says that input locations may hold values of the
	// types BuildTypes names by value (a struct field of type T, not
	// *T): each such location holds a copy of the value Provide gave.
	BuildValues bool
	// ZeroTypes, if set, reports whether the input values of type t are
	// zero wherever the path did not build them: no code but t's own
	// methods writes their state (a sync.Mutex's), so a value no call
	// built is the zero value, in a value written by hand too.
	ZeroTypes func(t types.Type) bool
	// copies maps the input locations that hold a value of a type the
	// API builds to the object whose value (as Provide gave it) they
	// copy, or to 0 where the path writes the value by hand (copied on
	// write).
	copies map[Loc]ObjID
	// Implementors, if set, lists the program's types that implement an
	// interface, for witnesses of interface inputs whose type never
	// mattered.
	Implementors func(*types.Interface) []types.Type
	// Materialized counts input locations observed so far; the loop bound
	// counts only iterations during which it does not grow.
	Materialized int
	// Aliases counts the input references resolved to an object
	// materialized before (shared structure or a cycle): of two witnesses
	// of one size, the one with fewer reads better.
	Aliases int
	// grace lets materialization go that much past the k-bound (see
	// SetGrace), for objects and cells of the types GraceFor allows.
	grace, cellGrace int
	GraceFor         func(types.Type) bool
	// OnExternalRead, if set, is told each note ExternalReads gains.
	OnExternalRead func(note string)
	externalReads  []string
}

// SetGrace lets the next materializations of objects, and of cells of
// input arrays, of the types GraceFor allows go up to the given numbers of
// levels or cells past the k-bound. The search grants it inside loops whose heads check
// subsumption, for list nodes and scalar cells, whose summaries need a
// few more of them to match.
func (h *Heap) SetGrace(objects, cells int) { h.grace, h.cellGrace = objects, cells }

// New returns an empty heap whose scalars are built in ctx.
func New(ctx *solver.Context, cfg Config) *Heap {
	return &Heap{
		ctx:     ctx,
		cfg:     cfg.withDefaults(),
		objs:    map[ObjID]*Object{},
		inputs:  newInputTable(),
		ifaces:  map[SymID]IfaceInfo{},
		termIDs: map[any]int{},
		memo:    map[memoKey]Value{},
		cells:   map[Loc][]InputCell{},
		keys:    map[Loc][]InputKey{},
		mapMemo: map[memoKey]mapResult{},
	}
}

// Clone returns an independent copy for a forked path. The objects,
// inputs, references and array memo are shared until one of the two
// heaps writes them: most forks write few of them before forking again.
func (h *Heap) Clone() *Heap {
	h.owned = 0
	c := *h
	h.inputs.fork(&c.inputs)
	c.terms = h.terms[:len(h.terms):len(h.terms)] // appends must not share
	return &c
}

// WithConfig is Clone with the bounds of cfg: a search's deeper pass
// starts from the heap its first pass started from.
func (h *Heap) WithConfig(cfg Config) *Heap {
	c := h.Clone()
	c.cfg = cfg.withDefaults()
	return c
}

// MadeUnchanged reports whether every object of old but the entry's
// inputs (the arguments' pseudo-object and what lazy initialization
// materialized from it) is, in h, the very object it was in old: h
// descends from old (see Clone), and nothing written or materialized
// since changed what the code had made, or what unexecuted code returned
// to it. Objects are replaced, never changed in place, so identity is
// enough.
//
// It is asked at every loop head, and the objects of a package's
// initialization are thousands (the tables of unicode): a heap Watch made
// follow old answers from what its writes recorded.
func (h *Heap) MadeUnchanged(old *Heap) bool {
	if h.base == old {
		return !h.baseChanged
	}
	return h.madeUnchanged(old)
}

// madeUnchanged is MadeUnchanged object by object.
func (h *Heap) madeUnchanged(old *Heap) bool {
	for id, obj := range old.objs {
		if !old.entryInput(id, obj) && h.objs[id] != obj {
			return false
		}
	}
	return true
}

// entryInput reports whether h's object id, obj, is one of the entry's
// inputs: the arguments' pseudo-object or what lazy initialization
// materialized from it.
func (h *Heap) entryInput(id ObjID, obj *Object) bool {
	return obj.Input && !obj.External || id == h.args
}

// Watch makes h, which holds base's objects unchanged, record the writes
// that replace one of them, so that MadeUnchanged(base) is answered at
// once.
func (h *Heap) Watch(base *Heap) {
	h.base, h.baseChanged = base, false
}

// replace makes obj the object id names, which had one before.
func (h *Heap) replace(id ObjID, obj *Object) {
	if b := h.base; b != nil && !h.baseChanged {
		if old := b.objs[id]; old != nil && !b.entryInput(id, old) {
			h.baseChanged = true
		}
	}
	cow.Put(&h.owned, ownObjs, &h.objs, id, obj)
}

// Bits of Heap.owned: the maps this heap may write in place.
const (
	ownObjs cow.Owned = 1 << iota
	ownInputs
	ownSyms
	ownMemo
	ownIfaces
	ownTermIDs
	ownCells
	ownKeys
	ownMapMemo
)

// symTable holds each symbolic reference's SymInfo at its SymID (ids
// count up from 1; an interface's leaves a hole). Forked heaps share the
// table and the SymInfos, which are never changed in place: a heap's
// first write copies the table, pointers only, where a map of SymInfos
// copied every one (a fork's copy was a quarter of what a search of
// TreeMap.put allocated).
type symTable []*SymInfo

// Sym returns what this path knows of a symbolic reference.
func (h *Heap) Sym(id SymID) SymInfo {
	if int(id) < len(h.syms) && h.syms[id] != nil {
		return *h.syms[id]
	}
	return SymInfo{}
}

// setSym records info for the symbolic reference id.
func (h *Heap) setSym(id SymID, info SymInfo) {
	if !h.owned.Own(ownSyms) {
		h.syms = slices.Clone(h.syms)
	}
	if n := int(id) + 1; n > len(h.syms) {
		h.syms = append(h.syms, make([]*SymInfo, n-len(h.syms))...)
	}
	h.syms[id] = &info
}

// Object returns the object with the given id, or nil.
func (h *Heap) Object(id ObjID) *Object { return h.objs[id] }

// Context returns the solver context scalars are built in.
func (h *Heap) Context() *solver.Context { return h.ctx }

// NewArgs makes the pseudo-object whose fields are the entry parameters, so
// that parameters are initialized by the same lazy rules as fields, and
// recorded in the input heap like them. Read parameter i with
// Load(Ptr{Obj: id, Path: Path("").Field(i)}, type).
func (h *Heap) NewArgs(params *types.Tuple) ObjID {
	h.args = h.add(argsStruct(params), true, -1)
	return h.args
}

// RetypeArgs makes the arguments' pseudo-object one of params, in place of
// the one NewArgs made, which no load has read: a state built once for
// the entries that start from it takes each entry's parameters.
func (h *Heap) RetypeArgs(params *types.Tuple) {
	t := argsStruct(params)
	h.replace(h.args, &Object{ID: h.args, Type: t, Input: true, Depth: -1, Val: InputRef{Obj: h.args, Type: t}})
}

// argsStruct is the type of an arguments' pseudo-object: a field per
// parameter.
func argsStruct(params *types.Tuple) *types.Struct {
	fields := make([]*types.Var, params.Len())
	for i := range fields {
		p := params.At(i)
		fields[i] = types.NewField(p.Pos(), p.Pkg(), fmt.Sprintf("p%d", i), p.Type(), false)
	}
	return types.NewStruct(fields, nil)
}

// callArgs is the argument pseudo-object of one call of a sequence; its
// parameters' origins are numbered from base+1 (see Origin).
type callArgs struct {
	id   ObjID
	base int
}

// NewCallArgs makes the pseudo-object whose fields are the arguments of a
// call the path makes before the entry (a constructor, a method of a call
// sequence): they are inputs, initialized by the same lazy rules as the
// entry's parameters. Parameter i's values have Origin{Param: base+i+1}, so
// that base keeps them apart from the entry's parameters and from other
// calls'.
func (h *Heap) NewCallArgs(params *types.Tuple, base int) ObjID {
	id := h.add(argsStruct(params), true, -1)
	h.callArgs = append(h.callArgs[:len(h.callArgs):len(h.callArgs)], callArgs{id: id, base: base})
	return id
}

// argsBase reports whether id is an argument pseudo-object, the entry's
// (base 0) or a call's.
func (h *Heap) argsBase(id ObjID) (base int, ok bool) {
	if id == h.args {
		return 0, true
	}
	for _, c := range h.callArgs {
		if c.id == id {
			return c.base, true
		}
	}
	return 0, false
}

// isArgs reports whether id is an argument pseudo-object.
func (h *Heap) isArgs(id ObjID) bool {
	_, ok := h.argsBase(id)
	return ok
}

// Alloc makes a zeroed object of type t, as new(T) or &T{} does.
func (h *Heap) Alloc(t types.Type) Ptr {
	id := h.add(t, false, 0)
	obj := h.objs[id]
	obj.Val = Zero(h.ctx, t)
	return Ptr{Obj: id}
}

func (h *Heap) add(t types.Type, input bool, depth int) ObjID {
	h.next++
	id := h.next
	obj := &Object{ID: id, Type: t, Input: input, Depth: depth}
	if input {
		obj.Val = InputRef{Obj: id, Type: t}
	}
	cow.Put(&h.owned, ownObjs, &h.objs, id, obj)
	return id
}

// Load reads the value of static type t at p. When the read observes an
// input location whose initialization is a choice (lazy and lazier pointer
// fields), or an array element whose index must first be matched against
// the array's cells, it returns the decision instead: the caller takes one
// choice per path and retries the load.
func (h *Heap) Load(p Ptr, t types.Type) (Value, *Decision) {
	obj := h.objs[p.Obj]
	if obj == nil {
		panic(fmt.Sprintf("heap: load from unknown object %d", p.Obj))
	}
	v, d := h.walkPath(obj.Val, p.Path)
	if d != nil {
		return nil, d
	}
	if r, ok := v.(InputRef); ok && r.Type != t {
		// The same type is most often the same pointer: the value is
		// boxed again only for another one.
		r.Type = t
		v = r
	}
	return h.Use(v)
}

// pathSteps is room for the steps of most paths that loads and stores
// decode: a field of a field of an array element.
const pathSteps = 4

// walkPath is walk along the steps of p, decoded into a buffer on the
// stack.
func (h *Heap) walkPath(v Value, p Path) (Value, *Decision) {
	var buf [pathSteps]step
	return h.walk(v, p.appendSteps(buf[:0]))
}

// walk returns the part of v at the given steps.
func (h *Heap) walk(v Value, steps []step) (Value, *Decision) {
	for _, st := range steps {
		switch st.kind {
		case '.':
			switch x := v.(type) {
			case Struct:
				v = x.Fields[st.n]
			case InputRef:
				v = InputRef{Obj: x.Obj, Path: x.Path.Field(st.n), Type: fieldType(x.Type, st.n)}
			default:
				panic(fmt.Sprintf("heap: field %d of non-struct value %T", st.n, v))
			}
		case '#':
			arr, d := h.asArray(v)
			if d != nil {
				return nil, d
			}
			if v, d = h.Elem(arr, h.terms[st.n]); d != nil {
				return nil, d
			}
		default:
			panic("heap: input cell step in a pointer path")
		}
	}
	return v, nil
}

func fieldType(t types.Type, i int) types.Type {
	return Under(t).(*types.Struct).Field(i).Type()
}

// Use returns v ready for an operation that reads it: an input placeholder
// of a leaf type is materialized (which may need a decision first).
// Aggregates stay deferred until a leaf of them is used.
func (h *Heap) Use(v Value) (Value, *Decision) {
	r, ok := v.(InputRef)
	if !ok {
		return v, nil
	}
	switch Under(r.Type).(type) {
	case *types.Struct:
		return r, nil
	case *types.Array:
		return h.asArray(r)
	}
	return h.materialize(r)
}

// FieldOf extracts field i of a struct value (which may be deferred input).
func FieldOf(v Value, i int, t types.Type) Value {
	switch x := v.(type) {
	case Struct:
		return x.Fields[i]
	case InputRef:
		return InputRef{Obj: x.Obj, Path: x.Path.Field(i), Type: t}
	}
	panic(fmt.Sprintf("heap: field %d of non-struct value %T", i, v))
}

// Store writes v at p. Writing inside an array element (a[i].f = v) reads
// the element first, which may need a decision.
func (h *Heap) Store(p Ptr, v Value) *Decision {
	obj := h.objs[p.Obj]
	if obj == nil {
		panic(fmt.Sprintf("heap: store to unknown object %d", p.Obj))
	}
	var buf [pathSteps]step
	val, d := h.put(obj.Val, p.Path.appendSteps(buf[:0]), v)
	if d != nil {
		return d
	}
	next := *obj
	next.Val = val
	h.replace(p.Obj, &next)
	return nil
}

// put returns agg with the part at steps replaced by v.
func (h *Heap) put(agg Value, steps []step, v Value) (Value, *Decision) {
	if len(steps) == 0 {
		return v, nil
	}
	st, rest := steps[0], steps[1:]
	if st.kind == '#' {
		arr, d := h.asArray(agg)
		if d != nil {
			return nil, d
		}
		i := h.terms[st.n]
		if len(rest) == 0 {
			return h.withCell(arr, i, v), nil
		}
		cur, d := h.Elem(arr, i)
		if d != nil {
			return nil, d
		}
		sub, d := h.put(cur, rest, v)
		if d != nil {
			return nil, d
		}
		return h.withCell(arr, i, sub), nil
	}
	var fields []Value
	switch x := agg.(type) {
	case Struct:
		fields = append([]Value(nil), x.Fields...)
	case InputRef:
		stt := Under(x.Type).(*types.Struct)
		fields = make([]Value, stt.NumFields())
		for j := range fields {
			fields[j] = InputRef{Obj: x.Obj, Path: x.Path.Field(j), Type: stt.Field(j).Type()}
		}
	default:
		panic(fmt.Sprintf("heap: store into field of non-struct value %T", agg))
	}
	sub, d := h.put(fields[st.n], rest, v)
	if d != nil {
		return nil, d
	}
	fields[st.n] = sub
	return Struct{Fields: fields}, nil
}

// materialize returns the input value at r, initializing it on first read
// according to the initialization mode.
func (h *Heap) materialize(r InputRef) (Value, *Decision) {
	loc := Loc{Obj: r.Obj, Path: r.Path}
	if v, ok := h.inputs.get(loc); ok {
		return v, nil
	}
	if v, d, ok := h.inBuiltValue(loc); ok {
		return v, d
	}
	if h.inZeroValue(loc) {
		v := Zero(h.ctx, r.Type)
		h.record(loc, v)
		return v, nil
	}
	switch u := Under(r.Type).(type) {
	case *types.Pointer:
		return h.materializePointer(loc, u.Elem())
	case *types.Map, *types.Chan:
		// A map is a reference to an object holding its entries; a
		// channel, to an object that is its identity.
		return h.materializePointer(loc, r.Type)
	case *types.Slice:
		return h.materializeSlice(loc, r.Type)
	case *types.Interface:
		v := h.newIface(r.Type, h.childDepth(loc), h.origin(loc))
		if h.external(loc) {
			h.setIface(v.ID, func(i *IfaceInfo) { i.External = true })
		}
		h.record(loc, v)
		return v, nil
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return h.materializeString(loc)
		}
	case *types.Signature:
		// An input function: nil or some function (see InputFunc).
		v := h.newSym(r.Type, h.childDepth(loc), h.origin(loc), MaybeNil)
		if h.external(loc) {
			s := h.Sym(v.ID)
			s.External = true
			h.setSym(v.ID, s)
		}
		h.record(loc, v)
		return v, nil
	}
	v := h.freshLeaf(loc, r.Type)
	h.record(loc, v)
	return v, nil
}

func (h *Heap) record(loc Loc, v Value) {
	h.inputs.put(&h.owned, loc, v)
	h.Materialized++
	h.noteRead(loc)
}

// freshLeaf makes the unconstrained input value of a non-pointer leaf.
func (h *Heap) freshLeaf(loc Loc, t types.Type) Value {
	name := h.locName(loc)
	if h.objs[loc.Obj].External {
		name = ExternalPrefix + name
	}
	if IsBool(t) {
		return Scalar{h.ctx.FreshBool(name)}
	}
	if w, ok := ScalarWidth(t); ok {
		return Scalar{h.ctx.FreshBV(name, w)}
	}
	return Opaque{Type: t, Why: "input of type " + t.String()}
}

func (h *Heap) locName(loc Loc) string {
	if loc.Obj == h.args {
		return fmt.Sprintf("arg%s", loc.Path)
	}
	if base, ok := h.argsBase(loc.Obj); ok {
		return fmt.Sprintf("call%d%s", base, loc.Path)
	}
	if h.isResults(loc.Obj) {
		return h.resultsName(loc)
	}
	return fmt.Sprintf("o%d%s", loc.Obj, loc.Path)
}

// origin says which parameter a value read at loc is, if it is one.
func (h *Heap) origin(loc Loc) Origin {
	base, isArgs := h.argsBase(loc.Obj)
	if !isArgs {
		return Origin{}
	}
	idx, ok := loc.Path.fields()
	if !ok || len(idx) != 1 {
		return Origin{}
	}
	return Origin{Param: base + idx[0] + 1}
}

func (h *Heap) childDepth(loc Loc) int {
	return h.objs[loc.Obj].Depth + 1
}

func (h *Heap) newSym(elem types.Type, depth int, o Origin, n Nilness) SymPtr {
	h.symN++
	h.setSym(h.symN, SymInfo{Elem: elem, Depth: depth, Origin: o, Nilness: n})
	return SymPtr{ID: h.symN}
}

// Candidates returns the input objects a reference to elem may alias, in
// creation order.
func (h *Heap) Candidates(elem types.Type) []ObjID {
	var ids []ObjID
	for id, o := range h.objs {
		if h.aliasable(id, o) && types.Identical(o.Type, elem) {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}

// aliasable reports whether object id, o, may be what an input
// reference resolves to: an input object, but not a slice's backing
// store, an argument pseudo-object or an input function's results.
func (h *Heap) aliasable(id ObjID, o *Object) bool {
	return o.Input && !o.store && !h.isArgs(id) && o.results == ""
}

// NewInputObject materializes a fresh input object at the given depth.
func (h *Heap) NewInputObject(t types.Type, depth int) ObjID {
	return h.add(t, true, depth)
}

// ExternalPrefix starts the names of symbols that stand for what a call
// the engine did not execute returned, so that conditions on them can be
// recognized.
const ExternalPrefix = "ext:"

// NewExternalObject makes an input object whose contents an unexecuted
// part of the program set (another package's variable, say): choices about
// what it holds are assumptions.
func (h *Heap) NewExternalObject(t types.Type) ObjID {
	id := h.add(t, true, 0)
	h.objs[id].External = true
	return id
}

// NewExternalVariable is NewExternalObject for a variable the program
// initialized without gosym: its contents are modelled by fresh values
// only once the path reads them, which then notes it (see ExternalReads).
// An initializer that only stores into another package's variable (a
// hook, say) leaves no note.
func (h *Heap) NewExternalVariable(t types.Type, note string) ObjID {
	id := h.NewExternalObject(t)
	h.objs[id].readNote = note
	return id
}

// ExternalReads returns the notes of the external variables whose
// contents this path has read, in the order it first read them.
func (h *Heap) ExternalReads() []string { return h.externalReads }

// noteRead records that the path read what loc holds in the input.
func (h *Heap) noteRead(loc Loc) {
	note := h.objs[loc.Obj].readNote
	if note == "" || slices.Contains(h.externalReads, note) {
		return
	}
	// Forked heaps share the slice: a capped one copies on append.
	h.externalReads = append(h.externalReads[:len(h.externalReads):len(h.externalReads)], note)
	if h.OnExternalRead != nil {
		h.OnExternalRead(note)
	}
}

// external reports whether values read at loc are assumptions.
func (h *Heap) external(loc Loc) bool { return h.objs[loc.Obj].External }

// Inputs returns the recorded input locations in a stable order.
func (h *Heap) Inputs() []Loc {
	locs := make([]Loc, 0, h.inputs.len())
	for l := range h.inputs.all() {
		locs = append(locs, l)
	}
	slices.SortFunc(locs, compareLocs)
	return locs
}

// Input returns the first value of an input location, if it was observed.
func (h *Heap) Input(l Loc) (Value, bool) {
	return h.inputs.get(l)
}

// Args returns the parameters' pseudo-object.
func (h *Heap) Args() ObjID { return h.args }

// InputObjects returns the input objects of the heap (not the parameters'
// and results' pseudo-objects) in the order they were made. They are the alias
// candidates of every later lazy initialization.
func (h *Heap) InputObjects() []ObjID {
	var ids []ObjID
	for id, obj := range h.objs {
		if obj.Input && !h.isArgs(id) && obj.results == "" {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}
