package heap

import (
	"go/types"

	"github.com/gosym/gosym/solver"
)

// IntInfo returns the bit width and signedness of an integer type. int,
// uint and uintptr are 64 bits: the engine models amd64 and arm64.
func IntInfo(t types.Type) (width uint, signed bool, ok bool) {
	b, isBasic := Under(t).(*types.Basic)
	if !isBasic || b.Info()&types.IsInteger == 0 {
		return 0, false, false
	}
	signed = b.Info()&types.IsUnsigned == 0
	switch b.Kind() {
	case types.Int8, types.Uint8:
		return 8, signed, true
	case types.Int16, types.Uint16:
		return 16, signed, true
	case types.Int32, types.Uint32:
		return 32, signed, true
	default:
		return 64, signed, true
	}
}

// FloatWidth returns 32 for float32 and 64 for float64 (and types whose
// underlying type they are); ok is false for any other type. A float's
// term is its IEEE 754 bits (see solver/float.go).
func FloatWidth(t types.Type) (width uint, ok bool) {
	b, isBasic := Under(t).(*types.Basic)
	if !isBasic || b.Info()&types.IsFloat == 0 {
		return 0, false
	}
	if b.Kind() == types.Float32 {
		return 32, true
	}
	return 64, true
}

// ScalarWidth returns the width of the bit-vector term of an integer or
// float type; ok is false for any other type.
func ScalarWidth(t types.Type) (width uint, ok bool) {
	if w, _, ok := IntInfo(t); ok {
		return w, true
	}
	return FloatWidth(t)
}

// IsBool reports whether t is a boolean type.
func IsBool(t types.Type) bool {
	b, ok := Under(t).(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// IsPointer reports whether t is a pointer type.
func IsPointer(t types.Type) bool {
	_, ok := Under(t).(*types.Pointer)
	return ok
}

// Zero returns the zero value of t.
func Zero(ctx *solver.Context, t types.Type) Value {
	if IsBool(t) {
		return Scalar{ctx.Bool(false)}
	}
	if w, ok := ScalarWidth(t); ok {
		return Scalar{ctx.BV(w, 0)} // 0.0 is all zero bits too
	}
	switch u := Under(t).(type) {
	case *types.Pointer, *types.Signature, *types.Map, *types.Chan:
		return Nil{}
	case *types.Interface:
		return Iface{}
	case *types.Struct:
		fields := make([]Value, u.NumFields())
		for i := range fields {
			fields[i] = Zero(ctx, u.Field(i).Type())
		}
		return Struct{Fields: fields}
	case *types.Array:
		return &Array{Len: ctx.BV(64, uint64(u.Len())), Elem: u.Elem()}
	case *types.Slice:
		zero := ctx.BV(64, 0)
		return Slice{Off: zero, Len: zero, Cap: zero, Nil: ctx.Bool(true)}
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return Str{}
		}
		if u.Kind() == types.UnsafePointer {
			return Nil{}
		}
	}
	return Opaque{Type: t, Why: "zero value of type " + t.String()}
}

// Under is t's underlying type, or for a type parameter with a core type
// (S ~[]E, say) that core type: generic code never instantiated is
// analysed with values of its type parameters shaped by their constraints.
// A type parameter whose type set has several types and whose constraint
// has no methods (cmp.Ordered, *A | *B) takes the first of them that
// satisfies the constraint, as Go would instantiate it (int for
// cmp.Ordered), so that < and == mean what they mean for that type; the
// witness names it as the type argument.
func Under(t types.Type) types.Type {
	tp, ok := types.Unalias(t).(*types.TypeParam)
	if !ok {
		return t.Underlying()
	}
	if core := coreType(tp); core != nil {
		return core
	}
	if rep := Representative(tp); rep != nil {
		return rep.Underlying()
	}
	return tp.Underlying()
}

// Representative returns the type a type parameter's values take in
// generic code analysed uninstantiated, when its constraint lists types
// and has no methods: the first listed type that satisfies it. It
// returns nil for other type parameters, which are analysed as values of
// their constraint's interface.
func Representative(tp *types.TypeParam) types.Type {
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok || iface.NumMethods() > 0 || iface.IsMethodSet() {
		return nil
	}
	for _, t := range listedTypes(iface) {
		if types.Satisfies(t, iface) {
			return t
		}
	}
	return nil
}

// listedTypes returns the types the unions of iface and of the interfaces
// it embeds list, in order.
func listedTypes(iface *types.Interface) []types.Type {
	var out []types.Type
	for i := 0; i < iface.NumEmbeddeds(); i++ {
		switch e := iface.EmbeddedType(i).Underlying().(type) {
		case *types.Union:
			for k := 0; k < e.Len(); k++ {
				if t := e.Term(k).Type(); !types.IsInterface(t) {
					out = append(out, t)
				}
			}
		case *types.Interface:
			out = append(out, listedTypes(e)...)
		default:
			out = append(out, iface.EmbeddedType(i))
		}
	}
	return out
}

// coreType returns the single underlying type of a type parameter's type
// set, or nil (no core type, or none stated).
func coreType(tp *types.TypeParam) types.Type {
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var core types.Type
	for i := 0; i < iface.NumEmbeddeds(); i++ {
		var terms []types.Type
		switch e := iface.EmbeddedType(i).(type) {
		case *types.Union:
			for j := 0; j < e.Len(); j++ {
				terms = append(terms, e.Term(j).Type().Underlying())
			}
		default:
			if _, isIface := e.Underlying().(*types.Interface); isIface {
				continue
			}
			terms = append(terms, e.Underlying())
		}
		for _, t := range terms {
			if core != nil && !types.Identical(core, t) {
				return nil
			}
			core = t
		}
	}
	return core
}

// BasicZero writes the zero value of a basic type as Go.
func BasicZero(b *types.Basic) string {
	switch {
	case b.Info()&types.IsBoolean != 0:
		return "false"
	case b.Info()&types.IsString != 0:
		return `""`
	case b.Kind() == types.UnsafePointer:
		return "nil"
	}
	return "0"
}
