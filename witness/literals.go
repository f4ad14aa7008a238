package witness

import (
	"fmt"
	"go/types"
	"math"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
)

// Order is a canonical ordering or equality given for a function
// parameter of type Param, comparing values of type Key (Param's, or the
// type its interface parameters are asserted to): a less (a < b), with
// Compare a cmp (-1, 0 or +1), with Equal an eq (a == b).
type Order struct {
	Param, Key     types.Type
	Compare, Equal bool
}

// Literal writes the order as a function literal, naming packages with q.
func (o Order) Literal(q types.Qualifier) string {
	param := types.TypeString(o.Param, q)
	a, b := "a", "b"
	if types.IsInterface(o.Param) {
		key := types.TypeString(o.Key, q)
		a, b = "a.("+key+")", "b.("+key+")"
	}
	if o.Equal {
		return fmt.Sprintf("func(a, b %s) bool { return %s == %s }", param, a, b)
	}
	if !o.Compare {
		return fmt.Sprintf("func(a, b %s) bool { return %s < %s }", param, a, b)
	}
	return fmt.Sprintf("func(a, b %s) int { switch { case %s < %s: return -1; case %s > %s: return 1 }; return 0 }",
		param, a, b, a, b)
}

// givenFunc writes a function the search gave an input or an argument:
// a function of the program (*ssa.Function) or an Order.
func givenFunc(given any, q types.Qualifier) string {
	switch f := given.(type) {
	case *ssa.Function:
		return funcName(f, q)
	case Order:
		return f.Literal(q)
	}
	panic(fmt.Sprintf("witness: %T is no function a witness writes", given))
}

// typeName writes t as the witness's code, noting where that code names
// an unexported type of another package, which it cannot.
func (w *inputWriter) typeName(t types.Type) string {
	w.checkType(t)
	return types.TypeString(t, w.q)
}

// checkType notes the unexported types of other packages that writing t
// names. It visits what types.TypeString writes, so that it asks the
// qualifier only about packages the code names anyway.
func (w *inputWriter) checkType(t types.Type) {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		obj := t.Obj()
		if !obj.Exported() && w.foreign(obj.Pkg()) {
			name := types.TypeString(t, w.q)
			w.unwritableBecause(fmt.Sprintf("type %s is not exported", name))
			w.unnameable = insertSorted(w.unnameable, name)
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
func (w *inputWriter) checkField(f *types.Var, t types.Type) {
	if !f.Exported() && w.foreign(f.Pkg()) {
		w.unwritableBecause(fmt.Sprintf("field %s of %s is not exported", f.Name(), types.TypeString(t, w.q)))
	}
}

// foreign reports whether pkg is not the function's own package. The
// qualifier writes no name for its own.
func (w *inputWriter) foreign(pkg *types.Package) bool {
	return pkg != nil && w.q(pkg) != ""
}

func (w *inputWriter) unwritableBecause(why string) {
	w.unwritable = insertSorted(w.unwritable, why)
}

// insertSorted adds s to the sorted list l unless it is there.
func insertSorted(l []string, s string) []string {
	if i, found := slices.BinarySearch(l, s); !found {
		l = slices.Insert(l, i, s)
	}
	return l
}

// funcLit writes an input function value: nil unless the path needed it
// not nil; the function the path took it to be (heap.FuncValue.Given); or
// a literal of its signature that returns what each call returned on the
// path, in order, and zero values where the path called it never or read
// nothing of what it returned. Calls that returned different values
// need a counter, declared before the code: the literal counts its
// calls and returns the values of the current one.
func (w *inputWriter) funcLit(x heap.FuncValue) string {
	if !x.NotNil {
		return "nil"
	}
	if x.Given != nil {
		w.checkType(x.Type)
		return givenFunc(x.Given, w.q)
	}
	sig := heap.Under(x.Type).(*types.Signature)
	lit := w.typeName(unnamed(sig))
	if sig.Results().Len() == 0 {
		return lit + " {}"
	}
	var returns []string // per call
	for _, id := range x.Calls {
		returns = append(returns, w.returnStmt(id, sig.Results()))
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
func (w *inputWriter) returnStmt(id heap.ObjID, results *types.Tuple) string {
	vals := make([]string, results.Len())
	for i := range vals {
		t := results.At(i).Type()
		lit, ok := "", false
		if id != 0 {
			lit, ok = w.input(id, heap.Path("").Field(i), t, "")
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
// an unexported field) that Entry.MustBuild says a caller cannot write.
func (w *inputWriter) noteLiteral(t types.Type, unexported bool) {
	if w.mustBuild == nil || !w.mustBuild(t, unexported) {
		return
	}
	w.handBuilt = insertSorted(w.handBuilt, types.TypeString(t, w.q))
}

// scalar writes the number x as a value of type t.
func (w *inputWriter) scalar(x heap.Number, t types.Type) string {
	if heap.IsBool(t) {
		return strconv.FormatBool(x.Bool)
	}
	if _, signed, ok := heap.IntInfo(t); ok {
		if signed {
			return strconv.FormatInt(x.Int, 10)
		}
		return strconv.FormatUint(x.Bits, 10)
	}
	if fw, ok := heap.FloatWidth(t); ok {
		return w.floatLit(x.Bits, fw, t)
	}
	return w.zeroLit(t)
}

// floatLit writes a float so that it converts back to the same bits: the
// shortest decimal that does, or for the values no constant denotes (NaN,
// the infinities, -0) a call of package math, converted to t unless t is
// float64.
func (w *inputWriter) floatLit(bits uint64, width uint, t types.Type) string {
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

func (w *inputWriter) zeroLit(t types.Type) string {
	switch u := heap.Under(t).(type) {
	case *types.Basic:
		return heap.BasicZero(u)
	case *types.Struct:
		w.noteLiteral(t, false)
		return w.typeName(t) + "{}"
	case *types.Array:
		return w.typeName(t) + "{}"
	}
	return "nil"
}
