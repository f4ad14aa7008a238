package ssaexec

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/search"
	"github.com/gosym/gosym/solver"
	"github.com/gosym/gosym/witness"
)

// Maps: a map value is a reference to an object holding a heap.MapStore.
// Keys are integers, booleans, floats, strings, addresses, or interfaces
// holding one of these.

func (s *state) makeMap(in *ssa.MakeMap) {
	s.set(in, s.heap.MakeMap(in.Type()))
}

// mapKey returns a key operand as a term. A string that is not constant
// is a key only when it is short (see heap.StrKey): a longer one ends the
// path as cut by the bound "string key length". A float key that may be
// NaN splits the path: on the NaN side the key's term is nil, a key no
// entry matches. An interface key is its dynamic type's key; for one
// whose dynamic type Go cannot hash, mapKey returns unhashable's
// alternatives (the operation panics, the map tells how).
func (x *machine) mapKey(s *state, v ssa.Value, unhashable func(s *state, typ string) []alt) (heap.Key, []alt, bool) {
	kv, d := x.use(s, v)
	if d != nil {
		return heap.Key{}, x.decide(s, d), false
	}
	return x.keyOf(s, kv, v.Type(), unhashable)
}

func (x *machine) keyOf(s *state, kv heap.Value, t types.Type, unhashable func(*state, string) []alt) (heap.Key, []alt, bool) {
	if types.IsInterface(t) {
		return x.ifaceKey(s, kv, t, unhashable)
	}
	var k *solver.Term
	var alts []alt
	ok := true
	switch kv := kv.(type) {
	case heap.Scalar:
		k = kv.T
		if _, isFloat := heap.FloatWidth(t); isFloat {
			k, alts, ok = x.floatKey(s, kv.T)
		}
	case heap.Str:
		k = s.heap.StrKey(kv.S)
	case heap.SymStr:
		k, alts, ok = x.stringKey(s, kv)
	case heap.Nil, heap.Ptr, heap.SymPtr:
		return x.ptrKey(s, kv)
	default:
		s.unsupported("map key of type " + t.String())
		return heap.Key{}, nil, false
	}
	return heap.Key{T: k}, alts, ok
}

// ptrKey is the key of an address, the input pointer resolved first.
func (x *machine) ptrKey(s *state, v heap.Value) (heap.Key, []alt, bool) {
	if _, isSym := v.(heap.SymPtr); isSym {
		t, d := s.heap.Deref(v)
		if d != nil {
			return heap.Key{}, x.decide(s, d), false
		}
		v = heap.Nil{}
		if !t.IsNil {
			v = t.Ptr
		}
	}
	k, ok := s.heap.PtrKey(v)
	if !ok {
		s.unsupported("map key: the address of an element at a symbolic index")
	}
	return k, nil, ok
}

// inputPtrKey ends the path unsupported where key, an address, would be
// looked up in an input map: a witness could not write such a map.
func (s *state) inputPtrKey(m heap.Ptr, key heap.Key) bool {
	if key.Ptr && s.heap.IsInputMap(m) {
		s.unsupported("an address as the key of an input map")
		return true
	}
	return false
}

// ifaceKey is the key of an interface value: its dynamic type decided as
// for ==, among the types whose keys gosym models and those Go cannot
// hash; and its dynamic value's key.
func (x *machine) ifaceKey(s *state, v heap.Value, t types.Type, unhashable func(*state, string) []alt) (heap.Key, []alt, bool) {
	iv, alts, ok := x.dynamicOf(s, v, t, isKeyCandidate)
	if !ok {
		return heap.Key{}, alts, false
	}
	switch {
	case iv.Type == nil:
		return s.heap.IfaceKey(nil, heap.Key{}), nil, true
	case !types.Comparable(iv.Type):
		return heap.Key{}, unhashable(s, types.TypeString(iv.Type, witness.ExternalQualifier)), false
	case types.IsInterface(iv.Type) || !heap.IsKeyType(iv.Type):
		s.unsupported("map key of dynamic type " + iv.Type.String())
		return heap.Key{}, nil, false
	}
	dv, d := s.heap.Use(iv.V)
	if d != nil {
		return heap.Key{}, x.decide(s, d), false
	}
	k, alts, ok := x.keyOf(s, dv, iv.Type, unhashable)
	if !ok || k.T == nil {
		return k, alts, ok
	}
	return s.heap.IfaceKey(iv.Type, k), nil, true
}

// unhashableIn returns how a lookup or a delete in the map t panics for a
// key of a type Go cannot hash. The runtime checks the key of an empty map
// (nil included) before anything else, and says so with an error of
// internal/runtime/maps ("hash of unhashable type: T"); a map with entries
// fails while hashing ("runtime error: hash of unhashable type T").
func (x *machine) unhashableIn(t heap.Target, pos token.Pos) func(*state, string) []alt {
	return func(s *state, typ string) []alt {
		emptyWords := "hash of unhashable type: " + typ
		if t.IsNil {
			x.runtimePanicWords(s, emptyWords, pos)
			return nil
		}
		// The split marks the frame and the operation runs again, to
		// panic then: a deferred delete is retried only after a choice
		// that does not end it.
		if f := s.top(); f.checked {
			if f.emptyMap {
				x.runtimePanicWords(s, emptyWords, pos)
			} else {
				x.runtimePanic(s, "hash of unhashable type "+typ, pos)
			}
			return nil
		}
		if d := s.heap.CloseMap(t.Ptr); d != nil {
			return x.decide(s, d)
		}
		c := x.ctx
		var live []*solver.Term
		for _, e := range s.heap.MapEntries(t.Ptr) {
			live = append(live, e.Live)
		}
		empty := c.Not(c.Or(live...))
		mark := func(isEmpty bool) func(*state) {
			return func(s *state) { f := s.top(); f.checked, f.emptyMap = true, isEmpty }
		}
		return []alt{{guard: empty, apply: mark(true)}, {guard: c.Not(empty), apply: mark(false)}}
	}
}

// unhashableUpdate is unhashableIn for an assignment, which hashes the
// key whatever the map holds.
func (x *subject) unhashableUpdate(pos token.Pos) func(*state, string) []alt {
	return func(s *state, typ string) []alt {
		x.runtimePanic(s, "hash of unhashable type "+typ, pos)
		return nil
	}
}

// compoundAssign reports whether lookup in is the read of m[k] op= v (or
// m[k]++), which SSA splits into a lookup and an update at one position.
func compoundAssign(in *ssa.Lookup) bool {
	if in.CommaOk {
		return false
	}
	for _, instr := range in.Block().Instrs {
		if u, ok := instr.(*ssa.MapUpdate); ok && u.Pos() == in.Pos() && u.Map == in.X && u.Key == in.Index {
			return true
		}
	}
	return false
}

// isKeyCandidate reports whether an input interface used as a map key is
// given dynamic type t: one whose keys gosym models, or one Go cannot
// hash.
func isKeyCandidate(t types.Type) bool {
	return !types.Comparable(t) || !types.IsInterface(t) && !heap.IsPointer(t) && heap.IsKeyType(t)
}

// floatKey is the key term of a float: Go's map compares keys with ==,
// so -0 is +0's key, and NaN is no entry's (nil).
func (x *evaluator) floatKey(s *state, k *solver.Term) (*solver.Term, []alt, bool) {
	c := x.ctx
	nan := c.Not(c.FEq(k, k))
	if f := s.top(); !f.checked {
		if b, isConst := nan.BoolValue(); !isConst || b {
			mark := func(isNaN bool) func(*state) {
				return func(s *state) { f := s.top(); f.checked, f.nanKey = true, isNaN }
			}
			return nil, []alt{{guard: nan, apply: mark(true)}, {guard: c.Not(nan), apply: mark(false)}}, false
		}
	} else if f.nanKey {
		return nil, nil, true
	}
	zero := c.BV(k.Sort().Width(), 0)
	return c.Ite(c.FEq(k, zero), zero, k), nil, true
}

func (x *machine) stringKey(s *state, k heap.SymStr) (*solver.Term, []alt, bool) {
	c := x.ctx
	short := c.Ule(k.Len, c.BV(64, heap.MaxPackedKey))
	if b, isConst := short.BoolValue(); !isConst || !b {
		if f := s.top(); !f.checked {
			return nil, []alt{
				{guard: short, apply: func(s *state) { s.top().checked = true }},
				{guard: c.Not(short), apply: func(s *state) { s.cutBy(search.BoundStringKeyLength, "") }},
			}, false
		}
	}
	key, d := s.heap.SymStrKey(k)
	if d != nil {
		return nil, x.decide(s, d), false
	}
	return key, nil, true
}

// mapRef resolves a map operand: nil, or the object holding the map.
func (x *evaluator) mapRef(s *state, v ssa.Value) (heap.Target, *heap.Decision, bool) {
	mv, d := x.use(s, v)
	if d != nil {
		return heap.Target{}, d, true
	}
	return mapTarget(s, mv)
}

// mapTarget is mapRef for a map value.
func mapTarget(s *state, mv heap.Value) (heap.Target, *heap.Decision, bool) {
	switch mv.(type) {
	case heap.Nil, heap.Ptr, heap.SymPtr:
	default:
		return heap.Target{}, nil, false
	}
	t, d := s.heap.Deref(mv)
	return t, d, true
}

// mapLookup is m[k] and v, ok := m[k]; a nil map reads as empty.
func (x *machine) mapLookup(s *state, in *ssa.Lookup) []alt {
	t, d, ok := x.mapRef(s, in.X)
	if d != nil {
		return x.decide(s, d)
	}
	if !ok {
		s.unsupported("map value")
		return nil
	}
	mt := heap.Under(in.X.Type()).(*types.Map)
	val, present := heap.Zero(x.ctx, mt.Elem()), false
	// Go hashes an interface key even to look it up in a nil map; m[k]
	// op= v is one assignment to Go, which hashes the key only once it
	// knows the map is not nil, as an update does.
	compound := compoundAssign(in)
	if !t.IsNil || types.IsInterface(mt.Key()) && !compound {
		unhashable := x.unhashableIn(t, in.Pos())
		if compound {
			unhashable = x.unhashableUpdate(in.Pos())
		}
		key, alts, ok := x.mapKey(s, in.Index, unhashable)
		if !ok {
			return alts
		}
		if key.T != nil && !t.IsNil {
			if s.inputPtrKey(t.Ptr, key) {
				return nil
			}
			val, present, d = s.heap.MapGet(t.Ptr, key)
			if d != nil {
				return x.decide(s, d)
			}
		}
	}
	if in.CommaOk {
		s.set(in, heap.Tuple{Elems: []heap.Value{val, heap.Scalar{T: x.ctx.Bool(present)}}})
		return nil
	}
	s.set(in, val)
	return nil
}

// mapUpdate is m[k] = v: writing to a nil map panics.
func (x *machine) mapUpdate(s *state, in *ssa.MapUpdate) []alt {
	t, d, ok := x.mapRef(s, in.Map)
	if d != nil {
		return x.decide(s, d)
	}
	if !ok {
		s.unsupported("map value")
		return nil
	}
	if t.IsNil {
		x.nilMapWrite(s, in, t.Origin)
		return nil
	}
	key, alts, ok := x.mapKey(s, in.Key, x.unhashableUpdate(in.Pos()))
	if !ok {
		return alts
	}
	if key.T == nil {
		// Each write adds an entry no lookup finds.
		s.unsupported("a NaN map key")
		return nil
	}
	if s.inputPtrKey(t.Ptr, key) {
		return nil
	}
	s.heap.MapPut(t.Ptr, key, x.value(s, in.Value), false)
	advance(s)
	return nil
}

// nilMapWrite panics for an assignment to a nil map, unless the entry
// policy leaves a nil map parameter to the caller.
func (x *subject) nilMapWrite(s *state, in *ssa.MapUpdate, o heap.Origin) {
	note, left := x.entryPolicy(s, o, "assignment to entry in nil map")
	if left {
		return
	}
	x.panicked(s, result.NilMap, "assignment to entry in nil map ("+x.describeAt(s, in.Map, in.Pos())+")"+note, in.Pos())
}

// mapDelete is delete(m, k); deleting from a nil map does nothing.
func (x *machine) mapDelete(s *state, in *ssa.Call) []alt {
	args := in.Call.Args
	mv, d := x.use(s, args[0])
	if d != nil {
		return x.decide(s, d)
	}
	kv, d := x.use(s, args[1])
	if d != nil {
		return x.decide(s, d)
	}
	if alts, done := x.deleteEntry(s, mv, kv, args[1].Type(), in.Pos()); !done {
		return alts
	}
	s.set(in, nil)
	return nil
}

// deleteEntry is delete(m, k) on the operands' values, k of type
// keyType, at pos (a deferred delete has only these); done is false when
// it needs the alternatives first or ended the path.
func (x *machine) deleteEntry(s *state, mv, kv heap.Value, keyType types.Type, pos token.Pos) (alts []alt, done bool) {
	t, d, ok := mapTarget(s, mv)
	if d != nil {
		return x.decide(s, d), false
	}
	if !ok {
		s.unsupported("delete on a map value")
		return nil, false
	}
	// Go hashes an interface key even to delete it from a nil map.
	if !t.IsNil || types.IsInterface(keyType) {
		key, alts, ok := x.keyOf(s, kv, keyType, x.unhashableIn(t, pos))
		if !ok {
			return alts, false
		}
		if key.T != nil && !t.IsNil && s.inputPtrKey(t.Ptr, key) {
			return nil, false
		}
		if key.T != nil && !t.IsNil { // deleting NaN deletes nothing
			s.heap.MapPut(t.Ptr, key, nil, true)
		}
	}
	return nil, true
}

// mapLen is len(m): the number of possible entries that are live. An
// input map's key set is settled first (see heap.CloseMap).
func (x *machine) mapLen(s *state, in *ssa.Call) []alt {
	c := x.ctx
	t, d, ok := x.mapRef(s, in.Call.Args[0])
	if d != nil {
		return x.decide(s, d)
	}
	if !ok {
		s.unsupported("len of a map value")
		return nil
	}
	if t.IsNil {
		s.set(in, heap.Scalar{T: c.BV(64, 0)})
		return nil
	}
	if d := s.heap.CloseMap(t.Ptr); d != nil {
		return x.decide(s, d)
	}
	n := c.BV(64, 0)
	for _, e := range s.heap.MapEntries(t.Ptr) {
		n = c.Add(n, c.Ite(e.Live, c.BV(64, 1), c.BV(64, 0)))
	}
	s.set(in, heap.Scalar{T: n})
	return nil
}
