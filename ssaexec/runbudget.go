package ssaexec

import (
	"fmt"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/result"
)

// A run's budget is spent across its entries by iterative deepening,
// instead of the same Config.MaxWork for each: a first pass gives every
// entry a small budget, and each later pass doubles the budget of the
// entries not finished (see unfinished), in the entries' order, while
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
	// First is each entry's budget in the first pass; 0 stands for
	// FirstShare of Total over the entries, and at least MinFirst. The
	// first pass runs every entry, even where that takes more than
	// Total.
	First int64
}

// FirstShare is the share of a run's budget its first pass gives its
// entries together, unless RunBudget.First says otherwise: about a
// quarter, so that up to two deeper passes of every entry fit.
const FirstShare = 4

// MinFirst is the least budget of an entry's first pass: a few hundred
// instructions and their queries.
const MinFirst = 1000

// first is each entry's budget in the first pass over n entries.
func (b RunBudget) first(n int) int64 {
	if b.First > 0 {
		return b.First
	}
	return max(b.Total/int64(FirstShare*max(n, 1)), MinFirst)
}

// RunSpent is what a run's budget was spent on.
type RunSpent struct {
	// Passes counts the passes, Spent the work of all.
	Passes int
	Spent  int64
	// Unfinished counts the functions that more budget would have taken
	// further, and Next the work the next pass would have given them.
	Unfinished int
	Next       int64
}

// AnalyzeWithin analyses fns as AnalyzeAll does, n at a time, but spends
// budget across them in passes (see above) instead of cfg.MaxWork on
// each. It returns each function's result, its findings every pass's and
// its work the sum of its passes', and hands them to done in fns' order
// once the last pass ends; and what the budget was spent on. each may be
// nil; it is called on every pass.
func (p *Program) AnalyzeWithin(fns []*ssa.Function, cfg Config, budget RunBudget, n int, each Each, done func(*result.FuncResult)) ([]*result.FuncResult, RunSpent) {
	var spent RunSpent
	results := make([]*result.FuncResult, len(fns))
	alloc := make([]int64, len(fns))
	pending := make([]int, len(fns))
	for i := range fns {
		alloc[i], pending[i] = budget.first(len(fns)), i
	}
	// A function whose doc comment sets its budget keeps it: one pass.
	keeps := make([]bool, len(fns))
	for i, fn := range fns {
		keeps[i] = setsMaxWork(fn)
	}
	left := budget.Total
	for pass := 1; len(pending) > 0; pass++ {
		batch := make([]*ssa.Function, len(pending))
		byFn := make(map[*ssa.Function]int64, len(pending))
		for k, i := range pending {
			batch[k] = fns[i]
			byFn[fns[i]] = alloc[i]
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
			left -= r.Work
			spent.Spent += r.Work
			results[i] = laterPass(results[i], r, pass, alloc[i])
		}
		spent.Passes = pass
		pending = slices.DeleteFunc(pending, func(i int) bool { return keeps[i] })
		pending = deeper(pending, results, alloc, left)
	}
	for i, r := range results {
		if unfinished(r) && !keeps[i] {
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

// deeper returns the entries of pending the next pass explores: those not
// finished, in order, while what is left of the run's budget covers
// their doubled budgets. It doubles their budgets.
func deeper(pending []int, results []*result.FuncResult, alloc []int64, left int64) []int {
	var next []int
	reserved := int64(0)
	for _, i := range pending {
		if !unfinished(results[i]) || reserved+2*alloc[i] > left {
			continue
		}
		alloc[i] *= 2
		reserved += alloc[i]
		next = append(next, i)
	}
	return next
}

// unfinished reports whether more budget would take r's search further:
// its work budget stopped it (whatever it found before), or stopped its
// search through values the API builds (which gets half of it), or its
// deepening before the full bounds.
func unfinished(r *result.FuncResult) bool {
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

// laterPass returns r, the result of pass (whose budget was budget) of a
// function whose earlier passes gave earlier (nil for the first): r with
// the findings of earlier it did not make again, and the work and time
// of all.
func laterPass(earlier, r *result.FuncResult, pass int, budget int64) *result.FuncResult {
	if earlier == nil {
		return r
	}
	result.KeepFindings(r, earlier)
	// What every pass spent: the run's work and time went to all.
	r.Work += earlier.Work
	r.WorkSplit.Add(earlier.WorkSplit)
	r.Elapsed += earlier.Elapsed
	r.SolverTime += earlier.SolverTime
	r.Notes = append(r.Notes, fmt.Sprintf("run budget: pass %d at %d work units", pass, budget))
	return r
}
