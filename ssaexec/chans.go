package ssaexec

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/search"
)

// Channels. A channel is an object of the heap, for its identity, whose
// state the path's sched holds: its buffer, capacity and whether it is
// closed. The goroutines blocked on it are those whose waiting names it,
// served in the order they blocked.

// channel is a channel's state on a path; it is never changed in place.
type channel struct {
	elem   types.Type
	cap    int
	buf    []buffered
	closed bool
	// timer, if not 0, is the timer whose channel it is (see
	// timers.go): a receive there is the timer firing.
	timer heap.ObjID
}

// buffered is a value in a channel's buffer, and the index of the
// transition that sent it (see dpor.go).
type buffered struct {
	v    heap.Value
	sent int
}

// chanOp is a send or a receive on a channel, or on nil.
type chanOp struct {
	ch    heap.ObjID
	isNil bool
	send  bool
	val   heap.Value // the value sent
}

// isChan reports whether t is a channel type.
func isChan(t types.Type) bool {
	_, ok := heap.Under(t).(*types.Chan)
	return ok
}

// maxChanCap bounds the capacity of a buffered channel gosym makes.
const maxChanCap = 1 << 16

// makeChan makes a channel of the size the path computed.
func (x *machine) makeChan(s *state, in *ssa.MakeChan) []alt {
	size, ok := x.value(s, in.Size).(heap.Scalar)
	n, concrete := int64(0), false
	if ok {
		n, concrete = size.T.Int64()
	}
	switch {
	case !concrete:
		s.unsupported("channel of a capacity that depends on the input")
		return nil
	case n < 0 || n > maxChanCap:
		x.runtimePanicWords(s, "makechan: size out of range", in.Pos())
		return nil
	}
	g := s.threads()
	p := s.heap.Alloc(in.Type())
	g.setChan(p.Obj, &channel{elem: heap.Under(in.Type()).(*types.Chan).Elem(), cap: int(n)})
	s.set(in, p)
	return nil
}

// peekOp returns the operation on channel value v of frame f, if it is
// known without a decision of the heap.
func (x *evaluator) peekOp(s *state, f *frame, v ssa.Value, send bool) (chanOp, bool) {
	val, _ := x.valueIn(s, f, v)
	switch c := val.(type) {
	case heap.Nil:
		return chanOp{isNil: true, send: send}, true
	case heap.Ptr:
		if s.g != nil && s.g.chans[c.Obj] != nil {
			return chanOp{ch: c.Obj, send: send}, true
		}
	}
	return chanOp{}, false
}

// chanOperand returns the operation on channel value v, or the decisions
// it needs first; it ends s on a channel gosym does not model.
func (x *machine) chanOperand(s *state, v heap.Value, send bool) (op chanOp, alts []alt, ok bool) {
	return x.chanOperandOf(s, v, send, true)
}

// chanOperandOf is chanOperand; blocks says the operation blocks on a nil
// channel or panics, so that the entry policy applies to a nil parameter
// (not to len and cap, which are 0).
func (x *machine) chanOperandOf(s *state, v heap.Value, send, blocks bool) (op chanOp, alts []alt, ok bool) {
	v, d := s.heap.Use(v)
	if d != nil {
		return op, x.decide(s, d), false
	}
	if sym, isSym := v.(heap.SymPtr); isSym {
		// A channel of the input: nil, or one the caller made.
		t, d := s.heap.Deref(sym)
		if d != nil {
			return op, x.decide(s, d), false
		}
		v = t.Ptr
		if t.IsNil {
			v = heap.Nil{Origin: t.Origin}
		}
	}
	switch c := v.(type) {
	case heap.Nil:
		if blocks && x.nilChanLeftToCaller(s, c.Origin) {
			return op, nil, false
		}
		return chanOp{isNil: true, send: send}, nil, true
	case heap.Ptr:
		if s.pkgInit.chans[c.Obj] != nil {
			s.threads()
		}
		if s.g != nil && s.g.chans[c.Obj] != nil && c.Path == "" {
			return chanOp{ch: c.Obj, send: send}, nil, true
		}
		if obj := s.heap.Object(c.Obj); obj != nil && obj.Input {
			x.callerChannel(s)
			return op, nil, false
		}
	case heap.Opaque:
		s.unsupported(c.Why)
		return op, nil, false
	}
	s.unsupported("channel the path did not make")
	return op, nil, false
}

// nilChanLeftToCaller applies the entry policy to an operation on a nil
// channel of origin o: a parameter's own nil channel that the function
// never compared with nil blocks for its caller's mistake, as a nil
// pointer's dereference panics for it; the path ends there, unreported.
func (x *machine) nilChanLeftToCaller(s *state, o heap.Origin) bool {
	if !o.IsParam() || x.cfg.NilParams {
		return false
	}
	if _, compared := s.compared[o.Param]; compared {
		return false
	}
	x.notes["an operation on a nil channel parameter that the function never compared with nil: left to the caller"] = true
	s.end = dropped
	return true
}

// callerChannel ends s at an operation on a channel of the input, which
// the caller made: what it holds, and which of the caller's goroutines
// send or receive on it, gosym does not know. The path ends as a bound.
func (x *machine) callerChannel(s *state) {
	pos, _, _ := x.userPos(s, x.posOf(s))
	x.hitBound(search.Bound{Kind: search.BoundGoroutine, Text: "an operation on a channel of the input at " + shortPos(x.fset.Position(pos)), Limit: "an operation on a channel of the input"})
	s.end = dropped
}

// ready reports whether op can go on without blocking.
func (s *state) ready(op chanOp) bool {
	if op.isNil {
		return false
	}
	c := s.g.chans[op.ch]
	switch {
	case c.timer != 0:
		return !op.send && s.g.timerReady(c)
	case c.closed:
		return true
	case op.send && len(c.buf) < c.cap, !op.send && len(c.buf) > 0:
		return true
	}
	return len(s.g.partners(op, c)) > 0
}

// partners returns the goroutines blocked on an unbuffered channel c
// that op would hand its value to, or take one from.
func (g *sched) partners(op chanOp, c *channel) []int {
	if c.cap > 0 || c.closed {
		return nil
	}
	var out []int
	for i, r := range g.gs {
		if _, ok := r.waitsOn(op.ch, !op.send); ok {
			out = append(out, i)
		}
	}
	return out
}

// waitsOn returns r's blocked case that sends on ch (or receives).
func (r *goroutine) waitsOn(ch heap.ObjID, send bool) (waitCase, bool) {
	if r.wait != nil {
		for _, c := range r.wait.cases {
			if c.ch == ch && c.send == send {
				return c, true
			}
		}
	}
	return waitCase{}, false
}

// wakeOn wakes the goroutines blocked on ch (on its sends, or its
// receives, or both): each runs its operation again.
func (g *sched) wakeOn(ch heap.ObjID, match func(send bool) bool) {
	for i, r := range g.gs {
		if r.wait != nil && slices.ContainsFunc(r.wait.cases, func(c waitCase) bool { return c.ch == ch && match(c.send) }) {
			g.wake(i)
		}
	}
}

// choices returns the ways op, which is ready, can go: the goroutine it
// hands its value to or takes one from, on an unbuffered channel, or -1
// where it needs none.
func choices(s *state, op chanOp) []int {
	c := s.g.chans[op.ch]
	if ps := s.g.partners(op, c); len(ps) > 0 && !(!op.send && len(c.buf) > 0) {
		return ps
	}
	return []int{-1}
}

// perform carries out op, which is ready, with partner (see choices): it
// returns what a receive takes, and done false where a send on a closed
// channel panicked. A goroutine a buffered operation or a close unblocks
// runs its operation again, as its own: a goroutine's blocking is seen
// by no other, so it may as well have come later.
func (x *explorer) perform(s *state, op chanOp, partner int, pos token.Pos) (v heap.Value, ok, done bool) {
	g := s.g
	c := g.chans[op.ch]
	if op.send {
		if c.closed {
			x.chanPanic(s, result.SendClosed, "send on closed channel", pos)
			return nil, false, false
		}
		if partner >= 0 {
			wc, _ := g.gs[partner].waitsOn(op.ch, false)
			x.complete(s, partner, wc, op.val, true)
			return nil, true, true
		}
		g.setChan(op.ch, c.withBuf(append(slices.Clip(c.buf), buffered{op.val, len(g.trans) - 1})))
		g.wakeOn(op.ch, func(send bool) bool { return !send })
		return nil, true, true
	}
	if c.timer != 0 {
		return x.fire(s, c, pos), true, true
	}
	if len(c.buf) > 0 {
		g.setChan(op.ch, c.withBuf(c.buf[1:]))
		g.wakeOn(op.ch, func(send bool) bool { return send })
		return c.buf[0].v, true, true
	}
	if partner >= 0 {
		wc, _ := g.gs[partner].waitsOn(op.ch, true)
		x.complete(s, partner, wc, nil, false)
		return wc.val, true, true
	}
	return heap.Zero(x.ctx, c.elem), false, true // closed and drained
}

func (c *channel) withBuf(buf []buffered) *channel {
	d := *c
	d.buf = buf
	return &d
}

// complete ends the blocked operation of goroutine i with case wc, and
// what a receive took.
func (x *evaluator) complete(s *state, i int, wc waitCase, v heap.Value, ok bool) {
	g := s.g
	f := g.ownTop(i)
	// A blocked goroutine stands at its operation.
	switch in := f.block.Instrs[f.pc].(type) {
	case *ssa.UnOp:
		f.env.set(in, x.received(in, v, ok))
	case *ssa.Select:
		f.env.set(in, x.selectResult(in, wc.index, v, ok))
	}
	f.pc++
	f.checked = false
	g.joinPartner(i)
	g.wake(i)
}

// wake makes goroutine i runnable; unless its operation was completed,
// it runs it again. What woke it happens before what it does next: its
// operation could not go before (see synchronize).
func (g *sched) wake(i int) {
	r := &g.gs[i]
	r.wait, r.poised, r.chosen = nil, false, false
	g.synchronize(i)
}

// block blocks the running goroutine on w, and runs another.
func (x *machine) block(s *state, w *waiting) []alt {
	g := s.threads()
	w.seq = g.blocks
	g.blocks++
	w.pos, w.within, w.pkg = x.userPos(s, x.posOf(s))
	g.running().wait = w
	return x.reschedule(s)
}

// chanWait is what a goroutine blocked on op waits for.
func chanWait(op chanOp) *waiting {
	what := "chan receive"
	if op.send {
		what = "chan send"
	}
	if op.isNil {
		return &waiting{what: what + " (nil chan)"}
	}
	return &waiting{what: what, cases: []waitCase{{ch: op.ch, send: op.send, val: op.val}}}
}

// sendInstr sends a value on a channel.
func (x *explorer) sendInstr(s *state, in *ssa.Send) []alt {
	op, alts, ok := x.chanOperand(s, x.value(s, in.Chan), true)
	if !ok {
		return alts
	}
	op.val = x.value(s, in.X)
	return x.chanInstr(s, op, in)
}

// receive receives from a channel (<-ch, and v, ok := <-ch).
func (x *explorer) receive(s *state, in *ssa.UnOp) []alt {
	op, alts, ok := x.chanOperand(s, x.value(s, in.X), false)
	if !ok {
		return alts
	}
	return x.chanInstr(s, op, in)
}

// chanInstr carries out a send or a receive, or blocks on it.
func (x *explorer) chanInstr(s *state, op chanOp, in ssa.Instruction) []alt {
	if op.isNil || !s.ready(op) {
		return x.block(s, chanWait(op))
	}
	run := func(s *state, partner int) {
		v, ok, done := x.perform(s, op, partner, in.Pos())
		if !done {
			return
		}
		if recv, isRecv := in.(*ssa.UnOp); isRecv {
			s.set(recv, x.received(recv, v, ok))
			return
		}
		advance(s)
	}
	return eachChoice(s, choices(s, op), run)
}

// received is the value of the receive in: what it took, with ok for
// v, ok := <-ch.
func (x *evaluator) received(in *ssa.UnOp, v heap.Value, ok bool) heap.Value {
	if in.CommaOk {
		return heap.Tuple{Elems: []heap.Value{v, heap.Scalar{T: x.ctx.Bool(ok)}}}
	}
	return v
}

// eachChoice runs run with the only choice on s, or returns an
// alternative per choice.
func eachChoice(s *state, choices []int, run func(*state, int)) []alt {
	if len(choices) == 1 {
		run(s, choices[0])
		return nil
	}
	alts := make([]alt, len(choices))
	for k, c := range choices {
		alts[k] = alt{apply: func(s *state) {
			s.choices++
			s.g.picks++
			run(s, c)
		}}
	}
	return alts
}

// selectInstr runs a select: one of its ready cases, each a branch of
// the path, as the runtime picks one at random; the default if none is
// ready; or it blocks on all of them.
func (x *explorer) selectInstr(s *state, in *ssa.Select) []alt {
	ops := make([]chanOp, len(in.States))
	for i, st := range in.States {
		op, alts, ok := x.chanOperand(s, x.value(s, st.Chan), st.Dir == types.SendOnly)
		if !ok {
			return alts
		}
		if op.send {
			op.val = x.value(s, st.Send)
		}
		ops[i] = op
	}
	var ready []int
	for i, op := range ops {
		if s.ready(op) {
			ready = append(ready, i)
		}
	}
	if len(ready) == 0 {
		if !in.Blocking {
			s.set(in, x.selectResult(in, -1, nil, false))
			return nil
		}
		return x.block(s, selectWait(ops))
	}
	// A case per ready operation and partner, as encoded by pick. A
	// timer ready to fire may also not have fired yet, and a partner that
	// waits may not have come yet: then the default is taken.
	var picks []int
	var timers []heap.ObjID
	for _, i := range ready {
		for _, partner := range choices(s, ops[i]) {
			picks = append(picks, pick(i, partner))
		}
		if t := s.g.chans[ops[i].ch].timer; t != 0 {
			timers = append(timers, t)
		}
	}
	if !in.Blocking && (len(timers) > 0 || byPartners(picks)) {
		picks = append(picks, defaultPick)
	}
	return eachChoice(s, picks, func(s *state, p int) {
		if p == defaultPick {
			for _, t := range timers {
				s.noteEvent(x, in.Pos(), "the timer made at "+shortPos(x.fset.Position(s.g.timers[t].made))+" has not fired")
			}
			s.set(in, x.selectResult(in, -1, nil, false))
			return
		}
		i, partner := unpick(p)
		if v, ok, done := x.perform(s, ops[i], partner, in.Pos()); done {
			s.set(in, x.selectResult(in, i, v, ok))
		}
	})
}

// byPartners reports whether each of a select's picks is ready only by a
// goroutine that waits to be its partner. A goroutine blocks at once where
// it stands before an operation it cannot run (see schedule): its wait is
// no operation of its own, ordered against others. Nothing can order its
// coming there before the select, since it does nothing after it but
// wait, so on another schedule it has not come yet, and a select with a
// default takes the default.
func byPartners(picks []int) bool {
	for _, p := range picks {
		if _, partner := unpick(p); partner < 0 {
			return false
		}
	}
	return true
}

// pick encodes a select's case i and its partner (-1 for none) as one
// int; unpick decodes it.
func pick(i, partner int) int       { return i<<16 | (partner + 1) }
func unpick(p int) (i, partner int) { return p >> 16, p&0xffff - 1 }

// defaultPick is the pick of a select's default.
const defaultPick = -1

// selectWait is what a goroutine blocked in a select of ops waits for.
func selectWait(ops []chanOp) *waiting {
	w := &waiting{what: "select"}
	if len(ops) == 0 {
		w.what = "select (no cases)"
	}
	for i, op := range ops {
		if !op.isNil {
			w.cases = append(w.cases, waitCase{ch: op.ch, send: op.send, val: op.val, index: i})
		}
	}
	return w
}

// selectResult is a select's value: the index of the case taken (-1 for
// the default), whether its receive got a sent value, and per receiving
// case what it received (zero but for the case taken).
func (x *evaluator) selectResult(in *ssa.Select, index int, v heap.Value, ok bool) heap.Value {
	elems := []heap.Value{heap.Scalar{T: x.ctx.BV(64, uint64(int64(index)))}, heap.Scalar{T: x.ctx.Bool(ok)}}
	for i, st := range in.States {
		if st.Dir != types.RecvOnly {
			continue
		}
		if i == index {
			elems = append(elems, v)
		} else {
			elems = append(elems, heap.Zero(x.ctx, heap.Under(st.Chan.Type()).(*types.Chan).Elem()))
		}
	}
	return heap.Tuple{Elems: elems}
}

// closeChan closes a channel: the goroutines blocked on it run their
// operations again, so that a receive gets the zero value and a send
// panics.
func (x *machine) closeChan(s *state, v heap.Value, pos token.Pos) (alts []alt, done bool) {
	op, alts, ok := x.chanOperand(s, v, false)
	if !ok {
		return alts, false
	}
	if op.isNil {
		x.chanPanic(s, result.CloseNil, "close of nil channel", pos)
		return nil, false
	}
	g := s.g
	c := g.chans[op.ch]
	if c.closed {
		x.chanPanic(s, result.CloseClosed, "close of closed channel", pos)
		return nil, false
	}
	d := *c
	d.closed = true
	g.setChan(op.ch, &d)
	g.wakeOn(op.ch, func(bool) bool { return true })
	return nil, true
}

// closeBuiltin is a call of close.
func (x *machine) closeBuiltin(s *state, in *ssa.Call) []alt {
	alts, done := x.closeChan(s, x.value(s, in.Call.Args[0]), in.Pos())
	if done {
		s.set(in, nil)
	}
	return alts
}

// chanLenCap is len or cap of a channel (0 for nil).
func (x *machine) chanLenCap(s *state, in *ssa.Call, which string) []alt {
	op, alts, ok := x.chanOperandOf(s, x.value(s, in.Call.Args[0]), false, false)
	if !ok {
		return alts
	}
	n := 0
	if !op.isNil {
		c := s.g.chans[op.ch]
		n = len(c.buf)
		if which == "cap" {
			n = c.cap
		}
	}
	s.set(in, heap.Scalar{T: x.ctx.BV(64, uint64(n))})
	return nil
}

// chanPanic raises the runtime's panic of a misused channel.
func (x *subject) chanPanic(s *state, k result.Kind, words string, pos token.Pos) {
	value := heap.Iface{Type: runtimeErrorType, V: heap.Str{S: words}}
	x.panickedValue(s, k, pos, func(heap.Valuer) string { return words }, value, words)
}
