package ssaexec

import (
	"go/types"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/solver"
	"golang.org/x/tools/go/ssa"
)

// The entry's parameters are bound one a step before its body runs, each
// to the input the heap loads for it (see heap.Heap.Args): a decision
// first where the heap needs one, the parameter's zero or nil in a
// NilPanics run, and an assumed condition in a PanicConds run.

// bindParam binds the entry's next parameter, or returns the
// alternatives it needs first.
func (x *machine) bindParam(s *state) []alt {
	p := x.fn.Params[s.bound]
	loc := heap.Ptr{Obj: s.heap.Args(), Path: heap.Path("").Field(s.bound)}
	v, d := s.heap.Load(loc, p.Type())
	if d == nil && x.cfg.nilParam == s.bound+1 {
		if isZero, ok := zeroValue(x.ctx, v); ok {
			// A NilPanics run of a slice, number or string: its zero.
			return []alt{{guard: isZero, apply: func(s *state) { x.bind(s, p, v) }}}
		}
		var isNil bool
		if isNil, _, d = s.heap.IsNilPtr(v); d == nil && !isNil {
			s.end = dropped
			return nil
		}
	}
	if d != nil {
		if x.cfg.nilParam == s.bound+1 && nilByDecision(p.Type()) {
			d = restrictToNil(d)
		}
		return x.decide(s, d)
	}
	if r := x.cfg.condRun; r != nil && r.assume != nil && s.bound == len(x.fn.Params)-1 {
		// A PanicConds run that proves a condition: it holds at entry.
		return []alt{{guard: x.assumedCond(s, v), apply: func(s *state) { x.bind(s, p, v) }}}
	}
	x.bind(s, p, v)
	return nil
}

// bind binds the next entry parameter, p, to v.
func (x *subject) bind(s *state, p *ssa.Parameter, v heap.Value) {
	s.own(0).env.set(p, v) // the entry frame, under the package's init
	if s.bound == 0 && x.repOK != nil {
		for i, f := range s.frames {
			if f.precondition {
				s.own(i).env.set(f.fn.Params[0], v) // the receiver
			}
		}
	}
	s.bound++
	if s.bound == len(x.fn.Params) {
		s.entryPC = len(s.pc)
	}
}

// zeroValue is the condition that v, a slice, number or string, is nil or
// zero; ok is false for other values (pointers and maps are nil by a heap
// decision).
func zeroValue(c *solver.Context, v heap.Value) (isZero *solver.Term, ok bool) {
	switch x := v.(type) {
	case heap.Slice:
		if x.Nil == nil || x.Len == nil || x.Cap == nil {
			return c.Bool(false), true // every slice the engine makes has all three
		}
		zero := c.BV(64, 0)
		return c.And(x.Nil, c.Eq(x.Len, zero), c.Eq(x.Cap, zero)), true
	case heap.Scalar:
		if x.T.Sort().IsBool() {
			return nil, false
		}
		return c.Eq(x.T, c.BV(x.T.Sort().Width(), 0)), true
	case heap.SymStr:
		return c.Eq(x.Len, c.BV(64, 0)), true
	case heap.Str:
		return c.Bool(x.S == ""), true
	}
	return nil, false
}

// nilByDecision reports whether a value of type t is made nil by a heap
// decision (a pointer, a map) rather than by a path condition (see
// zeroValue).
func nilByDecision(t types.Type) bool {
	switch heap.Under(t).(type) {
	case *types.Pointer, *types.Map:
		return true
	}
	return false
}
