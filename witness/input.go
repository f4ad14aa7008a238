package witness

import (
	"fmt"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/gosym/gosym/heap"
)

// written is an input written as Go: statements that build shared and
// cyclic objects, then one argument expression per parameter.
type written struct {
	setup, args []string
	// counters declare the call counters of input functions' literals
	// (see funcLit): they come first, before the calls too.
	counters []string
	// callArgs are the arguments of the calls made before the entry, one
	// list per call.
	callArgs [][]string
	// usedBuilt lists the objects the calls before the entry built that
	// the code refers to.
	usedBuilt map[heap.ObjID]bool
	checks
}

// checks are what writing code noted of it: see Written.
type checks struct {
	unwritable, handBuilt, unnameable []string
}

// callArgs is a call whose arguments an input writes: their
// pseudo-object and the call's parameters. given are the expressions of
// arguments the caller chose itself, by index: they are not written.
type callArgs struct {
	obj    heap.ObjID
	params *types.Tuple
	given  map[int]string
}

// inputOptions says what an input writes besides the entry's arguments,
// and what it must not write by hand.
type inputOptions struct {
	// calls are the entry's, then those made before it, in order.
	calls []callArgs
	// taken are names the variables must not take, and reserved names
	// that no variable takes, not even one named after its parameter (the
	// name of a package the code refers to).
	taken, reserved []string
	// mustBuild: see Entry.MustBuild.
	mustBuild func(t types.Type, unexported bool) bool
	// built names the objects the calls before the entry built by the
	// expressions that denote pointers to them: an input that points to
	// one is written so. The calls come before the code's statements.
	built map[heap.ObjID]string
}

// writeInput writes the input in, qualified with q (heap.Input says
// which values it holds). Objects referenced once are written inline; shared and cyclic ones
// get a variable, named after the parameter that points to them where
// there is one.
func writeInput(in *heap.Input, q types.Qualifier, opts inputOptions) written {
	w := &inputWriter{in: in, q: q, vars: map[heap.ObjID]string{}, taken: map[string]bool{}, reserved: map[string]bool{},
		mustBuild: opts.mustBuild, built: opts.built, usedBuilt: map[heap.ObjID]bool{}}
	for id, expr := range opts.built {
		w.vars[id] = expr // named, never declared: not in varOrder
	}
	for _, name := range opts.reserved {
		w.reserved[name] = true
	}
	w.collect()
	for _, c := range opts.calls {
		for i := 0; i < c.params.Len(); i++ {
			w.taken[c.params.At(i).Name()] = true
		}
	}
	for _, name := range opts.taken {
		w.taken[name] = true
	}
	w.chooseVars(opts.calls)
	var out written
	// Arguments first: writing them may add link statements.
	out.args = w.args(opts.calls[0])
	for _, c := range opts.calls[1:] {
		out.callArgs = append(out.callArgs, w.args(c))
	}
	for _, id := range w.varOrder {
		out.setup = append(out.setup, w.declare(id)...)
	}
	out.setup = append(out.setup, w.links...)
	out.counters = w.counters
	out.checks = w.checks
	out.usedBuilt = w.usedBuilt
	return out
}

type inputWriter struct {
	in    *heap.Input
	q     types.Qualifier
	edges map[heap.ObjID][]heap.ObjID // object -> objects its input fields point to
	roots []heap.ObjID                // objects parameters point to, in parameter order
	// vars names the objects that need a variable; varOrder is their
	// declaration order.
	vars     map[heap.ObjID]string
	varOrder []heap.ObjID
	taken    map[string]bool
	reserved map[string]bool
	links    []string // assignments that close shared and cyclic links
	// counters declare the call counters of input functions' literals;
	// varRefs counts the references to variables written in place.
	counters []string
	varRefs  int
	checks
	mustBuild func(t types.Type, unexported bool) bool
	built     map[heap.ObjID]string
	usedBuilt map[heap.ObjID]bool
}

// args writes the arguments of call c, those given as they are.
func (w *inputWriter) args(c callArgs) []string {
	out := make([]string, c.params.Len())
	for i := range out {
		if g, ok := c.given[i]; ok {
			out[i] = g
			continue
		}
		out[i] = w.arg(c.obj, i, c.params.At(i).Type())
	}
	return out
}

// arg writes parameter i, of type t, of the arguments' object obj. A
// struct parameter is never recorded whole: its observed fields are.
func (w *inputWriter) arg(obj heap.ObjID, i int, t types.Type) string {
	if lit, ok := w.input(obj, heap.Path("").Field(i), t, ""); ok {
		return lit
	}
	return w.zeroLit(t)
}

// input writes the input at path p of object obj, of type t, found at
// expression at: a copy of a value the calls before the entry built, the
// value recorded there, or a struct literal of its fields the path
// observed. ok is false when the path observed none of it.
func (w *inputWriter) input(obj heap.ObjID, p heap.Path, t types.Type, at string) (lit string, ok bool) {
	loc := heap.Loc{Obj: obj, Path: p}
	if id, ok := w.in.Copies[loc]; ok {
		return w.copyOf(id), true
	}
	if v, ok := w.in.Values[loc]; ok {
		return w.value(v, t, at), true
	}
	if _, isStruct := heap.Under(t).(*types.Struct); isStruct && w.hasUnder(obj, p) {
		return w.structLit(obj, p, t, at), true
	}
	return "", false
}

// copyOf writes a copy of the value of built object id: *v of the
// pointer v the calls made, or v where the variable holds the value.
func (w *inputWriter) copyOf(id heap.ObjID) string {
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

// target returns the object an input value points to, or zero.
func target(v heap.InputValue) heap.ObjID {
	switch x := v.(type) {
	case heap.SliceValue:
		return x.Store
	case heap.IfaceValue:
		return x.Box
	case heap.Ref:
		return x.Obj
	}
	return 0
}

func (w *inputWriter) collect() {
	w.edges = map[heap.ObjID][]heap.ObjID{}
	for _, l := range w.in.Locs {
		t := target(w.in.Values[l])
		if t == 0 {
			continue
		}
		if o := w.in.Objects[l.Obj]; o.Args || o.Results {
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
func (w *inputWriter) chooseVars(calls []callArgs) {
	indeg := map[heap.ObjID]int{}
	for _, r := range w.roots {
		indeg[r]++
	}
	for _, ts := range w.edges {
		for _, t := range ts {
			indeg[t]++
		}
	}
	// Visit in parameter order so that names and declarations are stable.
	seen := map[heap.ObjID]bool{}
	var visit func(id heap.ObjID)
	visit = func(id heap.ObjID) {
		if seen[id] {
			return
		}
		seen[id] = true
		if !w.isStore(id) && (indeg[id] > 1 || w.onCycle(id) || !w.isStructObj(id) && !w.isMapObj(id) && !w.isChanObj(id)) {
			w.name(id, "")
		}
		for _, t := range w.edges[id] {
			visit(t)
		}
	}
	// An object a parameter points to is always a variable: the call
	// reads better, and links inside it have a root to hang on.
	for _, c := range calls {
		for i := 0; i < c.params.Len(); i++ {
			if v, ok := w.in.Values[heap.Loc{Obj: c.obj, Path: heap.Path("").Field(i)}]; ok {
				if id := target(v); id != 0 && !w.isStore(id) {
					w.name(id, c.params.At(i).Name())
				}
			}
		}
	}
	for _, r := range w.roots {
		visit(r)
	}
}

func (w *inputWriter) onCycle(id heap.ObjID) bool {
	seen := map[heap.ObjID]bool{}
	stack := append([]heap.ObjID(nil), w.edges[id]...)
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

func (w *inputWriter) objType(id heap.ObjID) types.Type {
	return w.in.Objects[id].Type
}

func (w *inputWriter) isStore(id heap.ObjID) bool {
	return w.in.Objects[id].Store
}

func (w *inputWriter) isMapObj(id heap.ObjID) bool {
	_, ok := heap.Under(w.objType(id)).(*types.Map)
	return ok
}

// isChanObj reports whether object id is a channel of the input.
func (w *inputWriter) isChanObj(id heap.ObjID) bool {
	_, ok := heap.Under(w.objType(id)).(*types.Chan)
	return ok
}

// chanLit writes a channel of the input: a path that used one ended (see
// the engine's callerChannel), so a fresh channel stands for it.
func (w *inputWriter) chanLit(id heap.ObjID) string {
	return "make(" + w.typeName(w.objType(id)) + ")"
}

// mapLit writes an input map: the keys it was seen to hold, with their
// values. at is the Go expression that denotes the map, or "" inline in
// an argument: a value that is a variable is then set by a link
// statement (at[key] = v) once every variable is declared, as a struct
// field's is, so that no literal names a variable declared after it.
func (w *inputWriter) mapLit(id heap.ObjID, at string) string {
	mt := heap.Under(w.objType(id)).(*types.Map)
	type entry struct{ key, val string }
	var entries []entry
	for _, k := range w.in.Keys[heap.Loc{Obj: id}] {
		key := w.keyLit(k.Key, mt.Key())
		entryAt := ""
		if _, ptr := heap.Under(mt.Elem()).(*types.Pointer); ptr && at != "" && !strings.HasPrefix(at, "*") {
			// Only a pointer: at[key].f = v does not compile.
			entryAt = at + "[" + key + "]"
		}
		val, ok := w.input(id, k.Path, mt.Elem(), entryAt)
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
func (w *inputWriter) keyLit(k heap.KeyValue, t types.Type) string {
	switch {
	case k.Dyn == heap.NilKey:
		return "nil"
	case k.Dyn != nil:
		payload := k
		payload.Dyn = nil
		lit := w.keyLit(payload, k.Dyn)
		// An untyped constant in an interface has its default type:
		// other types are named by a conversion.
		if b, ok := k.Dyn.(*types.Basic); ok && (b.Kind() == types.Int || b.Kind() == types.String || b.Kind() == types.Bool) {
			return lit
		}
		return w.typeName(k.Dyn) + "(" + lit + ")"
	}
	if b, ok := heap.Under(t).(*types.Basic); ok && b.Info()&types.IsString != 0 && k.IsStr {
		return strconv.Quote(k.Str)
	}
	return w.scalar(k.Number, t)
}

func (w *inputWriter) isStructObj(id heap.ObjID) bool {
	_, ok := heap.Under(w.objType(id)).(*types.Struct)
	return ok
}

// name gives object id a variable, preferring the parameter's name.
func (w *inputWriter) name(id heap.ObjID, param string) {
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

func (w *inputWriter) free(name string, isParam bool) bool {
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
func (w *inputWriter) declare(id heap.ObjID) []string {
	name := w.vars[id]
	t := w.objType(id)
	if w.isMapObj(id) {
		return []string{fmt.Sprintf("%s := %s", name, w.mapLit(id, name))}
	}
	if w.isChanObj(id) {
		return []string{fmt.Sprintf("%s := %s", name, w.chanLit(id))}
	}
	if _, ok := heap.Under(t).(*types.Struct); ok {
		return []string{fmt.Sprintf("%s := &%s", name, w.structLit(id, "", t, name))}
	}
	stmts := []string{fmt.Sprintf("%s := new(%s)", name, w.typeName(t))}
	if v, ok := w.in.Values[heap.Loc{Obj: id}]; ok {
		stmts = append(stmts, fmt.Sprintf("*%s = %s", name, w.value(v, t, "*"+name)))
	}
	return stmts
}

// structLit writes the composite literal of the struct at path p of object
// id; at is the Go expression that denotes it, for link statements.
func (w *inputWriter) structLit(id heap.ObjID, p heap.Path, t types.Type, at string) string {
	st := heap.Under(t).(*types.Struct)
	var parts []string
	unexported := false
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		fp := p.Field(i)
		if w.in.ZeroTypes != nil && w.in.ZeroTypes(f.Type()) {
			continue // zero wherever the path wrote the value (see heap.ZeroTypes)
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

func (w *inputWriter) hasUnder(id heap.ObjID, p heap.Path) bool {
	for _, l := range w.in.Locs {
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
func (w *inputWriter) value(v heap.InputValue, t types.Type, at string) string {
	switch x := v.(type) {
	case heap.Number:
		return w.scalar(x, t)
	case heap.Nil:
		return "nil"
	case heap.FuncValue:
		refs := w.varRefs
		lit := w.funcLit(x)
		if w.varRefs > refs && at != "" && !strings.HasPrefix(at, "*") {
			// It returns a variable, which may be the one being
			// declared, or one declared after it: set it once all are.
			w.links = append(w.links, fmt.Sprintf("%s = %s", at, lit))
			return ""
		}
		return lit
	case heap.Ref:
		return w.ref(x, at)
	case heap.IfaceValue:
		return w.ifaceLit(x)
	case heap.StringValue:
		if x.Repeat > 0 {
			return `strings.Repeat("a", ` + strconv.FormatUint(x.Repeat, 10) + `)`
		}
		return strconv.Quote(x.S)
	case heap.SliceValue:
		return w.sliceLit(x, t, at)
	case heap.ArrayValue:
		return w.arrayLit(x, t, at)
	}
	return w.zeroLit(t)
}

// ref writes a pointer found at expression at: a variable, an object
// the calls before the entry built, or a literal.
func (w *inputWriter) ref(x heap.Ref, at string) string {
	id := x.Obj
	if x.Inner {
		return "&" + w.vars[id] + w.pathExpr(id, x.Fields)
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
	if w.isChanObj(id) {
		return w.chanLit(id)
	}
	return "&" + w.structLit(id, "", w.objType(id), at)
}

// ifaceLit writes an input interface value: the value of its dynamic
// type, converted where an untyped literal would have another type. An
// interface that must be non-nil but whose type never mattered is given
// the zero value of a type it is not known not to be.
func (w *inputWriter) ifaceLit(x heap.IfaceValue) string {
	if x.Dyn == nil {
		switch {
		case !x.NotNil:
			return "nil"
		case x.Stand != nil:
			return w.typedZero(x.Stand)
		}
		return "nil /* gosym: any non-nil " + types.TypeString(x.Static, w.q) + " */"
	}
	t := x.Dyn
	lit := w.zeroLit(t)
	if v, ok := w.in.Values[heap.Loc{Obj: x.Box}]; ok {
		lit = w.value(v, t, "")
	} else if _, isStruct := heap.Under(t).(*types.Struct); isStruct && w.hasUnder(x.Box, "") {
		lit = w.structLit(x.Box, "", t, "")
	}
	return w.typed(lit, t)
}

// typed makes a literal keep dynamic type t when it is put in an
// interface: untyped constants and nil are converted.
func (w *inputWriter) typed(lit string, t types.Type) string {
	if b, ok := t.(*types.Basic); ok && (b.Kind() == types.Int || b.Kind() == types.String || b.Kind() == types.Bool) {
		return lit
	}
	switch heap.Under(t).(type) {
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
func (w *inputWriter) typedZero(t types.Type) string {
	if p, ok := heap.Under(t).(*types.Pointer); ok {
		if _, isStruct := heap.Under(p.Elem()).(*types.Struct); isStruct {
			w.noteLiteral(p.Elem(), false)
			return "&" + w.typeName(p.Elem()) + "{}"
		}
	}
	return w.typed(w.zeroLit(t), t)
}

// sliceLit writes an input slice as a literal of its capacity, resliced
// to its length when they differ: []T{2: v, 4: 0}[:3].
func (w *inputWriter) sliceLit(x heap.SliceValue, t types.Type, at string) string {
	if x.Nil {
		return "nil"
	}
	n, c := x.Len, x.Cap
	elem := heap.Under(t).(*types.Slice).Elem()
	if c > bigSlice && w.zeroCells(heap.Loc{Obj: x.Store}) {
		if n == c {
			return fmt.Sprintf("make(%s, %d)", w.typeName(t), n)
		}
		return fmt.Sprintf("make(%s, %d, %d)", w.typeName(t), n, c)
	}
	lit := w.typeName(t) + "{" + w.elements(heap.Loc{Obj: x.Store}, elem, c, true, at) + "}"
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
func (w *inputWriter) zeroCells(loc heap.Loc) bool {
	for _, ic := range w.in.Cells[loc] {
		switch v := w.in.Values[heap.Loc{Obj: loc.Obj, Path: ic.Path}].(type) {
		case heap.Nil:
		case heap.Number:
			if v.Bits != 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// arrayLit writes an input array value.
func (w *inputWriter) arrayLit(x heap.ArrayValue, t types.Type, at string) string {
	if !x.Input {
		return w.zeroLit(t)
	}
	return w.typeName(t) + "{" + w.elements(x.Loc, x.Elem, 0, false, at) + "}"
}

// elements writes the observed cells of the input array at loc as keyed
// elements; with sized, n is the length the literal must have (cells at
// n and past were read beyond the end and are left out).
func (w *inputWriter) elements(loc heap.Loc, elem types.Type, n uint64, sized bool, at string) string {
	type entry struct {
		index uint64
		text  string
	}
	var entries []entry
	for _, ic := range w.in.Cells[loc] {
		i := ic.Index
		if sized && i >= n {
			continue
		}
		expr := ""
		if at != "" {
			expr = fmt.Sprintf("%s[%d]", at, i)
		}
		if text, _ := w.input(loc.Obj, ic.Path, elem, expr); text != "" {
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

// pathExpr writes the selectors of the field path fields in object id.
func (w *inputWriter) pathExpr(id heap.ObjID, fields []int) string {
	t := w.objType(id)
	var b strings.Builder
	for _, i := range fields {
		st := heap.Under(t).(*types.Struct)
		w.checkField(st.Field(i), t)
		b.WriteString("." + st.Field(i).Name())
		t = st.Field(i).Type()
	}
	return b.String()
}
