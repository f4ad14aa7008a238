package ssaexec

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/abstraction"
	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/internal/cow"
	"github.com/gosym/gosym/search"
	"github.com/gosym/gosym/witness"
)

// Call sequences (Symstra; Visser, Păsăreanu and Pelánek, ISSTA 2006): an
// entry parameter whose type has unexported state (an apiSlot) is built
// by one of the package's constructors, or is the zero value where that
// is a starting state, and then by up to Config.Seq calls of the type's
// exported methods, all with symbolic arguments, before the entry runs
// on it. At each point between two calls the state is matched against
// those reached before (abstraction's subsumption), and a covered one is
// not extended. A panic inside a call of the sequence is not the entry's
// finding: the called method's own analysis reports it, with a shorter
// sequence.
//
// The first decision of such an entry is between these built values and
// today's hand-built ones (lazy initialization): the latter run second,
// and their findings that need a hand-built value are latent.
//
// A value of such a type inside a parameter a caller writes (a field, an
// element), pointed to or held by value, is a nested slot: the first read
// of one asks for the value (heap.Decision.Build), which the path then
// builds in the same way, on top of the function's frames. Every pointer
// of that type points to nil or to it, and every value of that type held
// by value is a copy of it (heap.Provide). The witness builds it before
// the call, and copies it where a value is held (T{L: *l}).

// callSequence is how one path builds its slots. It is copied on write.
type callSequence struct {
	// slot is the index in explorer.slots of the value being built.
	slot int
	// calls are the calls made so far, for every slot.
	calls []seqCall
	// value points to the slot's value once made (nil before); owned
	// holds the finished values of owner slots, by slot index.
	value heap.Value
	owned map[int]heap.Value
	// depth counts the methods called on value, and on its owner's
	// value before the maker made it: a value and its owner share the
	// bound.
	depth int
	// pending is a call whose arguments are being bound; running marks
	// a call of the sequence on the stack; atPoint a path between two
	// calls, to be matched and extended.
	pending       *seqCall
	running       bool
	atPoint       bool
	handBuiltPath bool
	// shared asks the next step to start the first slot from the points
	// of a space of sequences the run shares, if there is one (see
	// apispace.go); imported marks such a point, which the search
	// matches against those its earlier passes reached before it goes
	// on as the value's.
	shared, imported bool
	// starting asks the next step to start slot slot: a nested value the
	// function asked for, or its maker once its owner is built.
	// takeBuilt makes the next heap decision that offers the nested
	// value take it: the retried read that asked for it.
	starting, takeBuilt bool
}

// seqCall is one call of a sequence, or the zero value (fn nil).
type seqCall struct {
	slot int
	fn   *ssa.Function
	// ctor is set for a constructor call, which makes the value; rebind
	// for a method that returns a new value, which replaces it.
	ctor, rebind *constructor
	// args is the pseudo-object of the arguments (heap.NewCallArgs);
	// bound counts those bound, argv holds them.
	args  heap.ObjID
	bound int
	argv  []heap.Value
	// offered are the functions the call was given for its function
	// parameters, by index.
	offered map[int]offeredFunc
}

// offeredFunc is a function given to a call of a sequence: one the
// package offers, or a canonical order.
type offeredFunc struct {
	fn    *ssa.Function
	order *canonicalOrder
}

// value is the function as the search holds it.
func (o offeredFunc) value() heap.Value {
	if o.order != nil {
		return heap.Func{Fn: o.order}
	}
	return heap.Func{Fn: o.fn}
}

// written is the function as witness writes it.
func (o offeredFunc) written() any {
	if o.order != nil {
		return o.order.written()
	}
	return o.fn
}

// params returns the parameters the call's arguments are: a method's
// receiver is the value.
func (c *seqCall) params() *types.Tuple {
	if c.ctor != nil {
		return c.fn.Signature.Params()
	}
	vars := make([]*types.Var, len(c.fn.Params)-1)
	for i, p := range c.fn.Params[1:] {
		vars[i] = types.NewParam(p.Pos(), nil, p.Name(), p.Type())
	}
	return types.NewTuple(vars...)
}

// withSeq gives s its own copy of its sequence to change.
func (s *state) withSeq(change func(q *callSequence)) {
	markPaths(s, "a call sequence changed")
	q := *s.seq
	q.calls = slices.Clip(q.calls)
	change(&q)
	s.seq = &q
}

// paramSlot returns the index of the slot of the entry's parameter
// s.bound, or -1.
func (x *subject) paramSlot(s *state) int {
	if s.seq != nil && s.seq.handBuiltPath {
		return -1
	}
	return slices.IndexFunc(x.slots, func(slot apiSlot) bool { return slot.param == s.bound })
}

// nestedSlot returns the index of the nested slot of type t, or -1.
func (x *subject) nestedSlot(t types.Type) int {
	return slices.IndexFunc(x.slots, func(slot apiSlot) bool { return slot.nested && types.Identical(slot.plan.named, t) })
}

// decideBuilt takes a heap decision about a pointer to a type the API
// builds (a nested slot's), or a value of it. The first one the function
// reads asks for the value (Decision.Build): besides nil for a pointer,
// the path builds it through the API, in the middle of the function (the
// witness builds it before the call), and retries; the hand-built values
// go on as a path of hand-built values, if none of the entry's values was
// built yet.
// ok is false for other decisions, and on paths of hand-built values.
func (x *subject) decideBuilt(s *state, d *heap.Decision) (alts []alt, ok bool) {
	if s.seq != nil && s.seq.takeBuilt {
		// The retried read that asked for the value: it takes it.
		s.withSeq(func(q *callSequence) { q.takeBuilt = false })
		for _, c := range d.Choices {
			if c.Built {
				return []alt{{apply: func(s *state) { c.Apply(s.heap) }}}, true
			}
		}
		return nil, false
	}
	if d.Build == nil || s.seq != nil && (s.seq.handBuiltPath || s.seq.pending != nil) || s.inSequenceCall() {
		return nil, false
	}
	k := x.nestedSlot(d.Build)
	for _, c := range d.Choices {
		switch {
		case c.Nil:
			alts = append(alts, alt{guard: c.Guard, apply: func(s *state) { c.Apply(s.heap) }})
		case s.seq == nil:
			alts = append(alts, alt{guard: c.Guard, partial: d.Cut, apply: func(s *state) {
				c.Apply(s.heap)
				s.seq = &callSequence{handBuiltPath: true}
			}})
		}
	}
	build := alt{apply: func(s *state) {
		if s.seq == nil {
			s.seq = &callSequence{}
		}
		s.withSeq(func(q *callSequence) { q.slot, q.starting = k, true })
	}}
	return append(alts, build), true
}

// stepSequence takes the next step of a sequence: binding an argument of
// its pending call, or extending it at a point between two calls. ok is
// false when the sequence has no step to take.
func (x *explorer) stepSequence(s *state) (alts []alt, ok bool) {
	q := s.seq
	switch {
	case q == nil:
		return nil, false
	case q.pending != nil:
		return x.bindCallArg(s), true
	case q.atPoint:
		return x.sequencePoint(s), true
	case q.shared:
		s.withSeq(func(q *callSequence) { q.shared = false })
		if sp := x.sharedSpace(); sp != nil {
			x.startShared(s, sp)
			return nil, true
		}
		return x.startSlot(s, q.slot), true
	case q.imported:
		s.withSeq(func(q *callSequence) { q.imported = false })
		if !x.prunePoint(s) {
			x.finishSlot(s)
		}
		return nil, true
	case q.starting:
		s.withSeq(func(q *callSequence) { q.starting = false })
		return x.startSlot(s, q.slot), true
	}
	return nil, false
}

// startSlot begins the value of entry parameter slot.param. The entry's
// first slot decides between values the API builds (first) and hand-built
// ones; a slot whose type the API cannot build is hand-built. A slot made
// by a method of another type starts with the value of its owner slot.
func (x *explorer) startSlot(s *state, k int) []alt {
	slot := &x.slots[k]
	if slot.why != "" || s.seq != nil && s.seq.handBuiltPath {
		return x.bindParam(s)
	}
	if s.seq == nil {
		if x.apiPoint != nil {
			// The search of a space of sequences builds values only.
			s.seq = &callSequence{}
			return nil
		}
		return []alt{
			{apply: func(s *state) { s.seq = &callSequence{shared: k == 0} }},
			{apply: func(s *state) { s.seq = &callSequence{handBuiltPath: true} }},
		}
	}
	o := slot.owner
	if o < 0 {
		return x.slotStarts(k)
	}
	if _, made := s.seq.owned[o]; made {
		return x.makerCalls(k)
	}
	// The slot's own starts, or its owner's value first, for a maker.
	return append(x.slotStarts(k), x.slotStarts(o)...)
}

// slotStarts returns the ways slot k's value starts: each constructor and
// the zero value.
func (x *subject) slotStarts(k int) []alt {
	slot := &x.slots[k]
	var alts []alt
	for i := range slot.plan.ctors {
		alts = append(alts, startCall(k, &slot.plan.ctors[i]))
	}
	if slot.plan.zero {
		alts = append(alts, alt{apply: func(s *state) {
			p := s.heap.Alloc(slot.plan.named)
			s.withSeq(func(q *callSequence) {
				q.slot, q.value, q.atPoint, q.depth = k, p, true, 0
				q.calls = append(q.calls, seqCall{slot: k})
			})
		}})
	}
	return alts
}

// makerCalls returns a call of each maker of slot k on its owner slot's
// value, which was made last.
func (x *subject) makerCalls(k int) []alt {
	slot := &x.slots[k]
	recv := x.slots[slot.owner].plan.named
	var alts []alt
	for i := range slot.plan.makers {
		if c := &slot.plan.makers[i]; types.Identical(makerReceiver(*c), recv) {
			alts = append(alts, startCall(k, c))
		}
	}
	return alts
}

// startCall starts slot k's value with a call of c, a constructor or a
// maker; a maker's calls count on from its owner's (see depth).
func startCall(k int, c *constructor) alt {
	return alt{apply: func(s *state) {
		s.withSeq(func(q *callSequence) {
			if c.fn.Signature.Recv() == nil {
				q.depth = 0
			}
			q.slot = k
			q.pending = newSeqCall(s, q, seqCall{slot: k, fn: c.fn, ctor: c})
		})
	}}
}

// newSeqCall makes the arguments' pseudo-object of call c, numbering its
// parameters' origins apart from the entry's and the other calls'.
func newSeqCall(s *state, q *callSequence, c seqCall) *seqCall {
	c.args = s.heap.NewCallArgs(c.params(), 1000*(len(q.calls)+1))
	return &c
}

// bindCallArg binds the next argument of the pending call, then pushes
// the call's frame: below the package's initialization if that has not
// run yet, above the entry's frame; a nested value's on top of the
// function that asked for it.
func (x *explorer) bindCallArg(s *state) []alt {
	c := s.seq.pending
	params := c.params()
	if c.bound < params.Len() {
		if fns := x.offeredFor(c.fn, params.At(c.bound).Type()); len(fns) > 0 {
			return offer(s, fns)
		}
		v, d := s.heap.Load(heap.Ptr{Obj: c.args, Path: heap.Path("").Field(c.bound)}, params.At(c.bound).Type())
		if d != nil {
			return x.decide(s, d)
		}
		s.withSeq(func(q *callSequence) {
			n := *q.pending
			n.argv = append(slices.Clip(n.argv), v)
			n.bound++
			q.pending = &n
		})
		return nil
	}
	body := c.fn
	if m, runs := x.std.resolve(c.fn); runs {
		body = m // a standard method's model (sync/atomic.Value's Store)
	}
	f := x.newFrame(body, nil)
	f.seqCall = true
	args := c.argv
	switch {
	case c.ctor == nil:
		args = append([]heap.Value{s.seq.value}, args...)
	case c.fn.Signature.Recv() != nil:
		// A maker, called on its owner slot's value.
		args = append([]heap.Value{s.seq.owned[x.slots[c.slot].owner]}, args...)
	}
	for i, a := range args {
		f.env.set(body.Params[i], a)
	}
	at := 1
	if x.slots[c.slot].onDemand {
		at = len(s.frames) // asked for by the function, which waits on top
	}
	s.frames = slices.Insert(slices.Clip(s.frames), at, f)
	s.withSeq(func(q *callSequence) {
		q.calls = append(q.calls, *c)
		q.pending, q.running = nil, true
	})
	return nil
}

// offeredFor returns the functions a call of callee in a sequence is
// given for a parameter of type t: those the package offers, else the
// canonical order where t is an ordering; none for other parameters.
func (x *explorer) offeredFor(callee *ssa.Function, t types.Type) []offeredFunc {
	var out []offeredFunc
	for _, fn := range x.api.offeredFuncs(callee, t) {
		out = append(out, offeredFunc{fn: fn})
	}
	if len(out) == 0 {
		if o := x.api.order(t, false); o != nil {
			out = append(out, offeredFunc{order: o})
		}
	}
	return out
}

// offer binds the next argument of the pending call, a function
// parameter, to each of the functions offered for it.
func offer(s *state, fns []offeredFunc) []alt {
	alts := make([]alt, len(fns))
	for i, f := range fns {
		alts[i] = alt{apply: func(s *state) {
			s.withSeq(func(q *callSequence) {
				n := *q.pending
				n.offered = cow.With(n.offered, n.bound, f)
				n.argv = append(slices.Clip(n.argv), f.value())
				n.bound++
				q.pending = &n
			})
		}}
	}
	return alts
}

// seqReturn ends a call of the sequence that returned result. A
// constructor's value is kept (in a variable of its own when returned by
// value); one that also returns a non-nil error is not a value a caller
// goes on with.
func (x *machine) seqReturn(s *state, result heap.Value) []alt {
	c := s.seq.calls[len(s.seq.calls)-1]
	value := s.seq.value
	if made := c.made(); made != nil {
		results := []heap.Value{result}
		if t, ok := result.(heap.Tuple); ok {
			results = t.Elems
		}
		sig := c.fn.Signature.Results()
		for i, r := range results {
			if !isErrorType(sig.At(i).Type()) {
				continue
			}
			isNil, _, d := s.heap.IfaceIsNil(r)
			if d != nil {
				return x.decide(s, d)
			}
			if !isNil {
				s.end = dropped
				return nil
			}
		}
		value = results[made.result]
		if !made.ptr {
			p := s.heap.Alloc(sig.At(made.result).Type())
			if d := s.heap.Store(p, value); d != nil {
				return x.decide(s, d)
			}
			value = p
		}
	}
	s.pop()
	s.withSeq(func(q *callSequence) {
		q.value, q.running, q.atPoint = value, false, true
		if c.ctor == nil {
			q.depth++
		}
	})
	return nil
}

// made returns which result of the call is the slot's new value: a
// constructor's, or a method's that returns a new value; nil for others.
func (c *seqCall) made() *constructor {
	if c.ctor != nil {
		return c.ctor
	}
	return c.rebind
}

// isErrorType reports whether t is the error interface.
func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// sequencePoint is a path between two calls of a sequence. Unless a state
// reached before covers it, it goes on to the entry (first: the shortest
// callSequence is tried first) or to one more method call.
func (x *explorer) sequencePoint(s *state) []alt {
	s.withSeq(func(q *callSequence) { q.atPoint = false })
	if x.prunePoint(s) {
		return nil
	}
	slot := &x.slots[s.seq.slot]
	alts := []alt{{apply: x.finishSlot}}
	if x.apiPoint != nil {
		// The entries go on from here, each in its own search.
		alts[0].apply = func(s *state) {
			x.apiPoint(s)
			s.end = handedOver
		}
	}
	if s.seq.depth >= x.pass.Seq {
		if len(slot.plan.methods) > 0 {
			// A state no shorter sequence covers: longer ones may reach
			// new states.
			x.hitBound(search.Bound{Kind: search.BoundSeq, Text: fmt.Sprintf("seq of %d calls of %s", x.pass.Seq, slot.plan.named.Obj().Name()), Limit: "seq"})
		}
		return alts
	}
	holds := x.heldPointers(s)[s.seq.slot]
	for _, m := range slot.plan.methods {
		rebind := slot.plan.rebinds[m]
		if rebind != nil && rebind.ptr != holds {
			// v = v.M() would not compile: the variable holds the other.
			continue
		}
		alts = append(alts, alt{apply: func(s *state) {
			s.withSeq(func(q *callSequence) {
				q.pending = newSeqCall(s, q, seqCall{slot: q.slot, fn: m, rebind: rebind})
			})
		}})
	}
	return alts
}

// prunePoint ends the path s, between two calls, where a state reached
// before covers it (see sequenceCovered), and reports whether it did.
func (x *explorer) prunePoint(s *state) bool {
	if !x.sequenceCovered(s) {
		return false
	}
	x.res.SequencesPruned++
	s.end = subsumed
	return true
}

// sequenceCovered matches the state between two calls against those
// reached before with as many calls or fewer (which go on as far, or
// further); it is stored at its own depth.
func (x *explorer) sequenceCovered(s *state) bool {
	if x.cfg.Subsume == abstraction.Off {
		return false
	}
	roots, hints := x.roots(s)
	roots = append(roots, s.seq.value)
	g := abstraction.Canonical(s.heap, roots, s.pc, hints)
	point := func(depth int) string {
		return fmt.Sprintf("seq %d %d|%s", s.seq.slot, depth, point(s))
	}
	for d := 0; d < s.seq.depth; d++ {
		if covered, abstractOnly, e := x.table.Covered(point(d), g); covered {
			x.noteEntry(covered, abstractOnly, e)
			return true
		}
	}
	covered, abstractOnly, e := x.table.Check(point(s.seq.depth), g)
	x.noteEntry(covered, abstractOnly, e)
	return covered
}

// finishSlot gives the entry's parameter the slot's value and goes on;
// an owner slot's value is kept for its makers, a nested one's for the
// pointers of its type inside the parameters (heap.Provide).
func (x *machine) finishSlot(s *state) {
	slot := &x.slots[s.seq.slot]
	v := s.seq.value
	if slot.nested {
		p, ok := v.(heap.Ptr)
		if !ok || p.Path != "" {
			// nil, which the read tries anyway, or a pointer into
			// another object, which no hand-built pointer stands for.
			s.end = dropped
			return
		}
		s.heap.Provide(slot.plan.named, p.Obj)
		x.res.Sequences++
	}
	if slot.param < 0 {
		s.withSeq(func(q *callSequence) {
			q.owned = cow.With(q.owned, q.slot, v)
			q.value = nil // an owner's depth goes on: see callSequence.depth
			switch {
			case slot.nested:
				// Back to the read that asked for the value.
				q.depth, q.takeBuilt = 0, true
			case slot.onDemand:
				q.starting = true // the nested value's maker, now
			}
			q.slot++
		})
		return
	}
	if !slot.ptr {
		// The value the variable holds; a constructor that returned a
		// nil pointer leaves none.
		isNil, _, d := s.heap.IsNilPtr(v)
		if d != nil || isNil {
			s.end = dropped
			return
		}
		p := v.(heap.Ptr)
		loaded, d := s.heap.Load(p, slot.plan.named)
		if d != nil {
			s.end = dropped
			return
		}
		v = loaded
	} else if _, isNil := v.(heap.Nil); isNil {
		// A nil the API made (an empty list's Front) is the caller's
		// argument: the entry policy treats it as a nil parameter.
		v = heap.Nil{Origin: heap.Origin{Param: slot.param + 1}}
	}
	s.own(0).env.set(x.fn.Params[slot.param], v)
	s.bound++
	x.res.Sequences++
	s.withSeq(func(q *callSequence) {
		q.slot++
		q.value, q.depth = nil, 0
	})
}

// inSequenceCall reports whether the path is inside a call of a sequence.
func (s *state) inSequenceCall() bool {
	for _, f := range s.frames {
		if f.seqCall {
			return true
		}
	}
	return false
}

// heldPointers says, per slot, whether its variable holds a pointer: the
// zero value of a pointer parameter does (&T{}, where a value parameter's
// is var v T), and so does what a constructor that returns a pointer made.
func (x *subject) heldPointers(s *state) map[int]bool {
	held := map[int]bool{}
	for _, c := range s.seq.calls {
		switch {
		case c.made() != nil:
			held[c.slot] = c.made().ptr
		case c.fn == nil:
			held[c.slot] = x.slots[c.slot].ptr
		}
	}
	return held
}

// builtNested returns the object slot k built on s's path, for a nested
// slot that was built.
func (x *subject) builtNested(s *state, k int) (heap.ObjID, bool) {
	p, ok := s.seq.owned[k].(heap.Ptr)
	return p.Obj, ok && x.slots[k].nested
}

// sequenceOf is the sequence of calls of s as its witness writes it.
func (x *subject) sequenceOf(s *state) *witness.Sequence {
	held := x.heldPointers(s)
	seq := &witness.Sequence{Slots: make([]witness.Slot, len(x.slots))}
	for k := range x.slots {
		slot := &x.slots[k]
		ws := witness.Slot{Param: slot.param, Name: slot.name, Ptr: slot.ptr, Owner: slot.owner, OnDemand: slot.onDemand}
		if slot.plan != nil {
			ws.Type = slot.plan.named
		}
		ws.HoldsPtr, ws.Made = held[k]
		if obj, ok := x.builtNested(s, k); ok {
			ws.Built = obj
		}
		seq.Slots[k] = ws
	}
	for i := range s.seq.calls {
		c := &s.seq.calls[i]
		wc := witness.Call{Slot: c.slot, Fn: c.fn}
		if c.fn != nil {
			wc.Args, wc.Params = c.args, c.params()
			if made := c.made(); made != nil {
				wc.Ctor, wc.Rebind, wc.Result = c.ctor != nil, c.rebind != nil, made.result
			}
			for k, f := range c.offered {
				if wc.Given == nil {
					wc.Given = map[int]any{}
				}
				wc.Given[k] = f.written()
			}
		}
		seq.Calls = append(seq.Calls, wc)
	}
	return seq
}

// seqLen is the number of calls the path made to build its slots.
func (s *state) seqLen() int {
	if s.seq == nil {
		return 0
	}
	return len(s.seq.calls)
}

// noteSlots says in the record how the entry's parameters are built:
// which the API cannot build, and, with built, how the others are.
func (x *machine) noteSlots(built bool) {
	for k := range x.slots {
		slot := &x.slots[k]
		if slot.param < 0 && !slot.nested {
			continue // described with the slot it is the owner of
		}
		name := witness.SlotVar(x.fn, slot.param, slot.name, "")
		if slot.nested {
			name = nestedNote(slot, name)
		}
		if x.fn.Signature.Recv() != nil && slot.param == 0 {
			name = "receiver " + name
		}
		if slot.why != "" {
			// Not a silent complete: what callers can reach was not
			// explored, only what hand-built values reach.
			why := fmt.Sprintf("api: %s hand-built (%s)", name, slot.why)
			x.hitBound(search.Bound{Kind: search.BoundAPI, Text: why, Limit: why})
			continue
		}
		if !built {
			continue
		}
		from := slotSources(slot)
		if slot.owner >= 0 {
			owner := &x.slots[slot.owner]
			for _, c := range slot.plan.makers {
				if types.Identical(makerReceiver(c), owner.plan.named) {
					from = append(from, fmt.Sprintf("(*%s).%s", owner.plan.named.Obj().Name(), c.fn.Name()))
				}
			}
			from[len(from)-1] += fmt.Sprintf(" on a %s built by %s", owner.plan.named.Obj().Name(), strings.Join(slotSources(owner), ", "))
		}
		calls := fmt.Sprintf("up to %d calls of its %d exported methods that may change it", x.cfg.Seq, len(slot.plan.methods))
		if slot.owner >= 0 {
			calls = fmt.Sprintf("up to %d calls in all of the %s's and then its %d exported methods that may change them", x.cfg.Seq, x.slots[slot.owner].plan.named.Obj().Name(), len(slot.plan.methods))
		}
		x.res.Notes = append(x.res.Notes, fmt.Sprintf("%s built by %s, then %s (%d that cannot left out)",
			name, strings.Join(from, ", "), calls, slot.plan.observers))
	}
}

// nestedNote says what the values of nested slot hold, whose variable is
// name.
func nestedNote(slot *apiSlot, name string) string {
	t := slot.plan.named.Obj().Name()
	switch {
	case slot.ptr && slot.held:
		return "pointers to " + t + " and values of it inside the parameters: nil or one " + name + ", or copies of it,"
	case slot.held:
		return "values of " + t + " inside the parameters: copies of one " + name
	}
	return "pointers to " + t + " inside the parameters: nil or one " + name
}

// slotSources lists the constructors of a slot's type, and its zero value
// where that is a starting state.
func slotSources(slot *apiSlot) []string {
	var from []string
	for _, c := range slot.plan.ctors {
		from = append(from, c.fn.Name())
	}
	if slot.plan.zero {
		from = append(from, "the zero value")
	}
	return from
}

// apiOutOfBudget reports whether s builds values through the API after
// that search's half of the budget ran out: its remaining paths are cut,
// and the hand-built search has the rest.
func (x *explorer) apiOutOfBudget(s *state) bool {
	if s.seq == nil || s.seq.handBuiltPath || x.apiPoint != nil {
		return false // a space's search has a budget of its own
	}
	return x.budget.APIOutOfBudget()
}
