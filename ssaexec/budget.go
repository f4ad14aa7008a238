package ssaexec

import (
	"fmt"
	"strings"
	"time"

	"github.com/gosym/gosym/abstraction"
	"github.com/gosym/gosym/solver"
)

// A search's budget is counted in work units, so that the same function
// under the same flags is explored as far, and reported the same, on any
// machine, under any load and with any -p. A unit is one instruction
// executed; the other work is converted into units at the rates below,
// fitted so that a unit of each kind takes about as long. On this
// project's 2-core machine a unit took 4.6 µs in the median function of
// the testdata, 1.1 µs at the 5th percentile and 14 µs at the 95th
// (BenchmarkWorkUnits in bench_test.go, at commit 27a1ca5).
const (
	// z3PerUnit is how many of Z3's resource units make a work unit (Z3
	// spends 1,000 to 6,000 a millisecond, fewer over floats).
	z3PerUnit = 16
	// evalsPerUnit is how many terms the Go side of the solver evaluates
	// in a work unit.
	evalsPerUnit = 4
	// unitsPerOp is the work units of one change to Z3's assertion
	// stacks, which Z3 does not count in its resource units.
	unitsPerOp = 4
	// matchesPerUnit is how many comparisons of states and nodes at loop
	// heads make a work unit (see abstraction.Table.Work).
	matchesPerUnit = 2
)

// Why a search stopped before it had explored every path.
type stopCause int

const (
	notStopped stopCause = iota
	// outOfWork: Config.MaxWork ran out.
	outOfWork
	// outOfStates: Config.MaxStates ran out.
	outOfStates
	// timedOut: Config.Timeout, the safety net, ran out.
	timedOut
	// interrupted: Config.Interrupt said to stop.
	interrupted
)

// budget is what one search may spend and what it has spent.
type budget struct {
	cfg Config
	ctx *solver.Context
	// steps counts the instructions the search executed; inherited is
	// the work of a shared package initialization the search started
	// from (see importInit).
	steps     int64
	inherited int64
	// probed is the work of a hand-built probe that ran before this
	// search and did not answer for it (see probe.go), but for what
	// the shared context counts: its solver's and evaluations.
	probed int64
	// table is the search's subsumption table; retired is the work of
	// the tables it had before (see explorer.newTable).
	table   *abstraction.Table
	retired int64
	// deadline is the time Config.Timeout ends, or zero for none.
	deadline time.Time
	cause    stopCause
	// interruption is what Config.Interrupt answered.
	interruption string
	// apiSpent: the search through values the API builds has had its
	// share (see apiOutOfBudget).
	apiSpent bool
}

// now reads the clock of Config.Timeout.
func (b *budget) now() time.Time {
	if b.cfg.clock != nil {
		return b.cfg.clock()
	}
	return time.Now()
}

func newBudget(cfg Config, ctx *solver.Context, start time.Time) budget {
	b := budget{cfg: cfg, ctx: ctx}
	if cfg.Timeout > 0 {
		b.deadline = start.Add(cfg.Timeout)
	}
	return b
}

// work returns the work done so far, in work units.
func (b *budget) work() int64 {
	p := b.parts()
	return p.steps + p.z3/z3PerUnit + p.evals/evalsPerUnit + p.ops*unitsPerOp + p.matches/matchesPerUnit
}

// workParts are the counts work adds up, unconverted: steps (with the
// inherited work), Z3's resource units, terms evaluated in Go, changes
// to Z3's stacks and state comparisons.
type workParts struct {
	steps, z3, evals, ops, matches int64
}

func (b *budget) parts() workParts {
	w := b.ctx.Work()
	matches := b.retired
	if b.table != nil {
		matches += b.table.Work()
	}
	return workParts{b.inherited + b.probed + b.steps, int64(w.Z3), int64(w.Go), int64(w.Ops), matches}
}

// ownWork is the work of the search's own steps and state comparisons,
// which its context does not count: what a search after it inherits.
func (b *budget) ownWork() int64 {
	return b.steps + b.parts().matches/matchesPerUnit
}

// useTable makes t the search's subsumption table.
func (b *budget) useTable(t *abstraction.Table) {
	if b.table != nil {
		b.retired += b.table.Work()
	}
	b.table = t
}

// step counts one instruction about to be executed, with states the
// search's state count, and reports whether a budget ran out. The clock
// and Config.Interrupt are asked every 256 steps, the first included: a
// short search asks once.
func (b *budget) step(states int) bool {
	if b.cause != notStopped {
		return true
	}
	if b.cfg.MaxStates > 0 && states > b.cfg.MaxStates {
		b.cause = outOfStates
		return true
	}
	if b.cfg.MaxWork > 0 {
		w := b.work()
		if w > b.cfg.MaxWork {
			b.cause = outOfWork
			return true
		}
		// Nor may the Go side's reasoning within one step spend more
		// than is left (see solver.Context.LimitEvaluations).
		b.ctx.LimitEvaluations(uint64(max(b.cfg.MaxWork-w, 1)) * evalsPerUnit)
	}
	b.steps++
	if b.steps%256 != 1 {
		return false
	}
	return b.askClock()
}

// askClock asks the clock and Config.Interrupt whether to stop, and
// reports whether a budget ran out.
func (b *budget) askClock() bool {
	if !b.deadline.IsZero() && b.now().After(b.deadline) {
		b.cause = timedOut
	} else if b.cfg.Interrupt != nil {
		if b.interruption = b.cfg.Interrupt(); b.interruption != "" {
			b.cause = interrupted
		}
	}
	return b.halted()
}

// optionalQuery returns the Z3 units a query the search can do without
// may spend: limit, and no more than a preferenceShare of the work left.
func (b *budget) optionalQuery(limit uint) uint {
	if left, ok := b.z3UnitsLeft(); ok {
		return uint(min(uint64(limit), max(left/preferenceShare, 1)))
	}
	return limit
}

// z3UnitsLeft converts what is left of Config.MaxWork into Z3's resource
// units, at least one work unit's worth; ok is false with no work budget.
func (b *budget) z3UnitsLeft() (units uint64, ok bool) {
	if b.cfg.MaxWork <= 0 {
		return 0, false
	}
	return uint64(max(b.cfg.MaxWork-b.work(), 1)) * z3PerUnit, true
}

// halted reports whether a budget ran out.
func (b *budget) halted() bool { return b.cause != notStopped }

// apiOutOfBudget reports whether the search through values the API
// builds has spent its half of the work budget (or, with no work budget,
// of the timeout).
func (b *budget) apiOutOfBudget() bool {
	if b.apiSpent {
		return true
	}
	switch {
	case b.cfg.MaxWork > 0:
		b.apiSpent = b.work() > b.cfg.MaxWork/2
	case !b.deadline.IsZero() && b.steps%256 == 1:
		b.apiSpent = b.now().After(b.deadline.Add(-b.cfg.Timeout / 2))
	}
	return b.apiSpent
}

// apiBound names the API search's share of the budget, for the record.
func (b *budget) apiBound() string {
	if b.cfg.MaxWork > 0 {
		return fmt.Sprintf("api search budget of %d work units", b.cfg.MaxWork/2)
	}
	return fmt.Sprintf("api search budget of %s", b.cfg.Timeout/2)
}

// limitQuery sets the Z3 resource units s's next queries may spend:
// limit (0: Config.SolverBudget), and no more than the work left; with
// Config.Timeout, also the time left. It reports false when no work or
// time is left: Z3 given a handful of units still spent thousands on
// each query before it looked at its limit (4,128 units on the 280th of
// LastIndexAny's queries past its budget, which it overran by half).
func (b *budget) limitQuery(s *solver.Solver, limit uint) bool {
	if b.workSpent() {
		return false
	}
	if !b.deadline.IsZero() {
		left := b.deadline.Sub(b.now())
		if left <= 0 {
			b.cause = timedOut
			return false
		}
		s.SetTimeout(left)
	}
	units := b.cfg.SolverBudget
	if limit > 0 && (units == 0 || limit < units) {
		units = limit
	}
	if units == 0 {
		units = solver.DefaultBudget
	}
	if left, ok := b.z3UnitsLeft(); ok {
		units = uint(min(uint64(units), left))
	}
	s.SetBudget(units)
	return true
}

// workSpent reports whether Config.MaxWork is spent, and records it as
// the cause: no query may be asked then (see limitQuery, unitsLeft).
func (b *budget) workSpent() bool {
	if b.cfg.MaxWork > 0 && b.work() >= b.cfg.MaxWork {
		b.cause = outOfWork
		return true
	}
	return false
}

// unitsLeft returns the Z3 resource units the search may still spend on
// a query: what is left of Config.MaxWork, converted, or 0 once a budget
// ran out. It asks the clock and Config.Interrupt too, since a query can
// take long: the subsumption table asks it before each of its queries,
// between the search's steps.
func (b *budget) unitsLeft() uint {
	if b.halted() || b.askClock() || b.workSpent() {
		return 0
	}
	left, ok := b.z3UnitsLeft()
	if !ok {
		return ^uint(0)
	}
	return uint(min(left, uint64(^uint(0))))
}

// bound names the budget that ran out, for the record's bounds, or "".
func (b *budget) bound() string {
	switch b.cause {
	case outOfWork:
		return fmt.Sprintf("max-work of %d", b.cfg.MaxWork)
	case outOfStates:
		return fmt.Sprintf("max-states of %d", b.cfg.MaxStates)
	case timedOut:
		return fmt.Sprintf("timeout of %s", b.cfg.Timeout)
	case interrupted:
		return b.interruption
	}
	return ""
}

// limit names the budget that ran out, without its size: the limit
// coverage counts (see FuncResult.Limits).
func (b *budget) limit() string {
	switch b.cause {
	case outOfWork:
		return "max-work"
	case outOfStates:
		return "max-states"
	case timedOut:
		return "timeout"
	}
	// Config.Interrupt names its budget, then " of " and its size.
	name, _, _ := strings.Cut(b.interruption, " of ")
	return name
}
