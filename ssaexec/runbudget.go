package ssaexec

import (
	"cmp"
	"fmt"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/result"
)

// A run's budget is spent across its entries by iterative deepening,
// instead of the same Config.MaxWork for each: a first pass gives every
// entry a small budget, and each later pass doubles the budget of the
// entries not finished (see Unfinished), in the entries' order, while
// what is left of the run's budget covers their new budgets. An entry
// that finished early leaves its share to the others, and a 4-line getter
// does not get what a parser needs. Each pass explores an entry from the
// start; its findings join those of the passes before (the better
// witness of a panic found twice is kept), its counts and bounds replace
// theirs.
//
// Every allocation is decided from the results of the pass before, in a
// fixed order, before the pass runs: the same code under the same budget
// is explored as far whatever the machine's load.

// RunBudget is the work a run may spend over all its entries.
type RunBudget struct {
	// Total is the run's budget, in the units of Config.MaxWork.
	Total int64
	// First is each entry's budget in the first pass; 0 stands for the
	// largest of MaxFirst, MaxFirst/2, MaxFirst/4, ... that gives the
	// entries together at most a FirstShare of Total, and not less than
	// MinFirst. The first pass runs every entry, even where that takes
	// more than Total.
	First int64
	// Earlier, if set, returns the result an earlier run left of fn
	// under the same flags and code, and the budget of its last pass; or
	// nil. Such a function is not explored again if that result is
	// finished, and its next pass doubles that budget if not; its work
	// counts in Total.
	Earlier func(fn *ssa.Function) (*result.FuncResult, int64)
	// OnPass, if set, is told each pass's number and functions before it
	// runs, and what the run has spent of Total so far.
	OnPass func(pass, functions int, spent int64)
}

// FirstShare is the share of a run's budget its first pass gives its
// entries together, unless RunBudget.First says otherwise: about a
// quarter, so that up to two deeper passes of every entry fit.
const FirstShare = 4

// MinFirst is the least budget of an entry's first pass: a few hundred
// instructions and their queries.
const MinFirst = 1000

// MaxFirst is the most an entry's first pass gets unless RunBudget.First
// says otherwise: a quarter of DefaultMaxWork. The first budgets are
// MaxFirst halved as often as a run's budget needs, so that two runs'
// passes give their entries budgets on one grid, and a larger budget's
// passes extend a smaller one's: a rerun with more budget takes each
// function up where the cache says an earlier run left it.
const MaxFirst = DefaultMaxWork / 4

// first is each entry's budget in the first pass over n entries.
func (b RunBudget) first(n int) int64 {
	if b.First > 0 {
		return b.First
	}
	f := int64(MaxFirst)
	for f/2 >= MinFirst && f*int64(FirstShare*max(n, 1)) > b.Total {
		f /= 2
	}
	return f
}

// RunSpent is what a run's budget was spent on. Its work leaves out the
// packages' initialization (see EntryWork).
type RunSpent struct {
	// Passes counts the passes, Spent the work of all.
	Passes int
	Spent  int64
	// Earlier is the work of earlier runs, whose results
	// RunBudget.Earlier gave.
	Earlier int64
	// Unfinished counts the functions that more budget would have taken
	// further, and Next the work the next pass would have given them.
	Unfinished int
	Next       int64
	// Budgets holds each function's budget in its last pass, in the
	// order of the functions analysed: what a later run's
	// RunBudget.Earlier returns with its result.
	Budgets []int64
}

// AnalyzeWithin analyses fns as AnalyzeAll does, n at a time, but spends
// budget across them in passes (see above) instead of cfg.MaxWork on
// each. It returns each function's result, its findings every pass's and
// its work the sum of its passes' (their packages' initialization
// counted once), and hands them to done in fns' order
// once the last pass ends; and what the budget was spent on. A result
// budget.Earlier gave that no pass changed is returned as it is. each may
// be nil; it is called on every pass.
func (p *Program) AnalyzeWithin(fns []*ssa.Function, cfg Config, budget RunBudget, n int, each Each, done func(*result.FuncResult)) ([]*result.FuncResult, RunSpent) {
	spent := RunSpent{Budgets: make([]int64, len(fns))}
	results := make([]*result.FuncResult, len(fns))
	alloc := spent.Budgets
	// A function whose doc comment sets its budget keeps it: one pass.
	keeps := make([]bool, len(fns))
	var pending []int
	for i, fn := range fns {
		keeps[i] = setsMaxWork(fn)
		if budget.Earlier != nil {
			results[i], alloc[i] = budget.Earlier(fn)
		}
		if results[i] != nil {
			spent.Earlier += EntryWork(results[i])
			continue
		}
		alloc[i] = budget.first(len(fns))
		pending = append(pending, i)
	}
	left := budget.Total - spent.Earlier
	if len(pending) == 0 {
		pending = deeper(results, keeps, alloc, left)
	}
	for pass := 1; len(pending) > 0; pass++ {
		batch := make([]*ssa.Function, len(pending))
		byFn := make(map[*ssa.Function]int64, len(pending))
		for k, i := range pending {
			batch[k] = fns[i]
			byFn[fns[i]] = alloc[i]
		}
		if budget.OnPass != nil {
			budget.OnPass(pass, len(batch), spent.Earlier+spent.Spent)
		}
		withAlloc := func(fn *ssa.Function, c *Config) func(*result.FuncResult) {
			c.MaxWork = byFn[fn]
			if each != nil {
				return each(fn, c)
			}
			return nil
		}
		for k, r := range p.AnalyzeAll(batch, cfg, n, withAlloc, nil) {
			i := pending[k]
			left -= EntryWork(r)
			spent.Spent += EntryWork(r)
			results[i] = laterPass(results[i], r, alloc[i])
		}
		spent.Passes = pass
		pending = deeper(results, keeps, alloc, left)
	}
	for i, r := range results {
		if Unfinished(r) && !keeps[i] {
			spent.Unfinished++
			spent.Next += 2 * alloc[i]
		}
	}
	if done != nil {
		for _, r := range results {
			done(r)
		}
	}
	return results, spent
}

// EntryWork is the work of r's search that a run's budget counts: all but
// the packages' initialization, which a run does once for all the
// entries of a package, and which Config.MaxWork does not count either.
func EntryWork(r *result.FuncResult) int64 { return r.Work - r.WorkSplit.Init }

// deeper returns the entries the next pass explores, in order: those not
// finished and not kept to their own budget, the least deepened first
// (then in order), while what is left of the run's budget covers their
// doubled budgets. It doubles their budgets. Deepening level by level
// makes a run's allocations independent of where an earlier run, whose
// results RunBudget.Earlier gave, stopped: a run at B then one at 2B
// deepen the same functions as far as one run at 2B.
func deeper(results []*result.FuncResult, keeps []bool, alloc []int64, left int64) []int {
	var candidates []int
	for i, r := range results {
		if !keeps[i] && Unfinished(r) {
			candidates = append(candidates, i)
		}
	}
	slices.SortStableFunc(candidates, func(i, j int) int { return cmp.Compare(alloc[i], alloc[j]) })
	var next []int
	reserved := int64(0)
	for _, i := range candidates {
		if reserved+2*alloc[i] > left {
			break // the others need as much or more
		}
		alloc[i] *= 2
		reserved += alloc[i]
		next = append(next, i)
	}
	slices.Sort(next)
	return next
}

// Unfinished reports whether more budget would take r's search further:
// its work budget stopped it (whatever it found before), or stopped its
// search through values the API builds (which gets half of it), or its
// deepening before the full bounds.
func Unfinished(r *result.FuncResult) bool {
	if r.Err != "" {
		return false
	}
	for _, l := range r.Limits {
		switch l {
		case "max-work", "api search budget", "deepening stopped":
			return true
		}
	}
	return false
}

// laterPass returns r, the result of a pass whose budget was budget, of
// a function whose earlier passes (in this run or an earlier one) gave
// earlier (nil for none): r with the findings of earlier it did not make
// again, and the work and time of all, its packages' initialization
// counted once.
func laterPass(earlier, r *result.FuncResult, budget int64) *result.FuncResult {
	if earlier == nil {
		return r
	}
	result.KeepFindings(r, earlier)
	// What every pass spent: the run's work and time went to all. The
	// packages' initialization counts once, as the run shares it.
	split := earlier.WorkSplit
	split.Init = 0
	r.Work += EntryWork(earlier)
	r.WorkSplit.Add(split)
	r.Elapsed += earlier.Elapsed
	r.SolverTime += earlier.SolverTime
	r.Notes = append(r.Notes, fmt.Sprintf("run budget: last pass at %d work units, after passes that spent %d", budget, EntryWork(earlier)))
	return r
}
