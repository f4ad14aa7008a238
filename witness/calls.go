package witness

import (
	"fmt"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
)

// Sequence is how a path built values through the package's API: the
// values (Slots), and the calls that made and changed them, in order.
type Sequence struct {
	Slots []Slot
	Calls []Call
}

// Slot is a value the calls build: an entry's parameter, or a value
// inside the parameters (nested) and the value whose methods make it
// (its owner).
type Slot struct {
	// Param is the entry's parameter the slot is, or -1; Name is the
	// variable of a slot that is no parameter.
	Param int
	Name  string
	// Type is the named type built, and Ptr says the parameter (or the
	// pointers to a nested value) points to it.
	Type types.Type
	Ptr  bool
	// Owner is the index of the slot whose methods make this one, or -1.
	Owner int
	// OnDemand marks a nested slot and its owner: built when the function
	// asked for the value, before the other calls of the witness.
	OnDemand bool
	// Made says a call made the value (a constructor, or the zero
	// value), and HoldsPtr that its variable holds a pointer to it.
	Made, HoldsPtr bool
	// Built is the object the calls built, for a nested slot built.
	Built heap.ObjID
}

// Call is a call of a sequence: Fn on Slot's value (a method), or with
// Ctor a constructor whose result Result is the value (a method of the
// owner's value, if Fn has a receiver), or with Rebind a method whose
// result Result replaces the value. A nil Fn is the zero value.
type Call struct {
	Slot   int
	Fn     *ssa.Function
	Ctor   bool
	Rebind bool
	Result int
	// Args is the pseudo-object of the call's arguments, and Params are
	// its parameters (a method's receiver not among them).
	Args   heap.ObjID
	Params *types.Tuple
	// Given are the functions the call was given for function
	// parameters, by index: *ssa.Function or Order.
	Given map[int]any
}

// options sets how the input writes the arguments of the sequence's
// calls, and the entry's arguments that are the sequence's variables.
func (seq *Sequence) options(fn *ssa.Function, opts *inputOptions, q types.Qualifier, reserved string) {
	for i := range seq.Calls {
		c := &seq.Calls[i]
		if c.Fn == nil {
			opts.calls = append(opts.calls, callArgs{params: types.NewTuple()})
			continue
		}
		args := callArgs{obj: c.Args, params: c.Params}
		for k, f := range c.Given {
			if args.given == nil {
				args.given = map[int]string{}
			}
			args.given[k] = givenFunc(f, q)
		}
		opts.calls = append(opts.calls, args)
	}
	entry := &opts.calls[0]
	entry.given = map[int]string{}
	for k := range seq.Slots {
		slot := &seq.Slots[k]
		if !slot.Made {
			continue // hand-built, or not built
		}
		expr := SlotVar(fn, slot.Param, slot.Name, reserved)
		opts.taken = append(opts.taken, expr)
		if slot.Built != 0 {
			if opts.built == nil {
				opts.built = map[heap.ObjID]string{}
			}
			if !slot.HoldsPtr {
				expr = "&" + expr
			}
			opts.built[slot.Built] = expr
		}
		if slot.Param < 0 {
			continue // an owner or a nested value: no parameter of the entry
		}
		switch {
		case slot.Ptr && !slot.HoldsPtr:
			expr = "&" + expr
		case !slot.Ptr && slot.HoldsPtr:
			expr = "*" + expr
		}
		entry.given[slot.Param] = expr
	}
}

// statements writes the calls as Go statements, with the arguments the
// input wrote for each: those that build nested values (and their
// owners), which literals of the input may name, apart from the others.
// The calls of a nested value the input does not name (used says which
// it names) are left out: it would be an unused variable.
func (seq *Sequence) statements(fn *ssa.Function, args [][]string, used map[heap.ObjID]bool, q types.Qualifier, reserved string) (nested, stmts []string) {
	keep := map[int]bool{}
	for k, slot := range seq.Slots {
		if slot.Built != 0 && used[slot.Built] {
			keep[k] = true
			if o := slot.Owner; o >= 0 {
				keep[o] = true
			}
		}
	}
	for i, c := range seq.Calls {
		stmt := seq.callStmt(fn, c, args[i], q, reserved)
		if seq.Slots[c.Slot].OnDemand {
			if keep[c.Slot] {
				nested = append(nested, stmt)
			}
			continue
		}
		stmts = append(stmts, stmt)
	}
	return nested, stmts
}

// callStmt writes call c as a Go statement with the given arguments.
func (seq *Sequence) callStmt(fn *ssa.Function, c Call, args []string, q types.Qualifier, reserved string) string {
	slot := &seq.Slots[c.Slot]
	name := SlotVar(fn, slot.Param, slot.Name, reserved)
	switch {
	case c.Fn == nil && slot.Ptr:
		return fmt.Sprintf("%s := &%s{}", name, types.TypeString(slot.Type, q))
	case c.Fn == nil:
		return fmt.Sprintf("var %s %s", name, types.TypeString(slot.Type, q))
	case c.Ctor && c.Fn.Signature.Recv() != nil:
		owner := SlotVar(fn, seq.Slots[slot.Owner].Param, seq.Slots[slot.Owner].Name, reserved)
		return fmt.Sprintf("%s := %s.%s", resultVars(c, name), owner, funcCall(c.Fn, args, q))
	case c.Ctor:
		return fmt.Sprintf("%s := %s", resultVars(c, name), funcCall(c.Fn, args, q))
	case c.Rebind:
		return fmt.Sprintf("%s = %s.%s", resultVars(c, name), name, funcCall(c.Fn, args, q))
	}
	return fmt.Sprintf("%s.%s", name, funcCall(c.Fn, args, q))
}

// resultVars writes the left side of an assignment of c's results: name
// for the value it makes, blanks for the others.
func resultVars(c Call, name string) string {
	lhs := make([]string, c.Fn.Signature.Results().Len())
	for r := range lhs {
		lhs[r] = "_"
	}
	lhs[c.Result] = name
	return strings.Join(lhs, ", ")
}

// SlotVar names the variable of the value of fn's parameter param, or
// for -1 of the value named name that is no parameter, unless the name is
// the reserved one (the name of the package the witness refers to).
func SlotVar(fn *ssa.Function, param int, name, reserved string) string {
	if param < 0 {
		if name == reserved {
			return name + "0"
		}
		return name
	}
	name = fn.Params[param].Name()
	if name == "" || name == "_" || !token.IsIdentifier(name) || name == reserved {
		name = fmt.Sprintf("arg%d", param)
	}
	return name
}

// funcCall writes a call of fn (a function, or a method whose receiver
// the caller writes before it) with the given arguments.
func funcCall(fn *ssa.Function, args []string, q types.Qualifier) string {
	if fn.Signature.Variadic() && len(args) > 0 {
		args = slices.Clone(args)
		args[len(args)-1] += "..."
	}
	return fmt.Sprintf("%s(%s)", funcName(fn, q), strings.Join(args, ", "))
}

// InstanceName names the instance fn of a generic function by its
// origin's name and its type arguments, written with q: F[other.ID].
func InstanceName(fn *ssa.Function, q types.Qualifier) string {
	args := make([]string, len(fn.TypeArgs()))
	for i, t := range fn.TypeArgs() {
		args[i] = types.TypeString(t, q)
	}
	return fn.Origin().Name() + "[" + strings.Join(args, ", ") + "]"
}

// funcName writes the name of fn (a function, or a method whose receiver
// the caller writes before it), qualified with q.
func funcName(fn *ssa.Function, q types.Qualifier) string {
	name := fn.Name()
	if len(fn.TypeArgs()) > 0 && fn.Origin() != nil && fn.Signature.Recv() == nil {
		// SSA names an instance with its type arguments' full paths
		// (F[example.com/m/other.ID]): write them as code does. (A
		// method's are its receiver's, written with the receiver.)
		name = InstanceName(fn, q)
	}
	if pkg := packageOf(fn); fn.Signature.Recv() == nil && pkg != nil {
		if qual := q(pkg.Pkg); qual != "" {
			name = qual + "." + name
		}
	}
	return name
}

// callExpr writes the call of fn on the witness arguments.
func callExpr(fn *ssa.Function, args []string, q types.Qualifier) string {
	if fn.Signature.Recv() == nil {
		return funcCall(fn, args, q)
	}
	if fn.Signature.Variadic() && len(args) > 0 {
		args = slices.Clone(args)
		args[len(args)-1] += "..."
	}
	recv := typedReceiver(fn, args[0], q)
	if strings.ContainsAny(recv, "{&") {
		recv = "(" + recv + ")"
	}
	return fmt.Sprintf("%s.%s(%s)", recv, fn.Name(), strings.Join(args[1:], ", "))
}

// typedReceiver converts a receiver written as an untyped nil or constant
// to the method's receiver type: nil.M and 0.Less are no Go.
func typedReceiver(fn *ssa.Function, recv string, q types.Qualifier) string {
	t := fn.Signature.Recv().Type()
	if _, basic := t.Underlying().(*types.Basic); recv == "nil" || basic && !token.IsIdentifier(recv) {
		return "(" + types.TypeString(t, q) + ")(" + recv + ")"
	}
	return recv
}

// invariantCheck returns the expression that evaluates the invariant on
// the witness's receiver after the call. A receiver written as a literal
// gets a variable first, so that the check sees what the call changed:
// the setup gains its statement, and args[0] becomes the variable.
func invariantCheck(fn *ssa.Function, invariant string, setup, args []string, q types.Qualifier) ([]string, string) {
	recv := args[0]
	if !token.IsIdentifier(recv) || recv == "nil" {
		recv = typedReceiver(fn, recv, q)
		setup = append(slices.Clip(setup), "gosymRecv := "+recv)
		args[0] = "gosymRecv"
	}
	return setup, args[0] + "." + invariant + "()"
}

// representatives rewrites a witness of generic code analysed abstractly
// so that it compiles: each type parameter is replaced by a type that
// satisfies its constraint (see representative), and a generic function
// is called with its type arguments written out where its arguments args
// alone may not infer them (New[int](0), Sum[int64](nil)).
func representatives(fn *ssa.Function, g *Generic, setup []string, call string, args []string, q types.Qualifier) ([]string, string) {
	subst := map[string]string{}
	for _, tp := range g.Params {
		if rep, ok := representative(tp, q); ok {
			subst[tp.Obj().Name()] = rep
		}
	}
	if fn.Signature.Recv() == nil && !g.Instance && !inferable(fn.Signature, g.Params, args) {
		// The call names the function bare and its arguments do not say
		// every type argument: give it its parameters, which the
		// substitution below replaces.
		name := funcName(fn, q)
		names := make([]string, len(g.Params))
		for i, tp := range g.Params {
			names[i] = tp.Obj().Name()
		}
		call = strings.Replace(call, name+"(", name+"["+strings.Join(names, ", ")+"](", 1)
	}
	// Core types may mention other parameters ([]E): substitute twice.
	replace := func(s string) string {
		for range 2 {
			s = typeParamName.ReplaceAllStringFunc(s, func(w string) string {
				if r, ok := subst[w]; ok {
					return r
				}
				return w
			})
		}
		return s
	}
	out := slices.Clone(setup)
	for i, l := range out {
		out[i] = replace(l)
	}
	return out, replace(call)
}

// inferable reports whether a call of a function of signature sig on
// args infers all of params from its arguments as the witness intends:
// each occurs in the type of a parameter whose argument is typed, or in
// the core type of the constraint of one that does (S ~[]E gives E). An
// untyped nil infers nothing, and an untyped constant its default type,
// which need not be the representative (0 is an int, not an int64).
func inferable(sig *types.Signature, params []*types.TypeParam, args []string) bool {
	var known []string
	for i := 0; i < sig.Params().Len() && i < len(args); i++ {
		if untyped(args[i]) {
			continue
		}
		known = append(known, types.TypeString(sig.Params().At(i).Type(), nil))
	}
	found := make([]bool, len(params))
	names := make([]*regexp.Regexp, len(params))
	for i, tp := range params {
		names[i] = regexp.MustCompile(`\b` + regexp.QuoteMeta(tp.Obj().Name()) + `\b`)
	}
	for changed := true; changed; {
		changed = false
		for i, tp := range params {
			if found[i] || !slices.ContainsFunc(known, names[i].MatchString) {
				continue
			}
			found[i], changed = true, true
			known = append(known, types.TypeString(tp.Constraint(), nil))
		}
	}
	return !slices.Contains(found, false)
}

// untyped reports whether the argument written as arg is untyped: nil or
// a constant literal.
func untyped(arg string) bool {
	switch arg {
	case "":
		return false
	case "nil", "true", "false":
		return true
	}
	switch c := arg[0]; {
	case c == '-', c == '.', c == '"', c == '\'', c == '`', '0' <= c && c <= '9':
		return true
	}
	return false
}

// representative returns the type a witness instantiates tp with: the
// type its values took (heap.Representative: int for ~int | ~string),
// else its core type, else any. ok is false for a constraint with
// methods, which no stand-in satisfies.
func representative(tp *types.TypeParam, q types.Qualifier) (rep string, ok bool) {
	if t := heap.Representative(tp); t != nil {
		return types.TypeString(t, q), true
	}
	if core := heap.Under(tp); !types.IsInterface(core) {
		return types.TypeString(core, q), true
	}
	iface, isIface := tp.Constraint().Underlying().(*types.Interface)
	if !isIface {
		return "any", true
	}
	if iface.NumMethods() > 0 {
		return "", false
	}
	return "any", true
}

// typeParamName matches identifiers that may name a type parameter.
var typeParamName = regexp.MustCompile(`\b[A-Z][A-Za-z0-9_]*\b`)
