package ssaexec

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
)

// Defer, panic and recover. A panic does not end a path while a frame has
// deferred calls: the frames unwind one by one, running their deferred
// calls; a deferred function that calls recover stops the panic, and its
// frame then returns normally through the function's Recover block. A
// panic that unwinds the entry frame ends the path with its finding.

// panicking is a panic in flight.
type panicking struct {
	finding  *found
	contract bool // left to the caller by the entry policy
	value    heap.Value
}

// deferInstr records a deferred call, evaluated now and run later.
func (x *evaluator) deferInstr(s *state, in *ssa.Defer) {
	f := s.top()
	f.defers = append(f.defers, x.evalCall(s, in.Common(), in.Pos()))
	advance(s)
}

// runDefers runs the frame's deferred calls, last first, before a normal
// return: each runs in its own frame and comes back here.
func (x *explorer) runDefers(s *state) []alt {
	f := s.top()
	if len(f.defers) == 0 {
		advance(s)
		return nil
	}
	return x.runNextDefer(s)
}

func (x *explorer) runNextDefer(s *state) []alt {
	f := s.top()
	spec := f.defers[len(f.defers)-1]
	f.defers = f.defers[:len(f.defers)-1]
	if spec.builtin != nil {
		switch spec.builtin.Name() {
		case "print", "println", "recover":
			// recover called directly by defer does not stop a panic.
			return nil
		case "close":
			alts, done := x.closeChan(s, spec.args[0], x.deferredBuiltinPos(s))
			if !done && alts != nil {
				f.defers = append(f.defers, spec) // run it again after the choice
			}
			return alts
		case "delete":
			keyType := spec.builtin.Type().(*types.Signature).Params().At(1).Type()
			alts, done := x.deleteEntry(s, spec.args[0], spec.args[1], keyType, x.deferredBuiltinPos(s))
			if !done {
				if alts != nil {
					f.defers = append(f.defers, spec) // run it again after the choice
				}
				return alts
			}
			f.checked = false // the next deferred call splits anew
			return nil
		}
		s.unsupported("deferred builtin " + spec.builtin.Name())
		return nil
	}
	depth := len(s.frames)
	alts := x.invoke(s, spec, nil)
	if len(s.frames) > depth {
		s.top().deferred = true
	} else if alts != nil {
		// Resolving the callee needs a decision first: run it again then.
		f.defers = append(f.defers, spec)
	}
	return alts
}

// deferredBuiltinPos is where Go reports a panic of a deferred builtin,
// which runs in its function's frame: at the panic unwinding the frame, or
// at the return that runs the deferred calls.
func (x *subject) deferredBuiltinPos(s *state) token.Pos {
	f := s.top()
	if f.unwinding {
		return x.posOf(s)
	}
	for _, instr := range f.block.Instrs[f.pc:] {
		if ret, ok := instr.(*ssa.Return); ok && ret.Pos().IsValid() {
			return ret.Pos()
		}
	}
	// Falling off the end: Go names the closing brace.
	switch syntax := f.fn.Syntax().(type) {
	case *ast.FuncDecl:
		return syntax.Body.Rbrace
	case *ast.FuncLit:
		return syntax.Body.Rbrace
	}
	return x.posOf(s)
}

// raise starts a panic: with deferred calls pending it unwinds, otherwise
// the path ends here.
func (x *subject) raise(s *state, f *found, contract bool, value heap.Value) {
	if !x.notePanic(s, f) {
		return
	}
	notePanicking(s)
	if !hasDefers(s) {
		s.end, s.finding, s.contract = panicked, f, contract
		return
	}
	s.panic = &panicking{finding: f, contract: contract, value: value}
	s.top().unwinding = true
}

// endFatally ends s with f, an end no deferred call runs after: a fatal
// error of the runtime.
func (x *subject) endFatally(s *state, f *found) {
	if x.notePanic(s, f) {
		notePanicking(s)
		s.end, s.finding, s.contract = panicked, f, false
	}
}

// notePanic records where s panics with f (nil: a panic gosym does not
// report). It reports false, having dropped s, for a panic in the
// receiver's invariant: not an input the function accepts.
func (x *subject) notePanic(s *state, f *found) bool {
	if s.inPrecondition() {
		s.end = dropped
		return false
	}
	s.seqPanic = s.inSequenceCall()
	if f != nil {
		f.traceEnd = s.traceLen()
		if g := s.g; g != nil {
			f.Goroutine = s.gid()
			f.Goroutines = g.started
			f.picked = g.picks > 0
			// A goroutine held at its panic (see othersFirst) panics
			// once this one would have.
			f.OthersPanic = g.doomed
			for _, t := range g.trans {
				if t.Node != nil && len(t.Node.Enabled) > 1 {
					f.decisions = append(f.decisions, t.Node)
				}
			}
		}
		if x.cfg.Pictures {
			f.atPanic = x.panicPictureOf(s)
		}
	}
	return true
}

func hasDefers(s *state) bool {
	for _, f := range s.frames {
		if len(f.defers) > 0 {
			return true
		}
	}
	return false
}

// unwind takes one step of a panic through the top frame: its next
// deferred call, its normal return once the panic was recovered, or its
// removal from the stack.
func (x *explorer) unwind(s *state) []alt {
	f := s.top()
	if len(f.defers) > 0 {
		return x.runNextDefer(s)
	}
	if s.panic == nil {
		f.unwinding = false
		x.returnAfterRecover(s, f)
		return nil
	}
	s.pop()
	if len(s.frames) == 0 {
		s.end, s.finding, s.contract = panicked, s.panic.finding, s.panic.contract
		return nil
	}
	s.top().unwinding = true
	return nil
}

// returnAfterRecover resumes a frame whose panic was recovered: at its
// Recover block, which returns the named results, or with zero results.
func (x *explorer) returnAfterRecover(s *state, f *frame) {
	if f.fn.Recover != nil {
		f.prev, f.block, f.pc, f.checked = f.block, f.fn.Recover, 0, false
		return
	}
	res := f.fn.Signature.Results()
	zeros := make([]ssa.Value, res.Len())
	for i := range zeros {
		zeros[i] = ssa.NewConst(nil, res.At(i).Type())
	}
	x.ret(s, &ssa.Return{Results: zeros})
}

// recover is the recover builtin: only a deferred function called while
// its caller unwinds a panic stops it.
func (s *state) recover() heap.Value {
	n := len(s.frames)
	if s.panic == nil || n < 2 || !s.frames[n-1].deferred || !s.frames[n-2].unwinding {
		return heap.Iface{}
	}
	v := s.panic.value
	s.panic = nil
	return v
}
