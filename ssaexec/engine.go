package ssaexec

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/abstraction"
	"github.com/gosym/gosym/dpor"
	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/internal/cow"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/search"
	"github.com/gosym/gosym/solver"
	"github.com/gosym/gosym/witness"
)

// alt is one alternative of a branch point: a scalar guard (nil for none)
// added to the path condition, and the effect on the path's own state. An
// effect either completes the instruction or records a decision after which
// the instruction is executed again.
type alt struct {
	guard *solver.Term
	apply func(s *state)
	// choice, if set, is a choice of the heap's decision, and branch a
	// branch of an if (taken or not), that the alternative records in
	// place of apply (see choose): a closure for each candidate of every
	// resolution and each side of every branch was an eighth of the
	// allocations of a search over linked structures.
	choice *heap.Choice
	branch *ssa.If
	taken  bool
	// partial marks the alternatives of a branch point that do not cover
	// every case, because a bound left one out.
	partial bool
	// external marks a choice about what code gosym did not run returned.
	external bool
	// node, if set, is a scheduling decision: the alternatives are the
	// goroutines its backtrack set comes to hold (see nodeTask).
	node *dpor.Node
}

// choose records a on s.
func (x *explorer) choose(s *state, a *alt) {
	switch {
	case a.choice != nil:
		a.choice.Apply(s.heap)
		s.assumed = s.assumed || a.external
	case a.branch != nil:
		x.take(s, a.branch, a.taken)
	default:
		a.apply(s)
	}
}

// explorer runs the depth-first search of one entry function: it holds
// what the search alone reads and writes (the solver, the budget, the
// loop-head table, the procedure summaries, the findings). What carries
// out an instruction's effects short of the search is the embedded
// machine's (see machine.go).
type explorer struct {
	machine
	// reachedBody records that some path began the entry's body, past
	// its package's initialization and its parameters.
	reachedBody bool
	// pass holds the bounds of the pass being explored (see search):
	// cfg keeps the full ones.
	pass   search.Pass
	solver *solver.Solver
	// work is the search's pending work (see worklist.go).
	work search.Searcher[task]

	budget search.Budget

	// found are the findings made, in the order made; seen indexes them
	// by kind, position and callee (see report).
	found      []*found
	seen       map[string]*found
	constructs map[string]bool
	ignored    map[string]bool
	// recording holds the records of the calls whose paths are being
	// explored, innermost last; sums the summaries of the pass.
	recording []*summaryRec
	sums      summaries
	// table holds the states stored at loop heads.
	table *abstraction.Table
	// open holds the entries of table whose continuations are being
	// explored (see closeEntries).
	open []openEntry
	// api is what the program's packages offer to build values (see
	// sequence.go).
	api *apiIndex
	// initDone, set in the search that runs a package's initialization
	// once for a run's entries, takes each state in which it ended (see
	// initonce.go); importer copies such a state into this search.
	initDone func(*state)
	importer *heap.Importer
	// initBase is the copy of the shared initialization's end every
	// pass of the search starts from.
	initBase *heap.Heap
	// apiPoint, set in the search of a space of call sequences, takes
	// each point it reaches (see apispace.go); spaces holds the
	// importers of the spaces this search started from, by space.
	apiPoint func(*state)
	spaces   map[*apiSpace]*heap.Importer
	// ended counts the paths that ended, but for those whose package
	// initialization was cut and which went on from there.
	ended int
	// panicPaths counts the paths that panicked, in every pass, but for
	// nil parameters the function never compared with nil; calledInput
	// records a call of an input function (see probe.go).
	panicPaths  int
	calledInput bool
	// races holds the data races reported, each once (see race).
	races map[string]bool
	// probe is the solver of a probe that ran before this search and
	// did not answer for it, whose counts are the function's too.
	probe *solver.Solver
}

// describeAt names the value v of the current frame's function as the
// source wrote it at pos.
func (x *subject) describeAt(s *state, v ssa.Value, pos token.Pos) string {
	if r := x.wrapperRoots(s); r != nil {
		return r.describe(v)
	}
	return x.namesOf(s.top().fn).exprAt(v, pos)
}

// wrapperRoots names the parameters of the wrapper s is in (a promoted
// method, say) by its caller's arguments: the user wrote those. It returns
// nil outside a wrapper.
func (x *subject) wrapperRoots(s *state) roots {
	n := len(s.frames)
	f := s.top()
	if n < 2 || f.call == nil || !isWrapper(f.fn) {
		return nil
	}
	caller := x.namesOf(s.frames[n-2].fn)
	args := f.call.Call.Args
	r := roots{}
	params := f.fn.Params
	if f.call.Call.IsInvoke() && len(params) > 0 {
		// The receiver is the interface's dynamic value.
		r[params[0]] = caller.exprAt(f.call.Call.Value, f.call.Pos()) +
			".(" + types.TypeString(params[0].Type(), nameOnly) + ")"
		params = params[1:]
	}
	for i, p := range params {
		if i < len(args) {
			r[p] = caller.exprAt(args[i], f.call.Pos())
		}
	}
	// A wrapper of a value receiver copies it into a local first.
	for _, in := range f.fn.Blocks[0].Instrs {
		if st, ok := in.(*ssa.Store); ok {
			if name, ok := r[st.Val]; ok {
				r[st.Addr] = name
			}
		}
	}
	return r
}

// isWrapper reports whether fn is a function go/ssa made up, with no
// source of its own: a promoted method, a bound method, a thunk. The
// body of a range-over-func loop is synthetic too, but its code is the
// user's.
func isWrapper(fn *ssa.Function) bool {
	return fn.Synthetic != "" && fn.Synthetic != rangeFuncBody && fn.Origin() == nil
}

// rangeFuncBody is the Synthetic of the yield function go/ssa makes of
// the body of a range-over-func loop.
const rangeFuncBody = "range-over-func yield"

// namesOf returns the source names of fn's values.
func (x *subject) namesOf(fn *ssa.Function) sourceNames {
	return sourceNames(x.facts(fn).Names())
}

// newExplorer returns the explorer of a search of fn of prog, started at
// start, whose terms are built in ctx and whose record is res.
func newExplorer(prog *Program, fn *ssa.Function, cfg Config, ctx *solver.Context, res *result.FuncResult, start time.Time) *explorer {
	s := ctx.NewSolver()
	s.SetChain(cfg.Solver)
	return &explorer{
		machine:    newMachine(prog, fn, cfg, ctx, res),
		pass:       fullPass(cfg),
		solver:     s,
		budget:     newBudget(cfg, ctx, start),
		seen:       map[string]*found{},
		constructs: map[string]bool{},
		ignored:    map[string]bool{},
		api:        prog.api,
		spaces:     map[*apiSpace]*heap.Importer{},
		work:       newWorklist(cfg),
	}
}

// analyze explores fn symbolically and returns its record, the directives
// aside (see Analyze). A panic inside the engine is caught and reported
// as an Error status.
func (p *Program) analyze(fn *ssa.Function, cfg Config) (res *result.FuncResult) {
	start := time.Now()
	res = &result.FuncResult{Func: FuncName(fn), Pos: fn.Prog.Fset.Position(fn.Pos())}
	if pkg := packageOf(fn); pkg != nil {
		res.PkgPath, res.PkgName = pkg.Pkg.Path(), pkg.Pkg.Name()
	}
	ctx := solver.NewContext()
	defer ctx.CloseLater() // the result does not wait for Z3 to free the context
	if cfg.KBytes == 0 {
		cfg.KBytes = heap.DefaultKBytes
	}
	x := newExplorer(p, fn, cfg, ctx, res, start)
	x.newTable()
	if !cfg.factRun() {
		x.repOK = repOKOf(fn)
		if cfg.API {
			x.slots = x.api.apiSlots(fn)
		}
	}
	if x.repOK != nil {
		note := "receiver invariant " + x.repOK.Name() + "() assumed at entry"
		if x.checksInvariant() {
			note += " and asserted at return"
		}
		res.Notes = append(res.Notes, note)
	}
	defer func() {
		if r := recover(); r != nil {
			res.Status = result.Error
			res.Err = fmt.Sprintf("internal error: %v\n%s", r, debug.Stack())
		}
		res.SolverChecks, res.SolverCalls, res.SolverTime = x.solver.Checks(), x.solver.Calls(), x.solver.Spent()
		if p := x.probe; p != nil {
			res.SolverChecks, res.SolverCalls, res.SolverTime = res.SolverChecks+p.Checks(), res.SolverCalls+p.Calls(), res.SolverTime+p.Spent()
		}
		res.Elapsed = time.Since(start)
	}()
	if why := unsupportedFunc(fn); why != "" {
		res.Status = result.Unsupported
		res.UnsupportedConstructs = []string{why}
		return res
	}
	if isAbstractGeneric(fn) {
		res.Notes = append(res.Notes, "never instantiated: type parameters analysed as any type satisfying their constraints; the witness instantiates them with their core type, the first type their constraint names, or any")
	}
	if y, answers := x.probeHandBuilt(start); answers {
		x = x.adopt(y)
	} else {
		if y != nil {
			x.follow(y)
		}
		x.noteSlots(true)
		x.search()
	}
	x.finishRecord()
	return res
}

// unsupportedFunc says why fn cannot be an entry, or "".
func unsupportedFunc(fn *ssa.Function) string {
	switch {
	case fn.Blocks == nil:
		return "function without a body"
	}
	return ""
}

// isAbstractGeneric reports a generic function analysed with its type
// parameters left abstract: values of a type parameter are treated like
// values of its constraint interface.
func isAbstractGeneric(fn *ssa.Function) bool {
	if fn.TypeParams().Len() > 0 && len(fn.TypeArgs()) == 0 || abstractInstance(fn) {
		return true
	}
	if recv := fn.Signature.Recv(); recv != nil {
		if n, ok := types.Unalias(deref0(recv.Type())).(*types.Named); ok {
			return n.TypeParams().Len() > 0 && n.TypeArgs().Len() == 0
		}
	}
	return false
}

// abstractInstance reports an instance of a generic function whose type
// arguments are all type parameters of its caller (NewFreeList[T], made
// where a generic New[T] calls it): as abstract as the generic itself.
func abstractInstance(fn *ssa.Function) bool {
	args := fn.TypeArgs()
	if len(args) == 0 {
		return false
	}
	for _, t := range args {
		if _, ok := t.(*types.TypeParam); !ok {
			return false
		}
	}
	return true
}

func deref0(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

func paramTuple(fn *ssa.Function) *types.Tuple {
	vars := make([]*types.Var, len(fn.Params))
	for i, p := range fn.Params {
		vars[i] = types.NewParam(p.Pos(), nil, p.Name(), p.Type())
	}
	return types.NewTuple(vars...)
}

func (x *explorer) initial() *state {
	x.res.States++
	frames := []*frame{x.newFrame(x.fn, nil)}
	if x.repOK != nil {
		// Kiasan's precondition: the receiver's invariant runs first,
		// and only the paths on which it returns true go on.
		pre := x.newFrame(x.repOK, nil)
		pre.precondition = true
		frames = append(frames, pre)
	}
	// The package's variables get their initial values as the program
	// would give them: its init function runs before the entry, or, where
	// a run shares its end (see initonce.go), the entry starts there.
	pkg := packageOf(x.fn)
	init := packageInit(pkg, x.fn)
	if init != nil {
		if s := x.sharedInit(pkg, init, frames); s != nil {
			return s
		}
	}
	h := x.newHeap()
	h.NewArgs(x.params)
	if init != nil {
		f := x.newFrame(init, nil)
		f.initialization = true
		frames = append(frames, f)
	}
	var initializing *ssa.Package
	if init != nil {
		initializing = pkg
	}
	return newState(frames, h, initializing)
}

// newState returns the first state of a search, on frames over heap h;
// with pkg non-nil, the top frame is pkg's initialization.
func newState(frames []*frame, h *heap.Heap, pkg *ssa.Package) *state {
	s := &state{
		frames:   frames,
		heap:     h,
		compared: map[int]nilCheck{},
		globals:  map[*ssa.Global]heap.Ptr{},
		pkgInit:  pkgInit{running: pkg != nil},
	}
	if pkg != nil {
		s.beginInit(pkg)
	}
	return s
}

// packageInit returns the init function that runs before entry fn of
// package pkg, or nil.
func packageInit(pkg *ssa.Package, fn *ssa.Function) *ssa.Function {
	if pkg == nil {
		return nil
	}
	if init := pkg.Func("init"); init != nil && init.Blocks != nil && init != fn {
		return init
	}
	return nil
}

// newHeap returns an empty heap of the search's configuration, with the
// search's hooks.
func (x *explorer) newHeap() *heap.Heap {
	h := heap.New(x.ctx, x.heapConfig())
	x.hook(h)
	return h
}

func (x *explorer) heapConfig() heap.Config {
	return heap.Config{Mode: x.cfg.Init, K: x.pass.K, N: x.cfg.N, KBytes: x.pass.KBytes}
}

// hook sets the heap's hooks into the search.
func (x *machine) hook(h *heap.Heap) {
	// Only list nodes and cells of integers wider than bytes get the
	// grace: summaries shorten them, where tree nodes and the bytes of
	// strings (decoded rune by rune) would only multiply paths.
	h.GraceFor = func(t types.Type) bool {
		w, _, integer := heap.IntInfo(t)
		return abstraction.IsListType(t) || integer && w > 8
	}
	h.OnExternalRead = func(note string) { x.approx[note] = true }
	h.ZeroTypes = syncType
	h.Implementors = func(iface *types.Interface) []types.Type {
		ts, _ := x.candidates(iface)
		return ts
	}
	if slices.ContainsFunc(x.slots, func(slot apiSlot) bool { return slot.nested }) {
		h.BuildTypes = func(t types.Type) bool { return x.nestedSlot(t) >= 0 }
		h.BuildValues = slices.ContainsFunc(x.slots, func(slot apiSlot) bool { return slot.held })
	}
}

// global returns the address of a package-level variable on this path.
// Variables of the packages whose initialization the path ran start zero
// and are set by it; those of other packages are inputs set by code gosym
// did not run, so what a path assumes of them is an assumption.
func (s *state) global(g *ssa.Global) heap.Ptr {
	if p, ok := s.globals[g]; ok {
		return p
	}
	elem := deref(g.Type())
	p, cgo := cgoGlobal(s, g)
	if cgo {
		// Set by code gosym does not run (see cgoGlobal).
	} else if s.pkgInit.begun[g.Pkg] && s.pkgInit.cut == "" {
		p = s.heap.Alloc(elem)
	} else {
		// Noted as approximated once the path reads it (OnExternalRead).
		p = heap.Ptr{Obj: s.heap.NewExternalVariable(elem, "variable "+g.RelString(nil))}
	}
	s.globals = cow.With(s.globals, g, p)
	return p
}

// abandonInit goes on with s, whose package initialization ended early
// (a bound, an unmodelled construct, a panic, a guess about unexecuted
// code: see initGuess), from the entry's body: the package variables it
// did not set, and those the rest of it may change (laterWritten), are
// inputs, which what the path then takes from them marks approximated (a
// panic resting on them is assumed). The record says where
// initialization stopped, as a bound.
func (x *explorer) abandonInit(s *state) {
	i := slices.IndexFunc(s.frames, func(f *frame) bool { return f.initialization })
	if i < 0 || x.halted() {
		return
	}
	why := s.why
	if s.end == panicked {
		why = "a panic"
	}
	where := shortPos(x.fset.Position(x.posOf(s)))
	s.pkgInit.cut = fmt.Sprintf("initialization of %s cut at %s (%s): the variables it did not set, or may still change, are inputs",
		packageOf(x.fn).Pkg.Path(), where, why)
	x.hitBound(search.Bound{Kind: search.BoundInit, Text: s.pkgInit.cut, Limit: "a package's initialization cut"})
	later := laterWritten(s.frames[i:])
	s.frames = s.frames[:i]
	// The new top frame was below, shared with the states forked while
	// initialization ran: writing it in place would change theirs too.
	s.own(i - 1)
	s.pkgInit.running = false
	s.keepInitChans()
	s.end, s.why, s.finding, s.panic, s.contract, s.seqPanic = running, "", nil, nil, false, false
	// What initialization assumed of unexecuted code ends with it: the
	// variables that rest on it are inputs now.
	s.assumed = false
	s.globals = maps.Clone(s.globals)
	// In a fixed order, so that the new objects get the same ids in every
	// run (witnesses and reruns depend on them).
	unset := slices.SortedFunc(maps.Keys(s.globals), func(a, b *ssa.Global) int {
		return strings.Compare(a.RelString(nil), b.RelString(nil))
	})
	for _, g := range unset {
		if p := s.globals[g]; (!s.pkgInit.set[g] || later[g]) && p.Obj != 0 && !s.heap.Object(p.Obj).External {
			s.globals[g] = heap.Ptr{Obj: s.heap.NewExternalVariable(deref(g.Type()), "variable "+g.RelString(nil))}
		}
	}
	s.endInit()
	x.work.Add(exploreTask{s})
}

// outOfBudget counts a step of s and reports whether a budget of the
// function ran out.
func (x *explorer) outOfBudget(s *state) bool { return x.budget.Step(x.res.States, x.phaseOf(s)) }

// phaseOf says what s's next step is for, as the record's work is split:
// the package's initialization, building the entry's inputs through the
// API (a call of a sequence, or binding parameters on a path that builds
// some through it), the entry on hand-built values of types the API
// builds, or the entry.
func (x *subject) phaseOf(s *state) search.Phase {
	switch {
	case s.inInit():
		return search.InInit
	case s.seq != nil && s.seq.handBuiltPath:
		return search.InHandBuilt
	case s.seq != nil && (s.seq.running || s.bound < len(x.fn.Params)):
		return search.InAPI
	}
	return search.InEntry
}

// halted reports whether a budget of the function ran out.
func (x *explorer) halted() bool { return x.budget.Halted() }

// check asks the solver about the current path, within what is left of
// the function's budget.
func (x *explorer) check() solver.Result { return x.checkWithin(0) }

// checkIn is check for a branch of s: inside a call of a sequence, which
// only explores how a value can be built, a query gets at most
// seqSolverBudget.
func (x *explorer) checkIn(s *state) solver.Result {
	if s.seq != nil && s.seq.running {
		return x.checkWithin(seqSolverBudget)
	}
	return x.checkWithin(0)
}

// seqSolverBudget bounds one query inside a call of a sequence, in Z3's
// resource units (about 250 ms): a value that takes longer to build is
// left out (the path is cut and the bound recorded) rather than spend the
// entry's budget.
const seqSolverBudget = 2_000_000

// checkWithin checks the path with at most limit of Z3's resource units
// (0: Config.SolverBudget), within what is left of the function's budget.
func (x *explorer) checkWithin(limit uint) solver.Result {
	if !x.budget.LimitQuery(x.solver, limit) {
		return solver.Unknown
	}
	return x.solver.Check()
}

// cutPath ends a path that a bound of kind k stops, recording the bound,
// detail (why, where the kind's name does not say) and where.
//
// Below a state that abstract subsumption covered (see Config.Refine), the
// abstraction already answers for what the bound leaves out.
func (x *machine) cutPath(s *state, k search.BoundKind, detail string) {
	markPaths(s, "a bound")
	backtrackUnknown(s)
	if s.refining {
		x.res.Refined++
		x.approximations++
		return
	}
	p := x.posOf(s)
	if inModel := func() bool { return isModelPath(x.fset.Position(p).Filename) }; inModel() {
		// A model's source is gosym's: name the user's call instead,
		// or, in a call that builds a value, the entry.
		if p, _, _ = x.userPos(s, p); inModel() {
			p = x.fn.Pos()
		}
	}
	b := search.BoundAt(k, detail, shortPos(x.fset.Position(p)))
	if detail == search.QueryShareSpent {
		b.Limit = "max-work" // more of it would have settled the query
	}
	x.hitBound(b)
}

// unknownReason says why the solver left the last query of the search
// undecided: Z3's words, or that the query spent the share of the work
// budget it was given (see search.Budget.LimitQuery).
func (x *explorer) unknownReason() string {
	if x.budget.ShareSpent(x.solver) {
		return search.QueryShareSpent
	}
	return x.solver.ReasonUnknown()
}

// finish accounts for a path that ended.
func (x *explorer) finish(s *state) {
	inInit := s.inInit()
	if inInit && (s.end == cut || s.end == unsupported) {
		x.abandonInit(s)
		return
	}
	if inInit && s.end == panicked {
		defer x.abandonInit(s) // the panic is a finding, and the entry runs
	}
	x.ended++
	switch s.end {
	case subsumed, dropped:
		markPaths(s, "a path subsumed or dropped")
	case returned:
		x.res.Paths++
	case cut:
		x.cutPath(s, s.cutAt, "")
	case unsupported:
		if s.seq != nil && s.seq.running {
			// Met while building a value, not in the function: the
			// values that call would build are not explored, a bound.
			x.hitBound(search.Bound{Kind: search.BoundAPI, Text: "api: a call of a sequence met an unsupported construct: " + s.why, Limit: "api: a call of a sequence met an unsupported construct"})
			return
		}
		x.constructs[s.why] = true
		x.cuts++
		markPaths(s, "an unsupported construct")
	case panicked:
		if s.seqPanic {
			return // the called method's finding, with a shorter sequence
		}
		x.res.Panics++
		if !s.contract {
			x.panicPaths++
		}
		if x.othersFirst(s) && s.finding != nil {
			s.finding.picked, s.finding.OthersPanic = true, true
		}
		switch {
		case s.contract:
			x.res.NilParams++
		case s.assumed && !x.cfg.Assumed:
			x.res.Assumed++
		default:
			x.collectCond(s)
			x.report(s)
		}
	}
}

// posOf returns the position of the instruction s is at, or the nearest
// earlier one with a position.
func (x *subject) posOf(s *state) token.Pos {
	if len(s.frames) == 0 {
		return x.fn.Pos()
	}
	f := s.top()
	if p, ok := f.lastPos(); ok {
		return p
	}
	if s.trace != nil {
		return s.trace.pos
	}
	return f.fn.Pos()
}

func shortPos(p token.Position) string {
	name := p.Filename
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	return fmt.Sprintf("%s:%d:%d", name, p.Line, p.Column)
}

// FuncName names fn as gosym reports it: pkg.F or (*pkg.T).M, with type
// arguments for an instantiation (pkg.Map[string, int]).
func FuncName(fn *ssa.Function) string {
	byName := func(p *types.Package) string { return p.Name() }
	if recv := fn.Signature.Recv(); recv != nil {
		return "(" + types.TypeString(recv.Type(), byName) + ")." + fn.Name()
	}
	if pkg := packageOf(fn); pkg != nil {
		name := fn.Name()
		if typ, method, ok := strings.Cut(name, "_"); ok && isModelPath(pkg.Pkg.Path()) && ast.IsExported(typ) {
			// A model of the method M of T is named T_M.
			return "(*" + pkg.Pkg.Name() + "." + typ + ")." + method
		}
		if len(fn.TypeArgs()) > 0 {
			name = witness.InstanceName(fn, byName)
		}
		return pkg.Pkg.Name() + "." + name
	}
	return fn.String()
}
