package heap

import (
	"go/types"
	"strconv"
	"strings"

	"github.com/gosym/gosym/solver"
)

// Value is a symbolic Go value: a scalar term, a pointer of one of several
// kinds, an aggregate, or a placeholder for an input not yet observed.
// Values are immutable; updating an aggregate builds a new one.
type Value interface{ isValue() }

// Scalar is an integer or boolean held as a solver term of the Go width.
type Scalar struct{ T *solver.Term }

// Nil is a nil pointer. Origin says which entry parameter it is, if any,
// so that a dereference of a parameter itself can be told apart from nil
// reached through one.
type Nil struct{ Origin Origin }

// Ptr points into object Obj at Path (empty for the object itself).
type Ptr struct {
	Obj  ObjID
	Path Path
}

// SymPtr is an unresolved input reference (lazier and lazier#): its nilness
// and target are decided per path in the heap's symbol table when consumed.
type SymPtr struct{ ID SymID }

// Struct is a struct value; Fields are in declaration order.
type Struct struct{ Fields []Value }

// InputRef stands for the input value at Path of input object Obj that has
// not been observed yet. It is transferred freely (copies of structs, stores)
// and materialized only when a leaf of it is used.
type InputRef struct {
	Obj  ObjID
	Path Path
	Type types.Type
}

// Tuple holds the results of a call with several results.
type Tuple struct{ Elems []Value }

// Str is a concrete string (symbolic strings are not modelled yet).
type Str struct{ S string }

// Iface is an interface value with a known dynamic type.
type Iface struct {
	Type types.Type
	V    Value
}

// Opaque is a value of a type or origin the engine does not model; any
// operation that needs its contents ends the path as unsupported.
type Opaque struct {
	Type types.Type
	Why  string
}

// Array is one version of an array's contents: a Go array value, or the
// backing store of slices. It is an association list: Cells were written
// (newest first; a read takes the first whose index equals its own), and
// Back says what every other element is. Versions are immutable; a write
// makes a new one with a new ID, which keys the per-path memo of index
// resolutions.
type Array struct {
	ID    int
	Len   *solver.Term // number of elements (BV64): N, or a store's capacity
	Elem  types.Type
	Cells []Cell
	Back  Backing
	// Const marks the bytes of a constant string, which are never
	// written (a write makes a new version, which is not Const).
	Const bool
}

// Cell is an element written at a symbolic index.
type Cell struct {
	Index *solver.Term
	Val   Value
}

// Backing is what an array's unwritten elements are.
type Backing struct {
	Kind BackKind
	// Input is the input array's location, for InputBack: its elements are
	// input cells recorded in the heap.
	Input Loc
	// For WindowBack: an element at j in [Lo, Hi) is Src's element at
	// j+Shift (a copy or an append), any other is Rest's.
	Lo, Hi, Shift *solver.Term
	Src, Rest     *Array
}

// BackKind distinguishes backings.
type BackKind int

// The kinds of backing.
const (
	ZeroBack   BackKind = iota // arrays the code made: zero values
	InputBack                  // input arrays: lazily initialized elements
	WindowBack                 // a range taken from another array
)

// Slice is a slice header: a window [Off, Off+Len) of the backing array
// stored at Store, with capacity Cap. Nil is the Bool term "this is the
// nil slice" (then all else is zero).
type Slice struct {
	Store         Ptr
	Off, Len, Cap *solver.Term
	Nil           *solver.Term
}

// Func is a function value: a function and the variables its literal
// captured (Fn is an *ssa.Function; the heap does not look inside).
type Func struct {
	Fn  any
	Env []Value
}

func (Func) isValue()     {}
func (*Array) isValue()   {}
func (Slice) isValue()    {}
func (Scalar) isValue()   {}
func (Nil) isValue()      {}
func (Ptr) isValue()      {}
func (SymPtr) isValue()   {}
func (Struct) isValue()   {}
func (InputRef) isValue() {}
func (Tuple) isValue()    {}
func (Str) isValue()      {}
func (Iface) isValue()    {}
func (Opaque) isValue()   {}

// Origin names the entry parameter a pointer value is (Param is the index
// plus one; zero means the value is not a parameter's own value).
type Origin struct{ Param int }

// IsParam reports whether the value is an entry parameter's own value.
func (o Origin) IsParam() bool { return o.Param > 0 }

// ObjID identifies an object within one path's heap. Zero is no object.
type ObjID int

// SymID identifies a symbolic reference.
type SymID int

// Path is a sequence of steps into an object, encoded as a string so that
// it can be compared and used as a map key: ".n" selects field n, "[#n]"
// the element at the n-th interned index term of the path's heap, and
// "[@n]" input cell n of an input array (only in input locations).
type Path string

// Field returns the path extended by field index i.
func (p Path) Field(i int) Path {
	if p == "" && i < len(fieldPaths) {
		return fieldPaths[i]
	}
	return Path(string(p) + "." + strconv.Itoa(i))
}

// fieldPaths are the paths of an object's first fields, made once: most
// field addresses the engine takes are of a field of an object, and a
// string made for each cost an allocation per field access.
var fieldPaths = func() (paths [32]Path) {
	for i := range paths {
		paths[i] = Path("." + strconv.Itoa(i))
	}
	return paths
}()

func (p Path) index(term int) Path {
	return Path(string(p) + "[#" + strconv.Itoa(term) + "]")
}

// Cell returns the path extended by input cell id of an input array or
// map.
func (p Path) Cell(id int) Path {
	return Path(string(p) + "[@" + strconv.Itoa(id) + "]")
}

// step returns the path extended by st.
func (p Path) step(st step) Path {
	switch st.kind {
	case '.':
		return p.Field(st.n)
	case '#':
		return p.index(st.n)
	}
	return p.Cell(st.n)
}

// step is one decoded step of a path.
type step struct {
	kind byte // '.', '#' or '@'
	n    int
}

func (p Path) steps() []step { return p.appendSteps(nil) }

// appendSteps appends the steps of p to out: a caller that passes a
// buffer of its own reads a short path without allocating.
func (p Path) appendSteps(out []step) []step {
	s := string(p)
	for len(s) > 0 {
		var kind byte
		switch {
		case s[0] == '.':
			kind, s = '.', s[1:]
		case strings.HasPrefix(s, "[#"), strings.HasPrefix(s, "[@"):
			kind, s = s[1], s[2:]
		default:
			panic("heap: malformed path " + string(p))
		}
		end := strings.IndexAny(s, ".[]")
		if end < 0 {
			end = len(s)
		}
		n, _ := strconv.Atoi(s[:end])
		out = append(out, step{kind: kind, n: n})
		s = strings.TrimPrefix(s[end:], "]")
	}
	return out
}

// fields returns the field indices of a path made of field steps only.
func (p Path) fields() ([]int, bool) {
	var out []int
	for _, st := range p.steps() {
		if st.kind != '.' {
			return nil, false
		}
		out = append(out, st.n)
	}
	return out, true
}

// Under returns the part of p below prefix q, and whether q is a prefix.
func (p Path) Under(q Path) (Path, bool) {
	if !strings.HasPrefix(string(p), string(q)) {
		return "", false
	}
	rest := Path(string(p)[len(q):])
	if rest != "" && rest[0] != '.' && rest[0] != '[' {
		return "", false
	}
	return rest, true
}
