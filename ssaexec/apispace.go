package ssaexec

import (
	"fmt"
	"go/types"
	"maps"
	"slices"
	"sync"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/search"
	"github.com/gosym/gosym/solver"
)

// The states a type's constructors and call sequences reach do not depend
// on the method that is run from them (Symstra, Xie, Marinov, Schulte and
// Notkin, TACAS 2005; Visser, Păsăreanu and Pelánek, ISSTA 2006). A run
// explores them once per type and bounds, in a search of their own (an
// apiSpace) that stops at each point between two calls no state reached
// before covers, where an entry's search would go on into the entry
// (finishSlot). Each entry whose receiver the API builds then starts from
// a copy of each such point, imported into its own solver Context, in the
// order the search reached them, instead of calling the sequences again.
//
// The space's search runs only as far as an entry asks: up to the next
// point it takes. An entry's budget is charged, as it takes a point, the
// work the space's search spent to reach it, as if the entry had called
// the sequences itself, and its record gets what that search recorded up
// to there (bounds, counts of states and cut paths): the points it takes,
// its budget and its record are those its own search of the sequences
// would have given it, whichever entry asked first and however far, so
// its findings are the same (see TestSharedSequencesFindTheSame). The run
// does the work once: the time of the sequences' search is saved, not
// its work units.
//
// A space is shared only where the entry's first slot is its receiver,
// or first parameter, built from nothing else (no owner, not nested), and
// the package's initialization is shared too; elsewhere each entry calls
// the sequences itself. A point whose state holds goroutines, channels or
// timers is not imported: it cuts the entry's path, with a bound.

// apiKey is what the states of a slot's call sequences depend on: the
// type, whether the variable is a pointer, and the configuration with the
// bounds of the pass, less what only one entry's search reads.
type apiKey struct {
	named     *types.Named
	ptr       bool
	callFacts bool
	cfg       string
}

// keyOfSlot returns the key of slot's space under cfg, which holds the
// bounds of the pass: the configuration is written out, every field of it
// (what it points to by address), but for the hooks and the lines
// ignored, which only the entry's search reads, and the facts of other
// packages' functions, the same for a run's entries.
func keyOfSlot(slot *apiSlot, cfg Config) apiKey {
	facts := cfg.CallFacts != nil
	cfg.IgnoredLines, cfg.Interrupt, cfg.Summaries, cfg.CallFacts, cfg.stepHook, cfg.waitHook, cfg.clock = nil, nil, nil, nil, nil, nil, nil
	return apiKey{named: slot.plan.named, ptr: slot.ptr, callFacts: facts, cfg: fmt.Sprintf("%+v", cfg)}
}

// apiSpace is the states one slot's call sequences reach.
type apiSpace struct {
	// mu is held while the space is explored, and while an entry
	// imports from ctx, which only one goroutine may use at a time.
	mu   sync.Mutex
	done bool
	// why says why the space is not shared, or is "".
	why string
	ctx *solver.Context
	// y is the space's search while it has more to explore, nil after.
	y *explorer
	// points are the states between two calls that no state reached
	// before covered, in the order reached, each about to give the
	// entry its value; at[i] is what the search had recorded when it
	// reached points[i], and end what it recorded in all, once it ended.
	points []*state
	at     []spaceRecord
	end    *spaceRecord
	// initWork is the work of the package's initialization the search
	// started from; initImporter copied it into ctx.
	initWork     int64
	initImporter *heap.Importer
}

// spaceRecord is what a space's search had recorded at some point: the
// bounds that cut its paths (the seq bound's included), its notes, its
// counts of states, cut paths and states covered, and its work (but
// initialization's).
type spaceRecord struct {
	bounds              search.Bounds
	approx, notes       map[string]bool
	states, cut, pruned int
	work                int64
}

// apiTable holds a program's spaces, in the order begun, and counts, per
// type, the entries of the functions being analysed that may start from
// its spaces (see expect): once they are done, its spaces are released,
// so that a run over many packages does not keep them all.
type apiTable struct {
	mu     sync.Mutex
	spaces map[apiKey]*apiSpace
	order  []*apiSpace
	users  map[*types.Named]int
	stats  SequenceStats
}

// SequenceStats counts the searches of call sequences a program's
// entries shared (see apispace.go).
type SequenceStats struct {
	// Searches counts the spaces searched, Asked the searches of their
	// entries' passes that started from one instead of searching
	// themselves, Work the work of the spaces' searches (as far as
	// asked), Points the states they handed over.
	Searches, Asked, Points int
	Work                    int64
}

// SequenceStats returns the counts of the searches of call sequences
// that p's entries shared so far.
func (p *Program) SequenceStats() SequenceStats {
	if p.apiSpaces == nil {
		return SequenceStats{}
	}
	t := p.apiSpaces
	t.mu.Lock()
	defer t.mu.Unlock()
	st := t.stats
	for _, sp := range t.order {
		st.add(sp)
	}
	return st
}

// add counts the search of sp as far as it went.
func (st *SequenceStats) add(sp *apiSpace) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if !sp.done || sp.why != "" {
		return
	}
	st.Searches++
	st.Points += len(sp.points)
	switch {
	case sp.end != nil:
		st.Work += sp.end.work
	case len(sp.at) > 0:
		st.Work += sp.at[len(sp.at)-1].work
	}
}

func newAPITable() *apiTable {
	return &apiTable{spaces: map[apiKey]*apiSpace{}, users: map[*types.Named]int{}}
}

// spaceOf returns the space of key, made on first use.
func (t *apiTable) spaceOf(key apiKey) *apiSpace {
	t.mu.Lock()
	defer t.mu.Unlock()
	sp := t.spaces[key]
	if sp == nil {
		sp = &apiSpace{}
		t.spaces[key] = sp
		t.order = append(t.order, sp)
	}
	return sp
}

// expect counts the entries of fns that may start from the spaces of the
// type of their first slot (see sharedSpace), and returns what to call
// when the analysis of one of fns is done: the last of a type's entries
// releases its spaces. A space released and asked for again is explored
// again, the same way.
func (t *apiTable) expect(api *apiIndex, fns []*ssa.Function, cfg Config) func(fn *ssa.Function) {
	typeOf := map[*ssa.Function]*types.Named{}
	if cfg.ShareSequences && cfg.API && api != nil {
		for _, fn := range fns {
			if named := sharedType(api.apiSlots(fn)); named != nil {
				typeOf[fn] = named
			}
		}
	}
	t.mu.Lock()
	for _, named := range typeOf {
		t.users[named]++
	}
	t.mu.Unlock()
	return func(fn *ssa.Function) {
		named := typeOf[fn]
		if named == nil {
			return
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		if t.users[named]--; t.users[named] == 0 {
			t.releaseType(named)
		}
	}
}

// sharedType returns the type whose spaces an entry with slots may start
// from: its first slot's, where that is its first parameter built from
// nothing else, by constructors and methods that make no channel,
// goroutine or timer (whose states the points do not carry); nil for none.
func sharedType(slots []apiSlot) *types.Named {
	if len(slots) == 0 {
		return nil
	}
	slot := &slots[0]
	if slot.param != 0 || slot.owner >= 0 || slot.nested || slot.onDemand || slot.why != "" {
		return nil
	}
	if slot.plan.makesSched() {
		return nil
	}
	return slot.plan.named
}

// makesSched reports whether a call of the plan's constructors or methods
// may make a channel, a goroutine or a timer (see mayMakeSched), once per
// plan.
func (p *buildPlan) makesSched() bool {
	p.sched.once.Do(func() {
		fns := slices.Clone(p.methods)
		for _, c := range p.ctors {
			fns = append(fns, c.fn)
		}
		p.sched.may = mayMakeSched(fns)
	})
	return p.sched.may
}

// schedPackages are the packages whose functions make timers or
// channels for their callers.
var schedPackages = map[string]bool{"time": true, "context": true}

// mayMakeSched reports whether a call of one of fns may make a channel,
// start a goroutine or select, or make a timer: in their bodies and
// those of the functions they call statically. What they call through
// function values and interfaces is not followed; a point such a call
// leaves with channels cuts the entry's path with a bound (see
// sharedTask).
func mayMakeSched(fns []*ssa.Function) bool {
	seen := map[*ssa.Function]bool{}
	for len(fns) > 0 {
		fn := fns[len(fns)-1]
		fns = fns[:len(fns)-1]
		if fn == nil || seen[fn] {
			continue
		}
		seen[fn] = true
		if fn.Pkg != nil && schedPackages[fn.Pkg.Pkg.Path()] {
			return true
		}
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch in := in.(type) {
				case *ssa.MakeChan, *ssa.Go, *ssa.Select:
					return true
				case ssa.CallInstruction:
					fns = append(fns, in.Common().StaticCallee())
				}
			}
		}
		fns = append(fns, fn.AnonFuncs...)
	}
	return false
}

// releaseType releases the spaces of named. The caller holds t.mu.
func (t *apiTable) releaseType(named *types.Named) {
	released := map[*apiSpace]bool{}
	for key, sp := range t.spaces {
		if key.named == named {
			t.stats.add(sp)
			sp.release()
			delete(t.spaces, key)
			released[sp] = true
		}
	}
	t.order = slices.DeleteFunc(t.order, func(sp *apiSpace) bool { return released[sp] })
}

// release closes a space's Z3 context, once no entry uses it.
func (sp *apiSpace) release() {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.ctx != nil {
		sp.ctx.CloseLater()
	}
	sp.ctx, sp.y, sp.points, sp.at, sp.initImporter = nil, nil, nil, nil, nil
}

// release closes the spaces' Z3 contexts, once no entry uses them.
func (t *apiTable) release() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, sp := range t.order {
		sp.release()
	}
	t.spaces, t.order = nil, nil
}

// sharedSpace returns the space the search's first slot starts from in
// this pass, its search begun on first use; nil where its sequences are
// not shared, and the search calls them itself.
func (x *explorer) sharedSpace() *apiSpace {
	if !x.sharesSequences() || sharedType(x.slots) == nil {
		return nil
	}
	slot := &x.slots[0]
	cfg := x.passConfig()
	t := x.prog.apiSpaces
	sp := t.spaceOf(keyOfSlot(slot, cfg))
	sp.mu.Lock()
	if !sp.done {
		sp.begin(x.prog, x.fn, *slot, cfg, x.pass)
		sp.done = true
	}
	shared := sp.why == ""
	sp.mu.Unlock()
	if !shared {
		return nil
	}
	t.mu.Lock()
	t.stats.Asked++
	t.mu.Unlock()
	return sp
}

// sharesSequences reports whether the search may start from shared
// states of call sequences: those of an entry's own search, with its
// package's initialization shared.
func (x *explorer) sharesSequences() bool {
	c := x.cfg
	return c.ShareSequences && c.ShareInit && c.API && c.Summaries == nil && !c.factRun() &&
		c.MaxWork > 0 && x.apiPoint == nil && x.prog.apiSpaces != nil
}

// begin sets up the search of slot's sequences, rep's first parameter,
// with cfg's bounds (pass's), up to the start of its first sequence. The
// search is an entry's, rep's, but for its frames, which an importing
// entry replaces with its own, and its parameters, none: what it reaches
// does not depend on rep. Its budget is the API's half of an entry's (see
// Budget.APIOutOfBudget): no entry takes a point past it.
func (sp *apiSpace) begin(prog *Program, rep *ssa.Function, slot apiSlot, cfg Config, pass search.Pass) {
	// A memory limit stops entries, not this; a test's hook is for the
	// entry it names, not for the one that asked first.
	cfg.Interrupt, cfg.stepHook, cfg.waitHook = nil, nil, nil
	sp.ctx = solver.NewContext()
	defer sp.recoverInto()
	y := newExplorer(prog, rep, cfg, sp.ctx, &result.FuncResult{}, time.Now())
	y.params = types.NewTuple()
	y.slots = []apiSlot{slot}
	y.pass = pass
	y.budget.Limits.MaxWork, y.budget.Limits.QueryBase = max(cfg.MaxWork/2, 1), cfg.MaxWork
	y.newTable()
	y.apiPoint = func(s *state) {
		sp.points = append(sp.points, s)
		sp.at = append(sp.at, sp.record())
	}
	s := y.initial()
	if s.pkgInit.running {
		sp.why = "the package's initialization is not shared"
		return
	}
	// The symbols of each space's search count in a range of their own:
	// an entry's passes import from spaces of different bounds.
	sp.ctx.ReserveSymbols(symbolFloor(pass))
	sp.y, sp.initWork = y, y.budget.Inherited
	sp.initImporter = y.importer
	y.work.Add(exploreTask{s})
}

// recoverInto makes a panic of the space's search its reason not to be
// shared; an entry that started from it goes on without more points.
func (sp *apiSpace) recoverInto() {
	if r := recover(); r != nil {
		sp.why, sp.y = fmt.Sprintf("internal error: %v", r), nil
	}
	if sp.why != "" && sp.ctx != nil {
		sp.ctx.CloseLater()
		sp.ctx, sp.points = nil, nil
	}
}

// record returns what the space's search has recorded so far.
func (sp *apiSpace) record() spaceRecord {
	y := sp.y
	return spaceRecord{bounds: maps.Clone(y.bounds), approx: maps.Clone(y.approx), notes: maps.Clone(y.notes),
		states: y.res.States, cut: y.res.Cut, pruned: y.res.SequencesPruned, work: y.budget.Work() - sp.initWork}
}

// reach explores the space until it has point i or has no more, and
// reports whether it has point i.
func (sp *apiSpace) reach(i int) bool {
	defer sp.recoverInto()
	for y := sp.y; y != nil && len(sp.points) <= i; {
		t, ok := y.work.Next()
		if !ok {
			if y.halted() {
				y.hitBound(search.Bound{Kind: search.BoundAPI, Text: y.budget.APIBound(), Limit: "api search budget"})
			}
			end := sp.record()
			sp.end, sp.y = &end, nil
			break
		}
		t.run(y)
	}
	return i < len(sp.points) && sp.why == ""
}

// symbolFloor is where the symbols of the space of a pass's bounds count
// from: ranges of 2^33 symbols, apart for different bounds, the space's
// search making the first 2^32 and the entries that import its points
// the others (see importPoint). An entry's own symbols count from there,
// not from where the space's search had got to when it imported, which
// depends on what other entries asked of it first: Z3's models, hence
// witnesses, depend on the symbols' names.
func symbolFloor(p search.Pass) uint64 {
	k := uint64(min(max(p.K+1, 0), 255))
	seq := uint64(min(max(p.Seq, 0), 255))
	kbytes := uint64(min(max(p.KBytes, 0), 1<<14-1))
	return (1 + (k | seq<<8 | kbytes<<16)) << 33
}

// sharedTask goes on with the points of a space, one at a time, each
// imported as the state of the entry's search, from the state base whose
// first slot the points give a value. charged is what the search's
// budget had been charged for shared states before (earlier passes').
type sharedTask struct {
	base    *state
	space   *apiSpace
	next    int
	charged int64
}

func (t *sharedTask) run(x *explorer) {
	sp, i := t.space, t.next
	if x.halted() {
		// Its budget ran out in the entry's run from the last point.
		x.inheritSpace(sp, i-1, t.charged)
		return
	}
	sp.mu.Lock()
	has, ended := sp.reach(i), len(sp.at)
	switch {
	case !has:
		// The space has no more points: it was searched to its end, or
		// to the end of its budget, which is the API's half of the
		// entry's, as the entry's own search would have.
		sp.mu.Unlock()
		x.inheritSpace(sp, ended, t.charged)
		return
	case x.budget.APILeft()+x.budget.Shared-(t.charged+sp.at[i].work) < 0:
		sp.mu.Unlock()
		// The entry's own search would have spent the API's half of the
		// budget on the way to the point: it is spent.
		x.inheritSpace(sp, i-1, t.charged)
		x.budget.Shared += max(x.budget.APILeft()+1, 0)
		x.hitBound(search.Bound{Kind: search.BoundAPI, Text: x.budget.APIBound(), Limit: "api search budget"})
		return
	}
	x.budget.Shared = t.charged + sp.at[i].work
	p := sp.points[i]
	var s *state
	if p.g == nil {
		s = x.importPoint(sp, p, t.base)
	}
	sp.mu.Unlock()
	t.next++
	x.work.Add(t)
	x.res.States++
	if s == nil {
		s = t.base.clone()
		s.end = running
		s.cutBy(search.BoundAPI, "api: a call of a sequence made a goroutine, a channel or a timer, which shared states do not hold")
		x.work.Add(finishTask{s})
		return
	}
	x.solver.Push()
	for _, c := range s.pc {
		x.solver.Assert(c)
	}
	x.work.Add(popTask{})
	x.work.Add(exploreTask{s})
}

// startShared hands the state s over to the points of space sp (see
// sharedTask).
func (x *explorer) startShared(s *state, sp *apiSpace) {
	s.end = handedOver
	x.work.Add(&sharedTask{base: s, space: sp, charged: x.budget.Shared})
}

// inheritSpace gives the search's record what the space's search had
// recorded when it reached point i (its initial state's for -1, all it
// recorded for len(sp.at), once it ended), and charges its budget with
// that search's work up to there.
func (x *explorer) inheritSpace(sp *apiSpace, i int, charged int64) {
	sp.mu.Lock()
	var r *spaceRecord
	switch {
	case i < 0:
		r = &spaceRecord{states: 1}
	case i < len(sp.at):
		r = &sp.at[i]
	default:
		r = sp.end
	}
	sp.mu.Unlock()
	if r == nil {
		return // a space whose search failed (see recoverInto)
	}
	maps.Copy(x.bounds, r.bounds)
	maps.Copy(x.approx, r.approx)
	maps.Copy(x.notes, r.notes)
	x.res.States += r.states - 1 // its first state is the entry's
	x.res.Cut += r.cut
	x.res.SequencesPruned += r.pruned
	x.budget.Shared = charged + r.work
}

// importPoint returns point p of space sp, which holds no goroutine,
// channel or timer, as a state of the search: the frames of base, and the
// rest p's, with its terms built in the search's Context. The caller
// holds sp.mu.
func (x *explorer) importPoint(sp *apiSpace, p, base *state) *state {
	im := x.spaces[sp]
	if im == nil {
		im = heap.NewImporter(solver.NewImporterAfter(sp.ctx, x.ctx))
		x.ctx.ReserveSymbols(symbolFloor(x.pass) + 1<<32)
		if x.importer != nil && sp.initImporter != nil {
			// Both hold a copy of the package's initialization: the
			// points' terms from it are the search's.
			im.Terms().Compose(sp.initImporter.Terms(), x.importer.Terms())
		}
		x.spaces[sp] = im
	}
	s := base.clone()
	s.end = running
	s.heap = im.Heap(p.heap, x.heapConfig())
	s.heap.RetypeArgs(x.params)
	x.hook(s.heap)
	s.pc = make([]*solver.Term, len(p.pc))
	for i, c := range p.pc {
		s.pc[i] = im.Terms().Import(c)
	}
	s.seq = importSeq(im, p.seq)
	s.seq.imported = true
	s.trace, s.traceAt = importSteps(im, p), traceLine{file: p.traceAt.file, line: p.traceAt.line}
	s.approx, s.assumed, s.refining, s.choices = slices.Clip(p.approx), p.assumed, p.refining, p.choices
	s.globals = p.globals // copied on write; addresses hold no terms
	s.pkgInit = p.pkgInit
	if end := p.pkgInit.end; end != nil {
		s.pkgInit.end = im.Watched(end, x.heapConfig())
	}
	return s
}

// importSeq copies a call sequence's values into the importer's target.
func importSeq(im *heap.Importer, q *callSequence) *callSequence {
	c := *q
	c.value = im.Value(q.value)
	if q.owned != nil {
		c.owned = make(map[int]heap.Value, len(q.owned))
		for k, v := range q.owned {
			c.owned[k] = im.Value(v)
		}
	}
	c.calls = make([]seqCall, len(q.calls))
	for i, call := range q.calls {
		call.argv = slices.Clone(call.argv)
		for j, v := range call.argv {
			call.argv[j] = im.Value(v)
		}
		c.calls[i] = call
	}
	return &c
}

// importSteps copies the trace of s into the importer's target, its
// summarized calls' steps spliced in (see traceSteps) and numbered anew.
func importSteps(im *heap.Importer, s *state) *traceStep {
	var last *traceStep
	for i, t := range s.traceSteps(s.traceLen()) {
		c := *t
		c.prev, c.n, c.seg = last, int32(i+1), nil
		if b := t.branch; b != nil {
			c.branch = b.mapOperands(func(v heap.Value) (heap.Value, bool) { return im.Value(v), true })
		}
		last = &c
	}
	return last
}
