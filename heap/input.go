package heap

import (
	"go/types"
	"strings"

	"github.com/gosym/gosym/solver"
)

// Input is a path's input heap made concrete under a model: what a
// witness writes, with no solver terms left.
// Unresolved symbolic references are nil, unresolved symbolic locations
// distinct zero objects (with negative ids), unobserved fields zero, and
// scalars the model's values. Package witness writes it as Go.
type Input struct {
	// Args is the entry's arguments' pseudo-object: field i is parameter
	// i.
	Args ObjID
	// Locs are the recorded input locations in a stable order, and
	// Values what each holds.
	Locs   []Loc
	Values map[Loc]InputValue
	// Copies are the input locations that hold a copy of a value the
	// calls before the entry built (see Heap.CopyOf).
	Copies map[Loc]ObjID
	// Objects are the objects the values refer to.
	Objects map[ObjID]InputObject
	// Cells lists, per input array's location, its observed cells; Keys,
	// per input map's, the keys it holds.
	Cells map[Loc][]ConcreteCell
	Keys  map[Loc][]ConcreteKey
	// ZeroTypes is the heap's (see Heap.ZeroTypes): fields of these types
	// are zero wherever the path wrote them.
	ZeroTypes func(t types.Type) bool
}

// InputObject is an object of an Input.
type InputObject struct {
	Type types.Type
	// Store marks an array store (a slice's backing array); Args the
	// arguments of a call, Results the results of an input function's
	// call (their values are written in the call and the function's
	// literal).
	Store, Args, Results bool
}

// ConcreteCell is an observed cell of an input array: its path and index.
type ConcreteCell struct {
	Path  Path
	Index uint64
}

// ConcreteKey is a key an input map holds: the path of its value, and the
// key.
type ConcreteKey struct {
	Path Path
	Key  KeyValue
}

// KeyValue is a concrete map key. In a map whose key type is an
// interface, Dyn is its dynamic type (NilKey for the nil interface).
// Str is the string Number stands for, when it stands for one.
type KeyValue struct {
	Dyn    types.Type
	Number Number
	Str    string
	IsStr  bool
}

// InputValue is a concrete input value: Number, Nil, Ref, FuncValue,
// IfaceValue, StringValue, SliceValue, ArrayValue or Unknown.
type InputValue interface{ isInput() }

// Number is a scalar: a boolean, or a bit-vector's bits, also as a
// signed number of the term's width.
type Number struct {
	Bool bool
	Bits uint64
	Int  int64
}

// Ref points to object Obj (possibly one with a negative id: a distinct
// zero object), or with Inner into it: at the field path Fields, when its
// path is made of fields only.
type Ref struct {
	Obj    ObjID
	Inner  bool
	Fields []int
}

// FuncValue is an input function value: nil unless NotNil; the function
// the path took it to be (Given, as the executor wrote it: see
// Heap.GiveFunc); else any function whose calls returned the results
// objects Calls, in order.
type FuncValue struct {
	Type   types.Type
	NotNil bool
	Given  any
	Calls  []ObjID
}

// IfaceValue is an input interface value. Dyn is its dynamic type, and
// the object Box holds its value; with no Dyn it is nil unless NotNil,
// when Stand is a type (Static's) it is not known not to be, if any.
type IfaceValue struct {
	Static, Dyn, Stand types.Type
	Box                ObjID
	NotNil             bool
}

// StringValue is a string: S, or with Repeat > 0 that many 'a's (too
// long to write out).
type StringValue struct {
	S      string
	Repeat uint64
}

// SliceValue is an input slice: nil, or Len elements of the array object
// Store, whose capacity is Cap.
type SliceValue struct {
	Nil      bool
	Store    ObjID
	Len, Cap uint64
}

// ArrayValue is an array value: the input array at Loc (Input), or one
// the path made (written as its zero value).
type ArrayValue struct {
	Input bool
	Loc   Loc
	Elem  types.Type
}

// Unknown is a value no witness writes but as its type's zero value.
type Unknown struct{}

func (Number) isInput()      {}
func (Nil) isInput()         {}
func (Ref) isInput()         {}
func (FuncValue) isInput()   {}
func (IfaceValue) isInput()  {}
func (StringValue) isInput() {}
func (SliceValue) isInput()  {}
func (ArrayValue) isInput()  {}
func (Unknown) isInput()     {}

// Snapshot makes the input heap concrete under model m.
func (h *Heap) Snapshot(m Valuer) *Input {
	in := &Input{Args: h.args, Values: map[Loc]InputValue{}, Copies: map[Loc]ObjID{},
		Objects: map[ObjID]InputObject{}, Cells: map[Loc][]ConcreteCell{}, Keys: map[Loc][]ConcreteKey{},
		ZeroTypes: h.ZeroTypes}
	s := snapshot{h: h, m: m, in: in}
	in.Locs = h.Inputs()
	for _, l := range in.Locs {
		in.Values[l] = s.value(h.inputs.at(l))
		s.object(l.Obj)
	}
	for l, id := range h.copies {
		if id != 0 {
			in.Copies[l] = id
			s.object(id)
		}
	}
	for l, cells := range h.cells {
		for _, ic := range cells {
			in.Cells[l] = append(in.Cells[l], ConcreteCell{Path: l.Path.Cell(ic.ID), Index: m.Uint64(ic.Index)})
		}
	}
	for l, keys := range h.keys {
		for _, k := range keys {
			if m.Bool(k.Present) {
				in.Keys[l] = append(in.Keys[l], ConcreteKey{Path: l.Path.Cell(k.ID), Key: s.key(k.Key)})
			}
		}
	}
	return in
}

// snapshot makes one Input.
type snapshot struct {
	h  *Heap
	m  Valuer
	in *Input
}

// object records object id, of the heap.
func (s *snapshot) object(id ObjID) {
	if _, ok := s.in.Objects[id]; ok {
		return
	}
	o := s.h.objs[id]
	if o == nil {
		return
	}
	s.in.Objects[id] = InputObject{Type: o.Type, Store: o.store, Args: s.h.isArgs(id), Results: s.h.isResults(id)}
}

// value makes v concrete.
func (s *snapshot) value(v Value) InputValue {
	switch x := v.(type) {
	case Scalar:
		return s.number(x.T)
	case Nil:
		return x
	case Ptr:
		s.object(x.Obj)
		fields, _ := x.Path.fields()
		return Ref{Obj: x.Obj, Inner: x.Path != "", Fields: fields}
	case SymPtr:
		return s.symPtr(x)
	case SymIface:
		return s.iface(x)
	case SymStr:
		return s.str(x)
	case Str:
		return StringValue{S: x.S}
	case Slice:
		s.object(x.Store.Obj)
		return SliceValue{Nil: x.Store.Obj == 0 || s.m.Bool(x.Nil), Store: x.Store.Obj, Len: s.m.Uint64(x.Len), Cap: s.m.Uint64(x.Cap)}
	case *Array:
		return ArrayValue{Input: x.Back.Kind == InputBack, Loc: x.Back.Input, Elem: x.Elem}
	}
	return Unknown{}
}

// number is the value of a scalar term.
func (s *snapshot) number(t *solver.Term) Number {
	if t.Sort().IsBool() {
		return Number{Bool: s.m.Bool(t)}
	}
	return Number{Bits: s.m.Uint64(t), Int: s.m.Int64(t)}
}

// symPtr resolves an input reference: nil, the object it resolved to, a
// distinct zero object for one that is only known not to be nil, or an
// input function.
func (s *snapshot) symPtr(x SymPtr) InputValue {
	info := s.h.Sym(x.ID)
	if _, isFunc := Under(info.Elem).(*types.Signature); isFunc {
		f := FuncValue{Type: info.Elem, NotNil: info.Nilness == NotNil}
		if info.Func != nil {
			f.Calls = info.Func.Calls
			if info.Func.Given != nil {
				f.Given = info.Func.Written
			}
		}
		for _, id := range f.Calls {
			s.object(id)
		}
		return f
	}
	switch {
	case info.Nilness == IsNil:
		return Nil{}
	case info.Target != 0:
		s.object(info.Target)
		return Ref{Obj: info.Target}
	case info.Nilness == NotNil:
		id := ObjID(-int(x.ID))
		s.in.Objects[id] = InputObject{Type: info.Elem}
		return Ref{Obj: id}
	}
	return Nil{}
}

// iface makes an input interface value concrete. One that must be non-nil
// but whose type never mattered stands for a value of a basic type, or of
// a type of the program, that it is not known not to be.
func (s *snapshot) iface(x SymIface) InputValue {
	info := s.h.ifaces[x.ID]
	out := IfaceValue{Static: info.Static, Dyn: info.Dyn, Box: info.Box, NotNil: info.Nilness == NotNil}
	s.object(info.Box)
	if info.Dyn != nil || info.Nilness != NotNil {
		return out
	}
	iface := Under(info.Static).(*types.Interface)
	options := []types.Type{types.Typ[types.Int], types.Typ[types.String], types.Typ[types.Bool]}
	if s.h.Implementors != nil {
		options = append(options, s.h.Implementors(iface)...)
	}
	for _, t := range options {
		if !excluded(info, t) && types.Implements(t, iface) {
			out.Stand = t
			break
		}
	}
	return out
}

// str makes an input string concrete: its observed bytes at their
// indices, 'a' elsewhere (bytes the path never read do not matter).
func (s *snapshot) str(x SymStr) InputValue {
	n := s.m.Uint64(x.Len)
	if n > maxWrittenString {
		return StringValue{Repeat: n}
	}
	b := []byte(strings.Repeat("a", int(n)))
	if x.Arr.Back.Kind == InputBack {
		loc := x.Arr.Back.Input
		for _, ic := range s.h.cells[loc] {
			i := s.m.Uint64(ic.Index)
			if i >= n {
				continue
			}
			if v, ok := s.h.inputs.at(Loc{Obj: loc.Obj, Path: loc.Path.Cell(ic.ID)}).(Scalar); ok {
				b[i] = byte(s.m.Uint64(v.T))
			}
		}
	}
	return StringValue{S: string(b)}
}

// maxWrittenString is the length from which a witness writes an input
// string as a call of strings.Repeat.
const maxWrittenString = 1 << 16

// key makes a map key concrete.
func (s *snapshot) key(k Key) KeyValue {
	out := KeyValue{Dyn: k.Dyn}
	if k.Dyn == NilKey {
		return out
	}
	out.Number = s.number(k.T)
	if !k.T.Sort().IsBool() {
		out.Str, out.IsStr = s.h.keyString(out.Number.Bits)
	}
	return out
}
