package ssaexec

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/result"
)

// assertPkg is the import path of gosym's assertion package.
const assertPkg = "github.com/gosym/gosym/assert"

// contractCall gives assert.Assume and assert.Assert their meaning: an
// Assume joins the path condition, an Assert splits the path into a
// finding and the rest. ok is false for any other callee. Deferred calls
// (call is nil) run as written.
func (x *machine) contractCall(s *state, fn *ssa.Function, args []heap.Value, call *ssa.Call) (alts []alt, ok bool) {
	if call == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != assertPkg {
		return nil, false
	}
	switch fn.Name() {
	case "Assume":
	case "Assert":
	default:
		return nil, false
	}
	v, d := s.heap.Use(args[0])
	if d != nil {
		return x.decide(s, d), true
	}
	cond, isScalar := v.(heap.Scalar)
	if !isScalar {
		s.unsupported("assert." + fn.Name() + " of a condition of type " + call.Call.Args[0].Type().String())
		return nil, true
	}
	proceed := func(s *state) { s.set(call, nil) }
	if fn.Name() == "Assume" {
		return assume(s, cond, proceed), true
	}
	msg, want := "assertion failed", "assertion failed"
	if str, ok := args[1].(heap.Str); ok {
		msg += ": " + str.S
		want = msg
	}
	fail := func(s *state) { x.panicked(s, result.Assert, msg, call.Pos(), want) }
	return x.assert(s, cond, fail, proceed), true
}

// assert splits the path on cond: fail where it can be false, holds
// where it can be true; a constant decides without a branch.
func (x *evaluator) assert(s *state, cond heap.Scalar, fail, holds func(*state)) []alt {
	if b, ok := cond.T.BoolValue(); ok {
		if b {
			holds(s)
		} else {
			fail(s)
		}
		return nil
	}
	return []alt{{guard: x.ctx.Not(cond.T), apply: fail}, {guard: cond.T, apply: holds}}
}

// invariantResult is the result of the receiver's invariant as a
// condition; a path on which it is not a plain bool ends unsupported.
func (s *state) invariantResult(result heap.Value) (heap.Scalar, bool) {
	cond, ok := result.(heap.Scalar)
	if !ok {
		s.unsupported("a receiver invariant whose result is not a plain bool")
	}
	return cond, ok
}

// assume continues the path with proceed only where cond holds: it is
// dropped where cond cannot. The alternative is marked partial, since it
// does not cover the other case: the solver must check it.
func assume(s *state, cond heap.Scalar, proceed func(*state)) []alt {
	if b, ok := cond.T.BoolValue(); ok {
		if b {
			proceed(s)
		} else {
			s.end = dropped
		}
		return nil
	}
	return []alt{{guard: cond.T, partial: true, apply: proceed}}
}

// repOKOf returns the invariant of a method's receiver type, Kiasan's
// precondition: a method repOK or RepOK of type func() bool in the
// receiver's method set, with a body. It returns nil for functions that
// are not methods, and for the invariant itself.
func repOKOf(fn *ssa.Function) *ssa.Function {
	recv := fn.Signature.Recv()
	if recv == nil || isAbstractGeneric(fn) {
		return nil
	}
	// types.NewMethodSet, not the program's cache: functions are
	// analysed concurrently.
	mset := types.NewMethodSet(recv.Type())
	for _, name := range []string{"repOK", "RepOK"} {
		var pkg *types.Package
		if p := packageOf(fn); p != nil {
			pkg = p.Pkg
		}
		sel := mset.Lookup(pkg, name)
		if sel == nil || !isPredicate(sel.Type()) {
			continue
		}
		m := fn.Prog.MethodValue(sel)
		if m == nil || m.Blocks == nil {
			continue
		}
		if m == fn || m.Object() == fn.Object() {
			return nil
		}
		return m
	}
	return nil
}

// isPredicate reports whether t is func() bool.
func isPredicate(t types.Type) bool {
	sig, ok := t.(*types.Signature)
	return ok && sig.Params().Len() == 0 && sig.Results().Len() == 1 && heap.IsBool(sig.Results().At(0).Type())
}

// checksInvariant reports whether the entry's normal returns assert the
// receiver's invariant: Config.Invariants, on an exported method whose
// receiver type has one.
func (x *subject) checksInvariant() bool {
	return x.cfg.Invariants && x.repOK != nil && isExported(x.fn)
}

// enterPostcondition runs the receiver's invariant on recv after the
// entry returned at exit.
func (x *subject) enterPostcondition(s *state, recv heap.Value, exit token.Pos) {
	f := x.newFrame(x.repOK, nil)
	f.postcondition, f.exit = true, exit
	f.env.set(x.repOK.Params[0], recv)
	s.frames = append(s.frames, f)
}

// invariantAtExit splits a path on the invariant's result: where it can
// be false, a finding at the entry's return.
func (x *machine) invariantAtExit(s *state, holdsNow heap.Value) []alt {
	cond, ok := s.invariantResult(holdsNow)
	if !ok {
		return nil
	}
	exit := s.top().exit
	if !exit.IsValid() {
		exit = x.fn.Syntax().End() - 1 // the closing brace of an implicit return
	}
	msg := fmt.Sprintf("invariant %s() does not hold at the return of %s", x.repOK.Name(), x.fn.Name())
	holds := func(s *state) {
		s.frames = nil
		if s.g == nil {
			s.end = returned
		}
		// Otherwise the path's next step ends the entry's goroutine:
		// the goroutines it left run on (see step).
	}
	fail := func(s *state) {
		x.panicked(s, result.Assert, msg, exit)
		s.finding.invariant = x.repOK.Name()
	}
	return x.assert(s, cond, fail, holds)
}
