package report

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/gosym/gosym/result"
)

// Coverage says how fully a run's functions were explored, so that "no
// findings" never hides "did not look".
type Coverage struct {
	// Functions counts the functions analysed (not those a directive
	// ignores), Full those explored fully: no bound cut a path, no
	// construct was left unmodelled, no state was pruned abstractly.
	Functions, Full int
	// Reasons counts, per limit on the search, the functions it kept
	// from being explored fully.
	Reasons map[string]int
	// Ended says that some path of some function ran to its end, a
	// return or a panic.
	Ended bool
}

// CoverageOf measures the coverage of a run's results.
func CoverageOf(results []*result.FuncResult) Coverage {
	c := Coverage{Reasons: map[string]int{}}
	for _, r := range results {
		if r.Status == result.Ignored {
			continue
		}
		c.Functions++
		c.Ended = c.Ended || r.Paths+r.Panics > 0
		reasons := limits(r)
		if len(reasons) == 0 {
			c.Full++
		}
		for _, why := range reasons {
			c.Reasons[why]++
		}
	}
	return c
}

// limits names what kept r from being explored fully, each once: its
// bounds' and unmodelled constructs' kinds, or else its status.
func limits(r *result.FuncResult) []string {
	out := slices.Clone(r.Limits)
	out = append(out, r.UnsupportedConstructs...)
	if len(r.NotExecuted) > 0 {
		out = append(out, "calls gosym does not execute") // -v names them
	}
	if r.Subsumption.Abstract > 0 {
		out = append(out, "abstract subsumption")
	}
	switch {
	case len(out) > 0:
	case r.Status == result.Error:
		out = append(out, "internal error")
	case r.Status != result.Complete && r.Status != result.Failed, r.Cut > 0:
		out = append(out, string(r.Status))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Line is the summary's coverage line: the share explored fully and the
// most common limits on the others ("" for a run of no functions).
func (c Coverage) Line() string {
	if c.Functions == 0 {
		return ""
	}
	s := fmt.Sprintf("coverage: %d of %s explored fully (%.0f%%)", c.Full, Plural(c.Functions, "function", "functions"), 100*float64(c.Full)/float64(c.Functions))
	if c.Full == c.Functions {
		return s
	}
	kinds := slices.SortedFunc(maps.Keys(c.Reasons), func(a, b string) int {
		return cmp.Or(cmp.Compare(c.Reasons[b], c.Reasons[a]), strings.Compare(a, b))
	})
	const shown = 3
	var top []string
	for _, k := range kinds[:min(shown, len(kinds))] {
		top = append(top, fmt.Sprintf("%s (%d)", k, c.Reasons[k]))
	}
	more := ""
	if len(kinds) > shown {
		more = fmt.Sprintf(", and %d more", len(kinds)-shown)
	}
	return s + "; the commonest limits on the others: " + strings.Join(top, ", ") + more + " (-v gives each function's)"
}
