package solver

import (
	"fmt"
	"iter"
	"maps"
	"runtime"
	"slices"
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
	ctx *Context
	// s is Z3's incremental solver, of kind kind, made when a check
	// first needs it (see zsolver).
	s    zsolver
	kind solverKind
	// budget bounds each Check in Z3's resource units; timeout, if not
	// 0, also bounds it in time (a safety net: see SetTimeout).
	budget  uint
	timeout time.Duration
	// scopes holds the symbolic assertions of each scope, for escalation.
	scopes [][]*Term
	// fallbacks are the qfbv and qffpbv solvers, each created on its
	// first escalation.
	fallbacks [2]zsolver
	answered  zsolver       // the solver whose answer the last Check gave
	depth     int           // number of open Push scopes
	falseAt   int           // shallowest scope holding an asserted false, or -1
	calls     int           // Checks that reached Z3
	spent     time.Duration // time spent in Z3's checks
	last      Result        // result of the last Check
	fresh     bool          // no Push, Pop or Assert since the last Check
	model     *Model        // the last Check's model once fetched
	reason    string        // the last Check's reason for Unknown
	spentOut  bool          // the last run of Z3 spent all its resource units

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
	// inGo marks a last Sat found without Z3, whose model Z3 still has
	// to make, under the assumptions inGoAssumed; checks counts every
	// Check, in Go or not.
	inGo        bool
	inGoAssumed []*Term
	checks      int

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

	// models holds, per depth, the model of Z3's last Sat answer at
	// that depth, for modelSatisfies: the last one found is the last of
	// models. total counts the stack's assertions.
	models []*cached
	total  int
	// noModelReuse turns modelSatisfies off, for tests of the rest.
	noModelReuse bool
	// chain is which deciders run (see Chain).
	chain Chain
	// constFalseAt is the depth at which a constant false was asserted,
	// or -1: Z3 never sees it, the Go side answers Unsat for it under
	// any chain.
	constFalseAt int
	// noIndependence turns constraint independence off (see Chain);
	// symbolMemo holds the symbols of the terms it met, and
	// independentAnswers counts the checks it decided. sliced marks a
	// last answer it decided.
	noIndependence bool
	// escalate is escalateAfter, which tests lower to have the fallback
	// decide easy queries.
	escalate           uint
	symbolMemo         map[*Term]symbolSet
	independentAnswers int
	sliced             bool
	// guessedOptional says that the last check was an optional query
	// that preferenceFitted satisfied: its model is that assignment.
	guessedOptional bool
	// refuting scores how the last checks that got past the models went:
	// up for one analyse refuted, down for one fitOrder fitted. Above 0
	// the refutation is tried first. Programs lean one way (a heap on a
	// slice has most of its index checks refuted, a tree's comparisons
	// fitted), and each of the two costs about as much as the other.
	refuting int
}

// maxRefuting bounds refuting, so that a change of the checks' kind turns
// the order round within a few checks.
const maxRefuting = 4

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
	s := &Solver{ctx: c, kind: k, budget: DefaultBudget, falseAt: -1, constFalseAt: -1, scopes: [][]*Term{nil},
		lits: map[literal]bool{}, proven: []bool{true}, order: newOrderGraph(),
		forced: map[termID]uint64{}, forcedBy: map[termID]int{}, forcedIn: [][]termID{nil},
		ids: []uint64{0}, mirror: []mirrored{{}}, symbolMemo: map[*Term]symbolSet{}, escalate: escalateAfter}
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

// forcedFalse reports a condition that is false under the values the
// stack's equalities force (under, see underForced), whatever the other
// symbols are.
func forcedFalse(t *Term, under *assignment) bool {
	if under == nil {
		return false
	}
	holds, ok := under.holds(t)
	return ok && !holds
}

// offsetsDisagree reports an equality x + a == y + b that contradicts the
// stack's equalities of that form: they relate x and y by a different
// offset (x == y + 1 and y == x + 1). Wrapping arithmetic keeps such
// offsets exact, so the contradiction is one.
func (s *Solver) offsetsDisagree(t *Term) bool {
	from, to, want, ok := offsetEquality(t)
	if !ok {
		return false
	}
	// Breadth-first from `from`, along val(u) == val(v) + d edges.
	type reached struct {
		sym *Term
		off uint64 // val(from) == val(sym) + off
	}
	seen := map[termID]bool{from.key(): true}
	queue := []reached{{from, 0}}
	for len(queue) > 0 {
		r := queue[0]
		queue = queue[1:]
		if r.sym.key() == to.key() {
			return (r.off-want)&mask(t.expr.args[0].sort.Width()) != 0
		}
		for e := range s.assertions() {
			u, v, d, ok := offsetEquality(e)
			switch {
			case !ok:
			case u.key() == r.sym.key() && !seen[v.key()]:
				seen[v.key()] = true
				queue = append(queue, reached{v, r.off + d})
			case v.key() == r.sym.key() && !seen[u.key()]:
				seen[u.key()] = true
				queue = append(queue, reached{u, r.off - d})
			}
		}
	}
	return false
}

// offsetEquality reads t as x + a == y + b between two symbols, that is
// val(x) == val(y) + d.
func offsetEquality(t *Term) (x, y *Term, d uint64, ok bool) {
	if t.expr.kind != eqExpr || len(t.expr.args) != 2 || t.expr.args[0].sort.IsBool() {
		return nil, nil, 0, false
	}
	a, okA := offsetOf(t.expr.args[0])
	b, okB := offsetOf(t.expr.args[1])
	if !okA || !okB || a.base == nil || b.base == nil {
		return nil, nil, 0, false
	}
	return a.base, b.base, uint64(b.off - a.off), true
}

// force records that the stack forces sym to v, in the current scope.
func (s *Solver) force(sym *Term, v uint64) {
	s.forced[sym.key()] = v
	s.forcedBy[sym.key()]++
	s.forcedIn[s.depth] = append(s.forcedIn[s.depth], sym.key())
}

// propagateForced forces what the stack's equalities force once a new
// value is known (o5 == o4 - 1 asserted first, then o5 == 1: o4 is 2),
// until nothing more is. The values so found hang on the current scope,
// whose assertion started them.
func (s *Solver) propagateForced() {
	for changed := true; changed; {
		changed = false
		under := s.underForced()
		for t := range s.assertions() {
			if sym, v, ok := forcing(t, under); ok {
				if _, known := s.forced[sym.key()]; !known {
					s.force(sym, v)
					changed = true
				}
			}
		}
	}
}

// refutedByForced reports an assertion on the stack that is false under
// the forced values alone: a value just forced can refute an assertion
// made before it (y <= x, then x == 0 and y == x + 1).
func (s *Solver) refutedByForced() bool {
	under := s.underForced()
	for t := range s.assertions() {
		if forcedFalse(t, under) {
			return true
		}
	}
	return false
}

// assertions yields the stack's assertions, scope by scope.
func (s *Solver) assertions() iter.Seq[*Term] {
	return func(yield func(*Term) bool) {
		for _, scope := range s.scopes[:s.depth+1] {
			for _, t := range scope {
				if !yield(t) {
					return
				}
			}
		}
	}
}

// underForced is the partial assignment of the forced values, or nil
// where none are.
func (s *Solver) underForced() *assignment {
	if len(s.forced) == 0 {
		return nil
	}
	return &assignment{ctx: s.ctx, vals: map[*Term]uint64{}, fit: &fitted{vals: s.forced, partial: true}}
}

// forcing reads t as sym + c == e (c a constant, maybe 0) where e's value
// is known: a constant, or a term over the symbols under forces (level ==
// parent - 1, the parent's level forced). t then forces sym to e - c,
// which wrapping arithmetic makes the only value.
func forcing(t *Term, under *assignment) (sym *Term, val uint64, ok bool) {
	if t.expr.kind != eqExpr || len(t.expr.args) != 2 {
		return nil, 0, false
	}
	a, b := t.expr.args[0], t.expr.args[1]
	for range 2 {
		if o, isOffset := offsetOrSymbol(a); isOffset {
			v, known := b.val, b.concrete
			if !known && under != nil {
				v, known = under.eval(b)
			}
			if known && a.sort.IsBool() {
				return o.base, v, true
			}
			if known {
				return o.base, (v - uint64(o.off)) & mask(a.sort.Width()), true
			}
		}
		a, b = b, a
	}
	return nil, 0, false
}

// offsetOrSymbol reads t as a Boolean symbol or a bit-vector symbol plus
// a constant.
func offsetOrSymbol(t *Term) (offsetTerm, bool) {
	if t.sort.IsBool() {
		return offsetTerm{t, 0}, t.expr.kind == symbolExpr && !t.concrete
	}
	o, ok := offsetOf(t)
	return o, ok && o.base != nil
}

// ordersWrongly reports a comparison that contradicts the order of the
// comparisons on the stack.
func (s *Solver) ordersWrongly(t *Term) bool {
	edges := edgesOf(t)
	return len(edges) > 0 && s.order.contradicts(edges, s.forcedNode)
}

// forcedNode returns the constant node of the value the stack forces on
// the symbol of n.
func (s *Solver) forcedNode(n orderNode) (orderNode, bool) {
	v, ok := s.forced[termID(n.v)]
	if !ok {
		return orderNode{}, false
	}
	return orderNode{v: v, width: n.width, signed: n.signed, konst: true}, true
}

// decided answers a Check in Go where the literals settle it: Unsat when
// the stack holds a false, or an assumption's negation; Sat when the
// stack was proven satisfiable and every assumption is on it already.
// Otherwise it returns the assumptions Z3 has to decide.
func (s *Solver) decided(assumptions []*Term) (Result, []*Term) {
	if s.falseAt >= 0 {
		return Unsat, nil
	}
	var pending []*Term
	var under *assignment
	if len(assumptions) > 0 {
		under = s.underForced()
	}
	for _, t := range assumptions {
		s.ctx.wantBool("Check", t)
		if t.concrete {
			if t.val == 0 {
				return Unsat, nil
			}
			continue
		}
		l := literalOf(t)
		switch {
		case s.lits[l.negated()] || s.ordersWrongly(t) || forcedFalse(t, under):
			return Unsat, nil
		case !s.lits[l]:
			pending = append(pending, t)
		}
	}
	if len(pending) == 0 && s.proven[s.depth] || s.modelSatisfies(pending) || s.repaired(pending) {
		return s.satInGo(pending)
	}
	fitFirst := s.refuting <= 0
	if fitFirst && s.fitted(pending) {
		s.refuting = max(s.refuting-1, -maxRefuting)
		return s.satInGo(pending)
	}
	atoms := append(slices.Collect(s.assertions()), pending...)
	b, refuted := analyse(atoms)
	if !refuted && b != nil {
		refuted = s.pinnedFalse(b, atoms)
	}
	if refuted {
		s.refuting = min(s.refuting+1, maxRefuting)
		if len(pending) == 0 {
			s.falseAt = s.depth
		}
		return Unsat, nil
	}
	if !fitFirst && s.fitted(pending) {
		s.refuting = max(s.refuting-1, -maxRefuting)
		return s.satInGo(pending)
	}
	if b != nil && s.fittedWithin(b, atoms) {
		return s.satInGo(pending)
	}
	if s.floatQuery(pending) && s.floatFitted(pending) || s.nonlinearFitted(pending) {
		return s.satInGo(pending)
	}
	return Unknown, pending
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
func (s *Solver) pinnedFalse(b *bounds, atoms []*Term) bool {
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
func (s *Solver) fittedWithin(b *bounds, atoms []*Term) bool {
	if s.noModelReuse {
		return false
	}
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
func (s *Solver) latestModel() *assignment {
	if m := s.latestCached(); m != nil {
		return m.assignment
	}
	return nil
}

// fitted reports whether fitOrder made an assignment under which the
// stack and pending hold; it is kept as the depth's model.
func (s *Solver) fitted(pending []*Term) bool {
	if s.noModelReuse {
		return false
	}
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
func (s *Solver) modelSatisfies(pending []*Term) bool {
	if s.noModelReuse || len(s.models) == 0 {
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

func (s *Solver) satisfiedBy(m *cached, pending []*Term) bool {
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
func (s *Solver) keep(m *cached) {
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
	r, args := s.decide(assumptions)
	if r == Unknown && optional && s.chain != Z3Only && s.preferenceFitted(args) {
		s.satInGo(args)
		s.guessedOptional = true
		r = Sat
		if s.chain == Validate {
			s.validate(r, args)
		}
	}
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
	if r, _ := s.decide(nil); r != Unknown {
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

// isolatedCheck decides the stack on the fallback tactic in a new Z3
// context, and charges the work as checkOn charges the fallback's: the
// units granted when it gives up, fallbackCharge (or the units granted,
// if fewer) when it settles the query. It keeps no model.
//
// The tactic is not reproducible: for the same query it counts different
// work (226,476 or 472,075 units), and builds different terms, after the
// process ran other searches. In the solver's own context those terms
// would change how Z3 goes about every later query of the search
// (TestPartition's ArrayPartition took 1.62 or 2.02 million work units,
// by whether TestModesAgree ran before it); in a context of its own, only
// its answer comes back. Even there its count depends on what the process
// did before (a query of ArrayPartition's path checks, run so for a
// measurement: 470,391 units alone, more than 4.1 million after
// TestModesAgree), so a limit at the units granted would settle a query
// near it in one run and not in another: it runs with isolatedHeadroom
// times as many.
func (s *Solver) isolatedCheck(granted uint) Result {
	iso := newZ3()
	defer iso.close()
	kind, _ := fallbackKind(s.floatQuery(nil))
	f := iso.newSolver(kind)
	for _, scope := range s.scopes {
		for _, t := range scope {
			iso.assert(f, iso.translate(s.ctx.z3(), s.ctx.astOf(t)))
		}
	}
	iso.setTimeout(f, 0)
	iso.setRlimit(f, granted*isolatedHeadroom)
	r, spent := iso.check(f, nil)
	s.ctx.z3().ops += iso.ops
	s.charge(r, spent/isolatedHeadroom, granted, true)
	if r == Unknown {
		s.reason = spentLimit
		if !s.spentOut {
			s.reason = iso.reasonUnknown(f)
		}
	}
	return r
}

// fallbackKind is the fallback solver of a query, with floats or not, and
// its index in Solver.fallbacks: the qffpbv tactic for floats, else qfbv.
func fallbackKind(floats bool) (solverKind, int) {
	if floats {
		return qffpbvSolver, 1
	}
	return qfbvSolver, 0
}

// loadFallback returns the fallback solver holding the current assertions
// (see fallbackKind).
func (s *Solver) loadFallback(floats bool) zsolver {
	z := s.ctx.z3()
	f := s.emptyFallback(floats)
	for _, scope := range s.scopes {
		for _, t := range scope {
			z.assert(f, s.ctx.astOf(t))
		}
	}
	return f
}

// emptyFallback returns the fallback solver (see fallbackKind), with no
// assertions.
func (s *Solver) emptyFallback(floats bool) zsolver {
	z := s.ctx.z3()
	kind, i := fallbackKind(floats)
	if s.fallbacks[i] == nil {
		s.fallbacks[i] = z.newSolver(kind)
		runtime.AddCleanup(s, z.rel.solver, s.fallbacks[i])
	}
	z.reset(s.fallbacks[i])
	return s.fallbacks[i]
}

// floatQuery reports whether a float operation occurs in the stack's
// assertions or in the assumptions.
func (s *Solver) floatQuery(assumptions []*Term) bool {
	return s.queryHas(assumptions, func(t *Term) bool { return t.float })
}

// nonlinearQuery reports whether a nonlinear operation (see isNonlinear)
// occurs in the stack's assertions or in the assumptions.
func (s *Solver) nonlinearQuery(assumptions []*Term) bool {
	return s.queryHas(assumptions, func(t *Term) bool { return t.nonlinear })
}

// queryHas reports whether one of the stack's assertions or of the
// assumptions satisfies has.
func (s *Solver) queryHas(assumptions []*Term, has func(*Term) bool) bool {
	if slices.ContainsFunc(assumptions, has) {
		return true
	}
	for _, scope := range s.scopes[:s.depth+1] {
		if slices.ContainsFunc(scope, has) {
			return true
		}
	}
	return false
}

// run checks on the incremental solver for up to escalateAfter resource
// units of the budget, then, if it has not settled the query and budget
// (and time) is left, on the fallback with the rest: on the query's slice
// where sliceable and constraint independence finds one (see
// independent), else on the whole query.
func (s *Solver) run(assumptions []*Term, sliceable bool) Result {
	z := s.ctx.z3()
	args := make([]zast, len(assumptions))
	for i, t := range assumptions {
		args[i] = s.ctx.astOf(t)
	}
	start := time.Now()
	r := Unknown
	floats := s.floatQuery(assumptions)
	rest := s.budget
	if !floats {
		first := min(s.escalate, s.budget)
		s.calls++
		s.sync()
		s.limit(first, s.timeout)
		s.answered = s.zsolver()
		if r = s.checkOn(s.zsolver(), args, first, false); r != Unknown {
			return r
		}
		s.reason = s.unknownReason(s.zsolver())
		if rest -= first; rest == 0 {
			return r
		}
	}
	// A query over floats goes to the fallback at once: the incremental
	// solver's theory of floating point took seconds where bit-blasting
	// from scratch takes a few hundred milliseconds (int32(float64(n))
	// != n). Other queries keep the incremental solver, even in a
	// function that has floats elsewhere.
	// Besides running out of resources, the incremental solver sometimes
	// gives up ("incomplete (theory arithmetic)" on a division): the
	// fallback decides either, in the time left.
	restTime := time.Duration(0)
	if s.timeout > 0 {
		if restTime = s.timeout - time.Since(start); restTime <= 0 {
			return r
		}
	}
	if sliceable {
		if r, decided := s.independent(assumptions, floats, rest, restTime); decided {
			return r
		}
	}
	f := s.loadFallback(floats)
	s.calls++
	z.setTimeout(f, restTime)
	z.setRlimit(f, rest)
	s.answered = f
	if r = s.checkOn(f, args, rest, true); r == Unknown {
		s.reason = s.unknownReason(f)
	} else {
		s.reason = ""
	}
	return r
}

// isolatedHeadroom is how many times the units it is granted
// isolatedCheck lets the fallback spend.
const isolatedHeadroom = 4

// fallbackCharge is the work in resource units charged for a run of the
// fallback solver that settles its query (see checkOn): about what such
// a run spends on the benchmarks, a few tens of milliseconds.
const fallbackCharge = 1_000_000

// checkOn runs Z3's solver z, given limit resource units, and charges
// the context's work (see Context.Work). The incremental solver is
// charged what Z3 counted. The fallback is not: what its tactic counts
// for the same query differs when another context runs at the same
// time (2.4 or 3.1 million units for one query of the testdata), which
// would make a work budget run out at different places under -p 1 and
// -p 2. It is charged its limit when it runs out, and fallbackCharge
// (or its limit, if less) when it settles the query.
func (s *Solver) checkOn(z zsolver, args []zast, limit uint, fallback bool) Result {
	r, spent := s.ctx.z3().check(z, args)
	s.charge(r, spent, limit, fallback)
	return r
}

// charge charges the context's work for a check of Z3's that answered r
// and counted spent of its limit (see checkOn).
func (s *Solver) charge(r Result, spent uint64, limit uint, fallback bool) {
	s.spentOut = r == Unknown && limit > 0 && spent >= uint64(limit)
	switch {
	case !fallback:
		s.ctx.charged += spent
	case r == Unknown && limit > 0:
		s.ctx.charged += uint64(limit)
	case r == Unknown:
		s.ctx.charged += spent
	case limit > 0:
		// Never more than it was granted: sort.Float64sAreSorted's one
		// float query, settled in 4 ms, was charged two and a half times
		// its whole budget under -max-work 25000.
		s.ctx.charged += min(fallbackCharge, uint64(limit))
	default:
		s.ctx.charged += fallbackCharge
	}
}

// spentLimit is the reason an Unknown gets when the check spent its
// resource units: Z3's words for the incremental solver, which its
// tactic solvers say as "canceled".
const spentLimit = "max. resource limit exceeded"

// unknownReason says why z's last check, run by checkOn, gave Unknown.
func (s *Solver) unknownReason(z zsolver) string {
	if s.spentOut {
		return spentLimit
	}
	return s.ctx.z3().reasonUnknown(z)
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

// Model returns a model of the last Check if it returned Sat and the
// solver has not changed since (Push, Pop, Assert); otherwise nil. A
// Check decided without Z3 has Z3 find the model here, and nil is also
// returned if Z3 does not within the budget (or timeout). A returned Model stays
// usable after later changes.
func (s *Solver) Model() *Model {
	if !s.fresh || s.last != Sat {
		return nil
	}
	if s.inGo && (s.sliced || s.guessedOptional || s.floatQuery(s.inGoAssumed) || s.nonlinearQuery(s.inGoAssumed)) {
		// Z3 takes seconds over floats and nonlinear arithmetic: an
		// assignment Go found is the model, if one satisfies the stack.
		// So is the one made from a slice's model (see independent),
		// which spared Z3 the whole query.
		if a := s.goModel(); a != nil {
			s.inGo, s.inGoAssumed = false, nil
			s.model = &Model{ctx: s.ctx, a: a}
			return s.model
		}
	}
	if s.inGo {
		// Sat was known without Z3, which must find the model now.
		s.ctx.enter()
		start := time.Now()
		r := s.run(s.inGoAssumed, false)
		s.spent += time.Since(start)
		if r == Unsat {
			s.disagree(Sat, Unsat, s.inGoAssumed)
		}
		s.inGo, s.inGoAssumed = false, nil
		if r != Sat {
			return nil
		}
	}
	if s.model == nil {
		c := s.ctx
		c.enter()
		s.model = &Model{ctx: c, m: c.z3().model(s.answered)}
		runtime.AddCleanup(s.model, c.z3().rel.model, s.model.m)
	}
	return s.model
}

// goModel returns the latest kept assignment under which the stack and
// the assumptions of the last Check hold, all evaluated in Go, or nil.
func (s *Solver) goModel() *assignment {
	for i := len(s.models) - 1; i >= 0; i-- {
		if s.models[i] == nil {
			continue // a level that kept no model (see keep)
		}
		a := s.models[i].assignment
		if holdsAll(a, s.assertions()) && holdsAll(a, slices.Values(s.inGoAssumed)) {
			return a
		}
	}
	return nil
}

func holdsAll(a *assignment, ts iter.Seq[*Term]) bool {
	for t := range ts {
		if holds, ok := a.holds(t); !holds || !ok {
			return false
		}
	}
	return true
}

// Model assigns a value to every symbol; symbols the solver never saw get
// an arbitrary one (model completion). It is Z3's model, or an assignment
// the Go side found (a).
type Model struct {
	ctx *Context
	m   zmodel
	a   *assignment
}

// Uint64 returns the value of a bit-vector term in m, zero-extended.
func (m *Model) Uint64(t *Term) uint64 { return m.bv("Model.Uint64", t) }

// Int64 returns the value of a bit-vector term in m, sign-extended from
// the term's width.
func (m *Model) Int64(t *Term) int64 {
	return signed(m.bv("Model.Int64", t), t.sort.Width())
}

func (m *Model) bv(what string, t *Term) uint64 {
	c := m.ctx
	c.enter()
	c.wantBV(what, t)
	if t.concrete {
		return t.val
	}
	if m.a != nil {
		return m.fromGo(t)
	}
	return c.z3().eval(m.m, c.astOf(t), false)
}

// Bool returns the value of a Bool term in m.
func (m *Model) Bool(t *Term) bool {
	c := m.ctx
	c.enter()
	c.wantBool("Model.Bool", t)
	if t.concrete {
		return t.val != 0
	}
	if m.a != nil {
		return m.fromGo(t) != 0
	}
	return c.z3().eval(m.m, c.astOf(t), true) != 0
}

// fromGo evaluates t under the Go side's assignment. A term Go cannot
// evaluate (one Z3 built) gets 0, as a symbol the model does not
// mention would.
func (m *Model) fromGo(t *Term) uint64 {
	limit := m.ctx.evalLimit
	m.ctx.evalLimit = 0
	defer func() { m.ctx.evalLimit = limit }()
	v, _ := m.a.eval(t)
	return v
}

// MemoryInUse estimates the bytes Z3 holds, over all contexts of the
// process: memory Go's runtime does not see.
func MemoryInUse() uint64 { return AllocatedBytes() }

// Version is the version of the Z3 library gosym runs ("4.8.12").
func Version() string { return z3Version() }
