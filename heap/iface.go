package heap

import (
	"fmt"
	"go/types"

	"github.com/gosym/gosym/internal/cow"
)

// SymIface is an input interface value whose dynamic type is decided only
// when the code needs it: a type assertion tries one type, a method call
// chooses among the types that have the method, a comparison with nil
// decides nilness. Until then it stands for every value of every type.
type SymIface struct{ ID SymID }

func (SymIface) isValue() {}

// IfaceInfo is what a path knows of a symbolic interface value.
type IfaceInfo struct {
	Static  types.Type // the interface type
	Depth   int
	Origin  Origin
	Nilness Nilness
	// Dyn is the decided dynamic type, and Box the input object holding
	// the dynamic value; Excluded lists types it is known not to be.
	Dyn      types.Type
	Box      ObjID
	Excluded []types.Type
	// External marks a value an unexecuted call returned.
	External bool
}

// Iface returns what the path knows of a symbolic interface value.
func (h *Heap) Iface(id SymID) IfaceInfo { return h.ifaces[id] }

func (h *Heap) newIface(static types.Type, depth int, o Origin) SymIface {
	h.symN++
	cow.Put(&h.owned, ownIfaces, &h.ifaces, h.symN, IfaceInfo{Static: static, Depth: depth, Origin: o})
	return SymIface{ID: h.symN}
}

// FreshIface returns an unconstrained interface value: the result of a
// call the engine does not execute.
func (h *Heap) FreshIface(static types.Type) Value {
	v := h.newIface(static, 0, Origin{})
	h.setIface(v.ID, func(i *IfaceInfo) { i.External = true })
	return v
}

func (h *Heap) setIface(id SymID, f func(*IfaceInfo)) {
	info := h.ifaces[id]
	info.Excluded = append([]types.Type(nil), info.Excluded...)
	f(&info)
	cow.Put(&h.owned, ownIfaces, &h.ifaces, id, info)
}

// decideType makes t the dynamic type of symbolic interface id: its value
// is a fresh input of type t, held in a box object.
func (h *Heap) decideType(id SymID, t types.Type) {
	info := h.ifaces[id]
	box := h.add(t, true, info.Depth)
	h.objs[box].store = true
	h.objs[box].External = info.External
	h.setIface(id, func(i *IfaceInfo) { i.Nilness, i.Dyn, i.Box = NotNil, t, box })
}

// Concrete returns the interface value v with a known dynamic type (or
// nil). An undecided symbolic value needs a decision among nil and the
// candidate types; cut reports candidates left out by a bound.
func (h *Heap) Concrete(v Value, candidates []types.Type, cut bool) (Iface, *Decision) {
	switch x := v.(type) {
	case Iface:
		return x, nil
	case SymIface:
		info := h.ifaces[x.ID]
		switch {
		case info.Dyn != nil:
			return Iface{Type: info.Dyn, V: InputRef{Obj: info.Box, Type: info.Dyn}}, nil
		case info.Nilness == IsNil:
			return Iface{}, nil
		}
		d := &Decision{Cut: cut, External: info.External}
		id := x.ID
		if info.Nilness == MaybeNil {
			d.Choices = append(d.Choices, Choice{label: "nil", Nil: true, apply: func(h *Heap) {
				h.setIface(id, func(i *IfaceInfo) { i.Nilness = IsNil })
			}})
		}
		typed := false
		for _, t := range candidates {
			if !excluded(info, t) {
				typed = true
				d.Choices = append(d.Choices, Choice{label: "type " + t.String(), apply: func(h *Heap) { h.decideType(id, t) }})
			}
		}
		if !typed {
			// No type known to the program is left: the non-nil case is
			// not explored, and that is a bound, not a proof.
			d.Cut = true
		}
		if d.Cut {
			d.Bound = "types"
		}
		return Iface{}, d
	}
	panic(fmt.Sprintf("heap: %T is not an interface value", v))
}

func excluded(info IfaceInfo, t types.Type) bool {
	for _, e := range info.Excluded {
		if types.Identical(e, t) {
			return true
		}
	}
	return false
}

// HasType reports whether interface value v has dynamic type t. For an
// undecided symbolic value it is a decision: t, or not t.
func (h *Heap) HasType(v Value, t types.Type) (bool, *Decision) {
	switch x := v.(type) {
	case Iface:
		return x.Type != nil && types.Identical(x.Type, t), nil
	case SymIface:
		info := h.ifaces[x.ID]
		switch {
		case info.Dyn != nil:
			return types.Identical(info.Dyn, t), nil
		case info.Nilness == IsNil || excluded(info, t):
			return false, nil
		}
		id := x.ID
		return false, &Decision{External: info.External, Choices: []Choice{
			{label: "type " + t.String(), apply: func(h *Heap) { h.decideType(id, t) }},
			{label: "not " + t.String(), apply: func(h *Heap) {
				h.setIface(id, func(i *IfaceInfo) { i.Excluded = append(i.Excluded, t) })
			}},
		}}
	}
	panic(fmt.Sprintf("heap: %T is not an interface value", v))
}

// IfaceIsNil reports whether interface value v is nil, deciding the
// nilness of a symbolic one first if needed.
func (h *Heap) IfaceIsNil(v Value) (bool, Origin, *Decision) {
	switch x := v.(type) {
	case Iface:
		return x.Type == nil, Origin{}, nil
	case SymIface:
		info := h.ifaces[x.ID]
		switch {
		case info.Dyn != nil || info.Nilness == NotNil:
			return false, info.Origin, nil
		case info.Nilness == IsNil:
			return true, info.Origin, nil
		}
		id := x.ID
		return false, info.Origin, &Decision{External: info.External, Choices: []Choice{
			{label: "nil", Nil: true, apply: func(h *Heap) { h.setIface(id, func(i *IfaceInfo) { i.Nilness = IsNil }) }},
			{label: "non-nil", apply: func(h *Heap) { h.setIface(id, func(i *IfaceInfo) { i.Nilness = NotNil }) }},
		}}
	}
	panic(fmt.Sprintf("heap: %T is not an interface value", v))
}
