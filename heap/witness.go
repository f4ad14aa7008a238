package heap

import (
	"fmt"
	"go/token"
	"go/types"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/gosym/gosym/solver"
)

// Valuer gives concrete values to scalar terms: a solver model.
type Valuer interface {
	Int64(t *solver.Term) int64
	Uint64(t *solver.Term) uint64
	Bool(t *solver.Term) bool
}

// Witness is the input heap written as Go: statements that build shared
// and cyclic objects, then one argument expression per parameter.
type Witness struct {
	Setup []string
	Args  []string
	// Counters declare the call counters of input functions' literals
	// (see funcLit): they come first, before the calls too.
	Counters []string
	// CallArgs are the arguments of the calls made before the entry
	// (WitnessOptions.Calls), one list per call.
	CallArgs [][]string
	// Unwritable says why the code does not compile in the function's
	// package: it names unexported types or fields of other packages.
	Unwritable []string
	// HandBuilt names the types whose values the witness writes as
	// literals although WitnessOptions.MustBuild says a caller gets them
	// from the package's API: the input is one no caller can build.
	HandBuilt []string
	// Unnameable names the unexported types of other packages the code
	// names (a part of Unwritable).
	Unnameable []string
	// UsedBuilt lists the objects of WitnessOptions.Built the code
	// refers to.
	UsedBuilt []ObjID
}

// CallArgs is a call made before the entry: its arguments' pseudo-object
// (Heap.NewCallArgs) and its parameters.
type CallArgs struct {
	Obj    ObjID
	Params *types.Tuple
	// Given are the expressions of arguments the caller chose itself (a
	// function the package offers), by index: they are not written.
	Given map[int]string
}

// WitnessOptions says what a witness writes besides the entry's
// arguments, and what it must not write by hand.
type WitnessOptions struct {
	// Calls are the calls made before the entry, in order.
	Calls []CallArgs
	// Taken are names the witness's variables must not take.
	Taken []string
	// MustBuild, if set, reports whether a value of struct type t cannot
	// be written as a literal, because its callers get it from the
	// package's API; unexported says whether the literal sets an
	// unexported field (one that sets none is a zero value with exported
	// fields set, which a caller can write).
	MustBuild func(t types.Type, unexported bool) bool
	// Given are the expressions of entry parameters the caller writes
	// itself (values built by calls), by index: they are not written.
	Given map[int]string
	// Reserved are names no variable takes, not even one named after its
	// parameter: the name of a package the code refers to.
	Reserved []string
	// Built names the objects the calls before the entry built
	// (Heap.Provide) by the expressions that denote pointers to them: an
	// input that points to one is written so. The calls come before the
	// code's statements.
	Built map[ObjID]string
}

// Witness renders the input heap under model m (algorithms.md section 8):
// unresolved symbolic references are nil, unresolved symbolic locations
// distinct zero objects, unobserved fields zero, scalars the model's values.
// Objects referenced once are written inline; shared and cyclic ones get a
// variable, named after the parameter that points to them where there is one.
func (h *Heap) Witness(m Valuer, q types.Qualifier, params *types.Tuple) Witness {
	return h.WitnessWith(m, q, params, WitnessOptions{})
}

// WitnessWith is Witness with the calls made before the entry and the
// rules of opts.
func (h *Heap) WitnessWith(m Valuer, q types.Qualifier, params *types.Tuple, opts WitnessOptions) Witness {
	w := &witnessWriter{h: h, m: m, q: q, vars: map[ObjID]string{}, taken: map[string]bool{}, reserved: map[string]bool{}, mustBuild: opts.MustBuild,
		built: opts.Built, usedBuilt: map[ObjID]bool{}}
	for id, expr := range opts.Built {
		w.vars[id] = expr // named, never declared: not in varOrder
	}
	for _, name := range opts.Reserved {
		w.reserved[name] = true
	}
	w.collect()
	calls := append([]CallArgs{{Obj: h.args, Params: params}}, opts.Calls...)
	for _, c := range calls {
		for i := 0; i < c.Params.Len(); i++ {
			w.taken[c.Params.At(i).Name()] = true
		}
	}
	for _, name := range opts.Taken {
		w.taken[name] = true
	}
	w.chooseVars(calls)
	var out Witness
	// Arguments first: writing them may add link statements.
	out.Args = w.args(calls[0], opts.Given)
	for _, c := range opts.Calls {
		out.CallArgs = append(out.CallArgs, w.args(c, c.Given))
	}
	for _, id := range w.varOrder {
		out.Setup = append(out.Setup, w.declare(id)...)
	}
	out.Setup = append(out.Setup, w.links...)
	out.Counters = w.counters
	out.Unwritable = w.unwritable
	out.HandBuilt = w.handBuilt
	out.Unnameable = w.unnameable
	for id := range w.usedBuilt {
		out.UsedBuilt = append(out.UsedBuilt, id)
	}
	sort.Slice(out.UsedBuilt, func(i, j int) bool { return out.UsedBuilt[i] < out.UsedBuilt[j] })
	return out
}

// args writes the arguments of call c, those given as they are.
func (w *witnessWriter) args(c CallArgs, given map[int]string) []string {
	out := make([]string, c.Params.Len())
	for i := range out {
		if g, ok := given[i]; ok {
			out[i] = g
			continue
		}
		out[i] = w.arg(c.Obj, i, c.Params.At(i).Type())
	}
	return out
}

// arg writes parameter i, of type t, of the arguments' object obj. A
// struct parameter is never recorded whole: its observed fields are.
func (w *witnessWriter) arg(obj ObjID, i int, t types.Type) string {
	if lit, ok := w.input(obj, Path("").Field(i), t, ""); ok {
		return lit
	}
	return w.zeroLit(t)
}

// input writes the input at path p of object obj, of type t, found at
// expression at: a copy of a value the calls before the entry built, the
// value recorded there, or a struct literal of its fields the path
// observed. ok is false when the path observed none of it.
func (w *witnessWriter) input(obj ObjID, p Path, t types.Type, at string) (lit string, ok bool) {
	loc := Loc{Obj: obj, Path: p}
	if id, ok := w.h.CopyOf(loc); ok {
		return w.copyOf(id), true
	}
	if v, ok := w.h.inputs[loc]; ok {
		return w.value(v, t, at), true
	}
	if _, isStruct := Under(t).(*types.Struct); isStruct && w.hasUnder(obj, p) {
		return w.structLit(obj, p, t, at), true
	}
	return "", false
}

// copyOf writes a copy of the value of built object id: *v of the
// pointer v the calls made, or v where the variable holds the value.
func (w *witnessWriter) copyOf(id ObjID) string {
	if _, named := w.built[id]; !named {
		w.unwritableBecause(fmt.Sprintf("the value of o%d copies a value the calls before the entry built, which the witness does not name", id))
		return w.zeroLit(w.objType(id))
	}
	w.usedBuilt[id] = true
	if expr, isAddr := strings.CutPrefix(w.built[id], "&"); isAddr {
		return expr
	}
	return "*" + w.built[id]
}

type witnessWriter struct {
	h     *Heap
	m     Valuer
	q     types.Qualifier
	edges map[ObjID][]ObjID // object -> objects its input fields point to
	roots []ObjID           // objects parameters point to, in parameter order
	fresh map[ObjID]types.Type
	// vars names the objects that need a variable; varOrder is their
	// declaration order.
	vars     map[ObjID]string
	varOrder []ObjID
	taken    map[string]bool
	reserved map[string]bool
	links    []string // assignments that close shared and cyclic links
	// counters declare the call counters of input functions' literals;
	// varRefs counts the references to variables written in place.
	counters []string
	varRefs  int
	// unwritable lists why the witness does not compile in the
	// function's package (see Witness.Unwritable).
	unwritable []string
	// mustBuild and handBuilt: see WitnessOptions.MustBuild and
	// Witness.HandBuilt.
	mustBuild func(t types.Type, unexported bool) bool
	handBuilt []string
	// unnameable: see Witness.Unnameable.
	unnameable []string
	// built and usedBuilt: see WitnessOptions.Built and
	// Witness.UsedBuilt.
	built     map[ObjID]string
	usedBuilt map[ObjID]bool
}

// target returns the object a recorded pointer value stands for in the
// witness, or zero for nil. Unresolved symbolic locations become virtual
// objects with negative ids.
func (w *witnessWriter) target(v Value) ObjID {
	switch x := v.(type) {
	case Slice:
		return x.Store.Obj
	case SymIface:
		return w.h.ifaces[x.ID].Box
	case Ptr:
		return x.Obj
	case SymPtr:
		if _, isFunc := w.funcRef(x); isFunc {
			return 0 // written as a literal, never an object
		}
		s := w.h.syms[x.ID]
		switch {
		case s.Nilness == IsNil:
			return 0
		case s.Target != 0:
			return s.Target
		case s.Nilness == NotNil:
			id := ObjID(-int(x.ID))
			w.fresh[id] = s.Elem
			return id
		}
	}
	return 0
}

func (w *witnessWriter) collect() {
	w.edges = map[ObjID][]ObjID{}
	w.fresh = map[ObjID]types.Type{}
	for _, l := range w.h.Inputs() {
		t := w.target(w.h.inputs[l])
		if t == 0 {
			continue
		}
		if w.h.isArgs(l.Obj) || w.h.isResults(l.Obj) {
			// What input functions return is written in their
			// literals, as the arguments are.
			w.roots = append(w.roots, t)
		} else {
			w.edges[l.Obj] = append(w.edges[l.Obj], t)
		}
	}
}

// chooseVars marks objects that are referenced more than once or lie on a
// cycle, and objects of non-struct type, which need statements to be built.
func (w *witnessWriter) chooseVars(calls []CallArgs) {
	indeg := map[ObjID]int{}
	for _, r := range w.roots {
		indeg[r]++
	}
	for _, ts := range w.edges {
		for _, t := range ts {
			indeg[t]++
		}
	}
	// Visit in parameter order so that names and declarations are stable.
	seen := map[ObjID]bool{}
	var visit func(id ObjID)
	visit = func(id ObjID) {
		if seen[id] {
			return
		}
		seen[id] = true
		if !w.isStore(id) && (indeg[id] > 1 || w.onCycle(id) || !w.isStructObj(id) && !w.isMapObj(id)) {
			w.name(id, "")
		}
		for _, t := range w.edges[id] {
			visit(t)
		}
	}
	// An object a parameter points to is always a variable: the call
	// reads better, and links inside it have a root to hang on.
	for _, c := range calls {
		for i := 0; i < c.Params.Len(); i++ {
			if v, ok := w.h.inputs[Loc{Obj: c.Obj, Path: Path("").Field(i)}]; ok {
				if id := w.target(v); id != 0 && !w.isStore(id) {
					w.name(id, c.Params.At(i).Name())
				}
			}
		}
	}
	for _, r := range w.roots {
		visit(r)
	}
}

func (w *witnessWriter) onCycle(id ObjID) bool {
	seen := map[ObjID]bool{}
	stack := append([]ObjID(nil), w.edges[id]...)
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == id {
			return true
		}
		if !seen[n] {
			seen[n] = true
			stack = append(stack, w.edges[n]...)
		}
	}
	return false
}

func (w *witnessWriter) objType(id ObjID) types.Type {
	if t, ok := w.fresh[id]; ok {
		return t
	}
	return w.h.objs[id].Type
}

func (w *witnessWriter) isStore(id ObjID) bool {
	o := w.h.objs[id]
	return o != nil && o.store
}

func (w *witnessWriter) isMapObj(id ObjID) bool {
	_, ok := Under(w.objType(id)).(*types.Map)
	return ok
}

// mapLit writes an input map: the keys it was seen to hold, with their
// values. at is the Go expression that denotes the map, or "" inline in
// an argument: a value that is a variable is then set by a link
// statement (at[key] = v) once every variable is declared, as a struct
// field's is, so that no literal names a variable declared after it.
func (w *witnessWriter) mapLit(id ObjID, at string) string {
	mt := Under(w.objType(id)).(*types.Map)
	type entry struct{ key, val string }
	var entries []entry
	for _, k := range w.h.keys[Loc{Obj: id}] {
		if !w.m.Bool(k.Present) {
			continue
		}
		key := w.keyLit(k.Key, mt.Key())
		entryAt := ""
		if _, ptr := Under(mt.Elem()).(*types.Pointer); ptr && at != "" && !strings.HasPrefix(at, "*") {
			// Only a pointer: at[key].f = v does not compile.
			entryAt = at + "[" + key + "]"
		}
		val, ok := w.input(id, Path("").cell(k.ID), mt.Elem(), entryAt)
		switch {
		case !ok:
			val = w.zeroLit(mt.Elem())
		case val == "" && entryAt != "":
			continue // set by a link statement
		}
		entries = append(entries, entry{key, val})
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].key < entries[j].key })
	parts := make([]string, len(entries))
	for i, e := range entries {
		parts[i] = e.key + ": " + e.val
	}
	return w.typeName(w.objType(id)) + "{" + strings.Join(parts, ", ") + "}"
}

// keyLit writes an input map's key of type t.
func (w *witnessWriter) keyLit(k Key, t types.Type) string {
	switch {
	case k.Dyn == NilKey:
		return "nil"
	case k.Dyn != nil:
		lit := w.keyLit(k.payload(), k.Dyn)
		// An untyped constant in an interface has its default type:
		// other types are named by a conversion.
		if b, ok := k.Dyn.(*types.Basic); ok && (b.Kind() == types.Int || b.Kind() == types.String || b.Kind() == types.Bool) {
			return lit
		}
		return w.typeName(k.Dyn) + "(" + lit + ")"
	}
	if b, ok := Under(t).(*types.Basic); ok && b.Info()&types.IsString != 0 {
		if str, ok := w.h.keyString(w.m.Uint64(k.T)); ok {
			return strconv.Quote(str)
		}
	}
	return w.scalar(k.T, t)
}

func (w *witnessWriter) isStructObj(id ObjID) bool {
	_, ok := Under(w.objType(id)).(*types.Struct)
	return ok
}

// name gives object id a variable, preferring the parameter's name.
func (w *witnessWriter) name(id ObjID, param string) {
	if _, ok := w.vars[id]; ok {
		return
	}
	name := param
	if name == "" || name == "_" || !w.free(name, true) {
		base := varBase(types.TypeString(w.objType(id), w.q))
		for n := 1; ; n++ {
			name = base + strconv.Itoa(n)
			if w.free(name, false) {
				break
			}
		}
	}
	w.taken[name] = true
	w.vars[id] = name
	w.varOrder = append(w.varOrder, id)
}

func (w *witnessWriter) free(name string, isParam bool) bool {
	if token.IsKeyword(name) || w.reserved[name] {
		return false
	}
	for _, used := range w.vars {
		if used == name {
			return false
		}
	}
	return isParam || !w.taken[name]
}

// varBase makes a variable's name from its type's: node for
// *list.Node, node for node[int], obj where the type has no name.
func varBase(typeName string) string {
	if i := strings.IndexByte(typeName, '['); i >= 0 {
		typeName = typeName[:i]
	}
	if i := strings.LastIndexByte(typeName, '.'); i >= 0 {
		typeName = typeName[i+1:]
	}
	r := []rune(typeName)
	if len(r) == 0 || !unicode.IsLetter(r[0]) {
		return "obj"
	}
	r[0] = unicode.ToLower(r[0])
	base := string(r)
	if token.IsKeyword(base) {
		base += "_"
	}
	return base
}

// declare writes the statements that make variable object id.
func (w *witnessWriter) declare(id ObjID) []string {
	name := w.vars[id]
	t := w.objType(id)
	if w.isMapObj(id) {
		return []string{fmt.Sprintf("%s := %s", name, w.mapLit(id, name))}
	}
	if _, ok := Under(t).(*types.Struct); ok {
		return []string{fmt.Sprintf("%s := &%s", name, w.structLit(id, "", t, name))}
	}
	stmts := []string{fmt.Sprintf("%s := new(%s)", name, w.typeName(t))}
	if v, ok := w.h.inputs[Loc{Obj: id}]; ok {
		stmts = append(stmts, fmt.Sprintf("*%s = %s", name, w.value(v, t, "*"+name)))
	}
	return stmts
}

// structLit writes the composite literal of the struct at path p of object
// id; at is the Go expression that denotes it, for link statements.
func (w *witnessWriter) structLit(id ObjID, p Path, t types.Type, at string) string {
	st := Under(t).(*types.Struct)
	var parts []string
	unexported := false
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		fp := p.Field(i)
		if w.h.ZeroTypes != nil && w.h.ZeroTypes(f.Type()) {
			continue // zero wherever the path wrote the value (see ZeroTypes)
		}
		// Inside an argument's literal (at == "") there is no expression
		// to link from; variables are referenced in place, declared before.
		expr := ""
		if at != "" {
			expr = at + "." + f.Name()
		}
		links := len(w.links)
		lit, ok := w.input(id, fp, f.Type(), expr)
		if !ok {
			continue
		}
		if lit != "" || len(w.links) > links {
			// Set in the literal, or by a link statement after it.
			w.checkField(f, t)
			unexported = unexported || !f.Exported()
		}
		if lit != "" {
			parts = append(parts, f.Name()+": "+lit)
		}
	}
	w.noteLiteral(t, unexported)
	return w.typeName(t) + "{" + strings.Join(parts, ", ") + "}"
}

func (w *witnessWriter) hasUnder(id ObjID, p Path) bool {
	for l := range w.h.inputs {
		if l.Obj == id {
			if _, ok := l.Path.Under(p); ok && l.Path != p {
				return true
			}
		}
	}
	return false
}

// value writes a recorded input value of type t found at expression at.
// A pointer to a variable object inside a literal becomes a link statement
// (and is left out of the literal, returning "").
func (w *witnessWriter) value(v Value, t types.Type, at string) string {
	switch x := v.(type) {
	case Scalar:
		return w.scalar(x.T, t)
	case Nil:
		return "nil"
	case Ptr, SymPtr:
		if ft, ok := w.funcRef(v); ok {
			refs := w.varRefs
			lit := w.funcLit(v.(SymPtr), ft)
			if w.varRefs > refs && at != "" && !strings.HasPrefix(at, "*") {
				// It returns a variable, which may be the one being
				// declared, or one declared after it: set it once all are.
				w.links = append(w.links, fmt.Sprintf("%s = %s", at, lit))
				return ""
			}
			return lit
		}
		id := w.target(v)
		if id == 0 {
			return "nil"
		}
		if p, ok := v.(Ptr); ok && p.Path != "" {
			return "&" + w.vars[id] + w.pathExpr(id, p.Path)
		}
		if expr, ok := w.built[id]; ok {
			w.usedBuilt[id] = true
			w.varRefs++
			return expr // declared before any statement of the code
		}
		if name, ok := w.vars[id]; ok {
			if at == "" || strings.HasPrefix(at, "*") {
				w.varRefs++
				return name
			}
			w.links = append(w.links, fmt.Sprintf("%s = %s", at, name))
			return ""
		}
		if w.isMapObj(id) {
			return w.mapLit(id, at)
		}
		return "&" + w.structLit(id, "", w.objType(id), at)
	case SymIface:
		return w.ifaceLit(x)
	case SymStr:
		return w.stringLit(x)
	case Str:
		return strconv.Quote(x.S)
	case Slice:
		return w.sliceLit(x, t, at)
	case *Array:
		return w.arrayLit(x, t, at)
	}
	return w.zeroLit(t)
}

// ifaceLit writes an input interface value: the value of its dynamic
// type, converted where an untyped literal would have another type. An
// interface that must be non-nil but whose type never mattered is given
// a basic value it is not known not to be.
func (w *witnessWriter) ifaceLit(x SymIface) string {
	info := w.h.ifaces[x.ID]
	if info.Dyn == nil {
		if info.Nilness != NotNil {
			return "nil"
		}
		iface := Under(info.Static).(*types.Interface)
		options := []types.Type{types.Typ[types.Int], types.Typ[types.String], types.Typ[types.Bool]}
		if w.h.Implementors != nil {
			options = append(options, w.h.Implementors(iface)...)
		}
		for _, t := range options {
			if !excluded(info, t) && types.Implements(t, iface) {
				return w.typedZero(t)
			}
		}
		return "nil /* gosym: any non-nil " + types.TypeString(info.Static, w.q) + " */"
	}
	t := info.Dyn
	lit := w.zeroLit(t)
	if v, ok := w.h.inputs[Loc{Obj: info.Box}]; ok {
		lit = w.value(v, t, "")
	} else if _, isStruct := Under(t).(*types.Struct); isStruct && w.hasUnder(info.Box, "") {
		lit = w.structLit(info.Box, "", t, "")
	}
	return w.typed(lit, t)
}

// typed makes a literal keep dynamic type t when it is put in an
// interface: untyped constants and nil are converted.
func (w *witnessWriter) typed(lit string, t types.Type) string {
	if b, ok := t.(*types.Basic); ok && (b.Kind() == types.Int || b.Kind() == types.String || b.Kind() == types.Bool) {
		return lit
	}
	switch Under(t).(type) {
	case *types.Basic:
		return w.typeName(t) + "(" + lit + ")"
	case *types.Pointer, *types.Slice, *types.Map, *types.Signature, *types.Chan:
		if lit == "nil" {
			return "(" + w.typeName(t) + ")(nil)"
		}
	}
	return lit
}

// typedZero writes a value of type t for an interface: a pointer to a
// zero struct rather than a nil pointer, so that it is usable.
func (w *witnessWriter) typedZero(t types.Type) string {
	if p, ok := Under(t).(*types.Pointer); ok {
		if _, isStruct := Under(p.Elem()).(*types.Struct); isStruct {
			w.noteLiteral(p.Elem(), false)
			return "&" + w.typeName(p.Elem()) + "{}"
		}
	}
	return w.typed(w.zeroLit(t), t)
}

// sliceLit writes an input slice as a literal of its capacity, resliced
// to its length when they differ: []T{2: v, 4: 0}[:3].
func (w *witnessWriter) sliceLit(x Slice, t types.Type, at string) string {
	if x.Store.Obj == 0 || w.m.Bool(x.Nil) {
		return "nil"
	}
	n, c := w.m.Uint64(x.Len), w.m.Uint64(x.Cap)
	elem := Under(t).(*types.Slice).Elem()
	if c > bigSlice && w.zeroCells(Loc{Obj: x.Store.Obj}) {
		if n == c {
			return fmt.Sprintf("make(%s, %d)", w.typeName(t), n)
		}
		return fmt.Sprintf("make(%s, %d, %d)", w.typeName(t), n, c)
	}
	lit := w.typeName(t) + "{" + w.elements(Loc{Obj: x.Store.Obj}, elem, c, true, at) + "}"
	if n < c {
		lit += fmt.Sprintf("[:%d]", n)
	}
	return lit
}

// bigSlice is the capacity from which an input slice whose observed
// elements are all zero is written with make: gc builds a composite
// literal in the stack frame, and refuses one of a gigabyte ("stack frame
// too large").
const bigSlice = 1 << 16

// zeroCells reports whether every observed cell of the input array at
// loc holds zero or nil.
func (w *witnessWriter) zeroCells(loc Loc) bool {
	for _, ic := range w.h.cells[loc] {
		switch v := w.h.inputs[Loc{Obj: loc.Obj, Path: loc.Path.cell(ic.ID)}].(type) {
		case Nil:
		case Scalar:
			if w.m.Uint64(v.T) != 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// arrayLit writes an input array value.
func (w *witnessWriter) arrayLit(x *Array, t types.Type, at string) string {
	if x.Back.Kind != InputBack {
		return w.zeroLit(t)
	}
	return w.typeName(t) + "{" + w.elements(x.Back.Input, x.Elem, 0, false, at) + "}"
}

// elements writes the observed cells of the input array at loc as keyed
// elements; with sized, n is the length the literal must have (cells at
// n and past were read beyond the end and are left out).
func (w *witnessWriter) elements(loc Loc, elem types.Type, n uint64, sized bool, at string) string {
	type entry struct {
		index uint64
		text  string
	}
	var entries []entry
	for _, ic := range w.h.cells[loc] {
		i := w.m.Uint64(ic.Index)
		if sized && i >= n {
			continue
		}
		cell := loc.Path.cell(ic.ID)
		expr := ""
		if at != "" {
			expr = fmt.Sprintf("%s[%d]", at, i)
		}
		if text, _ := w.input(loc.Obj, cell, elem, expr); text != "" {
			entries = append(entries, entry{i, text})
		}
	}
	sort.Slice(entries, func(a, b int) bool { return entries[a].index < entries[b].index })
	dense := n > 0 && uint64(len(entries)) == n
	var parts []string
	for _, e := range entries {
		if dense {
			parts = append(parts, e.text)
		} else {
			parts = append(parts, fmt.Sprintf("%d: %s", e.index, e.text))
		}
	}
	if !dense && n > 0 && (len(entries) == 0 || entries[len(entries)-1].index != n-1) {
		parts = append(parts, fmt.Sprintf("%d: %s", n-1, w.zeroLit(elem)))
	}
	return strings.Join(parts, ", ")
}

func (w *witnessWriter) pathExpr(id ObjID, p Path) string {
	t := w.objType(id)
	var b strings.Builder
	idx, _ := p.fields()
	for _, i := range idx {
		st := Under(t).(*types.Struct)
		w.checkField(st.Field(i), t)
		b.WriteString("." + st.Field(i).Name())
		t = st.Field(i).Type()
	}
	return b.String()
}

func (w *witnessWriter) scalar(term *solver.Term, t types.Type) string {
	if IsBool(t) {
		return strconv.FormatBool(w.m.Bool(term))
	}
	if _, signed, ok := IntInfo(t); ok {
		if signed {
			return strconv.FormatInt(w.m.Int64(term), 10)
		}
		return strconv.FormatUint(w.m.Uint64(term), 10)
	}
	if fw, ok := FloatWidth(t); ok {
		return w.floatLit(w.m.Uint64(term), fw, t)
	}
	return w.zeroLit(t)
}

// floatLit writes a float so that it converts back to the same bits: the
// shortest decimal that does, or for the values no constant denotes (NaN,
// the infinities, -0) a call of package math, converted to t unless t is
// float64.
func (w *witnessWriter) floatLit(bits uint64, width uint, t types.Type) string {
	f := math.Float64frombits(bits)
	if width == 32 {
		f = float64(math.Float32frombits(uint32(bits)))
	}
	var call string
	switch {
	case math.IsNaN(f):
		call = "NaN()"
	case math.IsInf(f, 1):
		call = "Inf(1)"
	case math.IsInf(f, -1):
		call = "Inf(-1)"
	case f == 0 && math.Signbit(f):
		call = "Copysign(0, -1)"
	default:
		return strconv.FormatFloat(f, 'g', -1, int(width))
	}
	if name := w.q(mathPackage); name != "" {
		call = name + "." + call
	}
	if types.Identical(t, types.Typ[types.Float64]) {
		return call
	}
	return w.typeName(t) + "(" + call + ")"
}

// mathPackage is package math, as a qualifier names it.
var mathPackage = types.NewPackage("math", "math")

func (w *witnessWriter) zeroLit(t types.Type) string {
	switch u := Under(t).(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false"
		case u.Info()&types.IsString != 0:
			return `""`
		case u.Kind() == types.UnsafePointer:
			return "nil"
		}
		return "0"
	case *types.Struct:
		w.noteLiteral(t, false)
		return w.typeName(t) + "{}"
	case *types.Array:
		return w.typeName(t) + "{}"
	}
	return "nil"
}

// unsignedAt reports whether the input location l holds an unsigned
// integer, as far as the types of its object and path say.
func (h *Heap) unsignedAt(l Loc) bool {
	o := h.objs[l.Obj]
	if o == nil {
		return false
	}
	t := o.Type
	for _, st := range l.Path.steps() {
		if t = stepType(t, st); t == nil {
			return false
		}
	}
	b, ok := Under(t).(*types.Basic)
	return ok && b.Info()&types.IsUnsigned != 0
}

// Shrinkable returns the terms of the inputs whose values a witness
// writes as numbers, for solver.Solver.Shrunk to make small: scalars,
// then each slice's capacity before its length (a length can shrink only
// below its capacity), and strings' lengths, in the inputs' order.
func (h *Heap) Shrinkable() []solver.Number {
	var out []solver.Number
	for _, l := range h.Inputs() {
		switch v := h.inputs[l].(type) {
		case Scalar:
			out = append(out, solver.Number{T: v.T, Unsigned: h.unsignedAt(l)})
		case Slice:
			out = append(out, solver.Number{T: v.Cap, Unsigned: true}, solver.Number{T: v.Len, Unsigned: true})
		case SymStr:
			out = append(out, solver.Number{T: v.Len, Unsigned: true})
		}
	}
	return out
}

// Preferences returns conditions that make a witness easier to read, most
// wanted first: scalar inputs and slice capacities small, input slices as
// long as their capacity, then each scalar input zero (each byte of an
// input string 'a', as the bytes no path read are written), then each one
// -1, 0 or 1. The caller keeps each one the solver grants, in order.
func (h *Heap) Preferences() []*solver.Term {
	c := h.ctx
	var small, tight, zeros, units []*solver.Term
	text := h.stringBytes()
	for _, l := range h.Inputs() {
		switch v := h.inputs[l].(type) {
		case Scalar:
			if text[l] && !v.T.IsConst() {
				zeros = append(zeros, c.Eq(v.T, c.BV(v.T.Sort().Width(), 'a')))
				continue
			}
			if w := v.T.Sort().Width(); w > 0 && !v.T.IsConst() {
				// An unsigned number near zero is small; a signed one
				// on either side of it.
				unsigned := h.unsignedAt(l)
				within := func(n uint64) *solver.Term {
					if unsigned {
						return c.Ule(v.T, c.BV(w, n))
					}
					return c.And(c.Sle(c.BV(w, -n), v.T), c.Sle(v.T, c.BV(w, n)))
				}
				// Bytes are small already, and often must be a letter.
				if w > 8 {
					small = append(small, within(64))
				}
				zeros = append(zeros, c.Eq(v.T, c.BV(w, 0)))
				if w > 1 {
					units = append(units, within(1))
				}
			}
		case SymStr:
			small = append(small, c.Ule(v.Len, c.BV(64, 16)))
			if v.Arr.Back.Kind == InputBack {
				observed := uint64(len(h.cells[v.Arr.Back.Input]))
				for extra := uint64(0); extra <= 3; extra++ {
					zeros = append(zeros, c.Ule(v.Len, c.BV(64, observed+extra)))
				}
			}
		case Slice:
			small = append(small, c.Ule(v.Cap, c.BV(64, 16)))
			tight = append(tight, c.Eq(v.Len, v.Cap))
			observed := uint64(len(h.cells[Loc{Obj: v.Store.Obj}]))
			zeros = append(zeros, c.Ule(v.Cap, c.BV(64, observed)), c.Ule(v.Cap, c.BV(64, observed+1)))
		}
	}
	if len(small) == 0 {
		return nil
	}
	return append(append([]*solver.Term{c.And(small...), c.And(tight...)}, zeros...), units...)
}

// stringBytes returns the locations of the bytes of input strings that
// paths read: their witness writes text, where 'a' reads better than
// '\x00'.
func (h *Heap) stringBytes() map[Loc]bool {
	out := map[Loc]bool{}
	for _, v := range h.inputs {
		s, ok := v.(SymStr)
		if !ok || s.Arr.Back.Kind != InputBack {
			continue
		}
		loc := s.Arr.Back.Input
		for _, ic := range h.cells[loc] {
			out[Loc{Obj: loc.Obj, Path: loc.Path.cell(ic.ID)}] = true
		}
	}
	return out
}
