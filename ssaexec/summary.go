package ssaexec

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/solver"
)

// Summary is what is known of a function whose body the engine does not
// have (another package's, in the analyzer): facts computed when its own
// package was analysed.
type Summary struct {
	// NilPanics lists the parameters with which, when nil, every call of
	// the function panics.
	NilPanics []NilPanic
	// Conds lists conditions over its arguments under which every call
	// of the function panics.
	Conds []PanicCond
}

// NilPanic records that every call of a function panics when one of its
// pointer, slice or map parameters is nil, or one of its integer or string
// parameters is 0 or "", whatever its other inputs: each path of the
// function with that parameter so was explored to a panic, no bound,
// abstraction, unsupported construct or unexecuted call in the way.
type NilPanic struct {
	// Param is the parameter's index among the SSA function's parameters
	// (a method's receiver is 0).
	Param int
	// Name is the parameter's name.
	Name string
	// Kind is the panics' kind: Panic when they are of several kinds.
	Kind result.Kind
	// Message and Pos are those of one of the panics, one on the
	// parameter itself where there is one.
	Message string
	Pos     token.Position
	// Want holds the texts one of which the panic prints (Finding.Want),
	// or nothing when gosym cannot say.
	Want []string
	// Zero is the parameter's zero value as Go writes it, for a number
	// ("0") or a string (`""`); empty for nil.
	Zero string
}

// ZeroText is the parameter's zero value as the fact's messages write
// it: nil, 0 or "".
func (np NilPanic) ZeroText() string {
	if np.Zero == "" {
		return "nil"
	}
	return np.Zero
}

// NilPanics returns the parameters of fn with which, when nil (pointers,
// slices, maps) or zero (integers, strings), every call of fn panics. Each
// is found by running fn with that parameter nil or zero, its receiver
// invariant not assumed; only a search that explored every path to a
// panic proves it. A function a //gosym:ignore directive names has none.
func (p *Program) NilPanics(fn *ssa.Function, cfg Config) []NilPanic {
	var out []NilPanic
	for i, param := range fn.Params {
		zero, ok := zeroOf(param.Type())
		if !ok {
			continue
		}
		run := factConfig(cfg)
		run.nilParam = i + 1
		r := p.Analyze(fn, run)
		if np, ok := provenNilPanic(r, param.Name()); ok {
			np.Param, np.Name, np.Zero = i, param.Name(), zero
			out = append(out, np)
		}
	}
	return out
}

// provenNilPanic reads a NilPanic off the result of a run with parameter
// name nil, if every path of it panicked. Its message is that of a panic
// on the parameter itself, if one says so.
func provenNilPanic(r *result.FuncResult, name string) (NilPanic, bool) {
	if !allPanicked(r) {
		return NilPanic{}, false
	}
	first := r.Findings[0]
	if i := slices.IndexFunc(r.Findings, func(f *result.Finding) bool {
		return strings.HasSuffix(f.Message, ": "+name+" is nil")
	}); i >= 0 {
		first = r.Findings[i]
	}
	np := NilPanic{Kind: first.Kind, Message: first.Message, Pos: first.Pos}
	for _, f := range r.Findings {
		if f.Kind != np.Kind {
			np.Kind = result.Panic
		}
		if len(f.Want) == 0 {
			np.Want = nil
			break
		}
		np.Want = append(np.Want, f.Want...)
	}
	slices.Sort(np.Want)
	np.Want = slices.Compact(np.Want)
	return np, true
}

// ignoredPanics reports panics at lines a //gosym:ignore directive names:
// the directive says they do not happen, so the run proves nothing.
func ignoredPanics(r *result.FuncResult) bool {
	return slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, " ignored: ") })
}

// restrictToNil keeps, of a decision about the parameter a NilPanics run
// sets to nil, the alternative in which it is nil.
func restrictToNil(d *heap.Decision) *heap.Decision {
	nilOnly := *d
	nilOnly.Choices = nil
	for _, c := range d.Choices {
		if c.Nil {
			nilOnly.Choices = append(nilOnly.Choices, c)
		}
	}
	nilOnly.Cut = false
	return &nilOnly
}

// summarized raises, at a call of fn, which has no body, the panic fn's
// summary promises when an argument it panics on is nil. ended reports
// that the call did not complete: it panicked, or a decision about an
// argument comes first.
func (x *machine) summarized(s *state, fn *ssa.Function, args []heap.Value, call *ssa.Call) (alts []alt, ended bool) {
	if x.cfg.Summaries == nil {
		return nil, false
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return nil, false
	}
	sum := x.cfg.Summaries(obj)
	if sum == nil {
		return nil, false
	}
	return x.applyFacts(s, fn, sum, args, call)
}

// factsAtCall raises, at a call of fn from another package of the module
// whose body runs, the panic fn's facts promise when an argument it
// panics on is nil or zero (Config.CallFacts): the finding is the
// caller's, at the call. ended reports that the call did not go on into
// fn's body.
func (x *machine) factsAtCall(s *state, fn *ssa.Function, args []heap.Value, call *ssa.Call) (alts []alt, ended bool) {
	if x.cfg.CallFacts == nil || call == nil || x.cfg.factRun() || s.pkgInit.running ||
		s.seq != nil && s.seq.running || !crossPackage(s.top().fn, fn) || x.std.isStd(fn) {
		return nil, false
	}
	sum := x.cfg.CallFacts(fn)
	if sum == nil {
		return nil, false
	}
	return x.applyFacts(s, fn, sum, args, call)
}

// crossPackage reports whether a call from caller to an exported
// function fn goes from one package into another.
func crossPackage(caller, fn *ssa.Function) bool {
	obj, ok := fn.Object().(*types.Func)
	return ok && obj.Exported() && fn.Origin() == nil && fn.Pkg != nil && caller.Pkg != nil && fn.Pkg != caller.Pkg
}

// applyFacts raises the panic that sum promises for a call of fn with
// args, if an argument it panics on is nil or zero.
func (x *machine) applyFacts(s *state, fn *ssa.Function, sum *Summary, args []heap.Value, call *ssa.Call) (alts []alt, ended bool) {
	if alts := x.zeroArgs(s, fn, sum, args, call); alts != nil {
		return alts, true
	}
	for _, np := range sum.NilPanics {
		if np.Param >= len(args) || !isPointerValue(args[np.Param]) {
			continue
		}
		isNil, o, d := s.heap.IsNilPtr(args[np.Param])
		if d != nil {
			return x.decide(s, d), true
		}
		if !isNil {
			continue
		}
		note, left := x.entryPolicy(s, o, np.Message)
		if !left {
			x.panicked(s, np.Kind, x.nilPanicMessage(s, fn, np, call)+note, callPos(call), np.Want...)
		}
		return nil, true
	}
	return nil, false
}

// zeroArgs splits a call of fn, once, on whether the slice, number and
// string arguments its summary says it panics on when nil or zero are,
// then on whether the arguments meet its conditions (Summary.Conds): the
// first that holds panics; with none, the call goes on. (Pointers and
// maps are nil by a heap decision: see summarized.)
func (x *machine) zeroArgs(s *state, fn *ssa.Function, sum *Summary, args []heap.Value, call *ssa.Call) []alt {
	if s.top().checked {
		return nil // split on already: none is
	}
	c := x.ctx
	var alts []alt
	noneBefore := c.Bool(true)
	// Each condition panics where the ones before it do not hold.
	panicsIf := func(cond *solver.Term, k result.Kind, msg func(*state) string, want []string) {
		alts = append(alts, alt{guard: c.And(noneBefore, cond), apply: func(s *state) {
			x.panicked(s, k, msg(s), callPos(call), want...)
		}})
		noneBefore = c.And(noneBefore, c.Not(cond))
	}
	for _, np := range sum.NilPanics {
		if np.Param >= len(args) {
			continue
		}
		if isZero, ok := zeroValue(c, args[np.Param]); ok {
			panicsIf(isZero, np.Kind, func(s *state) string { return x.nilPanicMessage(s, fn, np, call) }, np.Want)
		}
	}
	for _, pc := range sum.Conds {
		if cond, ok := decodeCond(c, pc, args); ok {
			panicsIf(cond, pc.Kind, func(s *state) string { return x.condMessage(s, fn, pc, call) }, pc.Want)
		}
	}
	if alts == nil {
		return nil
	}
	return append(alts, alt{guard: noneBefore, apply: func(s *state) { s.top().checked = true }})
}

// zeroOf says whether NilPanics tries parameters of type t, and how a
// fact writes their zero value (see NilPanic.Zero).
func zeroOf(t types.Type) (zero string, ok bool) {
	switch u := heap.Under(t).(type) {
	case *types.Pointer, *types.Slice, *types.Map:
		return "", true
	case *types.Basic:
		switch {
		case u.Info()&types.IsInteger != 0:
			return "0", true
		case u.Info()&types.IsString != 0:
			return `""`, true
		}
	}
	return "", false
}

func isPointerValue(v heap.Value) bool {
	switch v.(type) {
	case heap.Nil, heap.Ptr, heap.SymPtr:
		return true
	}
	return false
}

func callPos(call *ssa.Call) token.Pos {
	if call == nil {
		return token.NoPos
	}
	return call.Pos()
}

// nilPanicMessage says which argument is nil or zero and what the callee
// does with it.
func (x *subject) nilPanicMessage(s *state, fn *ssa.Function, np NilPanic, call *ssa.Call) string {
	arg := "its argument " + np.Name
	if call != nil && np.Param < len(call.Call.Args) {
		arg = x.describeAt(s, call.Call.Args[np.Param], call.Pos())
	}
	zero := np.ZeroText()
	return fmt.Sprintf("%s is %s, and %s panics whenever its %s is %s (%s at %s)",
		arg, zero, FuncName(fn), np.Name, zero, np.Message, shortPos(np.Pos))
}
