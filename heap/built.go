package heap

import (
	"fmt"
	"go/types"

	"github.com/gosym/gosym/internal/cow"
)

// Values built through a package's API. A value with unexported state
// that a field or an element of an input holds is no hand-built object:
// the caller builds one through the API (Decision.Build), gives it to the
// heap (Provide), and every input pointer to its type points to nil or to
// it, and every input location that holds its type by value holds a copy
// of it, as the witness writes *v.

// builtObj is an object of type t that the package's API built, and its
// value then: what locations that hold a t by value copy.
type builtObj struct {
	t   types.Type
	id  ObjID
	val Value
}

// Provide makes obj, of type t, built by calls of its package's API, the
// one object an input pointer to t may point to besides nil, and the
// value input locations of type t copy, where BuildTypes says t is built
// so. The copies are of obj's value now: the witness copies it after the
// calls that built it, before the function runs.
func (h *Heap) Provide(t types.Type, obj ObjID) {
	b := builtObj{t: t, id: obj, val: h.objs[obj].Val}
	h.built = append(h.built[:len(h.built):len(h.built)], b)
}

// builtFor returns the object Provide gave for type t.
func (h *Heap) builtFor(t types.Type) (ObjID, bool) {
	for _, b := range h.built {
		if types.Identical(b.t, t) {
			return b.id, true
		}
	}
	return 0, false
}

// builtValue returns the value object id had when Provide gave it.
func (h *Heap) builtValue(id ObjID) Value {
	for _, b := range h.built {
		if b.id == id {
			return b.val
		}
	}
	panic(fmt.Sprintf("heap: object %d was not provided", id))
}

// CopyOf reports which built object the input location loc holds a copy
// of, if the path chose one (see BuildValues).
func (h *Heap) CopyOf(loc Loc) (ObjID, bool) {
	id, ok := h.copies[loc]
	return id, ok && id != 0
}

// inBuiltValue resolves the input location loc, a leaf or an array, when
// it lies inside a value held by value whose type the API builds
// (BuildValues): it reads the copy of the value Provide gave. The first
// read inside such a value asks for one (Decision.Build) or takes the one
// built. ok is false where loc lies in no such value, or in one the path
// writes by hand: it reads as any input.
func (h *Heap) inBuiltValue(loc Loc) (v Value, d *Decision, ok bool) {
	if !h.BuildValues || h.BuildTypes == nil || h.external(loc) {
		return nil, nil, false
	}
	t := h.objs[loc.Obj].Type
	steps := loc.Path.steps()
	var at Path
	for i, st := range steps {
		if t, at = stepType(t, st), at.step(st); t == nil {
			return nil, nil, false
		}
		held := Loc{Obj: loc.Obj, Path: at}
		if id, chosen := h.copies[held]; chosen {
			if id == 0 {
				return nil, nil, false
			}
			v, d := h.readCopy(loc, h.builtValue(id), steps[i+1:])
			return v, d, true
		}
		if _, isStruct := Under(t).(*types.Struct); isStruct && h.BuildTypes(t) {
			return nil, h.copyDecision(held, t), true
		}
	}
	return nil, nil, false
}

// readCopy reads loc, the part at rest of the copy of built value val,
// and records it as the input loc holds.
func (h *Heap) readCopy(loc Loc, val Value, rest []step) (Value, *Decision) {
	v, d := h.walk(val, rest)
	if d != nil {
		return nil, d
	}
	if v, d = h.Use(v); d != nil {
		return nil, d
	}
	h.record(loc, v)
	return v, nil
}

// copyDecision is the decision about the value of type t at input
// location held: a copy of the value built, or, if none is built yet, one
// to build (Decision.Build) or one written by hand.
func (h *Heap) copyDecision(held Loc, t types.Type) *Decision {
	choose := func(id ObjID) func(h *Heap) {
		return func(h *Heap) { h.copies = cow.With(h.copies, held, id) }
	}
	if id, ok := h.builtFor(t); ok {
		return &Decision{Choices: []Choice{{label: "copy of o", obj: id, Built: true, apply: choose(id)}}}
	}
	return &Decision{Build: t, Choices: []Choice{{label: "hand-built", apply: choose(0)}}}
}

// stepType returns the type of the part of a value of type t that step st
// selects, or nil.
func stepType(t types.Type, st step) types.Type {
	if st.kind == '.' {
		if s, ok := Under(t).(*types.Struct); ok && st.n < s.NumFields() {
			return s.Field(st.n).Type()
		}
		return nil
	}
	switch u := Under(t).(type) {
	case *types.Array:
		return u.Elem()
	case *types.Slice:
		return u.Elem()
	case *types.Map:
		return u.Elem()
	}
	return nil
}

// inZeroValue reports whether the input location loc lies inside a value
// of one of the ZeroTypes: its object's type, or a part of it that holds
// loc.
func (h *Heap) inZeroValue(loc Loc) bool {
	if h.ZeroTypes == nil || h.external(loc) {
		return false
	}
	t := h.objs[loc.Obj].Type
	for _, st := range loc.Path.steps() {
		if t == nil || h.ZeroTypes(t) {
			break
		}
		t = stepType(t, st)
	}
	return t != nil && h.ZeroTypes(t)
}
