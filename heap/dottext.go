package heap

import (
	"go/types"
	"math"
	"strconv"

	"github.com/gosym/gosym/solver"
)

// How the pictures write scalar values under the model.

// scalarText writes term's value, as a value of type t where t is a
// scalar type of the term's kind.
func (d *dotWriter) scalarText(term *solver.Term, t types.Type) string {
	if term == nil {
		return "?"
	}
	isBool := term.Sort().IsBool()
	if t != nil && IsBool(t) == isBool {
		if _, isScalar := ScalarWidth(t); isBool || isScalar {
			return d.typedScalar(term, t)
		}
	}
	if isBool {
		return strconv.FormatBool(d.m.Bool(term))
	}
	return strconv.FormatInt(d.m.Int64(term), 10)
}

// num is a term's value under the model, as an index or a length.
func (d *dotWriter) num(t *solver.Term) uint64 {
	switch {
	case t == nil:
		return 0
	case t.Sort().IsBool():
		if d.m.Bool(t) {
			return 1
		}
		return 0
	}
	return d.m.Uint64(t)
}

func (d *dotWriter) zero(t types.Type) string {
	if t == nil {
		return "?"
	}
	return zeroText(t, d.q)
}

// hasUnder reports whether the path observed an input below path p of
// object id.
func (d *dotWriter) hasUnder(id ObjID, p Path) bool {
	for lp := range d.h.inputs.of(id) {
		if _, ok := lp.Under(p); ok && lp != p {
			return true
		}
	}
	return false
}

// anyIface writes an input interface whose dynamic type never mattered,
// as the witness writes it: nil, or the zero value of a type it may be.
func (d *dotWriter) anyIface(x IfaceValue) string {
	switch {
	case !x.NotNil:
		return "nil"
	case x.Stand == nil:
		return "nil /* gosym: any non-nil " + types.TypeString(x.Static, d.q) + " */"
	}
	t := x.Stand
	if p, ok := Under(t).(*types.Pointer); ok {
		if _, isStruct := Under(p.Elem()).(*types.Struct); isStruct {
			return "&" + types.TypeString(p.Elem(), d.q) + "{}"
		}
	}
	if b, ok := t.(*types.Basic); ok && (b.Kind() == types.Int || b.Kind() == types.String || b.Kind() == types.Bool) {
		return zeroText(t, d.q)
	}
	if _, basic := Under(t).(*types.Basic); basic {
		return types.TypeString(t, d.q) + "(" + zeroText(t, d.q) + ")"
	}
	return zeroText(t, d.q)
}

// typedScalar writes the value of term as a number of type t.
func (d *dotWriter) typedScalar(term *solver.Term, t types.Type) string {
	if IsBool(t) {
		return strconv.FormatBool(d.m.Bool(term))
	}
	if _, signed, ok := IntInfo(t); ok {
		if signed {
			return strconv.FormatInt(d.m.Int64(term), 10)
		}
		return strconv.FormatUint(d.m.Uint64(term), 10)
	}
	if width, ok := FloatWidth(t); ok {
		bits := d.m.Uint64(term)
		f := math.Float64frombits(bits)
		if width == 32 {
			f = float64(math.Float32frombits(uint32(bits)))
		}
		return strconv.FormatFloat(f, 'g', -1, int(width))
	}
	return zeroText(t, d.q)
}

// zeroText writes the zero value of t.
func zeroText(t types.Type, q types.Qualifier) string {
	switch u := Under(t).(type) {
	case *types.Basic:
		return BasicZero(u)
	case *types.Struct, *types.Array:
		return types.TypeString(t, q) + "{}"
	}
	return "nil"
}
