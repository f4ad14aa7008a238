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
// explores them once per type and bounds, in a search of their own (see
// apiSpace.explore) that stops at each point between two calls no state
// reached before covers, where an entry's search would go on into the
// entry (finishSlot). Each entry whose receiver the API builds then
// starts from a copy of each such point, imported into its own solver
// Context, in the order the search reached them, instead of calling the
// sequences again: the points and their order are those its own search
// of the sequences would have reached, so its findings are the same (see
// TestSharedSequencesFindTheSame), and its budget goes to the entry.
//
// A space is shared only where the entry's first slot is its receiver,
// or first parameter, built from nothing else (no owner, not nested), and
// the package's initialization is shared too; elsewhere, or where a point
// holds goroutines or channels, each entry calls the sequences itself.

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
	cfg.IgnoredLines, cfg.Interrupt, cfg.Summaries, cfg.CallFacts, cfg.stepHook, cfg.clock = nil, nil, nil, nil, nil, nil
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
	// points are the states between two calls that no state reached
	// before covered, in the order reached, each about to give the
	// entry its value.
	points []*state
	// What the search recorded on the way: bounds (where it was cut,
	// the seq bound included), notes, its counts of states, cut paths
	// and states covered, and its work (initialization's apart).
	bounds              search.Bounds
	approx, notes       map[string]bool
	states, cut, pruned int
	initWork, work      int64
	// counted says that a run's budget counted the work (see uncounted).
	counted bool
}

// apiTable holds a program's spaces, in the order explored.
type apiTable struct {
	mu     sync.Mutex
	spaces map[apiKey]*apiSpace
	order  []*apiSpace
}

func newAPITable() *apiTable { return &apiTable{spaces: map[apiKey]*apiSpace{}} }

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

// uncounted returns the work of the spaces explored since the last call:
// a run's budget counts each once.
func (t *apiTable) uncounted() int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	var w int64
	for _, sp := range t.order {
		sp.mu.Lock()
		if sp.done && !sp.counted {
			w += sp.work
			sp.counted = true
		}
		sp.mu.Unlock()
	}
	return w
}

// release closes the spaces' Z3 contexts, once no entry uses them.
func (t *apiTable) release() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, sp := range t.order {
		sp.mu.Lock()
		if sp.ctx != nil {
			sp.ctx.CloseLater()
			sp.ctx, sp.points = nil, nil
		}
		sp.mu.Unlock()
	}
	t.spaces, t.order = nil, nil
}

// sharedSpace returns the space the search's first slot k starts from in
// this pass, explored on first use; nil where its sequences are not
// shared, and the search calls them itself.
func (x *explorer) sharedSpace(k int) *apiSpace {
	if k != 0 || !x.sharesSequences() {
		return nil
	}
	slot := &x.slots[0]
	if slot.param != 0 || slot.owner >= 0 || slot.nested || slot.onDemand || slot.why != "" {
		return nil
	}
	cfg := x.passConfig()
	sp := x.prog.apiSpaces.spaceOf(keyOfSlot(slot, cfg))
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if !sp.done {
		sp.explore(x.prog, x.fn, *slot, cfg, x.pass)
		sp.done = true
	}
	if sp.why != "" {
		return nil
	}
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

// explore runs the search of slot's sequences, rep's first parameter,
// with cfg's bounds (pass's), and keeps the points it reached if they can
// be shared. The search is an entry's, rep's, but for its frames, which
// an importing entry replaces with its own, and its parameters, none:
// what it reaches does not depend on rep.
func (sp *apiSpace) explore(prog *Program, rep *ssa.Function, slot apiSlot, cfg Config, pass search.Pass) {
	cfg.Interrupt = nil // a memory limit stops entries, not this
	sp.ctx = solver.NewContext()
	defer func() {
		if r := recover(); r != nil {
			sp.why, sp.points = fmt.Sprintf("internal error: %v", r), nil
		}
		if sp.why != "" {
			sp.ctx.CloseLater()
			sp.ctx = nil
		}
	}()
	y := newExplorer(prog, rep, cfg, sp.ctx, &result.FuncResult{}, time.Now())
	y.params = types.NewTuple()
	y.slots = []apiSlot{slot}
	y.pass = pass
	// The API's half of an entry's budget (see Budget.APIOutOfBudget).
	y.budget.Limits.MaxWork = max(cfg.MaxWork/2, 1)
	y.newTable()
	y.apiPoint = func(s *state) { sp.points = append(sp.points, s) }
	s := y.initial()
	if s.pkgInit.running {
		sp.why = "the package's initialization is not shared"
		return
	}
	// The symbols of each space's search count in a range of their own:
	// an entry's passes import from spaces of different bounds.
	sp.ctx.ReserveSymbols(symbolFloor(pass))
	y.exploreNow(s)
	if y.halted() {
		y.hitBound(search.Bound{Kind: search.BoundAPI, Text: y.budget.APIBound(), Limit: "api search budget"})
	}
	if why := unsharedPoints(sp.points); why != "" {
		sp.why = why
		return
	}
	sp.bounds, sp.approx, sp.notes = y.bounds, y.approx, y.notes
	sp.states, sp.cut, sp.pruned = y.res.States, y.res.Cut, y.res.SequencesPruned
	sp.initWork = y.budget.Inherited
	sp.work = y.budget.Work() - sp.initWork
}

// symbolFloor is where the symbols of the space of a pass's bounds count
// from: ranges of 2^32 symbols, apart for different bounds. Bounds too
// large for a range of their own are not shared (see sharedSpace).
func symbolFloor(p search.Pass) uint64 {
	k := uint64(min(max(p.K+1, 0), 255))
	seq := uint64(min(max(p.Seq, 0), 255))
	kbytes := uint64(min(max(p.KBytes, 0), 65535))
	return (1 + (k | seq<<8 | kbytes<<16)) << 32
}

// unsharedPoints says why the points of a space cannot start the
// searches of other entries, or "".
func unsharedPoints(points []*state) string {
	for _, s := range points {
		switch {
		case s.g != nil:
			return "a call of a sequence made a goroutine, a channel or a timer"
		case s.panic != nil:
			return "a call of a sequence is panicking"
		}
	}
	return ""
}

// sharedTask goes on with the points of a space, each imported as the
// state of the entry's search, from the state base whose first slot the
// points give a value.
type sharedTask struct {
	base  *state
	space *apiSpace
	next  int
}

func (t *sharedTask) run(x *explorer) {
	if t.next >= len(t.space.points) || x.halted() {
		return
	}
	if x.budget.APIOutOfBudget() {
		x.hitBound(search.Bound{Kind: search.BoundAPI, Text: x.budget.APIBound(), Limit: "api search budget"})
		return
	}
	s := x.importPoint(t.space, t.space.points[t.next], t.base)
	t.next++
	x.work.Add(t)
	x.res.States++
	x.solver.Push()
	for _, c := range s.pc {
		x.solver.Assert(c)
	}
	x.work.Add(popTask{})
	x.work.Add(exploreTask{s})
}

// startShared hands the state s over to the points of space sp (see
// sharedTask), once the search's record has what the space's search
// recorded.
func (x *explorer) startShared(s *state, sp *apiSpace) {
	maps.Copy(x.bounds, sp.bounds)
	maps.Copy(x.approx, sp.approx)
	maps.Copy(x.notes, sp.notes)
	x.res.States += sp.states - 1 // its first state is the entry's
	x.res.Cut += sp.cut
	x.res.SequencesPruned += sp.pruned
	if _, counted := x.spaces[sp]; !counted {
		x.budget.Shared += sp.work
		x.spaces[sp] = nil
	}
	s.end = handedOver
	x.work.Add(&sharedTask{base: s, space: sp})
}

// importPoint returns point p of space sp as a state of the search: the
// frames of base, and the rest p's, with its terms built in the search's
// Context.
func (x *explorer) importPoint(sp *apiSpace, p, base *state) *state {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	im := x.spaces[sp]
	if im == nil {
		im = heap.NewImporter(solver.NewImporterAfter(sp.ctx, x.ctx))
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
		c.prev, c.n, c.seg = last, i+1, nil
		if b := t.branch; b != nil {
			cb := *b
			for j, op := range b.operands() {
				cb.held[j] = operand{v: op.v, val: im.Value(op.val)}
			}
			c.branch = &cb
		}
		last = &c
	}
	return last
}
