package ssaexec

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/dpor"
	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/internal/cow"
	"github.com/gosym/gosym/result"
)

// Timers of package time (design.md, "Timers"). gosym has no clock: a
// timer may fire at any point until it is stopped, and which point is a
// choice of the path, as a schedule is. Package time's timer functions are
// gosym's own (timeNatives), with Go 1.23's semantics: a timer's channel
// is unbuffered, and after Stop or Reset no stale value is received.
//
//   - A timer's channel is ready to receive from while the timer is
//     armed: a receive there is the timer firing. A select with a default
//     branches on the timer having fired or not yet. A Ticker stays armed
//     when it fires; a Timer does not.
//   - Stop disarms the timer and reports whether it was armed; Reset arms
//     it again and wakes the goroutines blocked on its channel.
//   - AfterFunc starts a goroutine that fires the timer (an operation of
//     its own, which a scheduling decision takes at any point) and then
//     calls the function. Stop before that blocks the goroutine, which is
//     then neither a leak nor part of a deadlock; Reset wakes it.
//   - Sleep does nothing: without a clock, sleeping orders nothing.
//   - Where the standard library reads the runtime's clock (context's
//     deadlines), it reads one fixed instant (see clock); the code under
//     analysis that calls time's functions gets what an unexecuted call
//     returns (see stdRunsTime).
//
// Operations on a timer touch its channel, or for AfterFunc the timer
// itself, so that partial-order reduction tries a Stop before and after
// the timer fires.

// timer is a timer's state on a path; it is never changed in place.
type timer struct {
	// ch is the timer's channel; 0 for AfterFunc's.
	ch heap.ObjID
	// armed says the timer will fire: a receive from ch may take its
	// tick, AfterFunc's goroutine may fire it.
	armed bool
	// ticker says it is a Ticker's, armed again by each tick.
	ticker bool
	// gate is the id of AfterFunc's goroutine while it has not fired
	// the timer, -1 once it did.
	gate int
	// fn is AfterFunc's function.
	fn heap.Value
	// made is where the timer was made.
	made token.Pos
}

// nativeResult is the native that completes its call with what result gives
// (nil for none), whatever the arguments.
func nativeResult(result func(x *explorer, s *state, fn *ssa.Function) heap.Value) timeNative {
	return func(x *explorer, s *state, fn *ssa.Function, _ []heap.Value, call *ssa.Call) []alt {
		s.completeCall(call, result(x, s, fn))
		return nil
	}
}

// timeCall runs a call of fn if it is one of the timeNatives.
func (x *explorer) timeCall(s *state, fn *ssa.Function, args []heap.Value, call *ssa.Call) ([]alt, bool) {
	if !isTimeNative(fn) {
		return nil, false
	}
	if clockReadings[fn.Name()] && (len(s.frames) == 0 || !s.top().std) {
		// The code under analysis (time itself) reads the clock: an
		// input, as an unexecuted call's result is.
		return nil, false
	}
	return timeNatives[calleeName(fn)](x, s, fn, args, call), true
}

// isTimeNative reports whether fn is one of the timeNatives.
func isTimeNative(fn *ssa.Function) bool {
	if fn.Pkg == nil {
		return false
	}
	switch fn.Pkg.Pkg.Path() {
	case "time", "internal/godebug":
		return timeNatives[calleeName(fn)] != nil
	}
	return false
}

// isTimerOp reports whether fn is a visible operation on a timer.
func isTimerOp(fn *ssa.Function) bool {
	return fn.Pkg != nil && fn.Pkg.Pkg.Path() == "time" && timerOps[calleeName(fn)]
}

// completeCall completes a native's call with result (nil for none); a
// deferred call (call nil) has nothing to complete.
func (s *state) completeCall(call *ssa.Call, result heap.Value) {
	if call != nil {
		s.set(call, result)
	}
}

// callPos is where a native's call is, for its panics.
func (x *subject) callPos(s *state, call *ssa.Call) token.Pos {
	if call != nil && call.Pos().IsValid() {
		return call.Pos()
	}
	return x.posOf(s)
}

// stdPanic ends s with the explicit panic of a standard function, msg,
// at its call.
func (x *subject) stdPanic(s *state, fn *ssa.Function, msg string, call *ssa.Call) {
	pos, _, pkg := x.userPos(s, x.callPos(s, call))
	within := FuncName(fn)
	text := "panic: " + msg + inSuffix(within)
	f := x.newFound(result.Panic, pos, pkg, within, func(heap.Valuer) string { return text })
	f.explicit, f.panicText = true, msg
	x.raise(s, f, false, heap.Iface{Type: types.Typ[types.String], V: heap.Str{S: msg}})
}

// positive branches s on the duration d being positive: then runs on
// the paths where it is, or else where it is not.
func (x *evaluator) positive(s *state, d heap.Value, then, orElse func(*state)) []alt {
	sc, ok := d.(heap.Scalar)
	if !ok {
		s.unsupported("a duration that is no integer")
		return nil
	}
	return x.assert(s, heap.Scalar{T: x.ctx.Sgt(sc.T, x.ctx.BV(64, 0))}, orElse, then)
}

// makeTimer makes a timer of the named type t (time.Timer or
// time.Ticker), armed, with a channel unless it is AfterFunc's, and
// returns the pointer to it.
func (x *evaluator) makeTimer(s *state, t types.Type, withChan, ticker bool, pos token.Pos) heap.Ptr {
	g := s.threads()
	p := s.heap.Alloc(t)
	st := heap.Under(t).(*types.Struct)
	tm := &timer{armed: true, ticker: ticker, gate: -1, made: pos}
	for i := range st.NumFields() {
		field := heap.Ptr{Obj: p.Obj, Path: heap.Path("").Field(i)}
		switch f := st.Field(i); {
		case f.Name() == "C" && withChan:
			c := s.heap.Alloc(f.Type())
			g.setChan(c.Obj, &channel{elem: heap.Under(f.Type()).(*types.Chan).Elem(), timer: p.Obj})
			tm.ch = c.Obj
			s.heap.Store(field, c)
		case f.Name() == "initTimer" || f.Name() == "initTicker":
			s.heap.Store(field, heap.Scalar{T: x.ctx.Bool(true)})
		}
	}
	g.setTimer(p.Obj, tm)
	return p
}

// newTimer is time.NewTimer(d).
func (x *machine) newTimer(s *state, fn *ssa.Function, _ []heap.Value, call *ssa.Call) []alt {
	t := deref(fn.Signature.Results().At(0).Type())
	s.completeCall(call, x.makeTimer(s, t, true, false, x.callPos(s, call)))
	return nil
}

// after is time.After(d): NewTimer(d).C.
func (x *machine) after(s *state, fn *ssa.Function, _ []heap.Value, call *ssa.Call) []alt {
	p := x.makeTimer(s, timeType(fn, "Timer"), true, false, x.callPos(s, call))
	s.completeCall(call, s.g.timerChan(p))
	return nil
}

// timerChan is the channel of the timer at p, which has one.
func (g *sched) timerChan(p heap.Ptr) heap.Ptr { return heap.Ptr{Obj: g.timers[p.Obj].ch} }

// timeType is the type called name in fn's package (time).
func timeType(fn *ssa.Function, name string) types.Type {
	return fn.Pkg.Pkg.Scope().Lookup(name).Type()
}

// afterFunc is time.AfterFunc(d, f): a timer without a channel, and the
// goroutine that calls f once it fires.
func (x *machine) afterFunc(s *state, fn *ssa.Function, args []heap.Value, call *ssa.Call) []alt {
	if x.std == nil || x.std.afterFunc == nil {
		s.unsupported("time.AfterFunc without gosym's models")
		return nil
	}
	if !x.canStart(s, "time.AfterFunc") {
		return nil
	}
	f, d := s.heap.Use(args[1])
	if d != nil {
		return x.decide(s, d)
	}
	if _, isFunc := f.(heap.Func); !isFunc {
		s.unsupported("time.AfterFunc of a function that is not one of the program's")
		return nil
	}
	p := x.makeTimer(s, deref(fn.Signature.Results().At(0).Type()), false, false, x.callPos(s, call))
	tm := *s.g.timers[p.Obj]
	tm.fn = f
	tm.gate = x.startTimerGoroutine(s, p, &tm)
	s.g.setTimer(p.Obj, &tm)
	s.completeCall(call, p)
	return nil
}

// startTimerGoroutine starts the goroutine of AfterFunc's timer p, which
// fires it and calls its function, and returns its id.
func (x *subject) startTimerGoroutine(s *state, p heap.Ptr, tm *timer) int {
	f := x.newFrame(x.std.afterFunc, nil)
	f.env.set(x.std.afterFunc.Params[0], p)
	f.env.set(x.std.afterFunc.Params[1], tm.fn)
	name := "the function of time.AfterFunc"
	if fv, ok := tm.fn.(heap.Func); ok {
		if fn, ok := fv.Fn.(*ssa.Function); ok {
			name = FuncName(fn)
		}
	}
	return x.spawn(s, f, name, tm.made)
}

// newTicker is time.NewTicker(d), which panics unless d is positive.
func (x *machine) newTicker(s *state, fn *ssa.Function, args []heap.Value, call *ssa.Call) []alt {
	t := deref(fn.Signature.Results().At(0).Type())
	return x.positive(s, args[0], func(s *state) {
		s.completeCall(call, x.makeTimer(s, t, true, true, x.callPos(s, call)))
	}, func(s *state) {
		x.stdPanic(s, fn, "non-positive interval for NewTicker", call)
	})
}

// tick is time.Tick(d): NewTicker(d).C, or nil unless d is positive.
func (x *machine) tick(s *state, fn *ssa.Function, args []heap.Value, call *ssa.Call) []alt {
	t := timeType(fn, "Ticker")
	return x.positive(s, args[0], func(s *state) {
		p := x.makeTimer(s, t, true, true, x.callPos(s, call))
		s.completeCall(call, s.g.timerChan(p))
	}, func(s *state) {
		s.completeCall(call, heap.Nil{})
	})
}

// clock is a reading of the runtime's clocks by the standard library's
// code (see stdRunsTime): one fixed instant, for time stands still in
// gosym. What the standard library computes from the clock is a
// deadline, whose timer fires at any point anyway: context.WithTimeout(d)
// is cancelled at once where d is not positive, and otherwise when its
// timer fires.
func (x *evaluator) clock(s *state, fn *ssa.Function, _ []heap.Value, call *ssa.Call) []alt {
	if call == nil {
		return nil
	}
	const (
		unixSeconds = 1767225600 // 2026-01-01T00:00:00Z
		monotonic   = 1_000_000_000
	)
	switch fn.Name() {
	case "runtimeNano":
		s.set(call, heap.Scalar{T: x.ctx.BV(64, monotonic)})
	default: // now, runtimeNow: (sec int64, nsec int32, mono int64)
		s.set(call, heap.Tuple{Elems: []heap.Value{
			heap.Scalar{T: x.ctx.BV(64, unixSeconds)}, heap.Scalar{T: x.ctx.BV(32, 0)}, heap.Scalar{T: x.ctx.BV(64, monotonic)},
		}})
	}
	return nil
}

// stdRunsTime reports whether a call of fn, a function of package time,
// from the frame caller runs time's code: where the standard library
// calls it (context's deadlines), or time itself. The code under analysis
// that reads the clock gets what an unexecuted call returns, as it did
// before time was loaded: any time at all, which the witness cannot set.
func stdRunsTime(fn *ssa.Function, caller *frame) bool {
	return caller.std || caller.fn.Pkg == fn.Pkg
}

// stopTimer is Timer.Stop and Ticker.Stop: it disarms the timer, and a
// Timer's reports whether it was armed.
func (x *machine) stopTimer(s *state, fn *ssa.Function, args []heap.Value, call *ssa.Call) []alt {
	return x.onTimer(s, fn, args, call, func(s *state, p heap.Ptr, tm timer) {
		was := tm.armed
		tm.armed = false
		s.g.setTimer(p.Obj, &tm)
		x.completeTimerOp(s, fn, call, was)
	})
}

// completeTimerOp completes a Stop or Reset: a Timer's reports whether
// the timer was armed, a Ticker's returns nothing.
func (x *evaluator) completeTimerOp(s *state, fn *ssa.Function, call *ssa.Call, wasArmed bool) {
	var result heap.Value
	if fn.Signature.Results().Len() > 0 {
		result = heap.Scalar{T: x.ctx.Bool(wasArmed)}
	}
	s.completeCall(call, result)
}

// resetTimer is Timer.Reset and Ticker.Reset (which panics unless the
// duration is positive): it arms the timer, and a Timer's reports
// whether it was armed. A fired AfterFunc timer starts its goroutine
// again.
func (x *machine) resetTimer(s *state, fn *ssa.Function, args []heap.Value, call *ssa.Call) []alt {
	reset := func(s *state) {
		x.onTimer(s, fn, args, call, func(s *state, p heap.Ptr, tm timer) {
			was := tm.armed
			tm.armed = true
			g := s.g
			switch {
			case tm.ch != 0:
				g.wakeOn(tm.ch, func(send bool) bool { return !send })
			case tm.gate < 0:
				tm.gate = x.startTimerGoroutine(s, p, &tm)
			default:
				g.wakeSema(p, wakeAll)
			}
			g.setTimer(p.Obj, &tm)
			x.completeTimerOp(s, fn, call, was)
		})
	}
	if recvName(fn) != "Ticker" {
		reset(s)
		return nil
	}
	return x.positive(s, args[1], reset, func(s *state) {
		x.stdPanic(s, fn, "non-positive interval for Ticker.Reset", call)
	})
}

// recvName is the name of the type method fn is of (Timer, Ticker).
func recvName(fn *ssa.Function) string {
	if named := namedOf(fn.Signature.Recv().Type()); named != nil {
		return named.Obj().Name()
	}
	return ""
}

// onTimer runs op on the timer args[0] points to: a nil one panics, one
// not initialized by its constructor panics as time's methods do (a
// Ticker's Stop does nothing), and one gosym did not make is
// unsupported.
func (x *machine) onTimer(s *state, fn *ssa.Function, args []heap.Value, call *ssa.Call, op func(*state, heap.Ptr, timer)) []alt {
	v, d := s.heap.Use(args[0])
	if d != nil {
		return x.decide(s, d)
	}
	t, d := s.heap.Deref(v)
	if d != nil {
		return x.decide(s, d)
	}
	if t.IsNil {
		if call != nil {
			x.nilDeref(s, call.Call.Args[0], t.Origin, call.Pos())
		} else {
			x.panicked(s, result.NilDeref, fmt.Sprintf("nil dereference: the receiver of %s is nil", FuncName(fn)), x.posOf(s))
		}
		return nil
	}
	p := t.Ptr
	if g := s.g; g != nil && p.Path == "" && g.timers[p.Obj] != nil {
		op(s, p, *g.timers[p.Obj])
		return nil
	}
	st := heap.Under(deref(fn.Signature.Recv().Type())).(*types.Struct)
	init, d := s.heap.Load(heap.Ptr{Obj: p.Obj, Path: p.Path.Field(st.NumFields() - 1)}, types.Typ[types.Bool])
	if d != nil {
		return x.decide(s, d)
	}
	typ := recvName(fn)
	uninitialized := func(s *state) {
		method := fn.Name()
		if typ == "Ticker" && method == "Stop" {
			s.completeCall(call, nil) // see time.Ticker.Stop
			return
		}
		x.stdPanic(s, fn, fmt.Sprintf("time: %s called on uninitialized %s", method, typ), call)
	}
	made := func(s *state) {
		s.unsupported("a time." + typ + " the path did not make")
	}
	sc, ok := init.(heap.Scalar)
	if !ok {
		made(s)
		return nil
	}
	return x.assert(s, sc, uninitialized, made)
}

// fireTimer is the intrinsic of AfterFunc's goroutine (see the time
// models): the timer args[0] fires, or the goroutine blocks until Reset
// arms it again.
func (x *machine) fireTimer(s *state, args []heap.Value, call *ssa.Call) []alt {
	p := args[0].(heap.Ptr)
	tm := *s.g.timers[p.Obj]
	if !tm.armed {
		return x.block(s, &waiting{what: "stopped timer", sema: p, onSema: true, timer: true})
	}
	tm.armed, tm.gate = false, -1
	s.g.setTimer(p.Obj, &tm)
	s.completeCall(call, nil)
	return nil
}

// timerReady reports whether a receive from timer channel c can go on:
// the timer is armed, and may fire now.
func (g *sched) timerReady(c *channel) bool {
	return g.timers[c.timer].armed
}

// fire is a receive from timer channel c at pos: the timer fires, with a
// time gosym does not know, and a Timer is disarmed.
func (x *explorer) fire(s *state, c *channel, pos token.Pos) heap.Value {
	g := s.g
	tm := *g.timers[c.timer]
	s.noteEvent(x, pos, "the timer made at "+shortPos(x.fset.Position(tm.made))+" fires")
	if !tm.ticker {
		tm.armed = false
		g.setTimer(c.timer, &tm)
	}
	return x.fresh(s, c.elem, "time.Time")
}

// timerAccess is what an operation on the timer at p touches: its
// channel, which receives touch too, or AfterFunc's timer itself.
func (g *sched) timerAccess(p heap.Ptr) []dpor.Access {
	if g != nil && p.Path == "" {
		if tm := g.timers[p.Obj]; tm != nil && tm.ch != 0 {
			return []dpor.Access{writeOf(heap.Ptr{Obj: tm.ch})}
		}
	}
	return []dpor.Access{writeOf(p)}
}

// setTimer replaces timer id's state.
func (g *sched) setTimer(id heap.ObjID, t *timer) { cow.Put(&g.owned, ownTimers, &g.timers, id, t) }
