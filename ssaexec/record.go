package ssaexec

import (
	"slices"
	"sort"

	"github.com/gosym/gosym/dpor"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/search"
)

// finishRecord completes the function's record once the search ended:
// the bounds hit, the constructs and calls that kept it from being
// complete, the findings in position order with what their schedules
// say, the work done, and the status these make.
func (x *explorer) finishRecord() {
	r := x.res
	r.Subsumption = result.Subsumption(x.table.Stats)
	r.BoundsHit, r.Limits = x.bounds.Texts(), x.bounds.Limits()
	r.UnsupportedConstructs = sortedKeys(x.constructs)
	// A call that might have panicked, unseen: the function is not
	// complete, and the record says why.
	r.NotExecuted = sortedKeys(x.notExecuted)
	r.Approximated = sortedKeys(x.approx)
	r.Notes = append(r.Notes, sortedKeys(x.notes)...)
	r.Notes = append(r.Notes, sortedKeys(x.ignored)...)
	reachable := 0
	for _, f := range x.found {
		f.ScheduleDependent = f.picked || slices.ContainsFunc(f.decisions, func(n *dpor.Node) bool { return len(n.Backtrack) > 1 || n.Cut })
		r.Findings = append(r.Findings, f.Finding)
		if f.Latent {
			r.Latent++
		} else {
			reachable++
		}
	}
	sort.SliceStable(r.Findings, func(i, j int) bool {
		a, b := r.Findings[i].Pos, r.Findings[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	// A budget that ran out is a bound hit, findings or not.
	if b := x.budget.Bound(); b != "" {
		r.BoundsHit = append(r.BoundsHit, b)
		r.Limits = append(r.Limits, x.budget.Limit())
		slices.Sort(r.Limits)
	}
	r.Work = x.budget.Work()
	r.WorkSplit = result.WorkSplit(x.budget.Split())
	timedOut := x.budget.Cause == search.TimedOut
	// Latent findings are counted, not failures: no caller reaches them.
	switch {
	case reachable == 0 && !x.reachedBody && !x.halted():
		// No path got past the initialization and the parameters: the
		// bounds and constructs say why.
		r.Status = result.NotReached
	case reachable > 0:
		r.Status = result.Failed
	case timedOut:
		r.Status = result.Timeout
	case x.halted():
		r.Status = result.Stopped
	case len(r.UnsupportedConstructs) > 0, len(r.NotExecuted) > 0:
		r.Status = result.Unsupported
	case r.Cut > 0:
		r.Status = result.Bounded
	case r.Subsumption.Abstract > 0:
		r.Status = result.Abstract
	default:
		r.Status = result.Complete
	}
}

// sortedKeys returns the keys of m in order.
func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
