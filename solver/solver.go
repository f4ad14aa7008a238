package solver

import (
	"fmt"
	"maps"
	"runtime"
	"time"
)

// Result is the answer of a satisfiability check.
type Result int

const (
	// Unsat means the assertions and assumptions have no model.
	Unsat Result = iota
	// Sat means they have a model; see Solver.Model.
	Sat
	// Unknown means Z3 gave up (timeout, cancellation, incompleteness);
	// see Solver.ReasonUnknown. It is neither Sat nor Unsat.
	Unknown
)

// String returns "unsat", "sat" or "unknown".
func (r Result) String() string {
	switch r {
	case Unsat:
		return "unsat"
	case Sat:
		return "sat"
	case Unknown:
		return "unknown"
	}
	return fmt.Sprintf("Result(%d)", int(r))
}

// defaultSolverKind is Z3_mk_simple_solver, chosen by BenchmarkSolverKind:
// a depth-first search with Push, Assert, Check and Pop at every node, as
// the executor does. Per check, on 2 cores: 8-bit linear conditions 25 µs
// (simple) vs 29 µs (Z3_mk_solver); 64-bit linear 130 µs for both; 64-bit
// with products 460 µs vs 505 µs. The simple solver is never slower, and
// it is the same incremental SMT core on every check, whereas the combined
// solver adds a dispatch layer and would run a different, non-incremental
// pipeline for checks made before the first Push, so its timeouts and
// Unknowns would not behave uniformly.
const defaultSolverKind = simpleSolver

// escalateAfter is how much of Z3's resources (its rlimit units) a Check
// spends on the incremental solver before it is handed to the qfbv
// tactic, which simplifies and bit-blasts the whole query from scratch.
// The incremental solver answers the common small queries in
// microseconds; nested 64-bit index arithmetic (a binary search's
// midpoints) can take it seconds where qfbv needs tens of milliseconds,
// while qfbv's fixed cost of about a millisecond would dominate the easy
// ones. The limit is counted in resources, not time, so that which
// queries escalate, and so the solvers' histories and every later answer
// within a budget, do not depend on how busy the machine is. 400000 units
// take about 50 ms on this project's machine.
const escalateAfter = 400000

// Solver is an incremental Z3 solver: a stack of assertion scopes that
// Push and Pop manage, as in a depth-first search over branches. A check
// the incremental solver does not settle quickly escalates to a second,
// non-incremental solver that gets the whole assertion stack.
type Solver struct {
	// stack is the assertion stack and what the Go side knows of it,
	// which the deciders read (see deciders.go); goSide are the deciders
	// of the chain, whose name chain holds (see Chain).
	stack
	goSide []decider
	chain  Chain
	// outcome is what the last check found; tally counts the checks.
	outcome
	tally
	// s is Z3's incremental solver, of kind kind, made when a check
	// first needs it (see zsolver).
	s    zsolver
	kind solverKind
	// budget bounds each Check in Z3's resource units; timeout, if not
	// 0, also bounds it in time (a safety net: see SetTimeout).
	budget  uint
	timeout time.Duration
	// fallbacks are the qfbv and qffpbv solvers, each created on its
	// first escalation.
	fallbacks [2]zsolver

	// ids names each open scope uniquely, and mirror is what Z3's own
	// stack holds: per Z3 level, the scope it stands for and how many of
	// its assertions it has. Most checks are decided in Go, so Push, Pop
	// and Assert only reach Z3 when a check needs it (sync).
	ids    []uint64
	nextID uint64
	mirror []mirrored
	// rlimit and timeout are the limits set on the incremental solver,
	// so that they are set only when they change.
	rlimit    uint
	zTimeout  time.Duration
	limitsSet bool

	// noIndependence turns constraint independence off (see Chain).
	noIndependence bool
	// escalate is escalateAfter, which tests lower to have the fallback
	// decide easy queries.
	escalate uint
}

// outcome is what a solver's last check found.
type outcome struct {
	answered zsolver // the solver whose answer the last Check gave
	last     Result  // result of the last Check
	fresh    bool    // no Push, Pop or Assert since the last Check
	model    *Model  // the last Check's model once fetched
	reason   string  // the last Check's reason for Unknown
	spentOut bool    // the last run of Z3 spent all its resource units
	// inGo marks a last Sat found without Z3, whose model Z3 still has
	// to make, under the assumptions inGoAssumed.
	inGo        bool
	inGoAssumed []*Term
	// sliced marks a last answer constraint independence decided.
	sliced bool
	// guessedOptional says that the last check was an optional query
	// that preferenceFitted satisfied: its model is that assignment.
	guessedOptional bool
}

// tally counts a solver's checks.
type tally struct {
	checks int           // every Check, in Go or not
	calls  int           // Checks that reached Z3
	spent  time.Duration // time spent in Z3's checks
	// independentAnswers counts the checks constraint independence
	// decided.
	independentAnswers int
}

// stack is a solver's assertion stack and what the Go side knows of it.
// Push, Pop and Assert change it; the deciders read it, and keep in it
// the models they find.
type stack struct {
	ctx *Context
	// scopes holds the symbolic assertions of each scope, for escalation.
	scopes  [][]*Term
	depth   int // number of open Push scopes
	falseAt int // shallowest scope holding an asserted false, or -1
	// constFalseAt is the depth at which a constant false was asserted,
	// or -1: Z3 never sees it, the Go side answers Unsat for it under
	// any chain.
	constFalseAt int

	// lits holds the literals of scopes, so that a literal asserted
	// again adds nothing and one whose negation is asserted makes the
	// stack false, both without Z3; order holds their comparisons.
	lits  map[literal]bool
	order *orderGraph
	// forced holds the values the stack's equalities between a symbol and
	// a constant give, with how many of them give each: a condition false
	// under them alone is false on the stack.
	forced   map[termID]uint64
	forcedBy map[termID]int
	// forcedIn lists, per scope, the symbols its assertions forced.
	forcedIn [][]termID
	// proven says, per scope, that the assertions up to it were found
	// satisfiable: a Check that adds nothing new is then Sat without Z3.
	proven []bool

	// models holds, per depth, the model of the last Sat answer at that
	// depth, Z3's or a decider's, for modelSatisfies: the last one found
	// is the last of models. total counts the stack's assertions.
	models []*cached
	total  int
	// symbolMemo holds the symbols of the terms met (see symbolsIn).
	symbolMemo map[*Term]symbolSet
}

// mirrored is one level of Z3's assertion stack.
type mirrored struct {
	id uint64
	n  int
}

// literal is an asserted Bool term up to negation: structurally equal
// terms share an id (see idOf), so equal atoms have equal keys.
type literal struct {
	atom     termID
	positive bool
}

func literalOf(t *Term) literal {
	if n := t.negated(); n != nil {
		return literal{atom: n.key()}
	}
	return literal{atom: t.key(), positive: true}
}

func (l literal) negated() literal { return literal{atom: l.atom, positive: !l.positive} }

// DefaultBudget is the resource budget of each Check of a new Solver: on
// this project's machine, about 1.2 s of the incremental solver's work,
// or 5 s of the fallback's, which spends units more slowly.
const DefaultBudget = 10_000_000

// NewSolver returns an empty solver whose checks each have DefaultBudget
// and no timeout.
func (c *Context) NewSolver() *Solver {
	c.enter()
	return c.newSolver(defaultSolverKind)
}

func (c *Context) newSolver(k solverKind) *Solver {
	s := &Solver{
		stack: stack{ctx: c, falseAt: -1, constFalseAt: -1, scopes: [][]*Term{nil},
			lits: map[literal]bool{}, proven: []bool{true}, order: newOrderGraph(),
			forced: map[termID]uint64{}, forcedBy: map[termID]int{}, forcedIn: [][]termID{nil},
			symbolMemo: map[*Term]symbolSet{}},
		kind: k, budget: DefaultBudget, ids: []uint64{0}, mirror: []mirrored{{}},
		escalate: escalateAfter}
	s.goSide = deciders(Cached, s.validate)
	return s
}

// zsolver returns the incremental Z3 solver, making it on first use.
func (s *Solver) zsolver() zsolver {
	if s.s == nil {
		z := s.ctx.z3()
		s.s = z.newSolver(s.kind)
		runtime.AddCleanup(s, z.rel.solver, s.s)
	}
	return s.s
}

// SetBudget bounds each later Check, and the model of a Check decided
// without Z3, to units of Z3's resources (its rlimit): the same query on
// the same solver gets the same answer on any machine, however busy.
// A Check that runs out returns Unknown. Z3 always runs under a budget:
// 0 stands for DefaultBudget.
func (s *Solver) SetBudget(units uint) {
	s.ctx.enter()
	if units == 0 {
		units = DefaultBudget
	}
	s.budget = units
}

// SetTimeout also bounds each later Check to d, rounded up to a
// millisecond; a Check that runs out returns Unknown. Zero means no time
// limit. Time depends on the machine and its load, so it is only a
// safety net over the budget (see SetBudget).
func (s *Solver) SetTimeout(d time.Duration) {
	s.ctx.enter()
	s.timeout = d
}

// Push opens a scope: assertions made after it are removed by the matching
// Pop.
func (s *Solver) Push() {
	s.ctx.enter()
	s.nextID++
	s.ids = append(s.ids, s.nextID)
	s.scopes = append(s.scopes, nil)
	s.forcedIn = append(s.forcedIn, nil)
	s.proven = append(s.proven, s.proven[s.depth])
	s.depth++
	s.changed()
}

// Pop removes the innermost scope opened by Push and its assertions. It
// panics if no scope is open.
func (s *Solver) Pop() {
	if s.depth == 0 {
		panic("solver: Pop without a matching Push")
	}
	s.ctx.enter()
	scope := s.scopes[s.depth]
	for i := len(scope) - 1; i >= 0; i-- {
		delete(s.lits, literalOf(scope[i]))
		s.order.remove(edgesOf(scope[i]))
	}
	for _, sym := range s.forcedIn[s.depth] {
		if s.forcedBy[sym]--; s.forcedBy[sym] == 0 {
			delete(s.forced, sym)
			delete(s.forcedBy, sym)
		}
	}
	s.forcedIn = s.forcedIn[:s.depth]
	s.total -= len(scope)
	for _, m := range s.models {
		if m != nil {
			m.verified = min(m.verified, s.total)
		}
	}
	if len(s.mirror) > s.depth {
		// Z3 holds the scope: pop it now, so that Z3 keeps no more than
		// the stack.
		s.ctx.z3().pop(s.zsolver(), len(s.mirror)-s.depth)
		s.mirror = s.mirror[:s.depth]
	}
	s.scopes[s.depth] = nil
	s.scopes = s.scopes[:s.depth]
	s.proven = s.proven[:s.depth]
	s.ids = s.ids[:s.depth]
	s.depth--
	if s.falseAt > s.depth {
		s.falseAt = -1
	}
	if s.constFalseAt > s.depth {
		s.constFalseAt = -1
	}
	s.changed()
}

// Depth returns the number of open scopes.
func (s *Solver) Depth() int { return s.depth }

// Assert adds a Bool term to the current scope. A concrete true is
// dropped; a concrete false, or the negation of a literal on the stack,
// is remembered in Go so that Check answers Unsat without calling Z3; a
// literal already on the stack is dropped.
func (s *Solver) Assert(t *Term) {
	s.ctx.enter()
	s.ctx.wantBool("Assert", t)
	s.changed()
	if t.concrete {
		if t.val == 0 && s.falseAt < 0 {
			s.falseAt = s.depth
		}
		if t.val == 0 && s.constFalseAt < 0 {
			s.constFalseAt = s.depth
		}
		return
	}
	l := literalOf(t)
	switch {
	case s.chain == Z3Only:
		s.stackForZ3(t, l)
		return
	case s.lits[l]:
		// On the stack already: its edges and forced values are too, and
		// any contradiction it takes part in was found then.
		return
	}
	under := s.underForced()
	switch {
	case s.lits[l.negated()] || s.ordersWrongly(t) || forcedFalse(t, under) || s.offsetsDisagree(t):
		if s.falseAt < 0 {
			s.falseAt = s.depth
		}
		if s.chain == Validate {
			s.stackForZ3(t, l) // Z3 must see what the Go side found false
		}
	default:
		s.order.add(edgesOf(t))
		if sym, v, ok := forcing(t, under); ok {
			s.force(sym, v)
			s.propagateForced()
			if s.refutedByForced() && s.falseAt < 0 {
				s.falseAt = s.depth
			}
		}
		s.scopes[s.depth] = append(s.scopes[s.depth], t)
		s.total++
		s.lits[l] = true
		s.proven[s.depth] = false
	}
}

// stackForZ3 puts t, whose literal is l, on the stack for Z3 without the Go
// side's reasoning about it, once: Pop then takes it off as it does the
// others.
func (s *Solver) stackForZ3(t *Term, l literal) {
	if s.lits[l] {
		return
	}
	s.order.add(edgesOf(t))
	s.scopes[s.depth] = append(s.scopes[s.depth], t)
	s.total++
	s.lits[l] = true
	s.proven[s.depth] = false
}

// sync brings Z3's assertion stack in line with the scopes: the levels
// that still stand for open scopes are kept, and only the assertions
// made since are pushed.
func (s *Solver) sync() {
	z := s.ctx.z3()
	keep := 1 // level 0 is the base scope, never popped
	for keep < len(s.mirror) && keep <= s.depth && s.mirror[keep].id == s.ids[keep] &&
		s.mirror[keep-1].n == len(s.scopes[keep-1]) {
		keep++
	}
	if drop := len(s.mirror) - keep; drop > 0 {
		z.pop(s.zsolver(), drop)
		s.mirror = s.mirror[:keep]
	}
	for level := keep - 1; level <= s.depth; level++ {
		if level >= len(s.mirror) {
			z.push(s.zsolver())
			s.mirror = append(s.mirror, mirrored{id: s.ids[level]})
		}
		m := &s.mirror[level]
		for _, t := range s.scopes[level][m.n:] {
			z.assert(s.zsolver(), s.ctx.astOf(t))
		}
		m.n = len(s.scopes[level])
	}
}

// limit sets the incremental solver's resource limit and timeout, where
// they differ from what is set.
func (s *Solver) limit(rlimit uint, timeout time.Duration) {
	z := s.ctx.z3()
	if !s.limitsSet || s.rlimit != rlimit {
		z.setRlimit(s.zsolver(), rlimit)
	}
	if !s.limitsSet || s.zTimeout != timeout {
		z.setTimeout(s.zsolver(), timeout)
	}
	s.rlimit, s.zTimeout, s.limitsSet = rlimit, timeout, true
}

// changed forgets the last Check's model, which Z3 no longer holds once
// the assertion stack moves.
func (s *Solver) changed() {
	s.fresh = false
	s.model = nil
	s.inGo, s.sliced, s.guessedOptional = false, false, false
}

// satInGo records a Sat decided without Z3: the stack is proven, and
// Model has Z3 find the model when one is asked for.
func (s *Solver) satInGo(pending []*Term) (Result, []*Term) {
	s.inGo, s.inGoAssumed = true, pending
	s.proven[s.depth] = true
	return Sat, nil
}

// pinnedFalse reports an atom that is false under the values the arcs of
// analyse pin (2 < len <= 3 pins len to 3), and so under every model.
func (s *stack) pinnedFalse(b *bounds, atoms []*Term) bool {
	vals := b.pinned()
	if len(vals) == 0 {
		return false
	}
	maps.Copy(vals, s.forced)
	under := &assignment{ctx: s.ctx, vals: map[*Term]uint64{}, fit: &fitted{vals: vals, partial: true}}
	for _, t := range conjuncts(atoms) {
		if forcedFalse(t, under) {
			return true
		}
	}
	return false
}

// fittedWithin reports whether the values the bounds of analyse allow,
// nearest the latest model's, satisfy the atoms (the stack and pending):
// they find the values that wrapping gives, x == y + 1 with x < y at the
// largest y, which fitOrder's integers miss.
func (s *stack) fittedWithin(b *bounds, atoms []*Term) bool {
	base := s.latestModel()
	for _, sol := range append([]solution{nil}, b.solutions...) {
		if a := s.fitHolds(atoms, base, b.fit(sol, base.valueOr0), nil); a != nil {
			s.keep(&cached{a, s.total})
			return true
		}
	}
	return false
}

// valueOr0 is t's value under a, or 0 where a is nil or cannot say.
func (a *assignment) valueOr0(t *Term) uint64 {
	if a == nil {
		return 0
	}
	v, _ := a.eval(t)
	return v
}

// latestModel is the assignment of the deepest model kept, or nil.
func (s *stack) latestModel() *assignment {
	if m := s.latestCached(); m != nil {
		return m.assignment
	}
	return nil
}

// fitted reports whether fitOrder made an assignment under which the
// stack and pending hold; it is kept as the depth's model.
func (s *stack) fitted(pending []*Term) bool {
	a := s.fitOrder(pending)
	if a == nil {
		return false
	}
	s.keep(&cached{a, s.total})
	return true
}

// cached is a model Z3 gave, and how many of the stack's assertions (in
// order, scope by scope) are known to hold in it.
type cached struct {
	*assignment
	verified int
}

// reuseTries bounds the models a check tries: the latest, then those
// found at shallower depths, which the other side of a branch met
// earlier satisfies more often than the latest, found deep in the
// subtree of this side.
const reuseTries = 3

// modelSatisfies reports whether one of the models Z3 gave satisfies the
// stack and the pending assumptions; each evaluates in Go only what was
// asserted since it was found. Every model was found while the stack
// held the assertions it still has below its verified count.
func (s *stack) modelSatisfies(pending []*Term) bool {
	if len(s.models) == 0 {
		return false
	}
	tried := 0
	for d := len(s.models) - 1; d >= 0 && tried < reuseTries; d-- {
		if m := s.models[d]; m != nil {
			tried++
			if s.satisfiedBy(m, pending) {
				return true
			}
		}
	}
	return false
}

func (s *stack) satisfiedBy(m *cached, pending []*Term) bool {
	n := 0
	for _, scope := range s.scopes[:s.depth+1] {
		if n+len(scope) <= m.verified {
			n += len(scope)
			continue
		}
		for _, t := range scope[max(m.verified-n, 0):] {
			if holds, ok := m.holds(t); !holds || !ok {
				return false
			}
			m.verified++
		}
		n += len(scope)
	}
	for _, t := range pending {
		if holds, ok := m.holds(t); !holds || !ok {
			return false
		}
	}
	return true
}

// remember keeps the model of a Sat answer of the solver z, which held
// the whole stack, for modelSatisfies; the models of deeper depths came
// from paths that are gone.
func (s *Solver) remember(z zsolver) {
	s.keep(&cached{newAssignment(s.ctx, s.ctx.z3().model(z)), s.total})
}

// keep makes m the model of the current depth, dropping deeper ones.
func (s *stack) keep(m *cached) {
	for len(s.models) <= s.depth {
		s.models = append(s.models, nil)
	}
	clear(s.models[s.depth+1:])
	s.models = s.models[:s.depth+1]
	s.models[s.depth] = m
}

// Check decides the current assertions together with the given Bool
// assumptions, which hold for this Check only. When a concrete false makes
// the answer obvious Z3 is not called (see Calls).
func (s *Solver) Check(assumptions ...*Term) Result {
	return s.check(assumptions, false)
}

// CheckOptional decides like Check a query its caller can do without (a
// preference for a more readable witness), except that where the Go side
// does not decide it, small and boundary values for its new conditions'
// symbols are tried first (see preferenceFitted), and a nonlinear query
// (see nonlinearFitted) still undecided is left Unknown, without Z3:
// Z3's resource units count little of its bit-blasting, so its time on
// such a query is bounded badly by the budget (a 64-bit remainder kept
// in range took 450 ms within 100,000 units), and an optional query must
// not cost a search its time.
func (s *Solver) CheckOptional(assumptions ...*Term) Result {
	return s.check(assumptions, true)
}

// check is Check, or CheckOptional where optional is set.
func (s *Solver) check(assumptions []*Term, optional bool) Result {
	s.ctx.enter()
	s.changed()
	s.reason = ""
	s.checks++
	q := s.newQuery(assumptions, optional)
	r, args := s.decideInGo(q), q.pending
	switch {
	case r != Unknown:
	case optional && s.nonlinearQuery(assumptions):
		s.reason = "a nonlinear optional query left undecided"
	default:
		start := time.Now()
		r = s.run(args, true)
		s.spent += time.Since(start)
		switch {
		case s.sliced && s.chain == Validate:
			s.validate(r, args)
		case r == Sat && !s.sliced:
			s.proven[s.depth] = true
			s.remember(s.answered)
		}
	}
	s.last = r
	s.fresh = true
	return r
}

// CheckWithin decides the assertions like Check, within a budget of Z3's
// resource units given here instead of the solver's (see SetBudget). A
// sixth of the budget goes to the incremental solver, the rest to the
// fallback tactic, which runs in a Z3 context of its own (see
// isolatedCheck).
func (s *Solver) CheckWithin(budget uint) Result {
	s.ctx.enter()
	s.changed()
	s.reason = ""
	s.checks++
	if r := s.decideInGo(s.newQuery(nil, false)); r != Unknown {
		s.last = r
	} else {
		defer func(start time.Time) { s.spent += time.Since(start) }(time.Now())
		first := max(budget/6, 1)
		s.calls++
		s.sync()
		s.limit(first, 0)
		s.answered = s.zsolver()
		s.last = s.checkOn(s.zsolver(), nil, first, false)
		isolated := false
		if s.last == Unknown {
			s.reason = s.unknownReason(s.answered)
			if budget > first {
				s.calls++
				s.last, isolated = s.isolatedCheck(budget-first), true
			}
		}
		if s.last == Sat {
			s.proven[s.depth] = true
			if isolated {
				s.fresh = false // no model to give (see Model)
				return Sat
			}
			s.remember(s.answered)
		}
	}
	s.fresh = true
	return s.last
}

// ReasonUnknown explains the last Check if it returned Unknown (Z3's
// words, e.g. "timeout" or "canceled"), and is empty otherwise.
func (s *Solver) ReasonUnknown() string { return s.reason }

// Calls returns how many times Z3 was run: a Check that escalates to the
// fallback solver counts twice.
func (s *Solver) Calls() int { return s.calls }

// Checks returns how many checks were asked (Check, CheckWithin), whether
// Z3 ran for them or the literals on the stack decided them.
func (s *Solver) Checks() int { return s.checks }

// Spent returns the time Z3 took over the checks that reached it.
func (s *Solver) Spent() time.Duration { return s.spent }

// MemoryInUse estimates the bytes Z3 holds, over all contexts of the
// process: memory Go's runtime does not see.
func MemoryInUse() uint64 { return AllocatedBytes() }

// Version is the version of the Z3 library gosym runs ("4.8.12").
func Version() string { return z3Version() }
