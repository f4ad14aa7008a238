package heap

import (
	"fmt"
	"go/token"
	"go/types"
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
}

// Witness renders the input heap under model m (algorithms.md section 8):
// unresolved symbolic references are nil, unresolved symbolic locations
// distinct zero objects, unobserved fields zero, scalars the model's values.
// Objects referenced once are written inline; shared and cyclic ones get a
// variable, named after the parameter that points to them where there is one.
func (h *Heap) Witness(m Valuer, q types.Qualifier, params *types.Tuple) Witness {
	w := &witnessWriter{h: h, m: m, q: q, vars: map[ObjID]string{}, taken: map[string]bool{}}
	w.collect()
	for i := 0; i < params.Len(); i++ {
		w.taken[params.At(i).Name()] = true
	}
	w.chooseVars(params)
	var out Witness
	// Arguments first: writing them may add link statements.
	for i := 0; i < params.Len(); i++ {
		out.Args = append(out.Args, w.arg(i, params.At(i).Type()))
	}
	for _, id := range w.varOrder {
		out.Setup = append(out.Setup, w.declare(id)...)
	}
	out.Setup = append(out.Setup, w.links...)
	return out
}

// arg writes parameter i, of type t. A struct parameter is never recorded
// whole: its observed fields are.
func (w *witnessWriter) arg(i int, t types.Type) string {
	p := Path("").Field(i)
	if v, ok := w.h.inputs[Loc{Obj: w.h.args, Path: p}]; ok {
		return w.value(v, t, "")
	}
	if _, isStruct := t.Underlying().(*types.Struct); isStruct && w.hasUnder(w.h.args, p) {
		return w.structLit(w.h.args, p, t, "")
	}
	return w.zeroLit(t)
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
	links    []string // assignments that close shared and cyclic links
}

// target returns the object a recorded pointer value stands for in the
// witness, or zero for nil. Unresolved symbolic locations become virtual
// objects with negative ids.
func (w *witnessWriter) target(v Value) ObjID {
	switch x := v.(type) {
	case Ptr:
		return x.Obj
	case SymPtr:
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
		if l.Obj == w.h.args {
			w.roots = append(w.roots, t)
		} else {
			w.edges[l.Obj] = append(w.edges[l.Obj], t)
		}
	}
}

// chooseVars marks objects that are referenced more than once or lie on a
// cycle, and objects of non-struct type, which need statements to be built.
func (w *witnessWriter) chooseVars(params *types.Tuple) {
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
		if indeg[id] > 1 || w.onCycle(id) || !w.isStructObj(id) {
			w.name(id, "")
		}
		for _, t := range w.edges[id] {
			visit(t)
		}
	}
	// An object a parameter points to is always a variable: the call
	// reads better, and links inside it have a root to hang on.
	for i := 0; i < params.Len(); i++ {
		if v, ok := w.h.inputs[Loc{Obj: w.h.args, Path: Path("").Field(i)}]; ok {
			if id := w.target(v); id != 0 {
				w.name(id, params.At(i).Name())
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

func (w *witnessWriter) isStructObj(id ObjID) bool {
	_, ok := w.objType(id).Underlying().(*types.Struct)
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
	if token.IsKeyword(name) {
		return false
	}
	for _, used := range w.vars {
		if used == name {
			return false
		}
	}
	return isParam || !w.taken[name]
}

func varBase(typeName string) string {
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
	if _, ok := t.Underlying().(*types.Struct); ok {
		return []string{fmt.Sprintf("%s := &%s", name, w.structLit(id, "", t, name))}
	}
	stmts := []string{fmt.Sprintf("%s := new(%s)", name, types.TypeString(t, w.q))}
	if v, ok := w.h.inputs[Loc{Obj: id}]; ok {
		stmts = append(stmts, fmt.Sprintf("*%s = %s", name, w.value(v, t, "*"+name)))
	}
	return stmts
}

// structLit writes the composite literal of the struct at path p of object
// id; at is the Go expression that denotes it, for link statements.
func (w *witnessWriter) structLit(id ObjID, p Path, t types.Type, at string) string {
	st := t.Underlying().(*types.Struct)
	var parts []string
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		fp := p.Field(i)
		// Inside an argument's literal (at == "") there is no expression
		// to link from; variables are referenced in place, declared before.
		expr := ""
		if at != "" {
			expr = at + "." + f.Name()
		}
		if v, ok := w.h.inputs[Loc{Obj: id, Path: fp}]; ok {
			if lit := w.value(v, f.Type(), expr); lit != "" {
				parts = append(parts, f.Name()+": "+lit)
			}
			continue
		}
		if _, isStruct := f.Type().Underlying().(*types.Struct); isStruct && w.hasUnder(id, fp) {
			parts = append(parts, f.Name()+": "+w.structLit(id, fp, f.Type(), expr))
		}
	}
	return types.TypeString(t, w.q) + "{" + strings.Join(parts, ", ") + "}"
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
		id := w.target(v)
		if id == 0 {
			return "nil"
		}
		if p, ok := v.(Ptr); ok && p.Path != "" {
			return "&" + w.vars[id] + w.pathExpr(id, p.Path)
		}
		if name, ok := w.vars[id]; ok {
			if at == "" || strings.HasPrefix(at, "*") {
				return name
			}
			w.links = append(w.links, fmt.Sprintf("%s = %s", at, name))
			return ""
		}
		return "&" + w.structLit(id, "", w.objType(id), at)
	}
	return w.zeroLit(t)
}

func (w *witnessWriter) pathExpr(id ObjID, p Path) string {
	t := w.objType(id)
	var b strings.Builder
	for _, i := range p.Indices() {
		st := t.Underlying().(*types.Struct)
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
	return w.zeroLit(t)
}

func (w *witnessWriter) zeroLit(t types.Type) string {
	switch u := t.Underlying().(type) {
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
	case *types.Struct, *types.Array:
		return types.TypeString(t, w.q) + "{}"
	}
	return "nil"
}
