// Package result holds what gosym says of the functions it analysed: the
// record of one entry function (FuncResult), with its status and counts,
// its findings with their witnesses and traces, and how the records of a
// run are merged (Merge, Consolidate) and stored (Encode, Decode). The
// engine hands each record over finished; reports, the result cache and
// the tools that read results import this package and not the engine, so
// they link neither it nor Z3. It imports no package of gosym.
package result

import (
	"fmt"
	"go/token"
	"slices"
	"time"
)

// Kind classifies a finding.
type Kind string

// The kinds of finding.
const (
	NilDeref    Kind = "nil-deref"
	DivZero     Kind = "div-zero"
	Panic       Kind = "panic" // an explicit panic call or another runtime panic
	Index       Kind = "index"
	SliceBounds Kind = "slice-bounds"
	MakeLen     Kind = "make-len"
	NilMap      Kind = "nil-map"
	TypeAssert  Kind = "type-assert"
	NilFunc     Kind = "nil-func"
	Assert      Kind = "assert" // an assert.Assert that can fail
	// Deadlock: the goroutine blocks forever (a Lock of a mutex it holds),
	// which in a program of one goroutine the runtime reports as a fatal
	// error.
	Deadlock Kind = "deadlock"
	// Fatal: a fatal error of the runtime, which no recover stops (an
	// Unlock of an unlocked mutex).
	Fatal Kind = "fatal"
	// Leak: the entry returned while a goroutine it started blocks
	// forever; no runtime error, the bug class goleak finds.
	Leak Kind = "leak"
	// SendClosed, CloseClosed, CloseNil: a send on a closed channel, a
	// close of a closed one, a close of nil (runtime panics).
	SendClosed  Kind = "send-closed"
	CloseClosed Kind = "close-closed"
	CloseNil    Kind = "close-nil"
	// Race: two accesses of one location by two goroutines, one a write,
	// with nothing ordering them on a schedule explored.
	Race Kind = "race"
)

// Status says how much of a function was covered.
type Status string

// The statuses, from most to least definite about coverage.
const (
	// Failed: at least one finding.
	Failed Status = "failed"
	// Complete: every path was explored and no bound cut any.
	Complete Status = "complete"
	// Abstract: the search finished, but abstract subsumption pruned some
	// states, so panics may have been missed (an under-approximation).
	Abstract Status = "abstract"
	// Bounded: every path was explored up to the bounds, and some path was cut.
	Bounded Status = "bounded"
	// Unsupported: some path reached a construct the engine does not
	// model, or called a function it does not execute (a call into C, a
	// function with no body gosym runs), which might have panicked.
	Unsupported Status = "unsupported"
	// Timeout: the function's time budget ran out (Config.Timeout, a
	// safety net off by default).
	Timeout Status = "timeout"
	// Stopped: the function's work or state budget ran out
	// (Config.MaxWork, Config.MaxStates), or Config.Interrupt stopped it.
	Stopped Status = "stopped"
	// Ignored: a //gosym:ignore directive says not to analyse it.
	Ignored Status = "ignored"
	// NotReached: no path began the function's body: each ended in its
	// package's initialization or while its parameters were built (the
	// bounds and constructs say where).
	NotReached Status = "not-reached"
	// Error: the engine failed on this function (a bug in gosym).
	Error Status = "error"
)

// Finding is a panic that some input within the bounds raises. Its fields
// are many because it holds everything the reports write of one finding
// (where, what, the witness in both packages, the trace, the schedule,
// the pictures), each in a field of its own: a record, not a place for
// behaviour.
type Finding struct {
	Kind Kind
	Pos  token.Position
	// PosPkg is the import path of the package whose code is at Pos: a
	// function may panic in code of another package it called.
	PosPkg  string
	Func    string
	Message string
	// Setup and Call are the witness: Go statements that build the input,
	// then the call that panics. They are written as code of the
	// function's package would be; Imports lists the paths of the other
	// packages they name. Package witness writes them from the
	// path's concrete input (see writeWitness).
	Setup   []string
	Call    string
	Imports []string
	// InvariantCheck, for a broken invariant (Config.Invariants), is the
	// Go expression that evaluates it on the witness's receiver after the
	// call: the call does not panic, the expression is false.
	InvariantCheck string
	// Unwritable says why the witness is not code that compiles in the
	// function's package (it names unexported types or fields of other
	// packages); it is then a description of the input, not a test.
	Unwritable []string
	// Want holds texts one of which the panic's value, printed with
	// fmt.Sprint, contains: the runtime's words for a runtime error, the
	// value of an explicit panic with a constant string. It is empty when
	// gosym cannot say.
	Want []string
	// Trace is the path: the source lines executed, in order, with the
	// branches taken; its last step is the panic. With goroutines, each
	// step names the goroutine that took it: the trace is the schedule.
	Trace []Step
	// Goroutine is the goroutine that raised the panic (0: the entry's);
	// Goroutines are those the path started, in the order started.
	Goroutine  int
	Goroutines []Goroutine
	// ScheduleDependent says the path made a choice of schedule that
	// others did not share: another goroutine could have run first
	// where the path's did, or a select took one of several ready cases.
	// The input may then not panic on every schedule; without it, it
	// does on every schedule.
	ScheduleDependent bool
	// OthersPanic says another goroutine the path started panics first
	// on some schedule, which ends the program before this panic (it is
	// then ScheduleDependent too): a test of the finding must survive
	// the other's panic.
	OthersPanic bool
	// Approximated lists, for a finding shown with Config.Assumed, the
	// calls without a body whose results or effects the panic rests on.
	Approximated []string
	// InputDot and PanicDot draw, with Config.Pictures, the witness's
	// input heap and the heap at the panic as Graphviz digraphs, the
	// location the panic dereferenced or indexed marked.
	InputDot, PanicDot string

	// External is the witness written as code of the package's external
	// test package, where a user of the package could have written it;
	// it is nil for a latent finding, and for one whose witness only
	// compiles inside the package: NotExternal says why.
	External    *ExternalWitness
	NotExternal []string

	// Latent marks a finding whose witness writes by hand a value that a
	// caller can only get from the package's API, or names a type that
	// its package does not export (HandBuilt names the types): no user of
	// the package can reach it as it stands.
	Latent    bool
	HandBuilt []string

	// AlsoFrom names the other entries that reached the panic (see
	// Merge).
	AlsoFrom []string

	// Within names the library function or wrapper the panic was raised
	// in, when Pos is the call to it in the user's code (the message ends
	// with "(in Within)"): panics at one call in different callees are
	// different findings.
	Within string

	// Rank is what Merge compares of two witnesses of one panic.
	Rank WitnessRank
}

// WitnessRank measures a finding's witness: the length of the call
// sequence that built its input, the number of inputs its path observed,
// and how many of its input references alias (see heap.Aliases). Of two
// witnesses of one panic, the smaller, in that order, reads better.
type WitnessRank struct{ Calls, Size, Aliases int }

// ExternalWitness is a finding's witness written as code of the package's
// external test package (package p_test): it names the package's own
// declarations through the package's name, as a user of the package
// writes them, and uses only exported names.
type ExternalWitness struct {
	Setup []string
	Call  string
	// InvariantCheck: see Finding.InvariantCheck.
	InvariantCheck string
	// Imports lists the paths of the packages the code names, the
	// function's own among them.
	Imports []string
}

// Label is the finding's kind as reports write it: "latent nil-deref"
// for a latent one.
func (f *Finding) Label() string {
	if f.Latent {
		return "latent " + string(f.Kind)
	}
	return string(f.Kind)
}

// Merge makes each panic one finding across the results of a run: of the
// findings of one kind at one position (raised in one callee), reached
// from several entries, the best witness is kept, in the first of the
// result of its entry, and names the other entries in AlsoFrom. A
// reachable witness is better than a latent one, then a shorter call
// sequence, then a smaller input, then the earlier entry's. A result's
// Latent counts only the latent findings it keeps: a latent panic another
// entry reaches is reported there, and one many entries reach counts once.
// The other counts of panics are left as they are.
func Merge(results []*FuncResult) {
	best := map[string]*Finding{}
	for _, r := range results {
		for _, f := range r.Findings {
			k := panicKey(f)
			known, seen := best[k]
			switch {
			case !seen:
				best[k] = f
			case betterWitness(f, known):
				f.AlsoFrom = append(append(slices.Clip(known.AlsoFrom), known.Func), f.AlsoFrom...)
				best[k] = f
			default:
				known.AlsoFrom = append(known.AlsoFrom, f.Func)
			}
		}
	}
	for _, r := range results {
		r.Findings = slices.DeleteFunc(r.Findings, func(f *Finding) bool {
			if best[panicKey(f)] == f {
				return false
			}
			if f.Latent {
				r.Latent--
			}
			return true
		})
	}
}

// betterWitness reports whether f's witness is better than g's (see
// Merge).
func betterWitness(f, g *Finding) bool {
	switch {
	case f.Latent != g.Latent:
		return !f.Latent
	case f.Rank.Calls != g.Rank.Calls:
		return f.Rank.Calls < g.Rank.Calls
	case f.Rank.Size != g.Rank.Size:
		return f.Rank.Size < g.Rank.Size
	}
	return f.Rank.Aliases < g.Rank.Aliases
}

// DropLatent removes the latent findings from r, as reports do unless
// asked to show them; r.Latent still counts them.
func (r *FuncResult) DropLatent() {
	r.Findings = slices.DeleteFunc(r.Findings, func(f *Finding) bool { return f.Latent })
}

// Consolidate makes a run's results what its report shows: one finding
// per panic (Merge), and the latent findings dropped unless showLatent.
// Merging first lets a latent panic that several entries reach count
// once, and one that another entry reaches not at all.
func Consolidate(results []*FuncResult, showLatent bool) {
	Merge(results)
	if !showLatent {
		for _, r := range results {
			r.DropLatent()
		}
	}
}

// Reachable counts r's findings that are not latent.
func (r *FuncResult) Reachable() int {
	n := 0
	for _, f := range r.Findings {
		if !f.Latent {
			n++
		}
	}
	return n
}

// Step is one step of a finding's path: a source line entered, with the
// branch decided on it, if any.
type Step struct {
	Pos token.Position
	// Depth counts the calls active above the entry function (calls into
	// the standard library are one step, at the call).
	Depth int
	// Branch is the condition decided and its outcome ("n != nil is
	// false"), empty on a line that decided none.
	Branch string
	// Values are the condition's operands that decided it, with the
	// witness's values ("i = 3", "len(a) = 3").
	Values []string
	// Goroutine is the goroutine that took the step (0: the entry's).
	Goroutine int
}

// Goroutine is a goroutine a path started.
type Goroutine struct {
	ID int
	// Func is the function it runs, Start the go statement.
	Func  string
	Start token.Position
}

// FuncResult is the record of one entry function. Its fields are many
// because there is one for each count, list and verdict the reports print
// of it: it has as many as the reports have columns.
type FuncResult struct {
	Func string
	// PkgPath and PkgName are the function's package.
	PkgPath, PkgName string
	Pos              token.Position
	Status           Status
	// Paths counts paths that returned normally, Panics paths that ended
	// in a panic, Cut paths cut by a bound.
	Paths, Panics, Cut int
	// Latent counts the findings that need a value no caller can build
	// (Finding.Latent).
	Latent int
	// Sequences counts the call sequences that built the entry's
	// parameters and reached the entry; SequencesPruned those not
	// extended because a state reached before covered theirs.
	Sequences, SequencesPruned int
	// NilParams counts panics left out by the entry policy: dereferences of
	// a nil parameter the function never compared with nil.
	NilParams int
	// Assumed counts panics left out because they rest on assumptions
	// about calls the engine did not execute.
	Assumed int
	// Subsumption counts the states checked at loop heads, those found
	// subsumed (Abstract of them only after summarizing) and those stored.
	Subsumption Subsumption
	// Summaries counts what procedure summaries did (Config.ProcSummaries).
	Summaries SummaryStats
	// Refined counts the paths that Refine explored past an abstract
	// subsumption and a bound then cut.
	Refined int
	States  int
	// Work is the work the search did, in the units of Config.MaxWork:
	// the same on every run of the same code under the same flags.
	Work int64
	// WorkSplit is Work by what it was spent on.
	WorkSplit WorkSplit
	// SolverChecks counts the satisfiability checks asked, SolverCalls
	// the runs of Z3 among them (see solver.Solver.Calls).
	SolverChecks int
	SolverCalls  int
	// SolverTime is the part of Elapsed spent in the solver.
	SolverTime time.Duration
	Elapsed    time.Duration
	// BoundsHit names each bound that cut a path, with where.
	BoundsHit []string
	// Limits names the kinds of the bounds hit, each once and sorted,
	// without where or how large ("k", "max-work", "map order"): what
	// kept the search from covering the function, as coverage counts it.
	Limits []string
	// UnsupportedConstructs names the constructs that ended a path.
	UnsupportedConstructs []string
	// NotExecuted names the functions called but not executed (a call
	// into C, a function without a body gosym runs), which might have
	// panicked: the function is then Unsupported too.
	NotExecuted []string
	// Approximated names calls modelled by unconstrained results.
	Approximated []string
	// Notes say how the function was analysed where that is not plain:
	// a generic function with abstract type parameters, say.
	Notes []string
	// Err is the internal error of an Error status.
	Err      string
	Findings []*Finding
}

// Subsumption counts what subsumption at loop heads did in a search:
// the states checked, those found subsumed (Abstract of them only after
// summarizing) and those stored.
type Subsumption struct {
	Checks, Subsumed, Stored int
	Abstract                 int
}

// WorkSplit is a search's work by what it was spent on, in work units:
// Init, API, HandBuilt and Entry add up to FuncResult.Work, and Solver and
// Subsumption are parts of it (see Total). Its fields are
// search.Split's.
type WorkSplit struct {
	// Init is the work of running the packages' initialization, API
	// that of building the entry's inputs through the package's API
	// (constructors and call sequences), HandBuilt that of the entry on
	// hand-built values of the types the API builds (whose panics are
	// latent where they need such a value), Entry that of the entry
	// itself otherwise: steps executed, each, with the solver's and the
	// comparisons' work that followed them.
	Init, API, HandBuilt, Entry int64
	// Shared is the work of the search of the states a type's call
	// sequences reach, which a run does once for all its methods, up to
	// the last state this search started from: counted as if this
	// search had called the sequences itself.
	Shared int64
	// Solver is the solver's work (Z3's and the Go side's), Subsumption
	// that of comparing states at loop heads.
	Solver, Subsumption int64
}

// Total is the work of all phases: FuncResult.Work.
func (w WorkSplit) Total() int64 { return w.Init + w.API + w.HandBuilt + w.Entry + w.Shared }

// Add adds o to w.
func (w *WorkSplit) Add(o WorkSplit) {
	w.Init += o.Init
	w.API += o.API
	w.HandBuilt += o.HandBuilt
	w.Entry += o.Entry
	w.Shared += o.Shared
	w.Solver += o.Solver
	w.Subsumption += o.Subsumption
}

// SummaryStats counts what procedure summaries did in a search.
type SummaryStats struct {
	// Recorded counts the calls whose paths all ended and became
	// summaries, Broken those a bound, an unsupported construct or
	// subsumption cut short, Dropped those not kept because the table
	// was full.
	Recorded, Broken, Dropped int
	// Applied counts the calls a summary answered, Covered the paths
	// that returned from a call as one explored before had, Renamed the
	// calls of Applied whose state was the summary's up to a renaming.
	Applied, Covered, Renamed int
}

// KeepFindings adds to r the findings of earlier, an earlier search of
// the same function, that r does not hold: of a panic both found, the
// better witness (see Merge) is kept, earlier's where they are as good.
func KeepFindings(r, earlier *FuncResult) {
	at := map[string]int{}
	for i, f := range r.Findings {
		at[panicKey(f)] = i
	}
	for _, f := range earlier.Findings {
		i, found := at[panicKey(f)]
		switch {
		case !found:
			r.Findings = append(r.Findings, f)
			if f.Latent {
				r.Latent++
			}
		case !betterWitness(r.Findings[i], f):
			if r.Findings[i].Latent {
				r.Latent--
			}
			if f.Latent {
				r.Latent++
			}
			r.Findings[i] = f
		}
	}
}

// panicKey names the panic a finding is of: its kind, position and the
// callee it was raised in.
func panicKey(f *Finding) string { return fmt.Sprintf("%s|%s|%s", f.Kind, f.Pos, f.Within) }
