package ssaexec

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/internal/cow"
	"github.com/gosym/gosym/search"
	"github.com/gosym/gosym/solver"
	"github.com/gosym/gosym/ssafacts"
)

// frame is one activation on a path's call stack.
type frame struct {
	fn *ssa.Function
	// facts are fn's SSA facts, which the search reads at every step
	// (see grace): the frame holds them so that no step asks the
	// program's table, which takes a lock.
	facts *ssafacts.Func
	block *ssa.BasicBlock
	prev  *ssa.BasicBlock // the block control came from, for phis
	pc    int             // index of the next instruction in block
	// checked records that the current instruction's panic conditions
	// were split on already: it is being retried after a heap decision.
	checked bool
	// nanKey, set with checked by a map operation on a float key, says
	// the path took the key to be NaN, which no entry matches; emptyMap,
	// set with checked where a key Go cannot hash is looked up, that the
	// map was taken to be empty.
	nanKey, emptyMap bool
	// sharers counts the states beside one that hold a frame below their
	// top, one more at each clone of a state that holds it: a state that
	// changes a frame others hold copies it first, and the last holder
	// changes it in place (see own). Only the top frame changes as a path
	// runs, so a fork copies one frame, not the whole stack. A state
	// dropped does not count down: its frames are copied once more than
	// needed, never changed under another state. (The fields are in an
	// order that packs the flags: a frame is copied at most forks.)
	sharers int32
	env     registers
	// call is the caller's instruction awaiting this frame's result.
	call *ssa.Call
	// loops holds the loop bound's counts, per loop head reached.
	loops []loopCount
	// ranges holds the state of the frame's ranges over strings and maps (copied on
	// write: frames are cloned shallowly here).
	ranges map[*ssa.Range]rangeIter
	// progress holds what an instruction that loops internally (a
	// conversion between strings and runes) has done so far, across its
	// retries after decisions (copied on write).
	progress map[ssa.Instruction]any
	// defers are the frame's deferred calls, in the order deferred.
	defers []callSpec
	// deferred marks the frame of a deferred call; unwinding, a frame
	// running its deferred calls because of a panic.
	deferred, unwinding bool
	// precondition marks the frame of the receiver's invariant, run
	// before the entry's body: its result is assumed. postcondition
	// marks it run after the entry returned: its result is asserted.
	precondition, postcondition bool
	// initialization marks the frame of the package's init function,
	// run before the entry's body (see explorer.abandonInit).
	initialization bool
	// seqCall marks the frame of a call of a sequence that builds an
	// entry parameter (see sequence.go).
	seqCall bool
	// std marks a function of std or of gosym's models, whose lines the
	// trace leaves out (asked at every new line, so asked once).
	std bool
	// exit is, in a postcondition frame, where the entry returned.
	exit token.Pos
	// rec records the paths of this call for a procedure summary, or is
	// nil (see procsum.go). Forks share it.
	rec *summaryRec
}

// lastPos is the position of f's instruction, or of the last one before
// it in its block that has one.
func (f *frame) lastPos() (token.Pos, bool) {
	for i := min(f.pc, len(f.block.Instrs)-1); i >= 0; i-- {
		if p := f.block.Instrs[i].Pos(); p.IsValid() {
			return p, true
		}
	}
	return token.NoPos, false
}

// setProgress records an instruction's progress (nil: none).
func (f *frame) setProgress(in ssa.Instruction, p any) {
	m := make(map[ssa.Instruction]any, len(f.progress)+1)
	for k, v := range f.progress {
		if k != in {
			m[k] = v
		}
	}
	if p != nil {
		m[in] = p
	}
	f.progress = m
}

func (x *subject) newFrame(fn *ssa.Function, call *ssa.Call) *frame {
	facts := x.facts(fn)
	return &frame{
		fn:    fn,
		facts: facts,
		block: fn.Blocks[0],
		env:   newRegisters(facts.Numbering()),
		call:  call,
		std:   x.std.isStd(fn),
	}
}

func (f *frame) clone() *frame {
	c := *f
	c.sharers = 0
	c.env = f.env.clone()
	c.loops = slices.Clone(f.loops)
	c.defers = slices.Clone(f.defers)
	return &c
}

// loopCount counts, at one loop head, the iterations that materialized
// nothing: iters those that decided a symbolic branch or made a choice,
// fixed those that did not. matAt is the materialization count, pcAt the
// length of the path condition, and choicesAt the path's choices, at the
// last arrival.
type loopCount struct {
	head                                 *ssa.BasicBlock
	iters, fixed, matAt, pcAt, choicesAt int
}

// loopCount returns the counts of the loop at head, zero at first. A
// function has few loops, and a slice copies faster than a map at forks.
func (f *frame) loopCount(head *ssa.BasicBlock) *loopCount {
	for i := range f.loops {
		if f.loops[i].head == head {
			return &f.loops[i]
		}
	}
	f.loops = append(f.loops, loopCount{head: head})
	return &f.loops[len(f.loops)-1]
}

// nilCheck is where an entry parameter was compared with nil.
type nilCheck struct {
	pos  token.Pos
	expr string
}

// outcome is how a path ended.
type outcome int

const (
	running outcome = iota
	returned
	panicked
	cut
	unsupported
	// dropped: every continuation was cut by a bound, already counted.
	dropped
	// subsumed: a state stored at the same loop head covers this one.
	subsumed
	// covered: a path that returned from a call as one explored before
	// did, or a call a summary answered whose every path panicked.
	covered
	// parked: a path that returned from a call being recorded, waiting
	// for the call's other paths (see parkExit); it goes on after them.
	parked
	// handedOver: a path that goes on as the points of a space of call
	// sequences, each imported (see sharedTask).
	handedOver
)

// pkgInit is what a path knows of package initialization. Its maps are
// shared by the states a fork makes, and replaced at each write.
type pkgInit struct {
	// running says that the package's initialization is running; set
	// holds the package variables it stored so far. cut, once
	// initialization was cut short, says where and why: the variables it
	// did not set are then inputs.
	running bool
	set     map[*ssa.Global]bool
	cut     string
	// begun holds the packages whose initialization the path has begun
	// to run: only their variables start zero, those of a package whose
	// initialization did not run are inputs.
	begun map[*ssa.Package]bool
	// end is the heap as initialization left it, and globals its
	// variables then: while nothing it made has changed, every state of
	// the path's entry that descends from it holds the same variables,
	// which subsumption then need not compare (see explorer.roots).
	end     *heap.Heap
	globals map[*ssa.Global]heap.Ptr
	// chans are the channels package initialization made, as it left
	// them (context's closed channel): the path's sched starts from them
	// once it uses one (see state.threads).
	chans map[heap.ObjID]*channel
}

// traceLine is where a trace's last entry is, file and line, and [from,
// to) the positions of that line, where they are known (to > 0): most
// instructions are on the line of the one before, which a comparison of
// positions tells without two binary searches.
type traceLine struct {
	file     *token.File
	line     int
	from, to token.Pos
}

// state is one path: call stack, heap, path condition and what the path
// has learnt on the way.
//
// A fork (clone) shares what the two paths hold until one writes it, in
// the four ways of package cow, each where the data needs it:
//   - the frames below the top are shared with a count of sharers, and the
//     top frame is copied; a frame's registers are shared by chunks,
//     with owned bits (see registers);
//   - the heap and the goroutines' maps are shared with owned bits (see
//     heap.Heap.Clone and sched);
//   - the maps a path writes seldom (compared, the package variables of
//     pkgInit, the call sequence's values) are replaced at each write
//     (cow.With), never written in place;
//   - pc and approx only grow: their capacity is capped at the fork.
//
// The other fields are values, or pointers to what no path changes.
type state struct {
	frames []*frame
	heap   *heap.Heap
	// pkgInit is what the path knows of package initialization.
	pkgInit pkgInit
	// bound counts the entry parameters bound so far (binding a parameter
	// may be a lazy-initialization choice, so it is a step like others).
	bound int
	pc    []*solver.Term
	// entryPC is the length of pc once every entry parameter was bound:
	// what comes after, the entry's body added.
	entryPC int
	// trace is the path's last step; forked paths share what came before.
	trace *traceStep
	// traceAt is the line of the trace's last entry.
	traceAt traceLine
	// compared records, per entry parameter (index+1), its comparison with
	// nil on this path. Forked paths share it: it is copied on write.
	compared map[int]nilCheck
	// approx names the unexecuted calls whose results the path took (the
	// variables of other packages it read are the heap's ExternalReads).
	approx []string
	// The flags are together, packed: a state is copied at every fork.
	//
	// assumed marks a path that rests on what an unexecuted call returned
	// or left in memory: its panics are not reported by default.
	assumed bool
	// refining marks a path explored past a state that only abstract
	// subsumption covered (Config.Refine).
	refining bool
	// seqPanic marks a panic raised inside a call of the sequence: the
	// called method's own analysis reports it.
	seqPanic bool
	// contract marks a panic left out by the entry policy.
	contract bool
	// cutAt is the kind of bound that cut the path, if one did.
	cutAt search.BoundKind

	// seq is how the path builds the entry's parameters whose values
	// come from the package's API (copied on write), or nil.
	seq *callSequence

	// choices counts the choices the path made that are no path
	// condition: which goroutine runs, which ready case a select takes.
	choices int
	// g holds the path's goroutines and channels, from its first go
	// statement or channel on (see goroutines.go); nil before.
	g *sched

	// globals are the addresses of the package-level variables used so
	// far (copied on write).
	globals map[*ssa.Global]heap.Ptr
	// panic is the panic unwinding the stack, if any.
	panic *panicking

	end     outcome
	finding *found
	why     string // the construct or bound that ended the path
}

// cutBy ends the path at a bound of kind k; why, if not empty, says more
// than the kind's name (where initialization stopped, say).
func (s *state) cutBy(k search.BoundKind, why string) {
	if why == "" {
		why = k.String()
	}
	s.end, s.why, s.cutAt = cut, why, k
}

func (s *state) clone() *state {
	c := *s
	c.frames = make([]*frame, len(s.frames))
	for i, f := range s.frames {
		if i == len(s.frames)-1 {
			c.frames[i] = f.clone()
			break
		}
		f.sharers++
		c.frames[i] = f
	}
	c.heap = s.heap.Clone()
	if s.g != nil {
		c.g = s.g.clone()
	}
	// Paths only append to these: capping the capacity makes the first
	// append of either path copy, so the prefix is shared, not copied.
	c.pc = s.pc[:len(s.pc):len(s.pc)]
	c.approx = s.approx[:len(s.approx):len(s.approx)]
	return &c
}

func (s *state) top() *frame { return s.frames[len(s.frames)-1] }

// gid is the id of the running goroutine (0: the entry's).
func (s *state) gid() int {
	if s.g == nil || s.g.cur < 0 {
		return 0
	}
	return s.g.running().id
}

// approximated reports whether the path has taken anything from code
// gosym did not run (see approximations), without building the list.
func (s *state) approximated() bool {
	return len(s.approx) > 0 || len(s.heap.ExternalReads()) > 0
}

// approximations returns what the path has taken from code gosym did not
// run: unexecuted calls' results, and the other packages' variables it
// read.
func (s *state) approximations() []string {
	if reads := s.heap.ExternalReads(); len(reads) > 0 {
		return append(slices.Clip(s.approx), reads...)
	}
	return s.approx
}

// own returns frame i of s, copied first if another state holds it too.
// Returning from a call owns the caller's frame, which a fork in the
// callee left shared: the other side of the fork then holds it alone.
func (s *state) own(i int) *frame { return ownFrame(s.frames, i) }

// ownFrame returns frames[i], first copied into frames if another state
// holds it too (see frame.sharers).
func ownFrame(frames []*frame, i int) *frame {
	if f := frames[i]; f.sharers > 0 {
		c := f.clone()
		f.sharers--
		frames[i] = c
	}
	return frames[i]
}

// pop removes the top frame; the caller's frame, now the top, is owned.
func (s *state) pop() {
	if s.top().initialization {
		s.pkgInit.running = false
		s.endInit()
	}
	s.frames = s.frames[:len(s.frames)-1]
	if len(s.frames) > 0 {
		s.own(len(s.frames) - 1)
	}
}

// inPrecondition reports whether the path is running the receiver's
// invariant before the entry.
func (s *state) inPrecondition() bool {
	for _, f := range s.frames {
		if f.precondition {
			return true
		}
	}
	return false
}

// instr is the instruction the path executes next.
func (s *state) instr() ssa.Instruction {
	f := s.top()
	return f.block.Instrs[f.pc]
}

// traceStep is one step of a path's trace: a source line entered, or a
// branch decided on the line of the last step. Steps link back to the one
// before, so a step is written once however many paths fork after it (a
// slice copied on every fork cost a third of the search's allocation on
// LeftistHeap).
type traceStep struct {
	prev   *traceStep
	branch *branchStep
	// seg, if not nil, makes the step stand for the steps of another
	// path's trace that a summarized call took (see spliceTrace): the
	// other fields are those of its last step.
	seg *traceSegment
	// event, if not empty, says what happened at the step that no
	// branch of the code decided (a timer fired).
	event string
	pos   token.Pos
	// n is the number of steps up to and including this one; depth the
	// number of frames above the entry function's. They are 32 bits,
	// and the fields are in this order, so that a step takes 64 bytes:
	// one is made at every line and branch of every path.
	n, depth int32
	// gid is the goroutine that took the step.
	gid int32
	// decidesPrevious marks a branch on the line the step before entered:
	// the two are one step.
	decidesPrevious bool
}

// traceSegment is the steps of a trace after from, up to and including
// to. rename, if not nil, renames the values the steps hold for the path
// the segment was spliced into (a summary applied up to a renaming).
type traceSegment struct {
	from, to *traceStep
	rename   *heap.Renaming
}

// branchStep is an If a path decided: the successor it took, and the
// values of its condition's operands (see operands), named and rendered
// only for a finding's trace. It is made at every branch of every path:
// the operands are held as bits and values, not as SSA values beside
// them, to keep it small.
type branchStep struct {
	in    *ssa.If
	taken bool
	// held has bit i set where vals[i] holds the value operand i of the
	// condition (a comparison's X and Y) had; the others were constants.
	held uint8
	vals [2]heap.Value
}

// fn is the function of the If.
func (b *branchStep) fn() *ssa.Function { return b.in.Block().Parent() }

// operands returns the operands whose values the branch recorded.
func (b *branchStep) operands() []operand {
	op, ok := b.in.Cond.(*ssa.BinOp)
	if !ok || b.held == 0 {
		return nil
	}
	var out []operand
	for i, v := range [2]ssa.Value{op.X, op.Y} {
		if b.held&(1<<i) != 0 {
			out = append(out, operand{v, b.vals[i]})
		}
	}
	return out
}

// holdOperands records the values the frame f has for the operands of
// the branch's condition.
func (b *branchStep) holdOperands(f *frame) {
	if op, ok := b.in.Cond.(*ssa.BinOp); ok {
		for i, v := range [2]ssa.Value{op.X, op.Y} {
			if val, ok := f.env.get(v); ok {
				b.vals[i] = val
				b.held |= 1 << i
			}
		}
	}
}

// mapOperands returns a copy of b whose operands' values are carried by
// carry; one it cannot carry is left out.
func (b *branchStep) mapOperands(carry func(heap.Value) (heap.Value, bool)) *branchStep {
	c := *b
	for i := range c.vals {
		if c.held&(1<<i) == 0 {
			continue
		}
		if v, ok := carry(c.vals[i]); ok {
			c.vals[i] = v
		} else {
			c.held &^= 1 << i
			c.vals[i] = nil
		}
	}
	return &c
}

// operand is a value an If's condition compared, with its value then.
type operand struct {
	v   ssa.Value
	val heap.Value
}

// note appends pos to the trace when it starts a new source line of the
// code under analysis (std's lines are its own business: the trace shows
// the call, once).
func (s *state) note(x *explorer, pos token.Pos) {
	if !pos.IsValid() {
		return
	}
	// A line another goroutine's step is on starts a step of this one.
	own := s.g == nil || s.trace == nil || s.ownStep(s.trace)
	// This runs for every instruction: compare lines without building
	// Positions.
	if pos >= s.traceAt.from && pos < s.traceAt.to && own {
		return
	}
	file := x.fset.File(pos)
	line := x.lineOf(file, pos)
	if file == s.traceAt.file && line == s.traceAt.line && own {
		s.traceAt.from, s.traceAt.to = x.lineRange(file, line)
		return
	}
	if s.top().std {
		return
	}
	s.traceAt.file, s.traceAt.line = file, line
	s.traceAt.from, s.traceAt.to = x.lineRange(file, line)
	s.addStep(x, traceStep{pos: pos, depth: s.traceDepth()})
}

// lineOf is file.Line(pos) without its lock: it runs for every
// instruction that starts a line, and token.File takes a mutex to read
// its table each time.
func (x *subject) lineOf(file *token.File, pos token.Pos) int {
	offset := int(pos) - file.Base()
	i, found := slices.BinarySearch(x.linesOf(file), offset)
	if !found {
		i-- // the line that starts before offset
	}
	return i + 1
}

// linesOf returns the offsets at which file's lines start.
func (x *subject) linesOf(file *token.File) []int {
	if file == x.lastFile {
		return x.lastStarts // a path stays in one file for long
	}
	starts := x.prog.facts.LineStarts(file)
	x.lastFile, x.lastStarts = file, starts
	return starts
}

// lineRange returns the positions of line of file: from its start to the
// next line's, or past the file's end.
func (x *subject) lineRange(file *token.File, line int) (from, to token.Pos) {
	starts := x.linesOf(file)
	from = token.Pos(file.Base() + starts[line-1])
	if line < len(starts) {
		return from, token.Pos(file.Base() + starts[line])
	}
	return from, token.Pos(file.Base() + file.Size() + 1)
}

// noteBranch records the outcome of an If.
func (s *state) noteBranch(x *explorer, in *ssa.If, taken bool) {
	f := s.top()
	if f.std || f.fn.Synthetic != "" {
		return // the package initializer's guard, wrappers: not the user's code
	}
	// The branch and its trace step are one allocation: a step is made at
	// every branch of every path.
	bs := x.steps.branches.new()
	bs.branchStep = branchStep{in: in, taken: taken}
	b := &bs.branchStep
	b.holdOperands(f)
	if last := s.trace; last != nil && last.branch == nil && last.depth == s.traceDepth() && s.ownStep(last) {
		if s.onTraceLine(x, last.pos) {
			// The step may be shared with a forked path, so it is not
			// changed: a step that decides the previous one's line is
			// added and merged when the trace is written (see traceOf).
			bs.traceStep = traceStep{pos: last.pos, depth: last.depth, branch: b, decidesPrevious: true}
			s.pushStep(&bs.traceStep)
			return
		}
	}
	pos := in.Cond.Pos()
	if !pos.IsValid() {
		pos = x.posOf(s)
	}
	bs.traceStep = traceStep{pos: pos, depth: s.traceDepth(), branch: b}
	s.pushStep(&bs.traceStep)
}

// branchTraceStep is a branch's trace step and the branch.
type branchTraceStep struct {
	traceStep
	branchStep
}

// ownStep reports whether the running goroutine took step t: a branch
// or an event decides only a line of its own goroutine (a goroutine a
// partner's send woke decides its select on its own line).
func (s *state) ownStep(t *traceStep) bool { return int(t.gid) == s.gid() }

// onTraceLine reports whether pos is on the line of the trace's last
// entry.
func (s *state) onTraceLine(x *explorer, pos token.Pos) bool {
	if s.traceAt.to > 0 {
		// [lineFrom, lineTo) is that line's, as note keeps it.
		return pos >= s.traceAt.from && pos < s.traceAt.to
	}
	return x.fset.File(pos) == s.traceAt.file && x.lineOf(s.traceAt.file, pos) == s.traceAt.line
}

// traceDepth is the depth of the path's next trace step: the number of
// frames above the entry's. Package initialization runs first, at depth
// 1, whatever the path put below it (the receiver's invariant, the calls
// that build the receiver), as it does in a run that shares it (see
// initonce.go).
func (s *state) traceDepth() int32 {
	if s.pkgInit.running {
		if i := slices.IndexFunc(s.frames, func(f *frame) bool { return f.initialization }); i >= 0 {
			return int32(len(s.frames) - i)
		}
	}
	return int32(len(s.frames) - 1)
}

// addStep makes step the last of the path's trace.
func (s *state) addStep(x *explorer, step traceStep) {
	t := x.steps.lines.new()
	*t = step
	s.pushStep(t)
}

// slab hands out values of T from blocks of slabSize, one allocation a
// block instead of one a value: a step is added to the trace at every
// line and branch of every path, and these were an eighth of what
// TreeMap.put's search allocated. A step is never changed once pushed.
// A block stays alive while a path holds any of its steps; paths
// explored one after the other hold steps of a few blocks.
type slab[T any] struct{ free []T }

const slabSize = 16

// traceSlabs hands out a search's trace steps: those of lines and
// events, and those of branches.
type traceSlabs struct {
	lines    slab[traceStep]
	branches slab[branchTraceStep]
}

// new returns a zero T of its own.
func (a *slab[T]) new() *T {
	if len(a.free) == 0 {
		a.free = make([]T, slabSize)
	}
	t := &a.free[0]
	a.free = a.free[1:]
	return t
}

// noteEvent adds a step at pos that says what happened there, where the
// running code is the user's.
func (s *state) noteEvent(x *explorer, pos token.Pos, event string) {
	if !pos.IsValid() || s.top().std {
		return
	}
	step := traceStep{pos: pos, depth: s.traceDepth(), event: event}
	if last := s.trace; last != nil && last.branch == nil && last.event == "" && last.depth == step.depth && s.ownStep(last) && s.onTraceLine(x, last.pos) {
		// It says what happened on the line the step before entered.
		step.pos, step.decidesPrevious = last.pos, true
	}
	s.addStep(x, step)
}

// pushStep makes step the path's last one.
func (s *state) pushStep(step *traceStep) {
	step.gid = int32(s.gid())
	step.prev = s.trace
	step.n = int32(s.traceLen()) + 1
	s.trace = step
}

// traceLen is the number of steps in the path's trace.
func (s *state) traceLen() int {
	if s.trace == nil {
		return 0
	}
	return int(s.trace.n)
}

// traceSteps returns the first n steps of the path's trace, oldest first.
func (s *state) traceSteps(n int) []*traceStep {
	if s.trace == nil {
		return nil
	}
	steps := make([]*traceStep, s.trace.n)
	placeSteps(steps, s.trace, nil, 0, nil)
	return steps[:min(n, len(steps))]
}

// placeSteps puts the steps of a trace from t back to stop (left out)
// at their places in steps: step u's is u.n-1+offset. A segment's steps
// are numbered on the path that made them, so offset moves them to
// where the segment stands. renames are the renamings of the segments
// the steps are in, innermost first: a step's values are renamed by each.
func placeSteps(steps []*traceStep, t, stop *traceStep, offset int, renames []*heap.Renaming) {
	for ; t != stop; t = t.prev {
		if seg := t.seg; seg != nil {
			inner := renames
			if seg.rename != nil {
				inner = append([]*heap.Renaming{seg.rename}, renames...)
			}
			placeSteps(steps, seg.to, seg.from, offset+t.prev.traceN()-seg.from.traceN(), inner)
			continue
		}
		steps[offset+int(t.n)-1] = renamedStep(t, renames)
	}
}

// renamedStep returns t with the values of its branch renamed by each of
// renames in turn; a value a renaming cannot carry is left out.
func renamedStep(t *traceStep, renames []*heap.Renaming) *traceStep {
	if len(renames) == 0 || t.branch == nil || t.branch.held == 0 {
		return t
	}
	c := *t
	c.branch = t.branch.mapOperands(func(v heap.Value) (heap.Value, bool) {
		for _, r := range renames {
			var ok bool
			if v, ok = r.Value(v); !ok {
				return nil, false
			}
		}
		return v, true
	})
	return &c
}

// traceN is the number of steps up to and including t (0 for none).
func (t *traceStep) traceN() int {
	if t == nil {
		return 0
	}
	return int(t.n)
}

// beginInit records that the path runs the initialization of pkg.
func (s *state) beginInit(pkg *ssa.Package) { s.pkgInit.begun = withMember(s.pkgInit.begun, pkg) }

// withMember returns set with k in it: set itself if k is already, or a
// copy, because forked states share their sets.
func withMember[K comparable](set map[K]bool, k K) map[K]bool {
	if set[k] {
		return set
	}
	return cow.With(set, k, true)
}

// endInit records the heap and variables initialization left.
func (s *state) endInit() {
	s.keepInitChans()
	s.pkgInit.end = s.heap.Clone()
	s.heap.Watch(s.pkgInit.end)
	s.pkgInit.globals = s.globals
}

// keepInitChans keeps the channels initialization made, which started the
// path's sched, apart from it: a path that never uses them has no sched,
// and keeps subsumption and summaries (see state.threads). Package
// initialization starts no goroutine; a path whose initialization made a
// timer keeps its sched, which holds the timer.
func (s *state) keepInitChans() {
	if s.g != nil && len(s.g.gs) == 1 && len(s.g.timers) == 0 {
		s.pkgInit.chans, s.g = s.g.chans, nil
	}
}

// initVariablesUnchanged reports whether the package variables s holds
// from initialization, and all they reach, are as initialization left
// them.
func (s *state) initVariablesUnchanged() bool {
	return s.pkgInit.end != nil && s.heap.MadeUnchanged(s.pkgInit.end)
}
