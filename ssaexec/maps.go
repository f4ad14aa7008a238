package ssaexec

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/solver"
)

// Maps: a map value is a reference to an object holding a heap.MapStore.
// Keys are integers, booleans, floats or strings.

func (x *explorer) makeMap(s *state, in *ssa.MakeMap) {
	x.set(s, in, s.heap.MakeMap(in.Type()))
}

// mapKey returns a key operand as a term. A string that is not constant
// is a key only when it is short (see heap.StrKey): a longer one ends the
// path as cut by the bound "string key length". A float key that may be
// NaN splits the path: on the NaN side the term is nil, a key no entry
// matches.
func (x *explorer) mapKey(s *state, v ssa.Value) (*solver.Term, []alt, bool) {
	kv, d := x.use(s, v)
	if d != nil {
		return nil, x.decide(s, d), false
	}
	switch k := kv.(type) {
	case heap.Scalar:
		if _, isFloat := heap.FloatWidth(v.Type()); isFloat {
			return x.floatKey(s, k.T)
		}
		return k.T, nil, true
	case heap.Str:
		return s.heap.StrKey(k.S), nil, true
	case heap.SymStr:
		return x.stringKey(s, k)
	}
	x.unsupported(s, "map key of type "+v.Type().String())
	return nil, nil, false
}

// floatKey is the key term of a float: Go's map compares keys with ==,
// so -0 is +0's key, and NaN is no entry's (nil).
func (x *explorer) floatKey(s *state, k *solver.Term) (*solver.Term, []alt, bool) {
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

func (x *explorer) stringKey(s *state, k heap.SymStr) (*solver.Term, []alt, bool) {
	c := x.ctx
	short := c.Ule(k.Len, c.BV(64, heap.MaxPackedKey))
	if b, isConst := short.BoolValue(); !isConst || !b {
		if f := s.top(); !f.checked {
			return nil, []alt{
				{guard: short, apply: func(s *state) { s.top().checked = true }},
				{guard: c.Not(short), apply: func(s *state) { s.end, s.why = cut, "string key length" }},
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
func (x *explorer) mapRef(s *state, v ssa.Value) (heap.Target, *heap.Decision, bool) {
	mv, d := x.use(s, v)
	if d != nil {
		return heap.Target{}, d, true
	}
	switch mv.(type) {
	case heap.Nil, heap.Ptr, heap.SymPtr:
	default:
		return heap.Target{}, nil, false
	}
	t, d := s.heap.Deref(mv)
	return t, d, true
}

// mapLookup is m[k] and v, ok := m[k]; a nil map reads as empty.
func (x *explorer) mapLookup(s *state, in *ssa.Lookup) []alt {
	t, d, ok := x.mapRef(s, in.X)
	if d != nil {
		return x.decide(s, d)
	}
	if !ok {
		x.unsupported(s, "map value")
		return nil
	}
	elemType := heap.Under(in.X.Type()).(*types.Map).Elem()
	val, present := heap.Zero(x.ctx, elemType), false
	if !t.IsNil {
		key, alts, ok := x.mapKey(s, in.Index)
		if !ok {
			return alts
		}
		if key != nil {
			val, present, d = s.heap.MapGet(t.Ptr, key)
			if d != nil {
				return x.decide(s, d)
			}
		}
	}
	if in.CommaOk {
		x.set(s, in, heap.Tuple{Elems: []heap.Value{val, heap.Scalar{T: x.ctx.Bool(present)}}})
		return nil
	}
	x.set(s, in, val)
	return nil
}

// mapUpdate is m[k] = v: writing to a nil map panics.
func (x *explorer) mapUpdate(s *state, in *ssa.MapUpdate) []alt {
	t, d, ok := x.mapRef(s, in.Map)
	if d != nil {
		return x.decide(s, d)
	}
	if !ok {
		x.unsupported(s, "map value")
		return nil
	}
	if t.IsNil {
		x.nilMapWrite(s, in, t.Origin)
		return nil
	}
	key, alts, ok := x.mapKey(s, in.Key)
	if !ok {
		return alts
	}
	if key == nil {
		// Each write adds an entry no lookup finds.
		x.unsupported(s, "a NaN map key")
		return nil
	}
	s.heap.MapPut(t.Ptr, key, x.value(s, in.Value), false)
	x.advance(s)
	return nil
}

// nilMapWrite panics for an assignment to a nil map, unless the entry
// policy leaves a nil map parameter to the caller.
func (x *explorer) nilMapWrite(s *state, in *ssa.MapUpdate, o heap.Origin) {
	note, left := x.entryPolicy(s, o, "assignment to entry in nil map")
	if left {
		return
	}
	x.panicked(s, NilMap, "assignment to entry in nil map ("+x.describeAt(s, in.Map, in.Pos())+")"+note, in.Pos())
}

// mapDelete is delete(m, k); deleting from a nil map does nothing.
func (x *explorer) mapDelete(s *state, in *ssa.Call) []alt {
	args := in.Call.Args
	t, d, ok := x.mapRef(s, args[0])
	if d != nil {
		return x.decide(s, d)
	}
	if !ok {
		x.unsupported(s, "delete on "+args[0].Type().String())
		return nil
	}
	if !t.IsNil {
		key, alts, ok := x.mapKey(s, args[1])
		if !ok {
			return alts
		}
		if key != nil { // deleting NaN deletes nothing
			s.heap.MapPut(t.Ptr, key, nil, true)
		}
	}
	x.set(s, in, nil)
	return nil
}

// mapLen is len(m): the number of possible entries that are live. An
// input map's key set is settled first (see heap.CloseMap).
func (x *explorer) mapLen(s *state, in *ssa.Call) []alt {
	c := x.ctx
	t, d, ok := x.mapRef(s, in.Call.Args[0])
	if d != nil {
		return x.decide(s, d)
	}
	if !ok {
		x.unsupported(s, "len of a map value")
		return nil
	}
	if t.IsNil {
		x.set(s, in, heap.Scalar{T: c.BV(64, 0)})
		return nil
	}
	if d := s.heap.CloseMap(t.Ptr); d != nil {
		return x.decide(s, d)
	}
	n := c.BV(64, 0)
	for _, e := range s.heap.MapEntries(t.Ptr) {
		n = c.Add(n, c.Ite(e.Live, c.BV(64, 1), c.BV(64, 0)))
	}
	x.set(s, in, heap.Scalar{T: n})
	return nil
}
