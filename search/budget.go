package search

import (
	"fmt"
	"strings"
	"time"

	"github.com/gosym/gosym/solver"
)

// A search's budget is counted in work units, so that the same function
// under the same flags is explored as far, and reported the same, on any
// machine, under any load and with any -p. A unit is one instruction
// executed; the other work is converted into units at the rates below,
// fitted so that a unit of each kind takes about as long. On this
// project's 2-core machine a unit took 4.6 µs in the median function of
// the testdata, 1.1 µs at the 5th percentile and 14 µs at the 95th
// (BenchmarkWorkUnits in ssaexec/bench_test.go, at commit 27a1ca5).
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

// StopCause is why a search stopped before it had explored every path.
type StopCause int

// The causes of a stop.
const (
	NotStopped StopCause = iota
	// OutOfWork: Limits.MaxWork ran out.
	OutOfWork
	// OutOfStates: Limits.MaxStates ran out.
	OutOfStates
	// TimedOut: Limits.Timeout, the safety net, ran out.
	TimedOut
	// Interrupted: Limits.Interrupt said to stop.
	Interrupted
)

// Limits are what a search may spend.
type Limits struct {
	// MaxWork is the budget in work units (0: none).
	MaxWork int64
	// MaxStates stops the search after that many states (0: none).
	MaxStates int
	// Timeout, if not 0, also bounds the search in time: a safety net.
	Timeout time.Duration
	// Interrupt, if set, is asked now and then whether to stop: it
	// answers the budget that ran out ("deadline of 2m") or "".
	Interrupt func() string
	// SolverBudget bounds one query in Z3's resource units (0: the
	// solver's default).
	SolverBudget uint
	// APIQueryWork bounds one query of the search through values the
	// API builds (phase InAPI), in work units. NewBudget sets it to a
	// share of MaxWork (apiQueryShare), which a search that lowers its
	// MaxWork to a part of the function's keeps: the space of a type's
	// call sequences, searched once for all its methods (which stops at
	// half of an entry's budget), asks its queries under the bound each
	// entry's own search of the sequences would.
	APIQueryWork int64
	// QueryBase, if set, is the work budget whose rest bounds a query,
	// instead of MaxWork: the space of sequences counts what is left as
	// an entry's whole budget would, for the same reason.
	QueryBase int64
	// Clock, if set, reads the time Timeout is measured in, for tests.
	Clock func() time.Time
}

// WorkCounter is a part of the search that counts its own work: the
// subsumption table, whose comparisons of states the budget converts.
type WorkCounter interface{ Work() int64 }

// Budget is what one search may spend and what it has spent.
type Budget struct {
	// Limits are what the search may spend; a probe lowers its MaxWork
	// to its share.
	Limits Limits
	ctx    *solver.Context
	// steps counts the instructions the search executed.
	steps int64
	// stepsIn splits steps by Phase.
	stepsIn [phases]int64
	// Inherited is the work of a shared package initialization the
	// search started from, which Limits.MaxWork does not count; Shared
	// that of the search of a type's call sequences up to the last state
	// the search started from, explored once for the type's methods (see
	// ssaexec's apispace.go), which Limits.MaxWork counts, as if the
	// search had called the sequences itself.
	Inherited, Shared int64
	// probed is the work of a hand-built probe that ran before this
	// search and did not answer for it, but for what the shared context
	// counts: its solver's and evaluations (see Follow); probedWork is
	// probed.Work().
	probed     Own
	probedWork int64
	// table is the search's subsumption table; retired is the work of
	// the tables it had before (see UseTable).
	table   WorkCounter
	retired int64
	// deadline is the time Limits.Timeout ends, or zero for none.
	deadline time.Time
	accrued
	// Cause is why the search stopped, if it did.
	Cause StopCause
	// interruption is what Limits.Interrupt answered.
	interruption string
	// apiSpent: the search through values the API builds has had its
	// share (see apiOutOfBudget).
	apiSpent bool
	// shareCapped says that the last query LimitQuery limited was given
	// its share of what was left of the work budget (see queryShare),
	// less than the solver's budget would have given it.
	shareCapped bool
}

// now reads the clock of Limits.Timeout.
func (b *Budget) now() time.Time {
	if b.Limits.Clock != nil {
		return b.Limits.Clock()
	}
	return time.Now()
}

// NewBudget returns the budget of a search started at start, whose
// terms are built in ctx (whose work it counts).
func NewBudget(l Limits, ctx *solver.Context, start time.Time) Budget {
	b := Budget{Limits: l, ctx: ctx}
	if b.Limits.APIQueryWork == 0 {
		b.Limits.APIQueryWork = max(l.MaxWork/apiQueryShare, 1)
	}
	if l.Timeout > 0 {
		b.deadline = start.Add(l.Timeout)
	}
	return b
}

// Work returns the work done so far, in work units.
func (b *Budget) Work() int64 {
	p := b.parts()
	return p.steps + p.z3/z3PerUnit + p.evals/evalsPerUnit + p.ops*unitsPerOp + p.matches/matchesPerUnit
}

// workParts are the counts work adds up, unconverted: steps (with the
// inherited work), Z3's resource units, terms evaluated in Go, changes
// to Z3's stacks and state comparisons.
type workParts struct {
	steps, z3, evals, ops, matches int64
}

func (b *Budget) parts() workParts {
	w := b.ctx.Work()
	matches := b.retired
	if b.table != nil {
		matches += b.table.Work()
	}
	return workParts{b.Inherited + b.Shared + b.probedWork + b.steps, int64(w.Z3), int64(w.Go), int64(w.Ops), matches}
}

// The work of the packages' initialization does not count in
// Limits.MaxWork, which is the entry's: a run initializes a package once
// for all its entries (see ssaexec's shared initialization), and a
// search that runs it itself, where it cannot be shared, is limited as
// if it had not. Initialization has a budget of its own, as large.

// initWork is the work of the packages' initialization so far.
func (b *Budget) initWork() int64 {
	a := &b.accrued
	w := b.Inherited + b.stepsIn[InInit] + b.probed.Steps[InInit] + a.solverIn[InInit] + a.matchesIn[InInit]
	if a.phase == InInit {
		solver, matches := b.converted()
		w += solver - a.solver + matches - a.matches
	}
	return w
}

// Spent returns the work done so far that counts in Limits.MaxWork: all
// but the packages' initialization.
func (b *Budget) Spent() int64 { return b.Work() - b.initWork() }

// left returns what is left of Limits.MaxWork for the phase of the last
// step: initialization's budget while it runs, the entry's after.
func (b *Budget) left() int64 {
	iw := b.initWork()
	if b.accrued.phase == InInit {
		return b.Limits.MaxWork - iw
	}
	return b.Limits.MaxWork - (b.Work() - iw)
}

// Own is the work a search counts itself, which its solver's context
// does not: its steps by phase, and its comparisons of states converted
// into work units.
type Own struct {
	Steps      [phases]int64
	MatchUnits int64
}

// Work is o in work units.
func (o Own) Work() int64 {
	w := o.MatchUnits
	for _, n := range o.Steps {
		w += n
	}
	return w
}

// Follow counts in b the work of probe, a search of the same entry that
// ran before b's in the same solver context: its steps and comparisons,
// which the context does not count.
func (b *Budget) Follow(probe Own) {
	b.probed, b.probedWork = probe, probe.Work()
}

// OwnWork is the work of the search's own steps and state comparisons,
// which its context does not count: what a search after it inherits.
func (b *Budget) OwnWork() Own {
	return Own{Steps: b.stepsIn, MatchUnits: b.parts().matches / matchesPerUnit}
}

// Phase is what a step of a search was for, as Split accounts for it.
type Phase int

// The phases of a search.
const (
	// InEntry: the entry function itself, and what it calls.
	InEntry Phase = iota
	// InInit: the initialization of the entry's packages.
	InInit
	// InAPI: building the entry's inputs through the package's API
	// (constructors and call sequences).
	InAPI
	// InHandBuilt: the entry on hand-built values of types the API
	// builds, whose panics are latent where they need such a value.
	InHandBuilt
	phases
)

// Split is a search's work by what it was spent on, in work units. Init,
// API, HandBuilt and Entry are the work of each Phase, and add up to
// Budget.Work; Solver and Subsumption are the parts of that work the
// solver (Z3's, the Go side's evaluations, the changes to Z3's stacks)
// and the comparisons of states at loop heads took, in all phases. Its
// fields are result.WorkSplit's, which a record converts it into.
type Split struct {
	Init, API, HandBuilt, Entry int64
	// Shared is the work of the search of call sequences explored once
	// for a type's methods (see Budget.Shared), in no phase's.
	Shared              int64
	Solver, Subsumption int64
}

// accrued is the solver's and the comparisons' work, converted, as the
// search stood when its phase last changed, and the phase since: the work
// done between two steps is the phase's of the first (a branch's query, a
// loop head's comparisons follow the step that reached them), so all the
// work since the last change is that phase's.
type accrued struct {
	solver, matches int64
	phase           Phase
	solverIn        [phases]int64
	matchesIn       [phases]int64
}

// accrue charges the solver's and the comparisons' work since the phase
// last changed to the phase until now, and makes phase the current one.
// The search's steps call it on every step, but it reads the counts only
// when the phase changes: most steps are in the phase of the one before.
func (b *Budget) accrue(phase Phase) {
	a := &b.accrued
	if phase == a.phase {
		return
	}
	b.settle()
	a.phase = phase
}

// settle charges the solver's and the comparisons' work since the last
// settling to the current phase.
func (b *Budget) settle() {
	solver, matches := b.converted()
	a := &b.accrued
	a.solverIn[a.phase] += solver - a.solver
	a.matchesIn[a.phase] += matches - a.matches
	a.solver, a.matches = solver, matches
}

// converted returns the solver's work and the comparisons' so far, in
// work units.
func (b *Budget) converted() (solver, matches int64) {
	p := b.parts()
	return p.z3/z3PerUnit + p.evals/evalsPerUnit + p.ops*unitsPerOp, p.matches / matchesPerUnit
}

// Split returns the work done so far by what it was spent on.
func (b *Budget) Split() Split {
	b.settle()
	a := b.accrued
	var in [phases]int64
	for ph := range in {
		in[ph] = b.stepsIn[ph] + b.probed.Steps[ph] + a.solverIn[ph] + a.matchesIn[ph]
	}
	// A probe is a search of the entry on hand-built values.
	in[InEntry] += b.probed.MatchUnits
	return Split{
		Init:        b.Inherited + in[InInit],
		API:         in[InAPI],
		HandBuilt:   in[InHandBuilt],
		Entry:       in[InEntry],
		Shared:      b.Shared,
		Solver:      a.solver,
		Subsumption: a.matches + b.probed.MatchUnits,
	}
}

// UseTable makes t the search's subsumption table.
func (b *Budget) UseTable(t WorkCounter) {
	if b.table != nil {
		b.retired += b.table.Work()
	}
	b.table = t
}

// Step counts one instruction about to be executed, for phase, with
// states the search's state count, and reports whether a budget ran out. The clock
// and Limits.Interrupt are asked every 256 steps, the first included: a
// short search asks once.
func (b *Budget) Step(states int, phase Phase) bool {
	if b.Cause != NotStopped {
		return true
	}
	if b.Limits.MaxStates > 0 && states > b.Limits.MaxStates {
		b.Cause = OutOfStates
		return true
	}
	b.accrue(phase)
	if b.Limits.MaxWork > 0 {
		left := b.left()
		if left < 0 {
			b.Cause = OutOfWork
			return true
		}
		// Nor may the Go side's reasoning within one step spend more
		// than is left (see solver.Context.LimitEvaluations).
		b.ctx.LimitEvaluations(uint64(max(left, 1)) * evalsPerUnit)
	}
	b.steps++
	b.stepsIn[phase]++
	if b.steps%256 != 1 {
		return false
	}
	return b.AskClock()
}

// AskClock asks the clock and Limits.Interrupt whether to stop, and
// reports whether a budget ran out.
func (b *Budget) AskClock() bool {
	if !b.deadline.IsZero() && b.now().After(b.deadline) {
		b.Cause = TimedOut
	} else if b.Limits.Interrupt != nil {
		if b.interruption = b.Limits.Interrupt(); b.interruption != "" {
			b.Cause = Interrupted
		}
	}
	return b.Halted()
}

// Z3UnitsLeft converts what is left of Limits.MaxWork into Z3's resource
// units, at least one work unit's worth; ok is false with no work budget.
func (b *Budget) Z3UnitsLeft() (units uint64, ok bool) {
	if b.Limits.MaxWork <= 0 {
		return 0, false
	}
	return uint64(max(b.left(), 1)) * z3PerUnit, true
}

// Halted reports whether a budget ran out.
func (b *Budget) Halted() bool { return b.Cause != NotStopped }

// APIOutOfBudget reports whether the search through values the API
// builds has spent its half of the work budget (or, with no work budget,
// of the timeout).
func (b *Budget) APIOutOfBudget() bool {
	if b.apiSpent {
		return true
	}
	switch {
	case b.Limits.MaxWork > 0:
		b.apiSpent = b.APILeft() < 0
	case !b.deadline.IsZero() && b.steps%256 == 1:
		b.apiSpent = b.now().After(b.deadline.Add(-b.Limits.Timeout / 2))
	}
	return b.apiSpent
}

// APILeft is what is left of the API search's half of Limits.MaxWork
// (see APIOutOfBudget): negative once it is spent.
func (b *Budget) APILeft() int64 { return b.Limits.MaxWork/2 - b.Spent() }

// APIBound names the API search's share of the budget, for the record.
func (b *Budget) APIBound() string {
	if b.Limits.MaxWork > 0 {
		return fmt.Sprintf("api search budget of %d work units", b.Limits.MaxWork/2)
	}
	return fmt.Sprintf("api search budget of %s", b.Limits.Timeout/2)
}

// LimitQuery sets the Z3 resource units s's next queries may spend:
// limit (0: Limits.SolverBudget), and no more than the work left; with
// Limits.Timeout, also the time left. It reports false when no work or
// time is left: Z3 given a handful of units still spent thousands on
// each query before it looked at its limit (4,128 units on the 280th of
// LastIndexAny's queries past its budget, which it overran by half).
func (b *Budget) LimitQuery(s *solver.Solver, limit uint) bool {
	if b.workSpent() {
		return false
	}
	if !b.deadline.IsZero() {
		left := b.deadline.Sub(b.now())
		if left <= 0 {
			b.Cause = TimedOut
			return false
		}
		s.SetTimeout(left)
	}
	units := b.Limits.SolverBudget
	if limit > 0 && (units == 0 || limit < units) {
		units = limit
	}
	if units == 0 {
		units = solver.DefaultBudget
	}
	b.shareCapped = false
	if left, ok := b.Z3UnitsLeft(); ok {
		if base := b.Limits.QueryBase; base > 0 {
			left = uint64(max(base-b.Spent(), 1)) * z3PerUnit
		}
		share := max(left/queryShare, z3PerUnit)
		if b.accrued.phase == InAPI {
			share = min(uint64(b.Limits.APIQueryWork)*z3PerUnit, left)
		}
		b.shareCapped = share < uint64(units)
		units = uint(min(uint64(units), share))
	}
	s.SetBudget(units)
	return true
}

// ShareSpent reports whether the last query LimitQuery limited was given
// its share of what was left of the work budget, and the solver s spent
// it all without an answer: more work budget would have given it more.
func (b *Budget) ShareSpent(s *solver.Solver) bool {
	return b.shareCapped && s.SpentLimit()
}

// QueryShareSpent is the record's words for a query that spent its
// share of the work budget (see ShareSpent).
const QueryShareSpent = "a query spent its share of the work budget"

// queryShare bounds a query by what is left of the work budget: it may
// spend at most this share of it. A query Z3 cannot settle cuts its path
// (the bound is recorded); it must not take the budget of every path
// after it too. One float query of gods' arraylist, about its growth
// factor, took 49,451 of the 50,000 units of each of its methods' call
// sequences that way. An eighth found more than fixed shares of the
// budget did on the testdata (docs/benchmarks.md).
const queryShare = 8

// apiQueryShare bounds a query of the search through values the API
// builds by a fixed share of the function's budget instead
// (Limits.APIQueryWork): what is left when it is asked depends on how
// much of the entry ran on the values built before, which the space of
// sequences a run shares between a type's methods does not know.
const apiQueryShare = 16

// workSpent reports whether Limits.MaxWork is spent, and records it as
// the cause: no query may be asked then (see limitQuery, unitsLeft).
func (b *Budget) workSpent() bool {
	if b.Limits.MaxWork > 0 && b.left() <= 0 {
		b.Cause = OutOfWork
		return true
	}
	return false
}

// UnitsLeft returns the Z3 resource units the search may still spend on
// a query: what is left of Limits.MaxWork, converted, or 0 once a budget
// ran out. It asks the clock and Limits.Interrupt too, since a query can
// take long: the subsumption table asks it before each of its queries,
// between the search's steps.
func (b *Budget) UnitsLeft() uint {
	if b.Halted() || b.AskClock() || b.workSpent() {
		return 0
	}
	left, ok := b.Z3UnitsLeft()
	if !ok {
		return ^uint(0)
	}
	return uint(min(left, uint64(^uint(0))))
}

// Bound names the budget that ran out, for the record's bounds, or "".
func (b *Budget) Bound() string {
	switch b.Cause {
	case OutOfWork:
		return fmt.Sprintf("max-work of %d", b.Limits.MaxWork)
	case OutOfStates:
		return fmt.Sprintf("max-states of %d", b.Limits.MaxStates)
	case TimedOut:
		return fmt.Sprintf("timeout of %s", b.Limits.Timeout)
	case Interrupted:
		return b.interruption
	}
	return ""
}

// Limit names the budget that ran out, without its size: the limit
// coverage counts (see FuncResult.Limits).
func (b *Budget) Limit() string {
	switch b.Cause {
	case OutOfWork:
		return "max-work"
	case OutOfStates:
		return "max-states"
	case TimedOut:
		return "timeout"
	}
	// Limits.Interrupt names its budget, then " of " and its size.
	name, _, _ := strings.Cut(b.interruption, " of ")
	return name
}
