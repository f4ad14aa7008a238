package heap

import (
	"go/types"

	"github.com/gosym/gosym/solver"
)

// IntInfo returns the bit width and signedness of an integer type. int,
// uint and uintptr are 64 bits: the engine models amd64 and arm64.
func IntInfo(t types.Type) (width uint, signed bool, ok bool) {
	b, isBasic := t.Underlying().(*types.Basic)
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

// IsBool reports whether t is a boolean type.
func IsBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// IsPointer reports whether t is a pointer type.
func IsPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// Zero returns the zero value of t.
func Zero(ctx *solver.Context, t types.Type) Value {
	if IsBool(t) {
		return Scalar{ctx.Bool(false)}
	}
	if w, _, ok := IntInfo(t); ok {
		return Scalar{ctx.BV(w, 0)}
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Signature, *types.Map:
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
	}
	return Opaque{Type: t, Why: "zero value of type " + t.String()}
}
