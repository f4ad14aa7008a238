package heap

import (
	"fmt"
	"go/types"
	"slices"
	"strings"
)

// An input function value is a symbolic reference to no object (see
// materialize): nil or some function. Once the path calls it, it is one
// of two things. An ordering or an equality (a less, a cmp, an eq) is a
// function the caller chose for it (GiveFunc): one its package offers, or
// a canonical one, executed. Any other function returns fresh inputs at
// each call (CallInput), which the witness returns, call after call,
// from a literal.

// InputFunc is what a path knows of an input function value besides
// its nilness.
type InputFunc struct {
	// Given is the function the value was taken to be (GiveFunc), and
	// Written what a witness writes for it (see witness); nil
	// while it is any function.
	Given   *Func
	Written any
	// Unexecuted marks a function whose calls are unexecuted calls: an
	// ordering the caller had no function for.
	Unexecuted bool
	// Calls are the results' pseudo-objects of its calls that return
	// something, in the order of the calls.
	Calls []ObjID
}

// InputFunc returns what the path knows of the input function value x.
func (h *Heap) InputFunc(x SymPtr) InputFunc {
	if f := h.Sym(x.ID).Func; f != nil {
		return *f
	}
	return InputFunc{}
}

// setFunc replaces what the path knows of the input function x by a
// changed copy: forked heaps share the old one.
func (h *Heap) setFunc(x SymPtr, change func(f *InputFunc)) {
	s := h.Sym(x.ID)
	f := h.InputFunc(x)
	f.Calls = slices.Clip(f.Calls)
	change(&f)
	s.Func = &f
	h.setSym(x.ID, s)
}

// GiveFunc records that the input function x is fn, which a witness
// writes as written says (see witness).
func (h *Heap) GiveFunc(x SymPtr, fn Func, written any) {
	h.setFunc(x, func(f *InputFunc) { f.Given, f.Written = &fn, written })
}

// SetUnexecuted records that the calls of the input function x are
// unexecuted calls.
func (h *Heap) SetUnexecuted(x SymPtr) {
	h.setFunc(x, func(f *InputFunc) { f.Unexecuted = true })
}

// CallInput records a call of the input function x, whose results have
// the types of results, and returns their pseudo-object: its field i is
// result i, an input read lazily like a parameter (InputRef{Obj: id,
// Path: Path("").Field(i)}), from which nothing but what the function
// returns is reached. name is how the code names the function: the
// results' symbols are named after it and the call's number, name#n.
func (h *Heap) CallInput(x SymPtr, results *types.Tuple, name string) ObjID {
	s := h.Sym(x.ID)
	id := h.add(argsStruct(results), true, s.Depth-1)
	var n int
	h.setFunc(x, func(f *InputFunc) {
		f.Calls = append(f.Calls, id)
		n = len(f.Calls)
	})
	h.objs[id].results = fmt.Sprintf("%s#%d", name, n)
	return id
}

// isResults reports whether id is the results' pseudo-object of a call
// of an input function.
func (h *Heap) isResults(id ObjID) bool {
	o := h.objs[id]
	return o != nil && o.results != ""
}

// resultsName names the input at loc in a results' pseudo-object:
// name#n for the only result, name#n.i for result i of several.
func (h *Heap) resultsName(loc Loc) string {
	o := h.objs[loc.Obj]
	if o.Type.(*types.Struct).NumFields() == 1 {
		return o.results + strings.TrimPrefix(string(loc.Path), ".0")
	}
	return o.results + string(loc.Path)
}
