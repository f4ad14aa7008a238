package ssaexec

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"sync"
	"unicode"

	"golang.org/x/tools/go/ssa"
)

// A value of a named struct type with unexported fields has state that
// only its package sets, so a caller gets it from the package's API: a
// constructor, then calls of its methods. An entry parameter of such a
// type is built that way (see sequence.go); a witness that writes one as
// a literal describes an input no caller can build, and its finding is
// latent.

// apiIndex is what a program's packages offer to build values of their
// types. It is shared by the functions analysed at once.
type apiIndex struct {
	prog *ssa.Program
	// docs holds the doc comments of the program's types with source,
	// by the position of their names.
	docs map[token.Pos]string

	mu sync.Mutex
	// plans are keyed by the type's full name: the instances of a generic
	// type share its TypeName.
	plans map[string]*buildPlan
	// changes memoizes changesMemory.
	changes map[*ssa.Function]bool
	// offered memoizes offeredFuncs, by package path and type; orders
	// holds the canonical order of each type, one value for all uses.
	offered map[string][]*ssa.Function
	orders  map[string]*canonicalOrder
}

// buildPlan is how the API builds values of one type.
type buildPlan struct {
	named *types.Named
	// ctors are the package's exported functions that return the type.
	ctors []constructor
	// makers are the exported methods of the package's other exported
	// types that return the type (an iterator from its container), in
	// source order. A slot calls those of the first one's receiver type
	// on a value the API built first (see apiSlots).
	makers []constructor
	// zero says the zero value is a starting state: the doc comment says
	// it is usable, or the package has no constructor.
	zero bool
	// methods are the exported methods a call sequence may call on a
	// value, in name order: those that may change memory (the state after
	// any other is the state before it).
	methods []*ssa.Function
	// rebinds holds the methods that return a new value of the type (an
	// immutable type's): the sequence goes on with that value.
	rebinds map[*ssa.Function]*constructor
	// observers counts the exported methods left out because they
	// cannot change memory.
	observers int
	// why, if not empty, says why the API cannot build the type: its
	// values are then written by hand, and the findings that need them
	// are latent, a zero value too unless the doc comment calls it
	// usable (zero). sourceless marks a type of a package without
	// source, whose doc comment gosym has not read: its zero value is
	// taken as written.
	why        string
	sourceless bool
	// sched caches whether the constructors and methods may make
	// channels, goroutines or timers (see buildPlan.makesSched).
	sched struct {
		once sync.Once
		may  bool
	}
}

// constructor is a function that returns a value of the type as its
// result number result (T or *T, as ptr says).
type constructor struct {
	fn     *ssa.Function
	result int
	ptr    bool
}

// newAPIIndex returns the index of prog's types, whose doc comments docs
// holds by the position of the types' names.
func newAPIIndex(prog *ssa.Program, docs map[token.Pos]string) *apiIndex {
	return &apiIndex{prog: prog, docs: docs, plans: map[string]*buildPlan{}, changes: map[*ssa.Function]bool{},
		offered: map[string][]*ssa.Function{}, orders: map[string]*canonicalOrder{}}
}

// typeDocs maps the position of each type's name to its doc comment.
func typeDocs(files []*ast.File) map[token.Pos]string {
	docs := map[token.Pos]string{}
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				doc := ts.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				if doc != nil {
					docs[ts.Name.Pos()] = doc.Text()
				}
			}
		}
	}
	return docs
}

// zeroUsable matches a doc comment that says the type's zero value is
// ready to use ("The zero value for List is an empty list ready to use",
// "The zero Map is empty and ready for use"), or says which value it is
// ("The zero value of type Time is January 1, year 1", "The zero value
// for an Int represents the value 0"), unless it says it is not.
var (
	zeroUsable    = regexp.MustCompile(`(?i)\bzero(\s+value)?\b[^.]*\b(ready|usable|valid|can be used|is an? empty)\b|\bthe zero value (of type|for an?|of an?) \[?\w+\]? (is|represents)\b`)
	zeroNotUsable = regexp.MustCompile(`(?i)\bzero(\s+value)?\b[^.]*\b(not|never|invalid|unusable)\b`)
)

// zeroDocumented reports whether doc says the zero value is usable.
func zeroDocumented(doc string) bool {
	return zeroUsable.MatchString(doc) && !zeroNotUsable.MatchString(doc)
}

// apiType returns the named struct type t is, or points to, when its
// values must come from its package's API: it has an unexported field and
// no invariant method (repOK, RepOK), whose author said which states the
// API reaches.
func apiType(t types.Type) (*types.Named, bool) {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil, false
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return nil, false
	}
	hidden := false
	for i := 0; i < st.NumFields(); i++ {
		if !st.Field(i).Exported() {
			hidden = true
			break
		}
	}
	return named, hidden && !hasInvariant(named)
}

// hasInvariant reports whether *T has a method repOK or RepOK of type
// func() bool.
func hasInvariant(named *types.Named) bool {
	mset := types.NewMethodSet(types.NewPointer(named))
	for _, name := range []string{"repOK", "RepOK"} {
		if sel := mset.Lookup(named.Obj().Pkg(), name); sel != nil && isPredicate(sel.Type()) {
			return true
		}
	}
	return false
}

// plan returns how the API builds values of named, computed once.
func (a *apiIndex) plan(named *types.Named) *buildPlan {
	a.mu.Lock()
	defer a.mu.Unlock()
	key := types.TypeString(named, nil)
	if p, ok := a.plans[key]; ok {
		return p
	}
	p := a.newPlan(named)
	a.plans[key] = p
	return p
}

func (a *apiIndex) newPlan(named *types.Named) *buildPlan {
	p := &buildPlan{named: named}
	obj := named.Obj()
	pkg := a.prog.Package(obj.Pkg())
	if pkg == nil || !hasBodies(pkg) {
		p.why = "no source for package " + obj.Pkg().Path() + " of " + obj.Name()
		p.sourceless = true
		return p
	}
	for _, m := range pkg.Members {
		fn, ok := m.(*ssa.Function)
		if !ok || !ast.IsExported(fn.Name()) || fn.Blocks == nil || needsAPIArgs(fn) {
			continue
		}
		if fn.TypeParams().Len() > 0 {
			if returnsGeneric(fn, named) {
				p.why = "generic constructor " + fn.Name() + " of " + obj.Name() + " is not instantiated"
				p.zero = zeroDocumented(a.docs[obj.Pos()])
				return p
			}
			continue
		}
		res := fn.Signature.Results()
		for i := 0; i < res.Len(); i++ {
			if c, ok := returns(res.At(i).Type(), named); ok {
				p.ctors = append(p.ctors, constructor{fn: fn, result: i, ptr: c})
				break
			}
		}
	}
	slices.SortFunc(p.ctors, func(x, y constructor) int { return cmp.Compare(x.fn.Pos(), y.fn.Pos()) })
	documented := zeroDocumented(a.docs[obj.Pos()])
	p.makers = a.makers(pkg, named)
	// A zero value is a starting state where the documentation says so,
	// or where nothing else makes one: an iterator's zero value is no
	// iterator its container made.
	p.zero = documented || len(p.ctors) == 0 && len(p.makers) == 0
	if !obj.Exported() {
		// A caller outside the package cannot write T{} or new(T): only
		// what the package's functions return is a starting state.
		p.zero = false
		if len(p.ctors) == 0 && len(p.makers) == 0 {
			p.why = obj.Name() + " is not exported, and no exported function of its package returns it"
		}
	}
	if isGenericDecl(named) {
		p.methods = a.abstractMethods(named)
		return p
	}
	mset := types.NewMethodSet(types.NewPointer(named))
	for i := 0; i < mset.Len(); i++ {
		sel := mset.At(i)
		if !sel.Obj().Exported() {
			continue
		}
		fn := a.prog.MethodValue(sel)
		if fn == nil || fn.Blocks == nil || needsAPIArgs(fn) {
			continue
		}
		if r := newValueResult(fn, named); r != nil {
			if p.rebinds == nil {
				p.rebinds = map[*ssa.Function]*constructor{}
			}
			p.rebinds[fn] = r
			p.methods = append(p.methods, fn)
			continue
		}
		if !a.changesMemory(fn) {
			p.observers++
			continue
		}
		p.methods = append(p.methods, fn)
	}
	return p
}

// newValueResult returns, for a method fn of named that returns a value
// of the type (T or *T), which result it is; nil for another method.
func newValueResult(fn *ssa.Function, named *types.Named) *constructor {
	res := fn.Signature.Results()
	for i := 0; i < res.Len(); i++ {
		if ptr, ok := returns(res.At(i).Type(), named); ok {
			return &constructor{fn: fn, result: i, ptr: ptr}
		}
	}
	return nil
}

// isGenericDecl reports whether named is a generic type with its type
// parameters abstract (the receiver type of a method analysed without an
// instance is the type instantiated with the method's own parameters),
// not an instance with type arguments.
func isGenericDecl(named *types.Named) bool {
	if named.TypeParams().Len() == 0 {
		return false
	}
	for i := 0; i < named.TypeArgs().Len(); i++ {
		if _, ok := named.TypeArgs().At(i).(*types.TypeParam); !ok {
			return false
		}
	}
	return true
}

// makers returns the exported methods of pkg's other exported types that
// return named (or a pointer to it), with their receivers' pointer
// methods, in source order. Methods of generic types are left out: their
// receivers cannot be built yet.
func (a *apiIndex) makers(pkg *ssa.Package, named *types.Named) []constructor {
	var out []constructor
	for _, m := range pkg.Members {
		t, ok := m.(*ssa.Type)
		if !ok || !t.Object().Exported() || types.Identical(t.Type(), named) {
			continue
		}
		if n, ok := t.Type().(*types.Named); !ok || n.TypeParams().Len() > 0 {
			continue
		}
		// types.NewMethodSet, not the program's cache, which is not safe
		// for the functions analysed concurrently.
		mset := types.NewMethodSet(types.NewPointer(t.Type()))
		for i := 0; i < mset.Len(); i++ {
			sel := mset.At(i)
			if !sel.Obj().Exported() {
				continue
			}
			fn := a.prog.MethodValue(sel)
			if fn == nil || fn.Blocks == nil || needsAPIArgs(fn) {
				continue
			}
			if c := newValueResult(fn, named); c != nil {
				out = append(out, *c)
			}
		}
	}
	slices.SortFunc(out, func(x, y constructor) int {
		return cmp.Or(cmp.Compare(x.fn.Pos(), y.fn.Pos()), cmp.Compare(x.fn.String(), y.fn.String()))
	})
	return out
}

// makerReceiver returns the named type a maker is a method of.
func makerReceiver(c constructor) *types.Named {
	return namedOf(c.fn.Params[0].Type())
}

// returnsGeneric reports whether the generic function fn returns an
// instance of named's generic type, or a pointer to one.
func returnsGeneric(fn *ssa.Function, named *types.Named) bool {
	res := fn.Signature.Results()
	for i := 0; i < res.Len(); i++ {
		t := types.Unalias(res.At(i).Type())
		if p, ok := t.(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		if n, ok := t.(*types.Named); ok && n.Origin() == named.Origin() {
			return true
		}
	}
	return false
}

// abstractMethods returns the exported pointer methods declared on a
// generic type analysed with its type parameters left abstract: their
// generic bodies, which the search runs as it runs the entry's.
func (a *apiIndex) abstractMethods(named *types.Named) []*ssa.Function {
	var out []*ssa.Function
	origin := named.Origin()
	for i := 0; i < origin.NumMethods(); i++ {
		m := origin.Method(i)
		sig := m.Type().(*types.Signature)
		if _, ptr := types.Unalias(sig.Recv().Type()).(*types.Pointer); !ptr || !m.Exported() {
			continue
		}
		if fn := a.prog.FuncValue(m); fn != nil && fn.Blocks != nil && !needsAPIArgs(fn) && a.changesMemory(fn) {
			out = append(out, fn)
		}
	}
	slices.SortFunc(out, func(x, y *ssa.Function) int { return cmp.Compare(x.Name(), y.Name()) })
	return out
}

// hasBodies reports whether pkg's functions were built from source.
func hasBodies(pkg *ssa.Package) bool {
	for _, m := range pkg.Members {
		if fn, ok := m.(*ssa.Function); ok && fn.Blocks != nil {
			return true
		}
	}
	return false
}

// returns reports whether t is named or a pointer to it (ptr).
func returns(t types.Type, named *types.Named) (ptr, ok bool) {
	if types.Identical(t, named) {
		return false, true
	}
	if p, isPtr := types.Unalias(t).(*types.Pointer); isPtr && types.Identical(p.Elem(), named) {
		return true, true
	}
	return false, false
}

// needsAPIArgs reports whether a parameter of fn (its receiver aside)
// has a type whose values come from an API: a call that takes one is left
// out of the calls that build a value, which must not rest on hand-built
// values.
func needsAPIArgs(fn *ssa.Function) bool {
	params := fn.Signature.Params() // without the receiver
	for i := 0; i < params.Len(); i++ {
		if _, ok := apiType(params.At(i).Type()); ok {
			return true
		}
	}
	return false
}

// mustBuild is heap.WitnessOptions.MustBuild: a literal of an API type is
// hand-built when it sets an unexported field, or when it is a zero value
// (exported fields aside) that the type's doc comment does not call usable
// and a constructor exists for, a function or a method of another type
// (an iterator's zero value is no iterator its container made).
func (a *apiIndex) mustBuild(t types.Type, unexported bool) bool {
	named, ok := apiType(t)
	if !ok {
		return false
	}
	if unexported {
		return true
	}
	p := a.plan(named)
	return !p.sourceless && !p.zero
}

// apiSlot is an entry parameter whose value the API builds, or a value
// the API builds for the maker of the next slot (param < 0), or one that
// pointers of its type inside the parameters point to (nested).
type apiSlot struct {
	param int
	ptr   bool // the parameter is a pointer to the type
	plan  *buildPlan
	// owner is the index of the slot whose value the makers of this one
	// are called on, or -1; name is the variable of a slot that is no
	// parameter.
	owner  int
	name   string
	nested bool
	// held says whether a nested slot's value is held by value inside
	// the parameters (copied); ptr, whether it is pointed to there.
	held bool
	// onDemand marks a nested slot and its owner: built when the
	// function asks for the value, and before the other calls in the
	// witness.
	onDemand bool
	// why, if not empty, says why the API cannot build the value: the
	// plan's reason, or its makers' receivers'.
	why string
}

// apiSlots returns the values the API builds for fn: first one value of
// each type that its parameters hold inside them (nestedTypes),
// then its parameters of such types; each after the slot of the value
// its makers need.
func (a *apiIndex) apiSlots(fn *ssa.Function) []apiSlot {
	var out []apiSlot
	var names []string // the names of the slots that are no parameter
	add := func(slot apiSlot) {
		if owner, why := a.ownerSlot(fn, slot.plan, names); why != "" {
			slot.why = why
		} else if owner != nil {
			out = append(out, *owner)
			names = append(names, owner.name)
			slot.owner = len(out) - 1
		}
		if slot.nested {
			if slot.why != "" {
				// Its pointers get hand-built objects: latent findings.
				return
			}
			slot.name = ownerName(fn, slot.plan.named, names)
			names = append(names, slot.name)
			slot.onDemand = true
			if slot.owner >= 0 {
				out[slot.owner].onDemand = true
			}
		}
		out = append(out, slot)
	}
	for _, n := range nestedTypes(fn) {
		plan := a.plan(n.named)
		add(apiSlot{param: -1, ptr: n.pointed, plan: plan, owner: -1, nested: true, held: n.held, why: plan.why})
	}
	for i, p := range fn.Params {
		named, ok := apiType(p.Type())
		if !ok {
			continue
		}
		_, ptr := types.Unalias(p.Type()).(*types.Pointer)
		plan := a.plan(named)
		add(apiSlot{param: i, ptr: ptr, plan: plan, owner: -1, why: plan.why})
	}
	return out
}

// maxNestedDepth bounds how deep nestedTypes looks into a parameter's
// type: a field of an element of a field, say.
const maxNestedDepth = 4

// nestedType is a type with unexported state whose values a parameter
// holds inside it: pointed to, held by value, or both.
type nestedType struct {
	named         *types.Named
	pointed, held bool
}

// nestedTypes lists the types with unexported state (apiType) that
// values inside fn's parameters hold, once each, in the parameters'
// order: through the exported fields of structs a caller writes, the
// elements of slices, arrays and maps, and pointers. Such a value is
// pointed to, or held by value: a copy of one the API built (*l).
// Inside a value the API builds, the API sets the fields.
func nestedTypes(fn *ssa.Function) (out []nestedType) {
	seen := map[string]bool{}
	add := func(named *types.Named, held bool) {
		i := slices.IndexFunc(out, func(n nestedType) bool { return types.Identical(n.named, named) })
		if i < 0 {
			i = len(out)
			out = append(out, nestedType{named: named})
		}
		if held {
			out[i].held = true
		} else {
			out[i].pointed = true
		}
	}
	var walk func(t types.Type, depth int)
	walk = func(t types.Type, depth int) {
		key := types.TypeString(t, nil)
		if depth > maxNestedDepth || seen[key] {
			return
		}
		seen[key] = true
		switch u := types.Unalias(t).Underlying().(type) {
		case *types.Pointer:
			if named, ok := apiType(u.Elem()); ok && types.Identical(types.Unalias(u.Elem()), named) {
				if depth > 0 {
					add(named, false)
				}
				return
			}
			walk(u.Elem(), depth+1)
		case *types.Struct:
			if named, ok := apiType(t); ok {
				if depth > 0 && types.Identical(types.Unalias(t), named) {
					add(named, true)
				}
				return
			}
			for i := 0; i < u.NumFields(); i++ {
				if f := u.Field(i); f.Exported() {
					walk(f.Type(), depth+1)
				}
			}
		case *types.Slice:
			walk(u.Elem(), depth+1)
		case *types.Array:
			walk(u.Elem(), depth+1)
		case *types.Map:
			walk(u.Key(), depth+1)
			walk(u.Elem(), depth+1)
		}
	}
	for _, p := range fn.Params {
		if _, ok := apiType(p.Type()); !ok {
			walk(p.Type(), 0)
		}
	}
	return out
}

// ownerSlot returns the slot of the value a type made by methods of
// another type needs first: a value of the first maker's receiver type,
// which the API builds. why says why there is none when the type has no
// other start. Its variable's name is none of taken.
func (a *apiIndex) ownerSlot(fn *ssa.Function, p *buildPlan, taken []string) (owner *apiSlot, why string) {
	if p.why != "" || len(p.makers) == 0 {
		return nil, ""
	}
	recv := makerReceiver(p.makers[0])
	maker := "(*" + recv.Obj().Name() + ")." + p.makers[0].fn.Name()
	named, ok := apiType(recv)
	if !ok {
		if len(p.ctors) == 0 && !p.zero {
			return nil, p.named.Obj().Name() + " is made by " + maker + ", whose receiver type has no API to build"
		}
		return nil, ""
	}
	op := a.plan(named)
	if op.why != "" || len(op.makers) > 0 && len(op.ctors) == 0 && !op.zero {
		if len(p.ctors) == 0 && !p.zero {
			return nil, p.named.Obj().Name() + " is made by " + maker + ", whose receiver cannot be built"
		}
		return nil, ""
	}
	return &apiSlot{param: -1, ptr: true, plan: op, owner: -1, name: ownerName(fn, named, taken)}, ""
}

// ownerName names the variable of an owner slot of type named: the
// type's name lowered, made apart from fn's parameters' names, the other
// owners' (others), Go's keywords and predeclared names (a Map's is map1).
func ownerName(fn *ssa.Function, named *types.Named, others []string) string {
	base := []rune(named.Obj().Name())
	base[0] = unicode.ToLower(base[0])
	taken := func(name string) bool {
		return token.IsKeyword(name) || types.Universe.Lookup(name) != nil || slices.Contains(others, name) ||
			slices.ContainsFunc(fn.Params, func(p *ssa.Parameter) bool { return p.Name() == name })
	}
	name := string(base)
	for n := 1; taken(name); n++ {
		name = fmt.Sprintf("%s%d", string(base), n)
	}
	return name
}

// maxOffered bounds the functions offered for one parameter: each is a
// branch of every sequence through the call.
const maxOffered = 3

// offeredFuncs returns the functions the package of callee offers for a
// parameter of function type t: its exported, non-generic package-level
// functions of that type, and those of the packages it imports, with a
// body gosym executes (a gods utils.IntComparator for a comparator).
// Its own come first, then the imports' by path, each in source order;
// at most maxOffered.
func (a *apiIndex) offeredFuncs(callee *ssa.Function, t types.Type) []*ssa.Function {
	sig, ok := t.Underlying().(*types.Signature)
	pkg := packageOf(callee)
	if !ok || pkg == nil {
		return nil
	}
	key := pkg.Pkg.Path() + "|" + types.TypeString(t, nil)
	a.mu.Lock()
	defer a.mu.Unlock()
	if fns, done := a.offered[key]; done {
		return fns
	}
	imports := slices.SortedFunc(slices.Values(pkg.Pkg.Imports()), func(p, q *types.Package) int {
		return cmp.Compare(p.Path(), q.Path())
	})
	var fns []*ssa.Function
	for _, p := range append([]*types.Package{pkg.Pkg}, imports...) {
		fns = append(fns, a.offeredIn(p, sig)...)
		if len(fns) >= maxOffered {
			fns = fns[:maxOffered]
			break
		}
	}
	a.offered[key] = fns
	return fns
}

// offeredIn returns package p's exported functions of signature sig that
// have a body, in source order.
func (a *apiIndex) offeredIn(p *types.Package, sig *types.Signature) []*ssa.Function {
	var fns []*ssa.Function
	scope := p.Scope()
	for _, name := range scope.Names() {
		obj, ok := scope.Lookup(name).(*types.Func)
		if !ok || !obj.Exported() {
			continue
		}
		fsig := obj.Type().(*types.Signature)
		if fsig.TypeParams().Len() > 0 || !types.AssignableTo(fsig, sig) {
			continue
		}
		if fn := a.prog.FuncValue(obj); fn != nil && len(fn.Blocks) > 0 {
			fns = append(fns, fn)
		}
	}
	slices.SortFunc(fns, func(f, g *ssa.Function) int { return cmp.Compare(f.Pos(), g.Pos()) })
	return fns
}

// order returns the canonical order for a parameter of type t, or with
// equal its canonical equality, or nil (see orderFor): one value per
// type, so that states that hold it match.
func (a *apiIndex) order(t types.Type, equal bool) *canonicalOrder {
	a.mu.Lock()
	defer a.mu.Unlock()
	key := types.TypeString(t, nil)
	if equal {
		key = "==" + key
	}
	o, done := a.orders[key]
	if !done {
		o = orderFor(t)
		if equal && o != nil {
			if o.compare {
				o = nil // an equality returns a bool
			} else {
				o.equal = true
			}
		}
		a.orders[key] = o
	}
	return o
}

// namedOf returns the named type t is or points to, or nil.
func namedOf(t types.Type) *types.Named {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, _ := types.Unalias(t).(*types.Named)
	return named
}
