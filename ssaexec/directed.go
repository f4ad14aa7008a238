package ssaexec

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/search"
)

// A directed search goes where panics are (Config.Directed): among the
// states a branch leaves, those that can still reach an instruction that
// may panic and that no path of the pass has executed yet go first, as
// KLEE's coverage-directed searchers prefer states near uncovered code
// (Cadar, Dunbar and Engler, "KLEE: Unassisted and Automatic Generation
// of High-Coverage Tests for Complex Systems Programs"). A state whose
// every way on reaches only such instructions already executed waits:
// it is set aside, and the pass explores it once everything else is
// explored. It is the same search in another order, so with budget
// enough it finds what the depth-first one finds; what changes is what a
// budget that runs out leaves unexplored.
//
// Only states of the entry's own body wait: not one that builds a
// parameter, runs initialization or an invariant, not one inside a call
// whose procedure summary is being recorded (the summary must hold every
// path of the call when it ends), and not one with goroutines (partial-
// order reduction grows a node's backtrack set from the paths below it).
// The solver's assertion stack mirrors the path being explored, so a
// state that waited has its path's conditions asserted again when its
// turn comes (see waitingTask).

// directedWork is the worklist of a directed search: depth first, and
// beside it the states that wait, with what the pass executed that
// decides which do.
type directedWork struct {
	search.DepthFirst[task]
	cov *coverage
	// waiting holds the states set aside, in the order they were;
	// draining says they are being explored, and no more may wait.
	waiting  []*state
	draining bool
}

// newWorklist returns the worklist of a search under cfg.
func newWorklist(cfg Config) search.Searcher[task] {
	if cfg.Directed {
		return &directedWork{}
	}
	return &search.DepthFirst[task]{}
}

// directed returns the worklist of a directed search in a pass, or nil.
func (x *explorer) directed() *directedWork {
	d, _ := x.work.(*directedWork)
	if d == nil || d.cov == nil {
		return nil
	}
	return d
}

// coverage is what a pass of a directed search has executed of the
// instructions that may panic, and what it learnt of the blocks from
// which no such instruction is left to execute.
type coverage struct {
	executed map[ssa.Instruction]bool
	// done holds the blocks from which every instruction that may
	// panic, in the block, in the blocks after it and in the functions
	// they call, is executed: it only grows, as executed does.
	done map[*ssa.BasicBlock]bool
	// near holds, per block, an instruction not executed yet that the
	// block's successors reached when last asked: while it is not
	// executed, the answer stands.
	near map[*ssa.BasicBlock]ssa.Instruction
}

func newCoverage() *coverage {
	return &coverage{
		executed: map[ssa.Instruction]bool{},
		done:     map[*ssa.BasicBlock]bool{},
		near:     map[*ssa.BasicBlock]ssa.Instruction{},
	}
}

// mayPanic reports whether executing in may panic by itself: a
// dereference, an index or slice out of range, a division by zero, a
// write to a nil map, a failed type assertion, an explicit panic, a
// call of a nil function or a method of a nil interface, a comparison of
// uncomparable interface values, a negative shift or length.
func mayPanic(in ssa.Instruction) bool {
	switch in := in.(type) {
	case *ssa.IndexAddr, *ssa.Index, *ssa.Slice, *ssa.SliceToArrayPointer,
		*ssa.MapUpdate, *ssa.Panic, *ssa.MakeSlice:
		return true
	case *ssa.FieldAddr:
		return !addressable(in.X)
	case *ssa.Lookup:
		_, isMap := heap.Under(in.X.Type()).(*types.Map)
		return !isMap
	case *ssa.TypeAssert:
		return !in.CommaOk
	case *ssa.UnOp:
		return in.Op == token.MUL && !addressable(in.X)
	case *ssa.Store:
		return !addressable(in.Addr)
	case *ssa.BinOp:
		return binOpMayPanic(in)
	case *ssa.Call:
		return in.Call.IsInvoke() || in.Call.StaticCallee() == nil && !isBuiltin(in.Call.Value)
	}
	return false
}

// addressable reports whether v is an address that cannot be nil: a
// local variable's or a package variable's, or one a field or element
// address instruction gave (which panics itself rather than give nil).
func addressable(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.Alloc, *ssa.Global, *ssa.FieldAddr, *ssa.IndexAddr:
		return true
	}
	return false
}

func isBuiltin(v ssa.Value) bool {
	_, ok := v.(*ssa.Builtin)
	return ok
}

// binOpMayPanic reports whether the binary operation may panic: an
// integer division or remainder, a shift by a signed count, a
// comparison of interfaces.
func binOpMayPanic(in *ssa.BinOp) bool {
	switch in.Op {
	case token.QUO, token.REM:
		b, ok := heap.Under(in.Type()).(*types.Basic)
		return ok && b.Info()&types.IsInteger != 0
	case token.SHL, token.SHR:
		b, ok := heap.Under(in.Y.Type()).(*types.Basic)
		return ok && b.Info()&types.IsUnsigned == 0
	case token.EQL, token.NEQ:
		return types.IsInterface(in.X.Type()) || types.IsInterface(in.Y.Type())
	}
	return false
}

// cover records that the search executes the instruction s is at, in a
// pass of a directed search, on a path of the entry's body.
func (x *explorer) cover(s *state) {
	d := x.directed()
	if d == nil || len(s.frames) == 0 {
		return
	}
	f := s.top()
	if f.pc >= len(f.block.Instrs) {
		return
	}
	if in := f.block.Instrs[f.pc]; !d.cov.executed[in] && mayPanic(in) && inBody(x, s) {
		d.cov.executed[in] = true
	}
}

// inBody reports whether s runs the entry's body: its parameters bound,
// no call of a sequence, initialization or invariant running.
func inBody(x *explorer, s *state) bool {
	if s.bound < len(x.fn.Params) || s.seq != nil && s.seq.running || s.pkgInit.running || len(s.frames) == 0 {
		return false
	}
	for _, f := range s.frames {
		if f.precondition || f.postcondition || f.initialization {
			return false
		}
	}
	return true
}

// waits reports whether s, a state a branch of a directed search left,
// is to wait: it may (see above), and no instruction that may panic and
// was not executed is left on its way.
func (x *explorer) waits(s *state) bool {
	d := x.directed()
	if d == nil || d.draining || len(x.recording) > 0 || s.g != nil || s.refining || s.end != running || s.panic != nil {
		return false
	}
	if !inBody(x, s) {
		return false
	}
	return !d.cov.ahead(s)
}

// ahead reports whether an instruction that may panic and was not
// executed is on the way of s: after the current instruction of a
// frame, in the blocks that follow, or in the functions they call. A
// frame's deferred calls run before it returns.
func (c *coverage) ahead(s *state) bool {
	for i := len(s.frames) - 1; i >= 0; i-- {
		f := s.frames[i]
		from := f.pc
		if i < len(s.frames)-1 && from < len(f.block.Instrs) && f.block.Instrs[from] == s.frames[i+1].call {
			from++ // the call being made: its callee is a frame above
		}
		if c.fromInstr(f.block, from) {
			return true
		}
		for _, d := range f.defers {
			if g := deferredBody(d); g != nil && c.fromFunc(g) {
				return true
			}
		}
	}
	return false
}

// fromInstr reports whether an instruction not executed that may panic
// is at or after index from of b, or in a block after b.
func (c *coverage) fromInstr(b *ssa.BasicBlock, from int) bool {
	for _, in := range b.Instrs[min(from, len(b.Instrs)):] {
		if c.fresh(in) {
			return true
		}
		if g := staticBody(in); g != nil && c.fromFunc(g) {
			return true
		}
	}
	return c.after(b)
}

// fresh reports whether in may panic and was not executed.
func (c *coverage) fresh(in ssa.Instruction) bool {
	return mayPanic(in) && !c.executed[in]
}

// staticBody is the function a call instruction calls, if it is known
// statically and has a body gosym can run.
func staticBody(in ssa.Instruction) *ssa.Function {
	call, ok := in.(ssa.CallInstruction)
	if !ok {
		return nil
	}
	g := call.Common().StaticCallee()
	if g == nil || len(g.Blocks) == 0 {
		return nil
	}
	return g
}

// deferredBody is the function a deferred call runs, if it is one
// with a body.
func deferredBody(d callSpec) *ssa.Function {
	if fn, ok := d.callee.(heap.Func); ok {
		if g, ok := fn.Fn.(*ssa.Function); ok && len(g.Blocks) > 0 {
			return g
		}
	}
	return nil
}

// fromFunc reports whether an instruction not executed that may panic
// is in g or in what it calls.
func (c *coverage) fromFunc(g *ssa.Function) bool {
	return c.reach(g.Blocks[:1]) != nil
}

// after reports whether an instruction not executed that may panic is
// in a block after b, or in what such a block calls.
func (c *coverage) after(b *ssa.BasicBlock) bool {
	if c.done[b] {
		return false
	}
	if in := c.near[b]; in != nil && !c.executed[in] {
		return true
	}
	in := c.reach(b.Succs)
	c.near[b] = in
	return in != nil
}

// reach searches the blocks reachable from roots, through their
// successors and the entry blocks of the functions they call, for an
// instruction not executed that may panic, and returns it. When it
// finds none, every block it visited is done.
func (c *coverage) reach(roots []*ssa.BasicBlock) ssa.Instruction {
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), roots...)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] || c.done[b] {
			continue
		}
		seen[b] = true
		for _, in := range b.Instrs {
			if c.fresh(in) {
				return in
			}
			if g := staticBody(in); g != nil {
				stack = append(stack, g.Blocks[0])
			}
		}
		stack = append(stack, b.Succs...)
	}
	for b := range seen {
		c.done[b] = true
	}
	return nil
}

// exploreDirected explores the initial state s of a pass in a directed
// search: first all that does not wait, then, in the order they were
// set aside, the states that waited, each to its end.
func (x *explorer) exploreDirected(s *state) {
	d := x.work.(*directedWork)
	d.cov, d.draining = newCoverage(), false
	base := len(s.pc)
	x.exploreNow(s)
	d.draining = true
	for i := 0; i < len(d.waiting) && !x.halted(); i++ {
		x.drain(&waitingTask{s: d.waiting[i], base: base})
		d.waiting[i] = nil // what is done is not kept alive
	}
	d.cov, d.waiting = nil, nil
}

// wait sets s aside until the pass explored all that does not wait.
// Until then, what was explored from the loop-head entries open now is
// not all their continuations: they are finished as cut (see
// closeEntries), so that no later pass takes one as explored to its end
// should the budget end before s's turn.
func (x *explorer) wait(s *state) {
	d := x.directed()
	d.waiting = append(d.waiting, s)
	x.cuts++
	if x.cfg.waitHook != nil {
		x.cfg.waitHook(x.fn)
	}
}

// waitingTask explores a state that waited, from the pass's initial
// state whose path had base conditions: the solver holds those, and the
// state's later ones are asserted for its search.
type waitingTask struct {
	s    *state
	base int
}

func (t *waitingTask) run(x *explorer) {
	x.solver.Push()
	for _, c := range t.s.pc[t.base:] {
		x.solver.Assert(c)
	}
	x.work.Add(popTask{})
	x.work.Add(exploreTask{t.s})
}
