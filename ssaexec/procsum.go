package ssaexec

import (
	"maps"
	"reflect"
	"slices"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/solver"
)

// Procedure summaries (Config.ProcSummaries), after "Procedure summaries for
// Boolean programs with references" (ZING). A call of a function made from a
// heap with the same counters as an earlier call of it (see calledBefore) is
// recorded: over all the paths of that call (the pruned ones included, which
// read no more than the view holds), the search keeps where each path
// returned: its heap, its result and the conditions it added. Once every path
// of the call has ended, the record is a summary. A later call whose state
// agrees with the summary's on all the callee could read (its view: what its
// arguments and the package variables reach, and the input objects) and whose
// path condition implies what the summary's said of those values goes on from
// the summary's exits instead of running the body again.
//
// Two exits of one call that agree on all the caller can read after it,
// and add the same conditions on what it can read, go on alike: the
// second is not explored further (it is covered). That is what makes a
// call whose paths differ only inside it (the seed's nondeterministic
// choices) cost one path after it, not one per path inside it.
//
// A call is summarized only when the search can tell its paths apart
// from the rest: a call returns a value to the path that made it (no
// deferred call), no panic is unwinding, no call of a sequence that
// builds a parameter is running and package initialization has ended;
// and one of whose paths goes on to build a value through the package's
// API (which changes the path's call sequence) is not. A record no path of
// which was cut by a bound, met an unsupported construct or was
// subsumed at a loop head is a summary; any of those leaves the call to
// be run again the next time. A summary with a panicking path is
// applied only where no frame has deferred calls, which could recover
// it: its panics were reported where the call ran.
//
// The ids of objects and symbolic references are compared as they are:
// a summary applies where the heap has made as many of each as it had
// (see heap.SameView), which holds for calls on sibling paths. Some
// summaries also apply up to a renaming (procrename.go). Symbols
// made inside the call are then used again by the paths the summary
// applies to, each of which is another path than the one that made
// them, and the counters keep one path from applying a summary twice.

// maxExits bounds the exits of one summary, and maxStoredExits those of
// all the summaries one pass of a search keeps: each holds a heap, which
// keeps the parts it does not share with others from being freed.
const (
	maxExits       = 64
	maxStoredExits = 8192
)

// summaryRec records the paths of one call: a summary once all ended.
type summaryRec struct {
	fn    *ssa.Function
	key   summaryKey      // the key of the call (see callKey)
	stack []*ssa.Function // the functions of the caller's frames
	args  []heap.Value    // the arguments, then the closure's variables
	// The entry state: its heap, what the callee may read of it, and
	// the parts of the path the exits extend.
	heap   *heap.Heap
	view   heap.View
	pc     []*solver.Term
	approx int
	trace  *traceStep
	facts  pathFacts
	// seq is how the path built the entry's parameters through the
	// package's API: a call that changes it is not summarized.
	seq *callSequence
	// relevant are the entry's conditions on what the callee can read:
	// a state whose path holds them all has no path of the callee the
	// entry's pruned (see relevantAtEntry).
	relevant      []*solver.Term
	relevantKnown bool
	// bySym indexes pc's conditions by their symbols, made on first
	// need and shared by the questions about the record's exits.
	bySym map[*solver.Term][]int
	exits []*summaryExit
	// canon is the entry state up to a renaming, if it has one;
	// canonRelevant the entry's conditions on its symbols, once
	// complete, over its holes and then canonExtra; reshaped says an
	// exit observed something or made more than objects, arrays and maps
	// (see heap.MadeOnly), which keeps a renaming from applying the
	// summary (see procrename.go).
	canon         *heap.Canon
	canonRelevant []solver.Formula
	canonExtra    []*solver.Term
	reshaped      bool
	// open is how many loop-head entries were open at the entry, and
	// parked the paths that returned and wait for the call's others
	// (see parkExit).
	open   int
	parked []*state
	// broken says why the record is no summary ("" while it may be).
	broken string
	// panics says a path of the call panicked.
	panics bool
	// work is the search's work when the call was entered, and, once
	// the record is a summary, the work its paths took: what an answer
	// saves.
	work int64
}

// summaryExit is one way the call returned.
type summaryExit struct {
	heap   *heap.Heap
	result heap.Value
	added  []*solver.Term // the conditions the call's path added
	approx []string
	facts  pathFacts
	trace  *traceStep
	// traceAt is the state's position in its trace.
	traceAt traceLine
}

// pathFacts are what a path knows besides its heap and condition that
// decides what a call's paths report: whether the path rests on
// unexecuted code, the entry parameters it compared with nil, the
// package variables it used and the packages whose initialization it
// ran. A call reads them and may change them.
type pathFacts struct {
	assumed  bool
	compared map[int]nilCheck
	globals  map[*ssa.Global]heap.Ptr
	initRun  map[*ssa.Package]bool
}

func factsOf(s *state) pathFacts {
	return pathFacts{s.assumed, s.compared, s.globals, s.pkgInit.begun}
}

func (p pathFacts) same(q pathFacts) bool {
	return p.assumed == q.assumed && sameMap(p.compared, q.compared) &&
		sameMap(p.globals, q.globals) && sameMap(p.initRun, q.initRun)
}

// sameMap is maps.Equal, at once where the two are one map: paths share
// their facts' maps until one changes them, and a call's candidates are
// compared with each state that calls it.
func sameMap[M ~map[K]V, K, V comparable](a, b M) bool {
	if len(a) != len(b) {
		return false
	}
	return len(a) == 0 || reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer() || maps.Equal(a, b)
}

// setOn gives s these facts (maps that s shares, copied on write).
func (p pathFacts) setOn(s *state) {
	s.assumed, s.compared, s.globals, s.pkgInit.begun = p.assumed, p.compared, p.globals, p.initRun
}

// summaryKey indexes summaries: a summary applies only where the heap's
// counters are as they were at its entry, from as many frames, and with
// arguments that agree on what argsKey writes.
type summaryKey struct {
	fn       *ssa.Function
	counters heap.Counters
	depth    int
	args     string
}

// callKey returns the key of a call of fn with args from s.
func callKey(s *state, fn *ssa.Function, args []heap.Value) summaryKey {
	return summaryKey{fn, s.heap.Counters(), len(s.frames), argsKey(args)}
}

// argsKey writes the objects and references the arguments point to, which
// two calls a summary answers alike share (see summaryMatches): of the
// calls of one function from one heap, as on the sibling paths of a
// recursion, most differ there, and comparing their views costs more.
func argsKey(args []heap.Value) string {
	var b []byte
	for _, a := range args {
		switch v := a.(type) {
		case heap.Ptr:
			b = append(strconv.AppendInt(append(b, 'p'), int64(v.Obj), 10), v.Path...)
		case heap.SymPtr:
			b = strconv.AppendInt(append(b, 'y'), int64(v.ID), 10)
		case heap.Nil:
			b = append(b, 'n')
		default:
			b = append(b, '?')
		}
		b = append(b, ';')
	}
	return string(b)
}

// calledKey indexes the calls made: the function and the heap's counters.
type calledKey struct {
	fn       *ssa.Function
	counters heap.Counters
}

// summaries holds the complete summaries of one pass.
type summaries struct {
	byKey map[summaryKey][]*summaryRec
	// called holds the functions and counters of the calls made so far:
	// a call is recorded only once one with its counters was made
	// before, since a summary can only answer calls that have them, and
	// most calls have counters of their own (recording one costs a copy
	// of the heap).
	called map[calledKey]bool
	exits  int // the exits of all of them
	// symbols remembers the symbols of path conditions.
	symbols map[*solver.Term][]*solver.Term
	// ids, canonCalled and byCanon are byKey's and called's part for
	// summaries up to a renaming (see procrename.go).
	ids         heap.Identities
	canonCalled map[canonKey]bool
	byCanon     map[canonKey][]*summaryRec
	// payoffs says, for each function recorded, what its summaries cost
	// and saved (see pays).
	payoffs map[*ssa.Function]*payoff
}

// A payoff is what summarizing the calls of one function has cost and
// saved in a pass: the calls recorded, and the work of the recorded calls
// that summaries answered instead of running again.
//
// Most recorded calls are never answered: on real code, a few percent of
// them are (in gods' lists and trees, 116 thousand answers for 1.4 million
// recordings), and an answer to a short callee (a getter, a comparator on
// ints) saves a few steps while each recording costs a copy of the heap
// and each lookup a walk over what the call reaches. So a function's
// calls stop being summarized, for the rest of the pass, once trialCalls
// of them were recorded and the answers saved less than paybackWork per
// recording. A call not summarized is run, as the plain search runs it:
// the search reports the same.
type payoff struct {
	recorded int
	saved    int64
	stopped  bool
}

const (
	trialCalls  = 32
	paybackWork = 64
)

// pays reports whether calls of fn are still worth summarizing.
func (m *summaries) pays(fn *ssa.Function) bool {
	p := m.payoffs[fn]
	return p == nil || !p.stopped
}

// payoffOf returns fn's payoff, made on first need.
func (m *summaries) payoffOf(fn *ssa.Function) *payoff {
	if m.payoffs == nil {
		m.payoffs = map[*ssa.Function]*payoff{}
	}
	p := m.payoffs[fn]
	if p == nil {
		p = &payoff{}
		m.payoffs[fn] = p
	}
	return p
}

// noteRecorded counts a recording of a call of fn, and stops fn's
// summaries if their answers have not paid for the recordings.
func (m *summaries) noteRecorded(fn *ssa.Function) {
	p := m.payoffOf(fn)
	p.recorded++
	if p.recorded >= trialCalls && p.saved < int64(p.recorded)*paybackWork {
		p.stopped = true
	}
}

// noteAnswered counts an answer by rec, which saved the work its call took.
func (m *summaries) noteAnswered(rec *summaryRec) {
	m.payoffOf(rec.fn).saved += rec.work
}

// summarizable reports whether a call from s may be recorded or answered
// by a summary (see above).
func (x *subject) summarizable(s *state, call *ssa.Call) bool {
	if !x.cfg.ProcSummaries || call == nil || s.panic != nil || s.pkgInit.running || s.refining || s.g != nil ||
		s.seq != nil && s.seq.running || s.bound < len(x.fn.Params) {
		return false
	}
	for _, f := range s.frames {
		if f.deferred || f.unwinding || f.precondition || f.postcondition || f.seqCall || f.initialization {
			return false
		}
	}
	return true
}

// calledBefore reports whether a call of fn was made before from a state
// with the heap's counters of s, and notes this one. The frames and the
// arguments are left out: a call is recorded for the next with its
// counters, and those differ there more often than not.
func (x *explorer) calledBefore(s *state, fn *ssa.Function) bool {
	return noteCall(&x.sums.called, calledKey{fn, s.heap.Counters()})
}

// noteCall reports whether *called holds k, and adds it.
func noteCall[K comparable](called *map[K]bool, k K) bool {
	if (*called)[k] {
		return true
	}
	if *called == nil {
		*called = map[K]bool{}
	}
	(*called)[k] = true
	return false
}

// beginSummary starts recording the call of f's function from s, whose
// frame f is about to be pushed.
func (x *explorer) beginSummary(s *state, f *frame, args []heap.Value, canon *heap.Canon) {
	below := s.frames
	rec := &summaryRec{
		fn:     f.fn,
		key:    callKey(s, f.fn, args),
		args:   args,
		heap:   s.heap.Clone(),
		pc:     s.pc[:len(s.pc):len(s.pc)],
		approx: len(s.approx),
		trace:  s.trace,
		facts:  factsOf(s),
		seq:    s.seq,
		canon:  canon,
		open:   len(x.open),
	}
	for _, b := range below {
		rec.stack = append(rec.stack, b.fn)
	}
	f.rec = rec
	rec.work = x.budget.Work()
	x.sums.noteRecorded(f.fn)
	x.recording = append(x.recording, rec)
}

// roots are the values through which a call can reach the heap: its
// arguments and the package variables (in no order: they are a set).
func (rec *summaryRec) roots(globals map[*ssa.Global]heap.Ptr) []heap.Value {
	out := slices.Clip(rec.args)
	for _, p := range globals {
		out = append(out, p)
	}
	return out
}

// entryView returns what the call could read at its entry, computed on
// first need: most records are never asked.
func (rec *summaryRec) entryView() heap.View {
	if rec.view == nil {
		rec.view = rec.heap.View(nil, rec.roots(rec.facts.globals))
	}
	return rec.view
}

// relevantAtEntry returns the entry's conditions on what the call could
// read, computed on first need.
func (x *explorer) relevantAtEntry(rec *summaryRec) []*solver.Term {
	if !rec.relevantKnown {
		rec.relevant = x.relevantTo(rec, nil, rec.heap.Terms(rec.entryView(), rec.args))
		rec.relevantKnown = true
	}
	return rec.relevant
}

// endSummary completes rec: a summary, unless a path of it did what a
// summary cannot hold.
func (x *explorer) endSummary(rec *summaryRec) {
	if x.halted() {
		rec.broken = "the budget ran out"
	}
	switch {
	case rec.broken != "":
		x.res.Summaries.Broken++
	case x.sums.exits+len(rec.exits) > maxStoredExits:
		x.res.Summaries.Dropped++
	default:
		x.completeSummary(rec)
	}
}

// parkExit parks s, which just returned from the call rec records by an
// exit of its own: it goes on once every path of the call has ended, so
// that the summary is complete when the rest of s's path calls the
// function again (a size read in a loop, a comparator called twice).
// Going on at once, as a depth-first search would, runs s's path to its
// end before the call's other paths, and no call on it could be
// answered. A loop head inside the call whose entry is still open keeps
// s going: the entry's continuations, s's included, must be explored
// before it closes (see closeEntries).
func (x *explorer) parkExit(s *state, rec *summaryRec) {
	if len(x.open) == rec.open {
		s.end = parked
		rec.parked = append(rec.parked, s)
	}
}

// completeSummary stores rec as a summary.
func (x *explorer) completeSummary(rec *summaryRec) {
	if x.sums.byKey == nil {
		x.sums.byKey = map[summaryKey][]*summaryRec{}
	}
	rec.work = x.budget.Work() - rec.work
	x.sums.byKey[rec.key] = append(x.sums.byKey[rec.key], rec)
	x.sums.exits += len(rec.exits)
	x.res.Summaries.Recorded++
	x.storeRenamable(rec)
}

// relevantTo returns the conditions of the entry's path, then of added,
// that constrain terms (see relevantIn).
func (x *explorer) relevantTo(rec *summaryRec, added, terms []*solver.Term) []*solver.Term {
	if rec.bySym == nil {
		rec.bySym = x.indexBySymbol(rec.pc, 0, map[*solver.Term][]int{})
	}
	// The added conditions are indexed on their own: a copy of the
	// entry's index would cost as much as making it.
	extra := x.indexBySymbol(added, len(rec.pc), map[*solver.Term][]int{})
	at := func(i int) *solver.Term {
		if i < len(rec.pc) {
			return rec.pc[i]
		}
		return added[i-len(rec.pc)]
	}
	return x.relevantIn(at, terms, rec.bySym, extra)
}

// indexBySymbol adds to bySym, for each symbol of the conditions conds,
// their indices (from base on), and returns it.
func (x *explorer) indexBySymbol(conds []*solver.Term, base int, bySym map[*solver.Term][]int) map[*solver.Term][]int {
	for i, a := range conds {
		for _, sym := range x.symbolsOf(a) {
			bySym[sym] = append(bySym[sym], base+i)
		}
	}
	return bySym
}

// relevantIn returns the conditions of a path condition that constrain
// terms, directly or through other conditions that share a symbol with
// them, in the path's order. at gives the path's i-th condition, and
// indices index the conditions by symbol: past the indices, the work is
// in the conditions taken, not in the path's length.
func (x *explorer) relevantIn(at func(int) *solver.Term, terms []*solver.Term, indices ...map[*solver.Term][]int) []*solver.Term {
	taken := map[int]bool{}
	seen := map[*solver.Term]bool{}
	queue := x.ctx.Symbols(terms...)
	for len(queue) > 0 {
		sym := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		if seen[sym] {
			continue
		}
		seen[sym] = true
		for _, bySym := range indices {
			for _, i := range bySym[sym] {
				if !taken[i] {
					taken[i] = true
					queue = append(queue, x.symbolsOf(at(i))...)
				}
			}
		}
	}
	out := make([]*solver.Term, 0, len(taken))
	for _, i := range slices.Sorted(maps.Keys(taken)) {
		out = append(out, at(i))
	}
	return out
}

// symbolsOf returns the symbols of a path condition's term, remembered:
// the conditions of a path are asked about at every summary.
func (x *explorer) symbolsOf(t *solver.Term) []*solver.Term {
	if syms, ok := x.sums.symbols[t]; ok {
		return syms
	}
	if x.sums.symbols == nil {
		x.sums.symbols = map[*solver.Term][]*solver.Term{}
	}
	syms := x.ctx.Symbols(t)
	x.sums.symbols[t] = syms
	return syms
}

// markPaths tells the records of the calls s is inside that one of their
// paths ended as s did, or did what a summary cannot hold (why says
// what).
func markPaths(s *state, why string) {
	for _, f := range s.frames {
		if rec := f.rec; rec != nil && rec.broken == "" {
			rec.broken = why
		}
	}
}

// notePanicking tells the records of the calls s is inside that a path
// of theirs panicked.
func notePanicking(s *state) {
	for _, f := range s.frames {
		if f.rec != nil {
			f.rec.panics = true
		}
	}
}

// summaryExit records that s returned from the call rec records, with
// result: s is covered, and ends, if an exit recorded before goes on as
// it would.
func (x *explorer) summaryExit(s *state, rec *summaryRec, result heap.Value) {
	if rec.broken != "" {
		return
	}
	e := &summaryExit{
		heap:   s.heap.Clone(),
		result: result,
		added:  slices.Clone(s.pc[len(rec.pc):]),
		approx: slices.Clone(s.approx[rec.approx:]),
		facts:  factsOf(s),
		trace:  s.trace,
	}
	e.traceAt = s.traceAt
	if rec.canon != nil && !rec.reshaped && !e.heap.MadeOnly(rec.heap) {
		rec.reshaped = true
	}
	for _, known := range rec.exits {
		if x.sameExit(rec, known, e) {
			s.end = covered
			x.res.Summaries.Covered++
			return
		}
	}
	if len(rec.exits) >= maxExits {
		rec.broken = "too many exits"
		return
	}
	rec.exits = append(rec.exits, e)
	x.parkExit(s, rec)
}

// sameExit reports whether the paths after exits a and b of rec go on
// alike: they agree on everything the caller can reach (its arguments,
// the package variables and the result lead to), and add the same
// conditions on it. Conditions only on what the call made and dropped
// (its input functions' results, say) are left out of the comparison.
func (x *explorer) sameExit(rec *summaryRec, a, b *summaryExit) bool {
	if !a.facts.same(b.facts) || !slices.Equal(a.approx, b.approx) || !heap.SameValue(a.result, b.result) {
		return false
	}
	// The caller may hold any object the call could reach, whether or
	// not the call left it reachable.
	roots := append(rec.roots(a.facts.globals), a.result)
	view := a.heap.View(rec.entryView(), roots)
	if !a.heap.SameView(b.heap, view) {
		return false
	}
	seen := a.heap.Terms(view, roots)
	ca, cb := x.relevantTo(rec, a.added, seen), x.relevantTo(rec, b.added, seen)
	return slices.EqualFunc(ca, cb, func(a, b *solver.Term) bool { return a.Identity() == b.Identity() })
}

// applySummary answers a call of fn from s with a summary, if one
// applies: each of its exits is an alternative, under the conditions its
// path added.
func (x *explorer) applySummary(s *state, fn *ssa.Function, args []heap.Value, call *ssa.Call) ([]alt, bool) {
	rec := x.findSummary(s, fn, args)
	if rec == nil {
		return nil, false
	}
	x.res.Summaries.Applied++
	x.sums.noteAnswered(rec)
	added := make([][]*solver.Term, len(rec.exits))
	for i, e := range rec.exits {
		added[i] = e.added
	}
	return exitAlts(x, s, added, func(i int, s *state) { s.applyExit(rec, rec.exits[i], call) }), true
}

// exitAlts returns the alternatives after a summary's exits: exit i's
// under the conditions added[i], going on by apply(i). A summary without
// exits ends s: every path of the call panicked, and was reported.
func exitAlts(x *explorer, s *state, added [][]*solver.Term, apply func(i int, s *state)) []alt {
	if len(added) == 0 {
		s.end = covered
		return nil
	}
	alts := make([]alt, len(added))
	for i, conds := range added {
		var guard *solver.Term
		if len(conds) > 0 {
			guard = x.ctx.And(conds...)
		}
		alts[i] = alt{guard: guard, apply: func(s *state) { apply(i, s) }}
	}
	// The exits do not cover the paths that panicked: none goes without
	// its check because the others were infeasible.
	alts[0].partial = true
	return alts
}

// pathSet returns the identities of s's path conditions.
func pathSet(s *state) map[any]bool {
	set := make(map[any]bool, len(s.pc))
	for _, a := range s.pc {
		set[a.Identity()] = true
	}
	return set
}

// findSummary returns the summary that answers a call of fn with args
// from s, or nil.
func (x *explorer) findSummary(s *state, fn *ssa.Function, args []heap.Value) *summaryRec {
	cands := x.sums.byKey[callKey(s, fn, args)]
	if len(cands) == 0 {
		return nil
	}
	var inPC map[any]bool
	for _, rec := range cands {
		if !s.summaryMatches(rec, args) {
			continue
		}
		if inPC == nil {
			inPC = pathSet(s)
		}
		if !slices.ContainsFunc(x.relevantAtEntry(rec), func(a *solver.Term) bool { return !inPC[a.Identity()] }) {
			return rec
		}
	}
	return nil
}

// summaryMatches reports whether s, calling rec's function with args,
// agrees with rec's entry on all the call can read and all that decides
// what its paths report.
func (s *state) summaryMatches(rec *summaryRec, args []heap.Value) bool {
	if !contextMatches(s, rec, args) {
		return false
	}
	for i, a := range args {
		if !heap.SameValue(a, rec.args[i]) {
			return false
		}
	}
	return rec.heap.SameView(s.heap, rec.entryView())
}

// contextMatches reports whether s, calling rec's function with args,
// agrees with rec's entry on all but the heap and the arguments that
// decides what the call's paths report: the functions on the stack, the
// call sequence, the path's facts, and, for a summary with a path that
// panicked, that no frame has deferred calls that could recover it.
func contextMatches(s *state, rec *summaryRec, args []heap.Value) bool {
	if len(rec.stack) != len(s.frames) || s.seq != rec.seq || len(args) != len(rec.args) {
		return false
	}
	for i, f := range s.frames {
		if f.fn != rec.stack[i] {
			return false
		}
	}
	return factsOf(s).same(rec.facts) && (!rec.panics || !hasDefers(s))
}

// applyExit makes s, at the call, the state after it returned by exit e.
func (s *state) applyExit(rec *summaryRec, e *summaryExit, call *ssa.Call) {
	s.heap.Apply(rec.heap, e.heap, rec.entryView())
	s.leaveBy(rec, e, nil, call, e.result)
}

// leaveBy makes s, whose heap is the one after exit e of rec, the state
// after the call returned result: the exit's approximations and facts,
// and its steps (renamed by rename, if it is not nil).
func (s *state) leaveBy(rec *summaryRec, e *summaryExit, rename *heap.Renaming, call *ssa.Call, result heap.Value) {
	s.approx = append(s.approx, e.approx...)
	e.facts.setOn(s)
	if e.trace != rec.trace {
		// The call's steps, and the line its last one is on.
		s.trace = spliceTrace(s.trace, rec.trace, e.trace, rename)
		s.traceAt = e.traceAt
	}
	s.set(call, result)
}

// spliceTrace returns the trace onto followed by the steps after entry up
// to exit, another path's: one step that stands for them (a copy would
// cost the call's length at every call a summary answers). rename, if
// not nil, renames the values the steps show for onto's path.
func spliceTrace(onto, entry, exit *traceStep, rename *heap.Renaming) *traceStep {
	c := *exit
	c.prev = onto
	c.seg = &traceSegment{from: entry, to: exit, rename: rename}
	c.n = int32(onto.traceN()) + exit.n - int32(entry.traceN())
	return &c
}
