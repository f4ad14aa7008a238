package ssaexec

import (
	"fmt"
	"go/types"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/abstraction"
	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/solver"
)

// Config holds the search bounds and policies. Its fields are many
// because there is one for each of the command's flags and the
// analyzer's, and a few unexported ones that runs computing facts, and
// tests, set.
type Config struct {
	Init heap.Mode
	// K bounds materialization chains (heap.Config.K).
	K int
	// KBytes bounds the bytes observed of each input string or byte
	// slice (heap.Config.KBytes), and the prefix two symbolic strings are
	// compared on.
	KBytes int
	// N, if not 0, bounds the input objects of each type (heap.Config.N).
	N int
	// Loops bounds, per loop and frame, the iterations that materialize
	// nothing.
	Loops int
	// Recursion bounds the active frames of one function.
	Recursion int
	// MaxWork is the budget of one entry function, in work units: one
	// per instruction executed, and the solver's and the subsumption
	// table's work converted at fixed rates (see search/budget.go). It counts
	// work, not time, so that a function is explored as far on any
	// machine and under any load (0: no limit). The packages'
	// initialization is not counted in it, but has a budget of its own as
	// large: a run shares it among the entries of a package.
	MaxWork int64
	// Timeout, if not 0, also bounds each entry function in time: a
	// safety net, since a function stopped by it is explored as far as
	// the machine's speed and load allow.
	Timeout time.Duration
	// SolverBudget bounds one solver query, in Z3's resource units (0:
	// solver.DefaultBudget).
	SolverBudget uint
	// Solver is which deciders the solver runs (solver.Chain): under
	// solver.Validate, Z3 checks every answer decided in Go, and a
	// disagreement ends the function with status Error.
	Solver solver.Chain
	// NilParams reports dereferences of a nil parameter that the function
	// never compared with nil (left out by default: the caller's contract).
	NilParams bool
	// Assumed reports panics that rest on what a call the engine did not
	// execute returned or did to memory (left out by default: they may not
	// happen).
	Assumed bool
	// Subsume is what subsumption at loop heads may prune.
	Subsume abstraction.Mode
	// ProcSummaries answers a call from a state that agrees with one a call
	// of the same function was made from, on all the callee can read,
	// with what that call's paths did, instead of running it again
	// (procedure summaries, see procsum.go).
	ProcSummaries bool
	// Refine keeps exploring, within the bounds, the states that only
	// abstract subsumption covers, so that no panic within the bounds is
	// missed; their paths cut by a bound are covered by the abstraction.
	Refine bool
	// MaxStates stops the search of a function after that many states
	// (0: no limit), which bounds the memory one function takes.
	MaxStates int
	// API builds the entry's parameters whose types have unexported
	// state through their package's API (constructors, usable zero
	// values, then up to Seq method calls) before building them by hand;
	// off, they are only built by hand, as lazy initialization does.
	// Either way a finding whose input is hand-built is latent.
	API bool
	// Seq bounds the method calls made on a value built through the
	// package's API before the entry runs on it (after its constructor).
	Seq int
	// Directed orders each pass's search by what it has not yet
	// executed of the instructions that may panic (see directed.go):
	// states that can only reach executed ones wait until the rest
	// is explored. The command's -search names it (SearchOrder).
	Directed bool
	// OnePass explores at the full bounds K, Seq and KBytes in one pass,
	// without the shallower passes of the searcher's iterative deepening
	// (see search/passes.go), as Kiasan's searches did: the benchmark tables
	// measure the search at the bounds they name.
	OnePass bool
	// Preemptions bounds the preemptions of a schedule: switches away
	// from a goroutine that could go on (CHESS's context bound).
	Preemptions int
	// ShareInit runs each package's initialization once for the entries
	// of the run, which start from a copy of the state it left where that
	// is one state that holds nothing of an input (see initonce.go); off,
	// each entry runs it itself, as a part of its search.
	ShareInit bool
	// ShareSequences explores the states the call sequences of a type
	// reach once for the run's entries that take a value of it as their
	// receiver (or first parameter), which start from copies of them
	// (see apispace.go); off, each entry calls the sequences itself.
	ShareSequences bool
	// POR explores only the orders of dependent operations of goroutines
	// (dynamic partial-order reduction); off, every order.
	POR bool
	// Leaks reports goroutines that block forever after the entry
	// returned (kind Leak).
	Leaks bool
	// Invariants asserts the receiver's invariant (repOK, RepOK) at the
	// normal return of exported methods: a path that returns with it
	// false is a finding of kind assert.
	Invariants bool
	// IgnoredLines maps "file:line" to why findings there are not
	// reported (//gosym:ignore; see Program.Analyze).
	IgnoredLines map[string]string
	// Pictures draws each finding's input heap and heap at the panic as
	// Graphviz (Finding.InputDot, Finding.PanicDot).
	Pictures bool
	// Interrupt, if set, is asked now and then during the search whether
	// to stop: a non-empty answer stops the function with status Stopped
	// and names the budget that ran out in BoundsHit: its name, " of ",
	// and its size ("max-mem of 2 GiB"; the name is its Limits entry).
	Interrupt func() string
	// Summaries, if set, gives what is known of a function without a
	// body, or nil: its calls then panic as the summary says, and are
	// otherwise modelled by fresh results.
	Summaries func(fn *types.Func) *Summary
	// CallFacts, if set, gives the facts of a function of another
	// package of the module whose body runs (see Program.CallFacts): a
	// call of it with an argument it panics on when nil or zero is a
	// finding at the call, as the analyzer's Summaries make it, and the
	// others run its body.
	CallFacts func(fn *ssa.Function) *Summary

	// nilParam, if not 0, is 1 + the index of a parameter the entry is
	// run with set to nil (see Program.NilPanics).
	nilParam int
	// condRun, if set, runs the entry for Program.PanicConds.
	condRun *condRun
	// waits, if set, are the program's facts of who can end a wait (see
	// waits.go); without them, no wait is found to be one nothing ends.
	waits *waitFacts
	// stepHook, if set, runs before every step of the search: it lets a
	// test make the engine fail inside a function.
	stepHook func(fn *ssa.Function)
	// waitHook, if set, runs when a state of a directed search waits.
	waitHook func(fn *ssa.Function)
	// clock, if set, reads the time Timeout is measured in instead of
	// time.Now: a test moves it past the deadline.
	clock func() time.Time
}

// factRun reports a run that computes a fact (Program.NilPanics,
// Program.PanicConds): it covers every input, the receiver invariant's
// or not, and those no caller can build.
func (c Config) factRun() bool { return c.nilParam != 0 || c.condRun != nil }

// DefaultMaxWork is the default of Config.MaxWork, chosen by the speed
// table (go run ./bench -tables speed, bench/SPEED.md): on its 425
// functions of gods, btree and the standard library, gosym's CPU was 3x
// nilness's under 25,000 work units a function (28 findings), 7x under
// 50,000 (45 findings) and 13x under 100,000 (48), at commit c5a358f;
// at b82132a, 4x (49), 7x (52) and 11x (52). The target is at most 10x.
// A function that needs more ends stopped, and -max-work gives it more.
const DefaultMaxWork = 50_000

// WorkUnitsPerSecond converts a run's budget given as a duration
// (gosym -budget 2m) into work units: a work unit took 4.6 µs in the
// median function of the testdata on this project's 2-core machine
// (BenchmarkWorkUnits, see search/budget.go), about 200,000 a second.
// Work, not time, is what a run then spends: its output is the same on
// any machine, only sooner or later.
const WorkUnitsPerSecond = 200_000

// DeepMaxWork is the work budget of the tests and of the bench's tables
// of the seed papers' programs, which explore single functions in depth:
// the partitions of the bench, which end abstract, need 1.1 million. It
// was the default before the speed table.
const DeepMaxWork = 2_000_000

// DefaultConfig returns the defaults of the command's flags.
func DefaultConfig() Config {
	return Config{
		Init:         heap.LazierSharp,
		K:            3,
		KBytes:       heap.DefaultKBytes,
		Loops:        8,
		Recursion:    8,
		MaxWork:      DefaultMaxWork,
		SolverBudget: solver.DefaultBudget,
		Subsume:      abstraction.Abstract,
		API:          true,
		Seq:          2,
		// Summaries are on: testdata, bench and the real-code packages
		// give the same findings either way (docs/design.md).
		ProcSummaries:  true,
		Preemptions:    2,
		ShareInit:      true,
		ShareSequences: true,
		POR:            true,
		Leaks:          true,
	}
}

// The orders of a search, as the command's -search names them.
const (
	DepthFirst = "depth-first"
	Directed   = "directed"
)

// SearchOrder names the order Config.Directed says.
func SearchOrder(directed bool) string {
	if directed {
		return Directed
	}
	return DepthFirst
}

// ParseSearchOrder reads an order's name: whether the search is directed.
func ParseSearchOrder(name string) (directed bool, err error) {
	switch name {
	case DepthFirst:
		return false, nil
	case Directed:
		return true, nil
	}
	return false, fmt.Errorf("bad -search %q: want %s or %s", name, DepthFirst, Directed)
}
