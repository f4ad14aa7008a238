package ssaexec

import (
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/dpor"
	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/search"
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

// record appends the operation goroutine i is about to run, touching acc
// and chosen at node, to the path's transitions.
func (g *sched) record(i int, acc []dpor.Access, node *dpor.Node) {
	r := &g.gs[i]
	g.trans, r.clock = dpor.Record(g.trans, r.id, r.clock, acc, node)
}

// synchronize makes goroutine i's clock follow the path's last
// transition, which woke i. The operation i blocked on was not enabled
// before it, so the two need not be tried in the other order: a schedule
// that enables i's operation sooner does so by another operation that
// races with the waking one, and the search tries that race.
func (g *sched) synchronize(i int) {
	if n := len(g.trans); n > 0 {
		g.gs[i].clock = g.gs[i].clock.Join(g.trans[n-1].Clock)
	}
}

// backtrack adds, for each goroutine's next operation, its goroutine to
// the node of the last operation it races with (FG05's update).
func (x *evaluator) backtrack(s *state) {
	g := s.g
	for i := range g.gs {
		acc := x.pendingAccess(s, i)
		if len(acc) == 0 {
			continue
		}
		g.tryBeforeLastRace(&g.gs[i], func(j int, t *dpor.Transition) bool {
			return dpor.Dependent(t.Acc, acc) && !dpor.TakesFrom(acc, j)
		})
	}
}

// tryBeforeLastRace adds goroutine p to the node of the last transition
// of another goroutine that nothing orders before p and that races with
// p's next operation (FG05's update).
func (g *sched) tryBeforeLastRace(p *goroutine, races func(j int, t *dpor.Transition) bool) {
	if j := dpor.LastRace(g.trans, p.id, p.clock, races); j >= 0 && g.trans[j].Node != nil {
		g.trans[j].Node.Add(p.id)
	}
}

// backtrackUnknown is backtrack where a bound cut s's path: what each
// goroutine would have done next is unknown, and may race with what any
// other did, so each goroutine's next operation touches everything. The
// paths a cut stops do not show the races further on, which the other
// orders would (partial-order reduction with a depth bound is not
// complete); this tries the goroutines in the other order at the last
// operation each could race with.
func backtrackUnknown(s *state) {
	g := s.g
	if g == nil {
		return
	}
	for i := range g.gs {
		g.tryBeforeLastRace(&g.gs[i], func(int, *dpor.Transition) bool { return true })
	}
}

// pendingAccess is what goroutine i's next operation touches: what it
// blocks on, or the visible operation it stands before (nil for none).
func (x *evaluator) pendingAccess(s *state, i int) []dpor.Access {
	r := &s.g.gs[i]
	if w := r.wait; w != nil {
		return w.access()
	}
	if !r.poised {
		return nil
	}
	return x.opAccess(s, s.g.topOf(s, i))
}

// writeOf is the access of an operation that writes the location p (a
// whole channel where p is one).
func writeOf(p heap.Ptr) dpor.Access {
	return dpor.Access{Obj: int(p.Obj), Path: string(p.Path), Write: true}
}

// access is what the operation w waits to do touches: its semaphore,
// or the channel of each of its cases.
func (w *waiting) access() []dpor.Access {
	if w.onSema {
		return []dpor.Access{writeOf(w.sema)}
	}
	acc := make([]dpor.Access, len(w.cases))
	for k, c := range w.cases {
		acc[k] = writeOf(heap.Ptr{Obj: c.ch})
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
	if n < 0 || g.trans[n].G != r.id {
		return
	}
	t := g.trans[n]
	p := &g.gs[i]
	extra := p.wait.access()
	c := t.Clock.Join(p.clock)
	for _, u := range g.trans[:n] {
		if dpor.Dependent(u.Acc, extra) {
			c = c.Join(u.Clock)
		}
	}
	t.Acc = append(slices.Clip(t.Acc), extra...)
	t.Clock = c.With(p.id, n)
	r.clock = t.Clock
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
func (x *evaluator) opAccess(s *state, f *frame) []dpor.Access {
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
		if len(acc) == 1 && !acc[0].Any {
			if c := s.g.chans[heap.ObjID(acc[0].Obj)]; c != nil && len(c.buf) > 0 {
				acc[0].Takes = c.buf[0].sent + 1
			}
		}
		return acc
	case *ssa.Select:
		var acc []dpor.Access
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
var anything = []dpor.Access{{Any: true, Write: true}}

// chanAt is the access of an operation on the channel or variable v.
func chanAt(v heap.Value, write bool) []dpor.Access {
	switch c := v.(type) {
	case heap.Nil:
		return []dpor.Access{}
	case heap.Ptr:
		return []dpor.Access{{Obj: int(c.Obj), Path: string(c.Path), Write: write}}
	}
	return anything
}

// callAccess is what a visible call touches: the builtin b's channel, or
// the timer of a timer's method, or the variable fn's first argument
// points to.
func (g *sched) callAccess(b *ssa.Builtin, fn *ssa.Function, args []heap.Value) []dpor.Access {
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
func (x *evaluator) valueIn(s *state, f *frame, v ssa.Value) (heap.Value, bool) {
	switch v.(type) {
	case *ssa.Const, *ssa.Function, *ssa.Global:
		return x.value(s, v), true
	}
	return f.env.get(v)
}

// preemptionCut reports whether running goroutine id at node, from s,
// would preempt one more than the bound allows, and if so records the
// bound.
func (x *machine) preemptionCut(s *state, node *dpor.Node, id int) bool {
	if !node.Preempts(id) || node.Preemptions < x.cfg.Preemptions {
		return false
	}
	node.Cut = true
	x.hitBound(search.BoundAt(search.BoundPreemption, "", shortPos(x.fset.Position(node.Pos))))
	markPaths(s, "a bound")
	return true
}

// run lets goroutine id run its operation, chosen at node.
func (x *evaluator) run(s *state, node *dpor.Node, id int) {
	g := s.g
	if node.Preempts(id) {
		g.preemptions++
	}
	i := g.index(id)
	s.switchTo(i)
	s.choose()
	g.record(i, x.pendingAccess(s, i), node)
}
