package ssaexec

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/result"
)

// runtimeErrorType is the dynamic type of the values that runtime panics
// carry, as recover returns them. Like the runtime's own error types it
// implements runtime.Error, so `r.(error)` and `r.(runtime.Error)` succeed
// and Error returns the message; its value is the message string.
var runtimeErrorType = newRuntimeErrorType()

func newRuntimeErrorType() *types.Named {
	pkg := types.NewPackage("runtime", "runtime")
	named := types.NewNamed(types.NewTypeName(token.NoPos, pkg, "Error", nil), types.Typ[types.String], nil)
	recv := types.NewVar(token.NoPos, pkg, "e", named)
	result := types.NewTuple(types.NewVar(token.NoPos, pkg, "", types.Typ[types.String]))
	named.AddMethod(types.NewFunc(token.NoPos, pkg, "Error", types.NewSignatureType(recv, nil, nil, nil, result, false)))
	named.AddMethod(types.NewFunc(token.NoPos, pkg, "RuntimeError", types.NewSignatureType(recv, nil, nil, nil, nil, false)))
	return named
}

// panicNilError is the value of panic(nil) since Go 1.21, which stands
// for the runtime's *runtime.PanicNilError: a runtime.Error whose Error
// method returns the runtime's words. (Its type is gosym's runtime
// error type, so an assertion to *runtime.PanicNilError fails.)
var panicNilError = heap.Iface{Type: runtimeErrorType, V: heap.Str{S: "panic called with nil argument"}}

// runtimeMessages are the runtime's words for each kind of runtime
// panic, without the values that only the witness knows.
var runtimeMessages = map[result.Kind]string{
	result.NilDeref:    "invalid memory address or nil pointer dereference",
	result.Index:       "index out of range",
	result.SliceBounds: "slice bounds out of range",
	result.DivZero:     "integer divide by zero",
	result.NilMap:      "assignment to entry in nil map",
	result.TypeAssert:  "interface conversion",
	result.NilFunc:     "invalid memory address or nil pointer dereference",
	result.MakeLen:     "makeslice: len out of range",
	result.Panic:       "negative shift amount",
}

// runtimeError is the value a runtime panic of kind k carries.
func runtimeError(msg string) heap.Value {
	return heap.Iface{Type: runtimeErrorType, V: heap.Str{S: "runtime error: " + msg}}
}

// runtimeErrorMethod calls a method of a runtime panic's value.
func (s *state) runtimeErrorMethod(name string, v heap.Value, call *ssa.Call) {
	if call == nil {
		s.unsupported("deferred call of a runtime error's method")
		return
	}
	if name == "Error" {
		s.set(call, v)
		return
	}
	s.set(call, nil)
}

// The runtime's words for the fatal errors: it prints "fatal error: "
// and the message, and no recover stops them.
const (
	fatalPrefix     = "fatal error: "
	deadlockMessage = "all goroutines are asleep - deadlock!"
)

// runIntrinsic carries out a call of the model intrinsic name (see
// intrinsics). sameType and hashKey may first need dynamic types
// decided: they return the alternatives, and the call runs again on
// each. The sync intrinsics are operations on variables goroutines share
// (see goroutines.go).
func (x *explorer) runIntrinsic(s *state, name string, args []heap.Value, call *ssa.Call) []alt {
	return intrinsics[name].run(x, s, name, args, call)
}

// sameBits returns a value's bits as another type's, or the bits of a
// float: the same term.
func (x *explorer) sameBits(s *state, _ string, args []heap.Value, call *ssa.Call) []alt {
	if call != nil {
		s.set(call, args[0])
	}
	return nil
}

// squareRoot computes the correctly rounded square root (a deferred call
// drops it).
func (x *evaluator) squareRoot(s *state, _ string, args []heap.Value, call *ssa.Call) []alt {
	if call != nil {
		s.set(call, heap.Scalar{T: x.ctx.FSqrt(args[0].(heap.Scalar).T)})
	}
	return nil
}

// bitLength computes the bits its uint64 argument needs, as one term: the
// position of its highest set bit, found by testing each bit from the
// highest down (a deferred call drops it).
func (x *evaluator) bitLength(s *state, _ string, args []heap.Value, call *ssa.Call) []alt {
	if call == nil {
		return nil
	}
	c := x.ctx
	v := args[0].(heap.Scalar).T
	n := c.BV(64, 0)
	for i := range 64 {
		// Bit i alone, not v >= 1<<i: Z3 reads a masked bit as that
		// bit, and a comparison as a 64-bit comparator.
		n = c.Ite(c.Eq(c.BitAnd(v, c.BV(64, 1<<i)), c.BV(64, 0)), n, c.BV(64, uint64(i+1)))
	}
	s.set(call, heap.Scalar{T: n})
	return nil
}

// sameTypeIntrinsic reports whether two non-nil interfaces have one
// dynamic type (see sameType).
func (x *machine) sameTypeIntrinsic(s *state, _ string, args []heap.Value, call *ssa.Call) []alt {
	return x.sameType(s, args, call)
}

// hashKey hashes an interface key, panicking as Go does for a type it
// cannot hash.
func (x *machine) hashKey(s *state, _ string, args []heap.Value, call *ssa.Call) []alt {
	_, alts, ok := x.ifaceKey(s, args[0], anyType, x.unhashableUpdate(token.NoPos))
	if ok && call != nil {
		s.set(call, nil)
	}
	return alts
}

// fatalIntrinsic ends the path with the runtime's fatal error, a finding
// that no deferred call or recover sees.
func (x *subject) fatalIntrinsic(s *state, _ string, args []heap.Value, _ *ssa.Call) []alt {
	text := ""
	if str, ok := args[0].(heap.Str); ok {
		text = str.S
	}
	x.fatal(s, text)
	return nil
}

// fatal ends s with the runtime's fatal error, text.
func (x *subject) fatal(s *state, text string) {
	x.fatalAt(s, text, "", x.posOf(s))
}

// fatalAt ends s with the runtime's fatal error text at pos, the
// message saying more after it.
func (x *subject) fatalAt(s *state, text, more string, pos token.Pos) {
	want := fatalPrefix + text
	pos, within, pkg := x.userPos(s, pos)
	f := x.newFound(result.Fatal, pos, pkg, within, func(heap.Valuer) string { return want + more + inSuffix(within) })
	f.want = []string{want}
	x.endFatally(s, f)
}

// anyType is the empty interface.
var anyType = types.NewInterfaceType(nil, nil).Complete()

// sameType is the intrinsic sameType(a, b): the two interfaces' dynamic
// types decided as for ==, it says whether they are one.
func (x *machine) sameType(s *state, args []heap.Value, call *ssa.Call) []alt {
	var dyn [2]types.Type
	for i, v := range args[:2] {
		iv, alts, ok := x.comparedIface(s, v, anyType)
		if !ok {
			return alts
		}
		dyn[i] = iv.Type
	}
	if call != nil {
		same := dyn[0] != nil && dyn[1] != nil && types.Identical(dyn[0], dyn[1])
		s.set(call, heap.Scalar{T: x.ctx.Bool(same)})
	}
	return nil
}
