package ssaexec

import (
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
)

// Dynamic partial-order reduction (Flanagan and Godefroid, POPL 2005).
// Each scheduling decision of a path is a node: the goroutines that could
// run their operation there, and the backtrack set of those the search
// runs from it. A node first runs one goroutine (the incumbent, if it can
// go on: the schedule without a preemption). Each later decision of the
// path looks back, for every goroutine, for the last operation of another
// goroutine that touched what its next one touches, and that nothing
// orders before it (vector clocks track what happened before what); the
// node of that operation must also try the goroutine first. So only
// orders of dependent operations are tried: operations on one channel,
// one semaphore, one atomic variable (two loads excepted).

// schedNode is a scheduling decision of a path, shared by the paths that
// go on from it: they add to its backtrack set as they find races.
type schedNode struct {
	// enabled holds the goroutines that could run their operation, the
	// incumbent first; backtrack those the search runs, done those it ran.
	enabled, backtrack, done []int
	// incumbent is the goroutine that ran last, -1 if it cannot go on:
	// running another is a preemption, of which the path had taken
	// preemptions.
	incumbent, preemptions int
	// pos is where the decision is made, for the bound's record; cut
	// says the bound left a goroutine out here.
	pos token.Pos
	cut bool
}

// add puts goroutine id in n's backtrack set, or, where it could not run
// at n, every goroutine that could.
func (n *schedNode) add(id int) {
	if !slices.Contains(n.enabled, id) {
		for _, e := range n.enabled {
			n.add(e)
		}
		return
	}
	if !slices.Contains(n.backtrack, id) {
		n.backtrack = append(n.backtrack, id)
	}
}

// next returns the goroutine n runs next, in the order of enabled, or
// false once it ran each of its backtrack set.
func (n *schedNode) next() (int, bool) {
	for _, id := range n.enabled {
		if slices.Contains(n.backtrack, id) && !slices.Contains(n.done, id) {
			n.done = append(n.done, id)
			return id, true
		}
	}
	return 0, false
}

// access is what an operation touches: a channel, or a variable (a
// semaphore, an atomic); any, where it is not known yet, stands for
// everything.
type access struct {
	obj   heap.ObjID
	path  heap.Path
	write bool
	any   bool
	// takes is, for a receive from a buffered channel, 1 + the index of
	// the transition that sent the value it takes (0: none). The send
	// happens before the receive, as Go's memory model has it: the two
	// are no race to reverse.
	takes int
}

// dependent reports whether two operations touching a and b may give a
// different result in the other order.
func dependent(a, b []access) bool {
	for _, p := range a {
		for _, q := range b {
			if (p.write || q.write) && (p.any || q.any || p.obj == q.obj && p.path == q.path) {
				return true
			}
		}
	}
	return false
}

// transition is an operation a goroutine ran on a path.
type transition struct {
	gid  int
	acc  []access
	node *schedNode
	// clock is what happened before it and it (see vclock).
	clock vclock
}

// vclock maps a goroutine's id to the index, in the path's transitions,
// of its last operation known to have happened before.
type vclock []int

func (c vclock) get(id int) int {
	if id < len(c) {
		return c[id]
	}
	return -1
}

// join returns the clock of what happened before c or d.
func (c vclock) join(d vclock) vclock {
	out := make(vclock, max(len(c), len(d)))
	for i := range out {
		out[i] = max(c.get(i), d.get(i))
	}
	return out
}

// with returns c where goroutine id's last operation is transition n.
func (c vclock) with(id, n int) vclock {
	out := c.join(nil)
	for len(out) <= id {
		out = append(out, -1)
	}
	out[id] = n
	return out
}

// record appends the operation goroutine i is about to run, touching acc
// and chosen at node, to the path's transitions.
func (g *sched) record(i int, acc []access, node *schedNode) {
	r := &g.gs[i]
	c := r.clock
	for _, t := range g.trans {
		if dependent(t.acc, acc) {
			c = c.join(t.clock)
		}
	}
	for _, a := range acc {
		if a.takes > 0 {
			c = c.join(g.trans[a.takes-1].clock)
		}
	}
	n := len(g.trans)
	r.clock = c.with(r.id, n)
	g.trans = append(g.trans, transition{gid: r.id, acc: acc, node: node, clock: r.clock})
}

// synchronize makes goroutine i's clock follow the path's last
// transition, which woke i. The operation i blocked on was not enabled
// before it, so the two need not be tried in the other order: a schedule
// that enables i's operation sooner does so by another operation that
// races with the waking one, and the search tries that race.
func (g *sched) synchronize(i int) {
	if n := len(g.trans); n > 0 {
		g.gs[i].clock = g.gs[i].clock.join(g.trans[n-1].clock)
	}
}

// backtrack adds, for each goroutine's next operation, its goroutine to
// the node of the last operation it races with (FG05's update).
func (x *explorer) backtrack(s *state) {
	g := s.g
	for i := range g.gs {
		acc := x.pendingAccess(s, i)
		if len(acc) == 0 {
			continue
		}
		g.tryBeforeLastRace(&g.gs[i], func(j int, t *transition) bool {
			return dependent(t.acc, acc) && !takesFrom(acc, j)
		})
	}
}

// tryBeforeLastRace adds goroutine p to the node of the last transition
// of another goroutine that nothing orders before p and that races with
// p's next operation (FG05's update).
func (g *sched) tryBeforeLastRace(p *goroutine, races func(j int, t *transition) bool) {
	for j := len(g.trans) - 1; j >= 0; j-- {
		t := &g.trans[j]
		if t.gid == p.id || p.clock.get(t.gid) >= j || !races(j, t) {
			continue
		}
		if t.node != nil {
			t.node.add(p.id)
		}
		return
	}
}

// backtrackUnknown is backtrack where a bound cut s's path: what each
// goroutine would have done next is unknown, and may race with what any
// other did, so each goroutine's next operation touches everything. The
// paths a cut stops do not show the races further on, which the other
// orders would (partial-order reduction with a depth bound is not
// complete); this tries the goroutines in the other order at the last
// operation each could race with.
func (x *explorer) backtrackUnknown(s *state) {
	g := s.g
	if g == nil {
		return
	}
	for i := range g.gs {
		g.tryBeforeLastRace(&g.gs[i], func(int, *transition) bool { return true })
	}
}

// takesFrom reports whether the receive acc describes takes the value
// transition j sent.
func takesFrom(acc []access, j int) bool {
	return len(acc) == 1 && acc[0].takes == j+1
}

// pendingAccess is what goroutine i's next operation touches: what it
// blocks on, or the visible operation it stands before (nil for none).
func (x *explorer) pendingAccess(s *state, i int) []access {
	r := &s.g.gs[i]
	if w := r.wait; w != nil {
		return w.access()
	}
	if !r.poised {
		return nil
	}
	return x.opAccess(s, s.g.topOf(s, i))
}

// access is what the operation w waits to do touches: its semaphore,
// or the channel of each of its cases.
func (w *waiting) access() []access {
	if w.onSema {
		return []access{{obj: w.sema.Obj, path: w.sema.Path, write: true}}
	}
	acc := make([]access, len(w.cases))
	for k, c := range w.cases {
		acc[k] = access{obj: c.ch, write: true}
	}
	return acc
}

// joinPartner makes the path's last transition, the running goroutine's
// operation that completes goroutine i's blocked one on an unbuffered
// channel, an operation of both. It touches every channel i waits on:
// taking one case of i's select disables the others, so an operation on
// another of them by a third goroutine races with it (Start runs a node,
// then Status and Stop each need its select: which one comes first
// decides whether the other blocks forever). And it is i's operation in
// the clocks: the send and the receive are synchronized both ways (Go's
// memory model), so what i did before it happens before what the
// running goroutine does after.
func (g *sched) joinPartner(i int) {
	n := len(g.trans) - 1
	r := g.running()
	if n < 0 || g.trans[n].gid != r.id {
		return
	}
	t := g.trans[n]
	p := &g.gs[i]
	extra := p.wait.access()
	c := t.clock.join(p.clock)
	for _, u := range g.trans[:n] {
		if dependent(u.acc, extra) {
			c = c.join(u.clock)
		}
	}
	t.acc = append(slices.Clip(t.acc), extra...)
	t.clock = c.with(p.id, n)
	r.clock = t.clock
	// Forked paths share the transitions: the last one is replaced, not
	// changed in place.
	g.trans = append(g.trans[:n:n], t)
}

// topOf returns goroutine i's top frame.
func (g *sched) topOf(s *state, i int) *frame {
	fs := g.stackOf(s, i)
	return fs[len(fs)-1]
}

// stackOf returns goroutine i's frames.
func (g *sched) stackOf(s *state, i int) []*frame {
	if i == g.cur {
		return s.frames
	}
	return g.gs[i].frames
}

// opAccess is what the visible operation frame f stands before touches.
func (x *explorer) opAccess(s *state, f *frame) []access {
	operand := func(v ssa.Value) heap.Value {
		val, _ := x.valueIn(s, f, v)
		return val
	}
	if f.unwinding || isRunDefers(f) {
		if !nextDeferVisible(f) {
			return nil
		}
		spec := f.defers[len(f.defers)-1]
		fn, _ := deferredFunc(spec)
		return s.g.callAccess(spec.builtin, fn, spec.args)
	}
	switch in := f.block.Instrs[f.pc].(type) {
	case *ssa.Send:
		return chanAt(operand(in.Chan), true)
	case *ssa.UnOp:
		acc := chanAt(operand(in.X), true)
		if len(acc) == 1 && !acc[0].any {
			if c := s.g.chans[acc[0].obj]; c != nil && len(c.buf) > 0 {
				acc[0].takes = c.buf[0].sent + 1
			}
		}
		return acc
	case *ssa.Select:
		var acc []access
		for _, st := range in.States {
			acc = append(acc, chanAt(operand(st.Chan), true)...)
		}
		return acc
	case *ssa.Call:
		b, _ := in.Call.Value.(*ssa.Builtin)
		args := make([]heap.Value, len(in.Call.Args))
		for i, a := range in.Call.Args {
			args[i] = operand(a)
		}
		return s.g.callAccess(b, in.Call.StaticCallee(), args)
	}
	return nil
}

// anything is the access of an operation whose operands are not known
// yet: it may touch everything.
var anything = []access{{any: true, write: true}}

// chanAt is the access of an operation on the channel or variable v.
func chanAt(v heap.Value, write bool) []access {
	switch c := v.(type) {
	case heap.Nil:
		return []access{}
	case heap.Ptr:
		return []access{{obj: c.Obj, path: c.Path, write: write}}
	}
	return anything
}

// callAccess is what a visible call touches: the builtin b's channel, or
// the timer of a timer's method, or the variable fn's first argument
// points to.
func (g *sched) callAccess(b *ssa.Builtin, fn *ssa.Function, args []heap.Value) []access {
	switch {
	case b != nil:
		return chanAt(args[0], b.Name() == "close")
	case fn == nil || len(args) == 0:
		return anything
	case isTimerOp(fn):
		if p, ok := args[0].(heap.Ptr); ok {
			return g.timerAccess(p)
		}
		return anything
	}
	// A load of sync/atomic reads; everything else writes. A Cond's
	// notify touches its wait count too.
	acc := chanAt(args[0], !strings.HasPrefix(fn.Name(), "Load"))
	if fn.Name() == intrinsicNotifyTickets {
		acc = append(slices.Clip(acc), chanAt(args[1], true)...)
	}
	return acc
}

// isRunDefers reports whether f stands before its RunDefers.
func isRunDefers(f *frame) bool {
	_, ok := f.block.Instrs[f.pc].(*ssa.RunDefers)
	return ok
}

// valueIn is value for an operand of frame f, which need not be the
// running goroutine's.
func (x *explorer) valueIn(s *state, f *frame, v ssa.Value) (heap.Value, bool) {
	switch v.(type) {
	case *ssa.Const, *ssa.Function, *ssa.Global:
		return x.value(s, v), true
	}
	return f.env.get(v)
}

// exploreNode explores the goroutines node's backtrack set holds, each on
// its own copy of s, until the set grows no more.
func (x *explorer) exploreNode(s *state, node *schedNode) {
	for {
		id, ok := node.next()
		if !ok {
			return
		}
		if node.preempts(id) && node.preemptions >= x.cfg.Preemptions {
			node.cut = true
			x.hitBound(boundAt(boundPreemption, "", shortPos(x.fset.Position(node.pos))))
			markPaths(s, "a bound")
			continue
		}
		child := s.clone()
		child.choices++
		x.res.States++
		x.run(child, node, id)
		x.explore(child)
		if x.halted() {
			return
		}
	}
}

// preempts reports whether running goroutine id at n is a preemption.
func (n *schedNode) preempts(id int) bool { return n.incumbent >= 0 && id != n.incumbent }

// run lets goroutine id run its operation, chosen at node.
func (x *explorer) run(s *state, node *schedNode, id int) {
	g := s.g
	if node.preempts(id) {
		g.preemptions++
	}
	i := g.index(id)
	s.switchTo(i)
	s.choose()
	g.record(i, x.pendingAccess(s, i), node)
}
