package abstraction

import (
	"fmt"
	"go/types"
	"reflect"
	"strings"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/solver"
)

// identityKey is the key of a value compared by identity (a string with
// symbolic bytes, a map version, a symbolic interface): its structure as
// fmt's %v shows it, references below the top as addresses, but with each
// term left out of the key and returned instead, to be compared by
// Identity. Printing the terms made the same key: Z3 shares equal terms,
// so two print alike exactly when they are one AST. But printing a map's
// entries over a string's bytes took 95% of a search (gods' ToJSON).
func identityKey(v heap.Value) (string, []*solver.Term) {
	k := keyWriter{}
	fmt.Fprintf(&k.b, "%T:", v)
	k.value(reflect.ValueOf(v), 0)
	return k.b.String(), k.terms
}

type keyWriter struct {
	b     strings.Builder
	terms []*solver.Term
}

var (
	termType      = reflect.TypeFor[*solver.Term]()
	typesTypeType = reflect.TypeFor[types.Type]()
)

func (k *keyWriter) value(v reflect.Value, depth int) {
	if !v.IsValid() {
		k.b.WriteString("<nil>")
		return
	}
	if v.Type() == termType {
		if v.IsNil() {
			k.b.WriteString("<nil>")
			return
		}
		k.terms = append(k.terms, v.Interface().(*solver.Term))
		k.b.WriteString("#")
		return
	}
	if v.Type().Implements(typesTypeType) && v.Kind() != reflect.Interface {
		if v.IsNil() {
			k.b.WriteString("<nil>")
			return
		}
		k.b.WriteString(types.TypeString(v.Interface().(types.Type), nil))
		return
	}
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			k.b.WriteString("<nil>")
			return
		}
		k.value(v.Elem(), depth)
	case reflect.Pointer:
		if v.IsNil() {
			k.b.WriteString("<nil>")
			return
		}
		if depth > 0 {
			fmt.Fprintf(&k.b, "%#x", v.Pointer()) // an identity, as %v prints it
			return
		}
		k.b.WriteString("&")
		k.value(v.Elem(), depth+1)
	case reflect.Struct:
		k.list("{", "}", v.NumField(), func(i int) { k.value(v.Field(i), depth+1) })
	case reflect.Slice, reflect.Array:
		k.list("[", "]", v.Len(), func(i int) { k.value(v.Index(i), depth+1) })
	case reflect.String:
		fmt.Fprintf(&k.b, "%q", v.String())
	default:
		fmt.Fprint(&k.b, v) // numbers and booleans
	}
}

// list writes n parts between open and close, separated by spaces.
func (k *keyWriter) list(open, close string, n int, part func(i int)) {
	k.b.WriteString(open)
	for i := range n {
		if i > 0 {
			k.b.WriteString(" ")
		}
		part(i)
	}
	k.b.WriteString(close)
}
