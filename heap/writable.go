package heap

import (
	"fmt"
	"go/types"
	"slices"
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
// not nil, then a literal of its signature that returns zero values. A
// path that relied on what the function returned rests on an unexecuted
// call, and is reported as such.
func (w *witnessWriter) funcLit(x SymPtr, t types.Type) string {
	if w.h.syms[x.ID].Nilness != NotNil {
		return "nil"
	}
	sig := Under(t).(*types.Signature)
	results := make([]string, sig.Results().Len())
	for i := range results {
		results[i] = w.zeroLit(sig.Results().At(i).Type())
	}
	body := "{}"
	if len(results) > 0 {
		body = "{ return " + strings.Join(results, ", ") + " }"
	}
	return w.typeName(sig) + " " + body
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
