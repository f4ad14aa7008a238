package ssaexec

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/search"
	"github.com/gosym/gosym/witness"
)

// callSpec is a call with its callee and arguments evaluated: what a call
// instruction does at once, and what a defer statement keeps for later.
type callSpec struct {
	builtin *ssa.Builtin
	// callee is the function value: a heap.Func, a nil, or an input
	// function (a symbolic reference); for an interface method call, the
	// receiver interface.
	callee heap.Value
	method *types.Func // the method of an interface method call
	args   []heap.Value
	// operand is the SSA callee operand, for messages.
	operand ssa.Value
	pos     token.Pos
	// goStmt says the call is a go statement's, for which a nil
	// function is a fatal error of the runtime, not a panic.
	goStmt bool
}

func (x *evaluator) evalCall(s *state, common *ssa.CallCommon, pos token.Pos) callSpec {
	spec := callSpec{operand: common.Value, pos: pos, method: common.Method}
	if b, ok := common.Value.(*ssa.Builtin); ok {
		spec.builtin = b
	} else {
		spec.callee = x.value(s, common.Value)
	}
	if len(common.Args) > 0 {
		spec.args = make([]heap.Value, len(common.Args))
		for i, a := range common.Args {
			spec.args[i] = x.value(s, a)
		}
	}
	return spec
}

func (x *explorer) call(s *state, in *ssa.Call) []alt {
	common := in.Common()
	if b, ok := common.Value.(*ssa.Builtin); ok {
		return x.builtin(s, in, b)
	}
	return x.invoke(s, x.evalCall(s, common, in.Pos()), in)
}

// invoke resolves the callee of spec and enters it. call is the call
// instruction awaiting the result, or nil for a deferred call.
func (x *explorer) invoke(s *state, spec callSpec, call *ssa.Call) []alt {
	if spec.method != nil {
		return x.invokeMethod(s, spec, call)
	}
	callee, d := s.heap.Use(spec.callee)
	if d != nil {
		return x.decide(s, d)
	}
	switch fv := callee.(type) {
	case heap.Func:
		if o, ok := fv.Fn.(*canonicalOrder); ok {
			return x.callOrder(s, o, spec.args, call)
		}
		return x.enter(s, fv.Fn.(*ssa.Function), fv.Env, spec.args, call)
	case heap.Nil, heap.SymPtr:
		isNil, o, d := s.heap.IsNilPtr(fv)
		if d != nil {
			return x.decide(s, d)
		}
		if isNil {
			x.nilCall(s, spec, o)
			return nil
		}
		return x.callInput(s, fv.(heap.SymPtr), spec, call)
	case heap.Opaque:
		s.unsupported(fv.Why)
		return nil
	}
	s.unsupported(fmt.Sprintf("call of a %T value", callee))
	return nil
}

// callInput calls the input function value f, which is not nil. An
// ordering or an equality is the function the caller is taken to have
// passed (see inputOrders), chosen at its first call; one read from what
// an unexecuted call returned or changed, or an ordering with no such
// function, is an unknown function, like one without a body. Any other
// returns fresh inputs at each call, which the witness's literal returns
// in turn (heap.CallInput): at most k calls of one function return
// something, the next is cut as the bound k. It is taken to change
// nothing its arguments reach, as the literal does: the record says so
// where it is handed references.
func (x *explorer) callInput(s *state, f heap.SymPtr, spec callSpec, call *ssa.Call) []alt {
	x.calledInput = true
	info := s.heap.Sym(f.ID)
	fn := s.heap.InputFunc(f)
	name := x.describeAt(s, spec.operand, spec.pos)
	sig := heap.Under(spec.operand.Type()).(*types.Signature)
	if fn.Given != nil {
		spec.callee = *fn.Given
		return x.invoke(s, spec, call)
	}
	if !info.External && !fn.Unexecuted && len(fn.Calls) == 0 {
		if orders, ok := x.inputOrders(info.Elem, name); ok {
			if len(orders) == 0 {
				return []alt{{apply: func(s *state) { s.heap.SetUnexecuted(f) }}}
			}
			alts := make([]alt, len(orders))
			for i, o := range orders {
				alts[i] = alt{apply: func(s *state) { s.heap.GiveFunc(f, o.value().(heap.Func), o.written()) }}
			}
			return alts
		}
	}
	if info.External || fn.Unexecuted {
		x.external(s, name, sig, call)
		if passesReferences(spec.args) {
			s.assumed = true
		}
		return nil
	}
	if passesReferences(spec.args) {
		x.notes[name+": an input function, taken to change nothing its arguments reach"] = true
	}
	if sig.Results().Len() == 0 {
		if call != nil {
			s.set(call, nil)
		}
		return nil
	}
	if len(fn.Calls) >= x.pass.K {
		s.cutBy(search.BoundK, "")
		return nil
	}
	id := s.heap.CallInput(f, sig.Results(), name)
	if call == nil {
		return nil // a deferred call: its results are dropped
	}
	results := make([]heap.Value, sig.Results().Len())
	for i := range results {
		results[i] = heap.InputRef{Obj: id, Path: heap.Path("").Field(i), Type: sig.Results().At(i).Type()}
	}
	if len(results) == 1 {
		s.set(call, results[0])
	} else {
		s.set(call, heap.Tuple{Elems: results})
	}
	return nil
}

// nilCall panics for a call of a nil function value, unless the entry
// policy leaves a nil parameter to the caller.
func (x *subject) nilCall(s *state, spec callSpec, o heap.Origin) {
	note, left := x.entryPolicy(s, o, "invalid memory address or nil pointer dereference")
	if left {
		return
	}
	name := x.describeAt(s, spec.operand, spec.pos)
	if spec.goStmt {
		x.fatalAt(s, goNilFunc, fmt.Sprintf(": %s is nil%s", name, note), spec.pos)
		return
	}
	x.panicked(s, result.NilFunc, fmt.Sprintf("call of nil function: %s is nil%s", name, note), spec.pos)
}

// goNilFunc is the runtime's fatal error for a go statement whose
// function is nil.
const goNilFunc = "go of nil func value"

// enter starts executing fn in a new frame (or models it, without a body).
func (x *explorer) enter(s *state, fn *ssa.Function, env []heap.Value, args []heap.Value, call *ssa.Call) []alt {
	if x.cgoCall(s, fn, args, call) {
		return nil
	}
	if alts, ok := x.contractCall(s, fn, args, call); ok {
		return alts
	}
	if alts, ok := x.timeCall(s, fn, args, call); ok {
		return alts
	}
	fn, runs := x.std.resolve(fn)
	if runs && pkgPathOf(fn) == "time" && len(s.frames) > 0 && !stdRunsTime(fn, s.top()) {
		runs = false
	}
	if name := intrinsic(fn); name != "" {
		return x.runIntrinsic(s, name, args, call)
	}
	if isPackageInit(fn) && (runs || skippedInits[fn.Pkg.Pkg.Path()]) {
		// A skipped initializer leaves its variables zero on purpose.
		s.beginInit(fn.Pkg)
	}
	if !runs {
		if isPackageInit(fn) {
			// Another package's initialization: its variables are inputs.
			if call != nil {
				s.set(call, nil)
			}
			return nil
		}
		if alts, ended := x.summarized(s, fn, args, call); ended {
			return alts
		}
		name := FuncName(fn)
		x.unexecuted(s, name)
		x.external(s, name, fn.Signature, call)
		if passesReferences(args) && !readOnly(fn) {
			// What the arguments reach may have changed in ways the path
			// does not know.
			s.assumed = true
		}
		return nil
	}
	active := 0
	for _, f := range s.frames {
		if f.fn == fn {
			active++
		}
	}
	if active >= x.cfg.Recursion {
		s.cutBy(search.BoundRecursion, "")
		return nil
	}
	if alts, ended := x.factsAtCall(s, fn, args, call); ended {
		return alts
	}
	summarized := x.summarizable(s, call) && x.sums.pays(fn)
	var vals []heap.Value
	var canon *heap.Canon
	if summarized {
		vals = append(slices.Clip(args), env...)
		if alts, ok := x.applySummary(s, fn, vals, call); ok {
			return alts
		}
		canon = x.canonOf(s, vals)
		if alts, ok := x.applyRenamed(s, fn, vals, canon, call); ok {
			return alts
		}
	}
	f := x.newFrame(fn, call)
	for i, a := range args {
		f.env.set(fn.Params[i], a)
	}
	for i, v := range env {
		f.env.set(fn.FreeVars[i], v)
	}
	if summarized {
		// Both are noted: the next call may repeat either.
		again, renamed := x.calledBefore(s, fn), x.canonCalledBefore(fn, canon)
		if again || renamed {
			x.beginSummary(s, f, vals, canon)
		}
	}
	s.frames = append(s.frames, f)
	return nil
}

// unexecuted records a call of the function name that the path does not
// execute. It might have panicked, so the function is not complete (see
// finishRecord). Calls made by its package's initialization or while a
// call sequence builds a parameter are not the function's own.
func (x *machine) unexecuted(s *state, name string) {
	if s.pkgInit.running || s.seq != nil && s.seq.running || neverPanics[name] {
		return
	}
	x.notExecuted[name] = true
}

// external models a call of a function without a body: its results are
// fresh, so the path covers whatever it returns, and is marked approximated.
func (x *machine) external(s *state, name string, sig *types.Signature, call *ssa.Call) {
	x.approx[name] = true
	s.approx = append(s.approx, name)
	if call == nil {
		return // a deferred call: its results are dropped
	}
	var r heap.Value
	switch res := sig.Results(); res.Len() {
	case 0:
	case 1:
		r = x.fresh(s, res.At(0).Type(), name)
	default:
		elems := make([]heap.Value, res.Len())
		for i := range elems {
			elems[i] = x.fresh(s, res.At(i).Type(), name)
		}
		r = heap.Tuple{Elems: elems}
	}
	s.set(call, r)
}

func (x *machine) builtin(s *state, in *ssa.Call, b *ssa.Builtin) []alt {
	switch b.Name() {
	case "print", "println":
		s.set(in, nil)
	case "len", "cap":
		if isChan(in.Call.Args[0].Type()) {
			return x.chanLenCap(s, in, b.Name())
		}
		return x.lenCap(s, in, b.Name())
	case "close":
		return x.closeBuiltin(s, in)
	case "append":
		return x.appendSlice(s, in)
	case "copy":
		return x.copySlice(s, in)
	case "min", "max":
		return x.minMax(s, in, b.Name() == "min")
	case "clear":
		return x.clear(s, in)
	case "delete":
		return x.mapDelete(s, in)
	case "recover":
		s.set(in, s.recover())
	case "ssa:wrapnilchk":
		return x.wrapNilCheck(s, in)
	default:
		s.unsupported("builtin " + b.Name())
	}
	return nil
}

// makeClosure binds a function literal to its captured variables.
func (x *evaluator) makeClosure(s *state, in *ssa.MakeClosure) {
	env := make([]heap.Value, len(in.Bindings))
	for i, b := range in.Bindings {
		env[i] = x.value(s, b)
	}
	s.set(in, heap.Func{Fn: in.Fn.(*ssa.Function), Env: env})
}

// wrapNilCheck is the check SSA puts in the wrapper that calls a value
// method through a pointer: a nil pointer panics.
func (x *machine) wrapNilCheck(s *state, in *ssa.Call) []alt {
	p, d := x.use(s, in.Call.Args[0])
	if d != nil {
		return x.decide(s, d)
	}
	isNil, _, d := s.heap.IsNilPtr(p)
	if d != nil {
		return x.decide(s, d)
	}
	if isNil {
		recv := types.TypeString(in.Call.Args[0].Type(), witness.PackageQualifier(x.fn))
		typ, method := constString(in.Call.Args[1]), constString(in.Call.Args[2])
		// The wrapper's words name the package by its path, so only the
		// rest is expected; an inlined wrapper dereferences nil instead.
		name := typ[strings.LastIndex(typ, ".")+1:]
		wrapper := fmt.Sprintf("%s.%s called using nil *%s pointer", name, method, name)
		x.panicked(s, result.NilDeref, fmt.Sprintf("nil dereference: value method %s.%s called using nil %s pointer",
			typ, method, recv), x.posOf(s), wrapper, runtimeMessages[result.NilDeref])
		return nil
	}
	s.set(in, p)
	return nil
}

// constString returns a constant string operand, with a package path
// shortened to its last element as in messages elsewhere.
func constString(v ssa.Value) string {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil {
		return "?"
	}
	str := constant.StringVal(c.Value)
	if i := strings.LastIndexByte(str, '/'); i >= 0 {
		str = str[i+1:]
	}
	return str
}

// passesReferences reports whether a call hands the callee anything
// through which it could change memory the caller sees.
func passesReferences(args []heap.Value) bool {
	for _, a := range args {
		switch a := a.(type) {
		case heap.Scalar, heap.Str, heap.SymStr, heap.Nil:
			// Values and immutable strings.
		case heap.InputRef:
			if _, basic := heap.Under(a.Type).(*types.Basic); !basic {
				return true
			}
		default:
			return true
		}
	}
	return false
}

func readOnly(fn *ssa.Function) bool {
	return fn.Pkg != nil && fn.Signature.Recv() == nil && readOnlyPackages[fn.Pkg.Pkg.Path()]
}

// isPackageInit reports whether fn is a package's initializer (not one of
// its init functions, which SSA names init#1, init#2, ...).
func isPackageInit(fn *ssa.Function) bool {
	return fn.Pkg != nil && fn.Name() == "init" && fn.Signature.Params().Len() == 0 && fn.Signature.Recv() == nil
}
