package solver

import (
	"runtime"
	"slices"
	"time"
)

// The fallback: a query the incremental solver gives up on, or one over
// floats, goes to a solver of its own, loaded with the assertions, and
// what Z3 spends is charged to the search.

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
func (s *stack) floatQuery(assumptions []*Term) bool {
	return s.queryHas(assumptions, func(t *Term) bool { return t.float })
}

// nonlinearQuery reports whether a nonlinear operation (see isNonlinear)
// occurs in the stack's assertions or in the assumptions.
func (s *stack) nonlinearQuery(assumptions []*Term) bool {
	return s.queryHas(assumptions, func(t *Term) bool { return t.nonlinear })
}

// queryHas reports whether one of the stack's assertions or of the
// assumptions satisfies has.
func (s *stack) queryHas(assumptions []*Term, has func(*Term) bool) bool {
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

// SpentLimit reports whether the last check ran out of the resource
// units it was given.
func (s *Solver) SpentLimit() bool { return s.spentOut }

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
