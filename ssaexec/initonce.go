package ssaexec

import (
	"fmt"
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

// A package's initialization has no inputs, so it ends the same way
// before every entry of the package. A run executes it once, in a search
// of its own (see initEnd.run), and each entry starts from a copy of the
// state it left, imported into the entry's solver Context: its own,
// because Z3's models, hence witnesses, would otherwise depend on which
// entries ran before.
//
// Only an initialization whose end is one state that holds nothing of an
// input is shared: one that forks, panics, observes a variable set by
// code gosym does not run, or runs out of budget is run again before each
// entry, as a part of its search, which then says what happened.

// initKey is what a package's initialization depends on: the package,
// and the bounds and budgets that can stop it. The heap's bounds (k,
// -kbytes, the initialization mode) cannot: a shared end holds no input.
type initKey struct {
	pkg              *ssa.Package
	loops, recursion int
	assumed          bool
	maxWork          int64
	timeout          time.Duration
	solverBudget     uint
	maxStates        int
	chain            solver.Chain
}

// keyOf returns the key of pkg's initialization under cfg.
func keyOf(pkg *ssa.Package, cfg Config) initKey {
	return initKey{pkg: pkg, loops: cfg.Loops, recursion: cfg.Recursion, assumed: cfg.Assumed,
		maxWork: cfg.MaxWork, timeout: cfg.Timeout, solverBudget: cfg.SolverBudget, maxStates: cfg.MaxStates,
		chain: cfg.Solver}
}

// initEnd is the result of running one package's initialization.
type initEnd struct {
	// mu is held while the initialization runs, and while an entry
	// imports from ctx, which only one goroutine may use at a time.
	mu   sync.Mutex
	done bool
	// why says why the end is not shared, or is "".
	why string
	ctx *solver.Context
	// s is the state at the end of initialization; its bottom frame
	// stood for the entry's frames, which take its place.
	s *state
	// What the search recorded on the way: bounds (where it was cut),
	// notes, and its counts of states and cut paths.
	bounds        search.Bounds
	approx, notes map[string]bool
	states, cut   int
	work          int64
}

// initTable holds a program's ends of its packages' initializations.
type initTable struct {
	mu   sync.Mutex
	ends map[initKey]*initEnd
}

func newInitTable() *initTable { return &initTable{ends: map[initKey]*initEnd{}} }

// endOf returns the entry of key in the table, made on first use.
func (t *initTable) endOf(key initKey) *initEnd {
	t.mu.Lock()
	defer t.mu.Unlock()
	e := t.ends[key]
	if e == nil {
		e = &initEnd{}
		t.ends[key] = e
	}
	return e
}

// release closes the Z3 contexts of the ends kept, once no entry uses
// them.
func (t *initTable) release() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, e := range t.ends {
		e.mu.Lock()
		if e.ctx != nil {
			e.ctx.CloseLater()
			e.ctx, e.s = nil, nil
		}
		e.mu.Unlock()
	}
	t.ends = nil
}

// sharedInit returns the entry's first state, its frames on top of the
// state initialization init of pkg left, as the run shares it; nil where
// initialization is not shared, and the entry runs it itself.
func (x *explorer) sharedInit(pkg *ssa.Package, init *ssa.Function, frames []*frame) *state {
	if !x.cfg.ShareInit || x.cfg.Summaries != nil {
		return nil // a callee's summary depends on the analysis that asked
	}
	e := x.prog.inits.endOf(keyOf(pkg, x.cfg))
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.done {
		e.run(x.prog, pkg, init, x.passConfig())
		e.done = true
	}
	if e.why != "" {
		return nil
	}
	return x.importInit(e, frames)
}

// run executes the initialization init of pkg in a search of its own,
// and keeps its end if it can be shared.
func (e *initEnd) run(prog *Program, pkg *ssa.Package, init *ssa.Function, cfg Config) {
	cfg.Interrupt = nil // a memory limit stops entries, not this
	e.ctx = solver.NewContext()
	defer func() {
		// Each entry then runs initialization itself, and its record
		// says what went wrong.
		if r := recover(); r != nil {
			e.why, e.s = fmt.Sprintf("internal error: %v", r), nil
		}
		if e.why != "" {
			e.ctx.CloseLater()
			e.ctx = nil
		}
	}()
	y := newExplorer(prog, init, cfg, e.ctx, &result.FuncResult{}, time.Now())
	var ends []*state
	y.initDone = func(s *state) { ends = append(ends, s) }
	// The bottom frame stands for the entry's frames, on top of which
	// initialization runs: the frame a cut returns to (see abandonInit).
	f := y.newFrame(init, nil)
	f.initialization = true
	s := newState([]*frame{y.newFrame(init, nil), f}, y.newHeap(), pkg)
	y.res.States++
	y.exploreNow(s)
	if e.why = y.unshared(ends); e.why != "" {
		return
	}
	e.s = ends[0]
	e.bounds, e.approx, e.notes = y.bounds, y.approx, y.notes
	e.states, e.cut, e.work = y.res.States, y.res.Cut, y.budget.Work()
}

// unshared says why the initialization y ran, which ended in ends, cannot
// start every entry, or "".
func (y *explorer) unshared(ends []*state) string {
	switch {
	case y.halted():
		return "it ran out of budget"
	case len(ends) != 1:
		return "it did not end in one state"
	case y.ended > 0 || len(y.seen) > 0 || len(y.constructs) > 0 || len(y.ignored) > 0:
		return "a path of it ended"
	case ends[0].seq != nil || ends[0].panic != nil || len(ends[0].compared) > 0:
		return "it holds an entry's state"
	case ends[0].g != nil:
		return "it made a timer"
	case slices.ContainsFunc(slices.Collect(maps.Values(ends[0].pkgInit.chans)), func(c *channel) bool { return len(c.buf) > 0 }):
		return "a channel holds values"
	}
	if why := ends[0].heap.Importable(); why != "" {
		return why
	}
	if slices.ContainsFunc(ends[0].pc, func(t *solver.Term) bool { return !t.IsConst() }) {
		return "it took a decision"
	}
	return ""
}

// importInit returns the entry's first state: its frames on top of a
// copy of e's end, whose terms are built in the entry's Context. The
// record gains what the initialization's search recorded.
func (x *explorer) importInit(e *initEnd, frames []*frame) *state {
	if x.importer == nil {
		// The same Importer in the search's second pass (see search):
		// a term is copied once, and the symbols made since stay apart.
		x.importer = heap.NewImporter(solver.NewImporter(e.ctx, x.ctx))
	}
	end := e.s
	if x.initBase == nil {
		x.initBase = x.importer.Heap(end.heap, x.heapConfig())
	}
	// Every pass starts from the one copy, so that the states of
	// different passes share its objects, and compare (see point).
	h := x.initBase.WithConfig(x.heapConfig())
	h.Watch(x.initBase)
	x.hook(h)
	h.NewArgs(x.params)
	s := &state{
		frames:   frames,
		heap:     h,
		compared: map[int]nilCheck{},
		globals:  end.globals, // copied on write
		pkgInit:  pkgInit{set: end.pkgInit.set, cut: end.pkgInit.cut, begun: end.pkgInit.begun, chans: end.pkgInit.chans},
		approx:   slices.Clip(end.approx),
		assumed:  end.assumed,
		trace:    x.importTrace(end.trace),
		traceAt:  traceLine{file: end.traceAt.file, line: end.traceAt.line},
	}
	// As endInit, but every pass's states share the one copy.
	s.pkgInit.end, s.pkgInit.globals = x.initBase, s.globals
	maps.Copy(x.bounds, e.bounds)
	maps.Copy(x.approx, e.approx)
	maps.Copy(x.notes, e.notes)
	x.res.States += e.states - 1 // the entry's first state is initialization's
	x.res.Cut += e.cut
	x.budget.Inherited = e.work // once, whatever the passes
	return s
}

// importTrace copies a trace into the entry's Context. Steps before the
// first branch hold no term and stay shared. Initialization's trace has
// no summarized call (see summarizable): its steps are all its own.
func (x *explorer) importTrace(t *traceStep) *traceStep {
	var steps []*traceStep
	for ; t != nil; t = t.prev {
		steps = append(steps, t)
	}
	var last *traceStep
	copying := false
	for _, t := range slices.Backward(steps) {
		copying = copying || t.branch != nil
		if !copying {
			last = t
			continue
		}
		c := *t
		c.prev = last
		if b := t.branch; b != nil {
			c.branch = b.mapOperands(func(v heap.Value) (heap.Value, bool) { return x.importer.Value(v), true })
		}
		last = &c
	}
	return last
}
