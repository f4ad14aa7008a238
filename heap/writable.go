package heap

import (
	"fmt"
	"go/types"
	"slices"
	"strconv"
	"strings"
)

// typeName writes t as the witness's code, noting where that code names
// an unexported type of another package, which it cannot.
func (w *witnessWriter) typeName(t types.Type) string {
	w.checkType(t)
	return types.TypeString(t, w.q)
}

// checkType notes the unexported types of other packages that writing t
// names. It visits what types.TypeString writes, so that it asks the
// qualifier only about packages the code names anyway.
func (w *witnessWriter) checkType(t types.Type) {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		obj := t.Obj()
		if !obj.Exported() && w.foreign(obj.Pkg()) {
			name := types.TypeString(t, w.q)
			w.unwritableBecause(fmt.Sprintf("type %s is not exported", name))
			if i, found := slices.BinarySearch(w.unnameable, name); !found {
				w.unnameable = slices.Insert(w.unnameable, i, name)
			}
		}
		for i := 0; i < t.TypeArgs().Len(); i++ {
			w.checkType(t.TypeArgs().At(i))
		}
	case *types.Pointer:
		w.checkType(t.Elem())
	case *types.Slice:
		w.checkType(t.Elem())
	case *types.Array:
		w.checkType(t.Elem())
	case *types.Chan:
		w.checkType(t.Elem())
	case *types.Map:
		w.checkType(t.Key())
		w.checkType(t.Elem())
	case *types.Signature:
		for _, tuple := range []*types.Tuple{t.Params(), t.Results()} {
			for i := 0; i < tuple.Len(); i++ {
				w.checkType(tuple.At(i).Type())
			}
		}
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			w.checkType(t.Field(i).Type())
		}
	}
}

// checkField notes a field the witness sets that the function's package
// cannot: an unexported field of another package's struct type t.
func (w *witnessWriter) checkField(f *types.Var, t types.Type) {
	if !f.Exported() && w.foreign(f.Pkg()) {
		w.unwritableBecause(fmt.Sprintf("field %s of %s is not exported", f.Name(), types.TypeString(t, w.q)))
	}
}

// foreign reports whether pkg is not the function's own package. The
// qualifier writes no name for its own.
func (w *witnessWriter) foreign(pkg *types.Package) bool {
	return pkg != nil && w.q(pkg) != ""
}

func (w *witnessWriter) unwritableBecause(why string) {
	if i, found := slices.BinarySearch(w.unwritable, why); !found {
		w.unwritable = slices.Insert(w.unwritable, i, why)
	}
}

// funcRef returns the function type of an input function value.
func (w *witnessWriter) funcRef(v Value) (types.Type, bool) {
	x, ok := v.(SymPtr)
	if !ok {
		return nil, false
	}
	elem := w.h.syms[x.ID].Elem
	_, isFunc := Under(elem).(*types.Signature)
	return elem, isFunc
}

// funcLit writes an input function value: nil unless the path needed it
// not nil; the function the path took it to be (InputFunc.Given); or a
// literal of its signature that returns what each call returned on the
// path, in order, and zero values where the path called it never or read
// nothing of what it returned. Calls that returned different values
// need a counter, declared before the code: the literal counts its
// calls and returns the values of the current one.
func (w *witnessWriter) funcLit(x SymPtr, t types.Type) string {
	info := w.h.syms[x.ID]
	if info.Nilness != NotNil {
		return "nil"
	}
	if f := info.Func; f != nil && f.Given != nil {
		w.checkType(t)
		return f.Expr(w.q)
	}
	sig := Under(t).(*types.Signature)
	lit := w.typeName(unnamed(sig))
	if sig.Results().Len() == 0 {
		return lit + " {}"
	}
	var returns []string // per call
	if f := info.Func; f != nil {
		for _, id := range f.Calls {
			returns = append(returns, w.returnStmt(id, sig.Results()))
		}
	}
	if len(returns) == 0 {
		returns = append(returns, w.returnStmt(0, sig.Results()))
	}
	last := returns[len(returns)-1]
	if !slices.ContainsFunc(returns, func(r string) bool { return r != last }) {
		return lit + " { " + last + " }"
	}
	counter := "calls"
	for n := 2; !w.free(counter, false); n++ {
		counter = "calls" + strconv.Itoa(n)
	}
	w.taken[counter] = true
	w.counters = append(w.counters, counter+" := 0")
	// A case per return statement, the calls that make it listed; the
	// last call's, and those past it, the default.
	var cases []string
	calls := map[string][]string{}
	for i, r := range returns[:len(returns)-1] {
		if r == last {
			continue
		}
		if calls[r] == nil {
			cases = append(cases, r)
		}
		calls[r] = append(calls[r], strconv.Itoa(i+1))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s { %s++; switch %s {", lit, counter, counter)
	for _, r := range cases {
		fmt.Fprintf(&b, " case %s: %s;", strings.Join(calls[r], ", "), r)
	}
	fmt.Fprintf(&b, " default: %s } }", last)
	return b.String()
}

// returnStmt writes the return statement of the call of an input
// function whose results are the fields of object id (none: zero
// values).
func (w *witnessWriter) returnStmt(id ObjID, results *types.Tuple) string {
	vals := make([]string, results.Len())
	for i := range vals {
		t := results.At(i).Type()
		lit, ok := "", false
		if id != 0 {
			lit, ok = w.input(id, Path("").Field(i), t, "")
		}
		if !ok {
			lit = w.zeroLit(t)
		}
		vals[i] = lit
	}
	return "return " + strings.Join(vals, ", ")
}

// unnamed returns sig without the names of its parameters and results,
// which a literal of it does not use and which could hide the names its
// body uses.
func unnamed(sig *types.Signature) *types.Signature {
	strip := func(t *types.Tuple) *types.Tuple {
		vars := make([]*types.Var, t.Len())
		for i := range vars {
			vars[i] = types.NewParam(t.At(i).Pos(), t.At(i).Pkg(), "", t.At(i).Type())
		}
		return types.NewTuple(vars...)
	}
	return types.NewSignatureType(nil, nil, nil, strip(sig.Params()), strip(sig.Results()), sig.Variadic())
}

// noteLiteral notes a literal of struct type t (unexported: one that sets
// an unexported field) that WitnessOptions.MustBuild says a caller cannot
// write.
func (w *witnessWriter) noteLiteral(t types.Type, unexported bool) {
	if w.mustBuild == nil || !w.mustBuild(t, unexported) {
		return
	}
	name := types.TypeString(t, w.q)
	if i, found := slices.BinarySearch(w.handBuilt, name); !found {
		w.handBuilt = slices.Insert(w.handBuilt, i, name)
	}
}
