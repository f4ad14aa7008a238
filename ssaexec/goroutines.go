package ssaexec

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/dpor"
	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/internal/cow"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/search"
)

// Goroutines are threads of a path's state (design.md, "Goroutines").
// The running goroutine's stack is state.frames; the others wait beside
// it in the path's sched. A path gets a sched at its first go statement or
// channel: until then it runs as before, and nothing of this file costs
// it anything.
//
// Goroutines switch only before a visible operation: a channel operation,
// a select, a close, a call of sync/atomic, a semaphore of the sync
// models. What a goroutine does between two of them touches only what is
// its own, if the program has no data race, so running it at once or
// later is the same. Before each visible operation the path branches on
// which goroutine runs its next one. A switch away from the goroutine
// that ran the last one while it could go on is a preemption, and a path
// takes at most Config.Preemptions of them (CHESS's iterative context
// bounding): the record says so where the bound left a schedule out.

// sched is a path's goroutines and channels. Forked states copy it (see
// clone): the goroutines' slice is each state's own, their stacks are
// shared frame by frame as the running stack's are, the channels, timers
// and race shadows are shared until one writes (owned bits), and the
// transitions only grow (capacity-capped: see package cow).
type sched struct {
	gs []goroutine
	// cur is the index in gs of the goroutine whose stack is
	// state.frames, or -1 once it ended and no other was switched to.
	cur int
	// incumbent is the id of the goroutine the last scheduling decision
	// let run: switching away from it while it can go on is a
	// preemption.
	incumbent   int
	nextID      int
	preemptions int
	// entryDone says that the entry function returned: what is still
	// blocked then leaks.
	entryDone bool
	// blocks counts the times a goroutine blocked: waiters are served in
	// the order they blocked, as the runtime's queues serve them.
	blocks int
	chans  map[heap.ObjID]*channel
	// timers are the path's timers of package time, by the object of
	// their Timer or Ticker (see timers.go).
	timers map[heap.ObjID]*timer
	// trans holds the operations the path's goroutines ran (see
	// dpor.go); forked paths share its prefix, and started's.
	trans []dpor.Transition
	// started lists the goroutines the path started.
	started []result.Goroutine
	// shadows hold what accesses of each location left (see races.go).
	shadows map[shadowKey]*dpor.Shadow
	// owned has the bits (ownChans, ...) of the maps the path may write
	// in place (see cow.Owned).
	owned cow.Owned
	// result and entryArgs are what the entry returned, once it did, and
	// the arguments it was called with.
	result    heap.Value
	entryArgs []heap.Value
	// picks counts the path's choices among a select's ready cases or a
	// channel's blocked partners.
	picks int
	// doomed says a goroutine of the path panicked, which ends the
	// program once the others, which run first, end or block (see
	// othersFirst).
	doomed bool
}

// goroutine is one goroutine of a path.
type goroutine struct {
	id int
	// frames is the goroutine's stack while another runs (nil while it
	// runs). It is never written in place: states share it.
	frames []*frame
	// wait is what the goroutine is blocked on, nil while it can run.
	wait *waiting
	// poised says the goroutine stands before a visible operation: what
	// it does next concerns the others. chosen says a scheduling
	// decision let it run that operation, at chosenAt.
	poised, chosen bool
	chosenAt       opPos
	// clock is what happened before the goroutine's next operation.
	clock dpor.VClock
	// start is where the code under analysis started it: a panic of a
	// goroutine that runs only the standard library's code is there.
	start token.Pos
}

// opPos is where a goroutine stands: its depth, block and instruction.
type opPos struct {
	depth int
	block *ssa.BasicBlock
	pc    int
	// defers counts the top frame's deferred calls: running one (a
	// deferred close) leaves the frame where it was.
	defers int
}

// waiting is what a blocked goroutine waits for.
type waiting struct {
	// seq orders the goroutines by when they blocked.
	seq int
	// cases are the channel operations that would wake it: one for a
	// send or a receive, one per case of a select, none for an
	// operation on a nil channel (it never wakes).
	cases []waitCase
	// sema, if onSema, is the semaphore it waits for (or a mutex, or a
	// Cond's notify count). servable says another goroutine of the
	// entry's caller may end the wait, if it can reach sema: a Cond's
	// Signal may come from there, a Lock's Unlock should not.
	sema             heap.Ptr
	onSema, servable bool
	// timer says it is the goroutine of a stopped AfterFunc timer: no
	// goroutine of the program blocks there, so it neither leaks nor
	// takes part in a deadlock.
	timer bool
	// what it waits on, and where in the user's code, for messages.
	what        string
	pos         token.Pos
	within, pkg string
}

// waitCase is one channel operation a blocked goroutine waits to do.
type waitCase struct {
	ch   heap.ObjID
	send bool
	val  heap.Value // the value sent
	// index is the case's index in its select.
	index int
}

// threads returns the goroutines of s, making them at its first
// concurrent construct. Records of procedure summaries the path is in
// break there: a summary holds a heap and a result, not goroutines.
func (s *state) threads() *sched {
	if s.g == nil {
		s.g = &sched{gs: []goroutine{{id: 0}}, nextID: 1, owned: ownChans, chans: map[heap.ObjID]*channel{}}
		if s.pkgInit.chans != nil {
			s.g.chans, s.g.owned = s.pkgInit.chans, 0
		}
		markPaths(s, "goroutines or channels")
	}
	return s.g
}

func (g *sched) clone() *sched {
	c := *g
	c.gs = slices.Clone(g.gs)
	for i := range c.gs {
		if i != g.cur {
			for _, f := range c.gs[i].frames {
				f.sharers++
			}
		}
	}
	g.owned, c.owned = 0, 0
	c.trans = g.trans[:len(g.trans):len(g.trans)]
	c.started = g.started[:len(g.started):len(g.started)]
	return &c
}

// running returns the running goroutine.
func (g *sched) running() *goroutine { return &g.gs[g.cur] }

// index returns the index in gs of the goroutine id, or -1.
func (g *sched) index(id int) int {
	return slices.IndexFunc(g.gs, func(r goroutine) bool { return r.id == id })
}

// setChan replaces channel id's state.
func (g *sched) setChan(id heap.ObjID, c *channel) { cow.Put(&g.owned, ownChans, &g.chans, id, c) }

// Bits of sched.owned: the maps a path may write in place.
const (
	ownChans cow.Owned = 1 << iota
	ownTimers
	ownShadows
)

// opPosOf is where s's running goroutine stands.
func opPosOf(s *state) opPos {
	f := s.top()
	return opPos{len(s.frames), f.block, f.pc, len(f.defers)}
}

// switchTo makes goroutine i of s's sched the running one.
func (s *state) switchTo(i int) {
	g := s.g
	if i == g.cur {
		return
	}
	if g.cur >= 0 {
		g.gs[g.cur].frames = s.frames
	}
	g.cur = i
	// The stack is shared with the states forked while it waited: the
	// state takes a copy of the slice and owns its top frame.
	s.frames = slices.Clone(g.gs[i].frames)
	g.gs[i].frames = nil
	if n := len(s.frames); n > 0 {
		s.own(n - 1)
	}
}

// choose lets the running goroutine run the operation it stands before.
func (s *state) choose() {
	r := s.g.running()
	r.poised, r.chosen, r.chosenAt = true, true, opPosOf(s)
	s.g.incumbent = r.id
}

// ownTop returns goroutine i's top frame, copied first if another state
// holds it: a partner completing its blocked operation writes it.
func (g *sched) ownTop(i int) *frame {
	r := &g.gs[i]
	r.frames = slices.Clone(r.frames)
	return ownFrame(r.frames, len(r.frames)-1)
}

// schedule runs before each step of a path with goroutines. Before a
// visible operation not yet chosen it decides which goroutine runs next,
// and reports that it took the step.
func (x *machine) schedule(s *state) (alts []alt, took bool) {
	g := s.g
	r := g.running()
	if r.chosen && r.chosenAt == opPosOf(s) {
		return nil, false
	}
	r.chosen = false
	if !visibleStep(s) {
		r.poised = false
		return nil, false
	}
	r.poised = true
	if !x.enabledAt(s, s.top()) {
		// It blocks there, which no other goroutine sees: it may as
		// well block at once.
		s.choose()
		return nil, false
	}
	return x.pickNext(s, true), true
}

// reschedule picks the goroutine to run after the running one blocked or
// ended: no preemption, since it cannot go on.
func (x *machine) reschedule(s *state) []alt {
	return x.pickNext(s, false)
}

// pickNext lets the goroutines that do not stand before an operation they
// can run go first: what they do until their next one is their own, and
// blocking is seen by no other goroutine (but a select with a default,
// which takes it where the partner may not have come yet: see
// selectInstr). Then it decides which goroutine runs its operation. With
// current, the running goroutine can go on.
func (x *machine) pickNext(s *state, current bool) []alt {
	g := s.g
	for i, r := range g.gs {
		if i != g.cur && r.wait == nil && (!r.poised || !x.enabledAt(s, g.topOf(s, i))) {
			s.switchTo(i)
			return nil
		}
	}
	x.backtrack(s)
	node := x.newNode(s, current)
	switch len(node.Enabled) {
	case 0:
		x.allBlocked(s)
		return nil
	case 1:
		x.run(s, node, node.Enabled[0])
		return nil
	}
	return []alt{{node: node}}
}

// newNode returns the scheduling decision of s: the goroutines that can
// run their operation, the incumbent first; without partial-order
// reduction the search runs each.
func (x *subject) newNode(s *state, current bool) *dpor.Node {
	g := s.g
	n := &dpor.Node{Incumbent: -1, Preemptions: g.preemptions}
	for i, r := range g.gs {
		if r.wait == nil && (i != g.cur || current) {
			if r.id == g.incumbent {
				n.Incumbent = r.id
				n.Enabled = append([]int{r.id}, n.Enabled...)
			} else {
				n.Enabled = append(n.Enabled, r.id)
			}
		}
	}
	if n.Incumbent >= 0 && len(n.Enabled) > 1 {
		// Where the incumbent stands: there it is preempted.
		n.Pos = x.userLine(g.stackOf(s, g.index(n.Incumbent)))
	}
	if len(n.Enabled) > 1 {
		n.Backtrack = n.Enabled[:1:1]
		if !x.cfg.POR {
			n.Backtrack = slices.Clone(n.Enabled)
		}
	}
	return n
}

// userLine is where a goroutine with frames stands in the user's code:
// in its innermost frame that is not the standard library's.
func (x *subject) userLine(frames []*frame) token.Pos {
	for i := len(frames) - 1; i >= 0; i-- {
		if f := frames[i]; !f.std {
			if p, ok := f.lastPos(); ok {
				return p
			}
			return f.fn.Pos()
		}
	}
	return x.fn.Pos()
}

// visibleStep reports whether the next step of s's running goroutine is
// a visible operation.
func visibleStep(s *state) bool {
	f := s.top()
	if f.unwinding {
		return nextDeferVisible(f)
	}
	switch in := f.block.Instrs[f.pc].(type) {
	case *ssa.Send, *ssa.Select:
		return true
	case *ssa.UnOp:
		return in.Op == token.ARROW
	case *ssa.RunDefers:
		return nextDeferVisible(f)
	case *ssa.Call:
		return visibleCall(in.Common())
	}
	return false
}

// nextDeferVisible reports whether f's next deferred call is a visible
// operation: a close, or a call of a visible function.
func nextDeferVisible(f *frame) bool {
	n := len(f.defers)
	if n == 0 {
		return false
	}
	spec := f.defers[n-1]
	if spec.builtin != nil {
		return spec.builtin.Name() == "close"
	}
	fn, ok := deferredFunc(spec)
	return ok && visibleFunc(fn)
}

// deferredFunc returns the function a deferred call calls, where it is a
// known function without free variables.
func deferredFunc(spec callSpec) (*ssa.Function, bool) {
	if spec.method != nil {
		return nil, false
	}
	fv, ok := spec.callee.(heap.Func)
	if !ok {
		return nil, false
	}
	fn, ok := fv.Fn.(*ssa.Function)
	return fn, ok && fn.Pkg != nil
}

// visibleCall reports whether a call is a visible operation: a builtin on
// a channel, a function of sync/atomic, a semaphore of the models.
func visibleCall(c *ssa.CallCommon) bool {
	if b, ok := c.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "close", "len", "cap":
			return isChan(c.Args[0].Type())
		}
		return false
	}
	fn := c.StaticCallee()
	if fn == nil || fn.Pkg == nil {
		return false
	}
	return visibleFunc(fn)
}

// visibleFunc reports whether a call of fn is a visible operation: a
// function of sync/atomic, a semaphore of the models, an operation on a
// timer.
func visibleFunc(fn *ssa.Function) bool {
	if isTimerOp(fn) {
		return true
	}
	if fn.Signature.Recv() != nil {
		return false
	}
	switch fn.Pkg.Pkg.Path() {
	case "sync/atomic", "internal/runtime/atomic":
		return true
	}
	return isModelPath(fn.Pkg.Pkg.Path()) && intrinsics[fn.Name()].shared
}

// enabledAt reports whether the visible operation frame f stands before
// can go on now, rather than block.
func (x *evaluator) enabledAt(s *state, f *frame) bool {
	if f.unwinding {
		return true
	}
	switch in := f.block.Instrs[f.pc].(type) {
	case *ssa.Send:
		op, ok := x.peekOp(s, f, in.Chan, true)
		return !ok || s.ready(op)
	case *ssa.UnOp:
		op, ok := x.peekOp(s, f, in.X, false)
		return !ok || s.ready(op)
	case *ssa.Select:
		if !in.Blocking {
			return true
		}
		for _, st := range in.States {
			if op, ok := x.peekOp(s, f, st.Chan, st.Dir == types.SendOnly); !ok || s.ready(op) {
				return true
			}
		}
		return false
	case *ssa.Call:
		fn := in.Call.StaticCallee()
		if fn == nil || fn.Pkg == nil || !isModelPath(fn.Pkg.Pkg.Path()) {
			return true
		}
		v, _ := x.valueIn(s, f, in.Call.Args[0])
		p, ok := v.(heap.Ptr)
		if !ok {
			return true // the operation says what is wrong
		}
		switch fn.Name() {
		case intrinsicFireTimer:
			tm := s.g.timers[p.Obj]
			return tm == nil || tm.armed
		case intrinsicSemacquire:
			n, known := wordAt(s, p, types.Typ[types.Uint32])
			return !known || n != 0
		case intrinsicLock:
			n, known := wordAt(s, p, types.Typ[types.Int32])
			return !known || n&mutexLocked == 0
		case intrinsicAwaitTicket:
			n, known := wordAt(s, p, types.Typ[types.Uint32])
			v, _ := x.valueIn(s, f, in.Call.Args[1])
			t, tKnown := concrete(v)
			return !known || !tKnown || n > t
		}
	}
	return true
}

// goInstr starts a goroutine: the callee and arguments are evaluated in
// the running one (a nil function panics there), and the new goroutine
// begins with the callee's frame.
func (x *explorer) goInstr(s *state, in *ssa.Go) []alt {
	if !x.canStart(s, "go statement") {
		return nil
	}
	spec := x.evalCall(s, in.Common(), in.Pos())
	if spec.builtin != nil {
		return x.goBuiltin(s, spec, in)
	}
	spec.goStmt = true
	s.threads()
	depth := len(s.frames)
	alts := x.invoke(s, spec, nil)
	if alts != nil || s.end != running {
		return alts
	}
	if len(s.frames) > depth {
		// The callee's frame is the new goroutine's stack.
		f := s.frames[depth]
		s.frames = s.frames[:depth]
		x.spawn(s, f, FuncName(f.fn), in.Pos())
	}
	// Otherwise gosym does not run the callee (invoke noted it): the
	// goroutine is left out.
	advance(s)
	return nil
}

// goBuiltin runs a go statement of a builtin: go panic(v) starts a
// goroutine that panics with v (see the gostmt models); a builtin without
// effects on others (print, recover) starts one that does nothing.
func (x *subject) goBuiltin(s *state, spec callSpec, in *ssa.Go) []alt {
	switch name := spec.builtin.Name(); {
	case name == "panic" && x.std != nil && x.std.goPanic != nil:
		s.threads()
		f := x.newFrame(x.std.goPanic, nil)
		f.env.set(x.std.goPanic.Params[0], spec.args[0])
		x.spawn(s, f, "panic", in.Pos())
	case name == "print" || name == "println" || name == "recover":
	default:
		s.unsupported("go statement of builtin " + name)
		return nil
	}
	advance(s)
	return nil
}

// canStart reports whether s may start a goroutine (by what): not while
// the entry's parameters are built, or its package is initialized, whose
// end states hold no goroutine. Otherwise s ends unsupported.
func (x *subject) canStart(s *state, what string) bool {
	if s.seq != nil && s.seq.running || s.bound < len(x.fn.Params) || s.pkgInit.running {
		s.unsupported(what + " while building the entry's parameters or initializing its package")
		return false
	}
	return true
}

// spawn starts a goroutine of s with the stack f, running the function
// name, started at pos, and returns its id. Its start is an operation of
// the running goroutine for the clocks: what that did before happens
// before the new goroutine, what it does after does not.
func (x *subject) spawn(s *state, f *frame, name string, pos token.Pos) int {
	g := s.threads()
	g.record(g.cur, nil, nil)
	id := g.nextID
	g.gs = append(g.gs, goroutine{id: id, frames: []*frame{f}, clock: g.running().clock, start: x.userLine(s.frames)})
	g.started = append(g.started, result.Goroutine{ID: id, Func: name, Start: x.fset.Position(pos)})
	g.nextID++
	return id
}

// allBlocked ends s, whose goroutines all ended or block: the path
// returned, a goroutine the entry started leaks, or the program is
// deadlocked. Where a goroutine waits on a channel the entry's caller can
// reach, another goroutine of the caller may serve it: the path ends
// there, as a bound, not a finding (a pipe's Read waits for a Write),
// unless nothing can end the wait (see waits.go).
func (x *machine) allBlocked(s *state) {
	g := s.g
	if g.doomed {
		// The panic that ends the program comes now; it was reported.
		s.end = dropped
		return
	}
	if len(g.gs) > 0 {
		if x.stuckForever(s) {
			return
		}
		if i, ok := x.callerServes(s); ok {
			w := g.gs[i].wait
			x.hitBound(search.Bound{Kind: search.BoundGoroutine, Text: fmt.Sprintf("%s waits for another goroutine at %s", w.what, shortPos(x.fset.Position(w.pos))), Limit: w.what + " waits for another goroutine"})
			s.end = dropped
			return
		}
	}
	if !g.entryDone {
		x.deadlock(s, "")
		return
	}
	if !slices.ContainsFunc(g.gs, goroutine.blocked) || !x.cfg.Leaks {
		s.end = returned
		return
	}
	x.leak(s, slices.IndexFunc(g.gs, goroutine.blocked), "")
}

// blocked reports whether r is a goroutine of the program blocked: not
// the goroutine of a stopped timer (see timers.go).
func (r goroutine) blocked() bool { return r.wait != nil && !r.wait.timer }

// callerServes returns a goroutine of s blocked on a channel the entry's
// caller can reach: through the entry's arguments, the package variables
// or what the entry returned.
func (x *subject) callerServes(s *state) (int, bool) {
	g := s.g
	roots := x.callerRoots(s)
	for _, p := range s.globals {
		roots = append(roots, p)
	}
	for i, r := range g.gs {
		if !r.blocked() {
			continue
		}
		for _, c := range r.wait.cases {
			if s.heap.Reaches(roots, c.ch) {
				return i, true
			}
		}
		if w := r.wait; w.servable && s.heap.Reaches(roots, w.sema.Obj) {
			return i, true
		}
	}
	return 0, false
}

// callerRoots are what the entry's caller holds: the entry's arguments
// and what it returned.
func (x *subject) callerRoots(s *state) []heap.Value {
	g := s.g
	roots := []heap.Value{heap.Ptr{Obj: s.heap.Args()}, g.result}
	if !g.entryDone {
		g.entryArgs = x.argsOf(g.stackOf(s, g.index(0))[0])
	}
	return append(roots, g.entryArgs...)
}

// deadlock ends s, in which the entry's goroutine blocks and every other
// goroutine does too, with the runtime's fatal error; why, if not empty,
// says why nothing can end its wait.
func (x *subject) deadlock(s *state, why string) {
	g := s.g
	s.switchTo(g.index(0))
	w := g.running().wait
	msg := "deadlock: " + w.what + " blocks forever" + inSuffix(w.within) + becauseOf(why)
	if others := x.blockedOthers(g, 0); others != "" {
		msg += "; every other goroutine blocks too: " + others
	}
	f := x.newFound(result.Deadlock, w.pos, w.pkg, w.within, func(heap.Valuer) string { return msg })
	f.want = []string{fatalPrefix + deadlockMessage}
	x.endFatally(s, f)
}

// leak ends s, in which the entry returned while goroutines it started
// block forever, with a finding at the one of index i; why, if not
// empty, says why nothing can end its wait.
func (x *subject) leak(s *state, i int, why string) {
	g := s.g
	s.switchTo(i)
	r := g.running()
	w := r.wait
	msg := fmt.Sprintf("leak: goroutine %d (%s) blocks forever on %s after %s returned", r.id, x.startedAt(g, r), w.what, FuncName(x.fn)) + becauseOf(why)
	if others := x.blockedOthers(g, r.id); others != "" {
		msg += "; so do " + others
	}
	f := x.newFound(result.Leak, w.pos, w.pkg, w.within, func(heap.Valuer) string { return msg })
	x.endFatally(s, f)
}

// argsOf returns the values of the entry's parameters in its frame f.
func (x *subject) argsOf(f *frame) []heap.Value {
	var args []heap.Value
	for _, p := range x.fn.Params {
		if v, ok := f.env.get(p); ok {
			args = append(args, v)
		}
	}
	return args
}

// startedAt says what goroutine r runs and where it was started.
func (x *subject) startedAt(g *sched, r *goroutine) string {
	if r.id == 0 {
		return x.funcOf(g, 0)
	}
	return fmt.Sprintf("%s, started at %s", x.funcOf(g, r.id), shortPos(g.info(r.id).Start))
}

// info returns what the path recorded of the start of goroutine id.
func (g *sched) info(id int) result.Goroutine {
	i := slices.IndexFunc(g.started, func(r result.Goroutine) bool { return r.ID == id })
	return g.started[i]
}

// funcOf names what goroutine id runs.
func (x *subject) funcOf(g *sched, id int) string {
	if id == 0 {
		return FuncName(x.fn)
	}
	return g.info(id).Func
}

// blockedOthers lists the blocked goroutines but id, and where.
func (x *subject) blockedOthers(g *sched, id int) string {
	var out []string
	for _, r := range g.gs {
		if r.id != id && r.blocked() {
			out = append(out, fmt.Sprintf("goroutine %d (%s) on %s at %s", r.id, x.funcOf(g, r.id), r.wait.what, shortPos(x.fset.Position(r.wait.pos))))
		}
	}
	return strings.Join(out, ", ")
}

// othersFirst explores, where s ended in a panic of one of its goroutines
// while others could still run, the schedules on which those run before
// it: a panic ends every goroutine, so it is an operation that depends on
// every other's, and one of them may panic first. It reports whether one
// of those schedules ended in a panic of its own: then the panic of s
// needs its schedule.
func (x *explorer) othersFirst(s *state) bool {
	g := s.g
	if g == nil || g.doomed || g.cur < 0 || !slices.ContainsFunc(g.gs, func(r goroutine) bool { return r.wait == nil && r.id != g.running().id }) {
		return false
	}
	c := s.clone()
	c.end, c.finding, c.panic, c.contract, c.seqPanic = running, nil, nil, false, false
	c.g.doomed = true
	c.g.picks++ // holding a goroutine that can go on is a choice of schedule
	c.g.gs = slices.Delete(c.g.gs, c.g.cur, c.g.cur+1)
	c.g.cur = -1
	c.frames = nil
	panics := x.res.Panics
	x.res.States++
	x.goOn(c, x.reschedule(c))
	return x.res.Panics > panics
}

// goOn explores s, which a step left with alts, and all that follows
// from it, before it returns.
func (x *explorer) goOn(s *state, alts []alt) {
	switch {
	case s.end != running:
		x.drain(finishTask{s})
	case len(alts) > 0:
		x.drain(branchOf(s, alts))
	default:
		x.exploreNow(s)
	}
}

// goroutineEnded removes the running goroutine, whose last frame
// returned, and runs another.
func (x *machine) goroutineEnded(s *state) []alt {
	g := s.g
	if g.running().id == 0 {
		g.entryDone = true
	}
	g.gs = slices.Delete(g.gs, g.cur, g.cur+1)
	g.cur = -1
	s.frames = nil
	return x.reschedule(s)
}
