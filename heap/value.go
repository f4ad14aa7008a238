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

// Path is a sequence of field indices into an object, encoded so that it
// can be compared and used as a map key.
type Path string

// Field returns the path extended by field index i.
func (p Path) Field(i int) Path {
	return Path(string(p) + "." + strconv.Itoa(i))
}

// Indices decodes the path.
func (p Path) Indices() []int {
	if p == "" {
		return nil
	}
	parts := strings.Split(string(p)[1:], ".")
	out := make([]int, len(parts))
	for i, s := range parts {
		out[i], _ = strconv.Atoi(s)
	}
	return out
}

// Under returns the part of p below prefix q, and whether q is a prefix.
func (p Path) Under(q Path) (Path, bool) {
	if !strings.HasPrefix(string(p), string(q)) {
		return "", false
	}
	rest := Path(string(p)[len(q):])
	if rest != "" && rest[0] != '.' {
		return "", false
	}
	return rest, true
}
