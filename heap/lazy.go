package heap

import (
	"fmt"
	"go/types"
	"slices"
	"strconv"

	"github.com/gosym/gosym/internal/cow"
	"github.com/gosym/gosym/solver"
)

// Mode is the lazy initialization algorithm: lazy initialization after
// Khurshid, Pasareanu and Visser's "Generalized symbolic execution for
// model checking and testing", lazier and lazier# after Deng, Lee and
// Robby's "Efficient symbolic execution algorithms for programs
// manipulating dynamic heap objects".
type Mode int

// The initialization algorithms, from most to least eager.
const (
	// Lazy branches on the first read of a pointer location over nil, each
	// input object of the type, and a fresh object.
	Lazy Mode = iota
	// Lazier branches on the read over nil and a symbolic location, and
	// resolves the location to an object only when it is dereferenced or
	// compared.
	Lazier
	// LazierSharp reads a symbolic reference without branching; nilness is
	// decided when it is consumed.
	LazierSharp
)

var modeNames = [...]string{Lazy: "lazy", Lazier: "lazier", LazierSharp: "lazier#"}

func (m Mode) String() string { return modeNames[m] }

// ParseMode parses a -init flag value.
func ParseMode(s string) (Mode, error) {
	for m, name := range modeNames {
		if s == name {
			return Mode(m), nil
		}
	}
	return 0, fmt.Errorf("unknown initialization %q (want lazy, lazier or lazier#)", s)
}

// Config holds the initialization mode and the k-bound.
type Config struct {
	Mode Mode
	// K bounds materialization chains: no fresh object is made at a depth
	// greater than K (parameters' objects have depth 0).
	K int
	// N, if not 0, bounds the input objects of each type: no fresh object
	// of a type is made once N exist (Kiasan's n-bound).
	N int
	// KBytes bounds the bytes observed of each input string or byte
	// slice, as K does the cells of other arrays: a parser's crash needs
	// an input longer than a tree's depth.
	KBytes int
}

// DefaultKBytes is KBytes when the configuration gives none.
const DefaultKBytes = 8

func (c Config) withDefaults() Config {
	if c.K == 0 {
		c.K = 3
	}
	if c.KBytes == 0 {
		c.KBytes = DefaultKBytes
	}
	return c
}

// Decision is a nondeterministic choice the heap needs before an operation
// can proceed. The caller explores each choice on its own copy of the heap
// and retries the operation there.
type Decision struct {
	Choices []Choice
	// Cut reports that a fresh-object alternative was left out because it
	// would exceed the k-bound.
	Cut bool
	// Bound names the bound behind Cut ("k" when empty).
	Bound string
	// External reports a choice about what an unexecuted call returned:
	// a path that takes it rests on an assumption.
	External bool
	// Build, if set, is the type of the object asked for, one whose
	// values the package's API builds (Heap.BuildTypes) and of which
	// none is built yet: the caller may build one, Provide it, and retry.
	// The choices are those of a hand-built object, and nil for a
	// pointer.
	Build types.Type
}

// Choice is one alternative of a decision.
type Choice struct {
	// label says what was chosen ("nil", "fresh"), followed by obj's
	// number if obj is set ("alias o" and 3): see Label.
	label string
	obj   ObjID
	// Nil is set on the alternative in which the reference is nil; Built
	// on the one in which it points to the object Provide gave, or holds
	// a copy of its value.
	Nil, Built bool
	// Guard, if not nil, is the condition under which the choice holds;
	// it joins the path condition.
	Guard *solver.Term
	// apply records the choice; an alias of obj is bind's instead, so
	// that the choice of each candidate object is no closure of its own.
	apply func(h *Heap)
	bind  func(h *Heap, obj ObjID)
}

// Label says what was chosen ("nil", "fresh", "alias o3"). A choice of
// an object is put into words only when asked: a search makes one per
// candidate object at every resolution, and reads none.
func (c Choice) Label() string {
	if c.obj == 0 {
		return c.label
	}
	return c.label + strconv.Itoa(int(c.obj))
}

// Apply records the choice in h, which must be the path's own copy.
func (c Choice) Apply(h *Heap) {
	if c.bind != nil {
		h.Aliases++
		c.bind(h, c.obj)
		return
	}
	c.apply(h)
}

func (h *Heap) materializePointer(loc Loc, elem types.Type) (Value, *Decision) {
	o := h.origin(loc)
	depth := h.childDepth(loc)
	ext := h.external(loc)
	sym := func(h *Heap, n Nilness) SymPtr {
		v := h.newSym(elem, depth, o, n)
		info := h.Sym(v.ID)
		info.External, info.From = ext, loc
		h.setSym(v.ID, info)
		return v
	}
	switch h.cfg.Mode {
	case LazierSharp:
		v := sym(h, MaybeNil)
		h.record(loc, v)
		return v, nil
	case Lazier:
		return nil, &Decision{External: ext, Choices: []Choice{
			{label: "nil", Nil: true, apply: func(h *Heap) { h.record(loc, Nil{Origin: o}) }},
			{label: "non-nil", apply: func(h *Heap) { h.record(loc, sym(h, NotNil)) }},
		}}
	default:
		d := &Decision{External: ext, Choices: []Choice{
			{label: "nil", Nil: true, apply: func(h *Heap) { h.record(loc, Nil{Origin: o}) }},
		}}
		h.addObjectChoices(d, elem, depth, ext, loc, nil, func(h *Heap, id ObjID) { h.record(loc, Ptr{Obj: id}) })
		return nil, d
	}
}

// addObjectChoices appends one alternative per alias candidate and one for a
// fresh object (or marks the decision cut when the k-bound forbids it),
// bound by bind to the location from (zero if none). For a type the API
// builds (BuildTypes), the one alternative is the object Provide gave, or
// the decision asks for one (Decision.Build).
func (h *Heap) addObjectChoices(d *Decision, elem types.Type, depth int, ext bool, from Loc, unlike []ObjID, bind func(*Heap, ObjID)) {
	if !ext && h.BuildTypes != nil && h.BuildTypes(elem) {
		if id, ok := h.builtFor(elem); ok {
			d.Choices = append(d.Choices, Choice{
				label: "built o", obj: id,
				Built: true,
				apply: func(h *Heap) { bind(h, id) },
			})
			return
		}
		d.Build = elem
	}
	candidates := h.Candidates(elem)
	for _, id := range candidates {
		if !slices.Contains(unlike, id) {
			d.Choices = append(d.Choices, aliasChoice(id, bind))
		}
	}
	limit := h.cfg.K
	if h.GraceFor != nil && h.GraceFor(elem) && h.continuesRun(from) {
		limit += h.grace
	}
	// The n-bound is asked first: where both cut, raising k alone would
	// make no fresh object, and the search deepens only the bounds its
	// paths hit.
	if h.cfg.N > 0 && len(candidates) >= h.cfg.N {
		d.Cut, d.Bound = true, "n"
		return
	}
	if depth > limit {
		d.Cut = true
		return
	}
	d.Choices = append(d.Choices, Choice{
		label: "fresh",
		apply: func(h *Heap) {
			id := h.NewInputObject(elem, depth)
			h.objs[id].External, h.objs[id].Via = ext, from.Path
			bind(h, id)
		},
	})
}

// continuesRun reports whether an object materialized at from past the
// k-bound continues a run, which the grace is for (see SetGrace): from is
// in an object within the bound, or at the path its own object was
// materialized at, as a list's nodes are along their link. A tree's
// nodes branch, and their abstraction summarizes straight runs only:
// the grace along every branch would multiply the paths through a tree
// exponentially, and buy nothing.
func (h *Heap) continuesRun(from Loc) bool {
	if from.Obj == 0 {
		return true
	}
	p := h.objs[from.Obj]
	return p.Depth <= h.cfg.K || p.Via == from.Path
}

// Target is the result of dereferencing a pointer value.
type Target struct {
	Ptr    Ptr
	IsNil  bool
	Origin Origin // of the nil value, when IsNil
}

// Deref resolves a pointer value to the location it points to, or to nil.
// An unresolved symbolic reference needs a decision first (nil, each alias
// candidate, fresh).
func (h *Heap) Deref(v Value) (Target, *Decision) {
	switch x := v.(type) {
	case Nil:
		return Target{IsNil: true, Origin: x.Origin}, nil
	case Ptr:
		return Target{Ptr: x}, nil
	case SymPtr:
		return h.derefSym(x.ID)
	}
	panic(fmt.Sprintf("heap: dereference of %T", v))
}

func (h *Heap) derefSym(id SymID) (Target, *Decision) {
	s := h.Sym(id)
	switch {
	case s.Nilness == IsNil:
		return Target{IsNil: true, Origin: s.Origin}, nil
	case s.Target != 0:
		return Target{Ptr: Ptr{Obj: s.Target}}, nil
	}
	d := &Decision{External: s.External}
	if s.Nilness == MaybeNil {
		d.Choices = append(d.Choices, Choice{label: "nil", Nil: true, apply: func(h *Heap) { h.setNil(id) }})
	}
	h.addObjectChoices(d, s.Elem, s.Depth, s.External, s.From, s.Unlike, bindSym(id))
	return Target{}, d
}

// aliasChoice is the choice that bind makes object id the target of a
// reference.
func aliasChoice(id ObjID, bind func(*Heap, ObjID)) Choice {
	return Choice{label: "alias o", obj: id, bind: bind}
}

// bindSym returns the binding that resolves the symbolic reference id to
// an object.
func bindSym(id SymID) func(*Heap, ObjID) {
	return func(h *Heap, obj ObjID) {
		s := h.Sym(id)
		s.Nilness, s.Target = NotNil, obj
		h.setSym(id, s)
	}
}

func (h *Heap) setNil(id SymID) {
	s := h.Sym(id)
	s.Nilness = IsNil
	h.setSym(id, s)
}

// IsNilPtr reports whether a pointer value is nil, deciding the nilness of a
// lazier# symbolic reference first if needed. A symbolic location is known
// non-nil without branching.
func (h *Heap) IsNilPtr(v Value) (bool, Origin, *Decision) {
	switch x := v.(type) {
	case Nil:
		return true, x.Origin, nil
	case Ptr:
		return false, Origin{}, nil
	case SymPtr:
		s := h.Sym(x.ID)
		switch s.Nilness {
		case IsNil:
			return true, s.Origin, nil
		case NotNil:
			return false, s.Origin, nil
		}
		id := x.ID
		return false, s.Origin, &Decision{External: s.External, Choices: []Choice{
			{label: "nil", Nil: true, apply: func(h *Heap) { h.setNil(id) }},
			{label: "non-nil", apply: func(h *Heap) {
				s := h.Sym(id)
				s.Nilness = NotNil
				h.setSym(id, s)
			}},
		}}
	}
	panic(fmt.Sprintf("heap: nil test of %T", v))
}

// OriginOf returns the parameter a pointer value is, if it is one.
func (h *Heap) OriginOf(v Value) Origin {
	switch x := v.(type) {
	case Nil:
		return x.Origin
	case SymPtr:
		return h.Sym(x.ID).Origin
	}
	return Origin{}
}

// SamePtr reports whether two pointer values are equal. The same symbol is
// equal to itself without resolving; an unresolved reference compared
// with a resolved pointer is decided against that one object (see
// sameAsResolved); otherwise both are resolved.
func (h *Heap) SamePtr(a, b Value) (bool, *Decision) {
	if sa, ok := a.(SymPtr); ok {
		if sb, ok := b.(SymPtr); ok && sa.ID == sb.ID {
			return true, nil
		}
	}
	if _, isNil := b.(Nil); isNil {
		n, _, d := h.IsNilPtr(a)
		return n, d
	}
	if _, isNil := a.(Nil); isNil {
		n, _, d := h.IsNilPtr(b)
		return n, d
	}
	ta, d := h.Deref(a)
	if d != nil {
		if eq, d, ok := h.sameAsResolved(a, b); ok {
			return eq, d
		}
		return false, d
	}
	if ta.IsNil {
		n, _, d := h.IsNilPtr(b)
		return n, d
	}
	if eq, d, ok := h.sameAsResolved(b, ta.Ptr); ok {
		return eq, d
	}
	tb, d := h.Deref(b)
	if d != nil {
		return false, d
	}
	if tb.IsNil {
		return false, nil
	}
	return h.samePlace(ta.Ptr, tb.Ptr)
}

// sameAsResolved compares an unresolved symbolic reference r with a
// resolved pointer p without resolving r over every candidate: r is p's
// object, or it is not, and then its later resolution leaves that object
// out. A pointer no input reference can be (an object the code made, a
// field's address) is unequal to r without a decision. A tree's
// invariant that checks each child's parent link would otherwise fork
// once per node of the tree at every node. ok is false where this does
// not apply: r resolved or nil, p unresolved, or a type whose values the
// API builds, whose resolution is the built object.
func (h *Heap) sameAsResolved(r, p Value) (eq bool, d *Decision, ok bool) {
	sr, isSym := r.(SymPtr)
	if !isSym {
		return false, nil, false
	}
	var target Ptr
	switch x := p.(type) {
	case Ptr:
		target = x
	case SymPtr:
		info := h.Sym(x.ID)
		if info.Target == 0 {
			return false, nil, false
		}
		target = Ptr{Obj: info.Target}
	default:
		return false, nil, false
	}
	info := h.Sym(sr.ID)
	if info.Nilness == IsNil || info.Target != 0 || info.Func != nil {
		return false, nil, false
	}
	if slices.Contains(info.Unlike, target.Obj) {
		return false, nil, true
	}
	if !info.External && h.BuildTypes != nil && h.BuildTypes(info.Elem) {
		return false, nil, false
	}
	o := h.objs[target.Obj]
	if o == nil {
		return false, nil, false
	}
	if target.Path != "" || !h.aliasable(target.Obj, o) || !types.Identical(o.Type, info.Elem) {
		return false, nil, true
	}
	id, obj := sr.ID, target.Obj
	return false, &Decision{External: info.External, Choices: []Choice{
		aliasChoice(obj, bindSym(id)),
		{label: "not o", obj: obj, apply: func(h *Heap) {
			s := h.Sym(id)
			s.Unlike = append(slices.Clip(s.Unlike), obj)
			h.setSym(id, s)
		}},
	}}, true
}

// samePlace compares two addresses. Addresses of array elements at
// different index terms are equal when the indices are: a decision on the
// indices' equality, memoized for the pair.
func (h *Heap) samePlace(a, b Ptr) (bool, *Decision) {
	if a == b || a.Obj != b.Obj {
		return a == b, nil
	}
	key := [2]Path{a.Path, b.Path}
	if eq, ok := h.ptrEq[key]; ok {
		return eq, nil
	}
	sa, sb := a.Path.steps(), b.Path.steps()
	if len(sa) != len(sb) {
		return false, nil
	}
	c := h.ctx
	var same []*solver.Term
	for i := range sa {
		switch {
		case sa[i] == sb[i]:
		case sa[i].kind == '#' && sb[i].kind == '#':
			same = append(same, c.Eq(h.terms[sa[i].n], h.terms[sb[i].n]))
		default:
			return false, nil
		}
	}
	eq := c.And(same...)
	if v, ok := eq.BoolValue(); ok {
		return v, nil
	}
	record := func(v bool) func(*Heap) {
		return func(h *Heap) {
			h.ptrEq = cow.With(h.ptrEq, key, v)
		}
	}
	return false, &Decision{Choices: []Choice{
		{label: "same element", Guard: eq, apply: record(true)},
		{label: "other element", Guard: c.Not(eq), apply: record(false)},
	}}
}

// FreshRef returns an unconstrained reference to an object of type elem
// that is not reached from the parameters: the result of a call the engine
// does not execute. It may be nil or any input object, or a new one.
func (h *Heap) FreshRef(elem types.Type) Value {
	v := h.newSym(elem, 0, Origin{}, MaybeNil)
	info := h.Sym(v.ID)
	info.External = true
	h.setSym(v.ID, info)
	return v
}
