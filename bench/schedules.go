package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/ssaexec"
)

// schedRow is a function of the schedules table: a port of a seed's
// concurrent program.
type schedRow struct {
	fn, pkg string
	// paper is what the seed reports of it.
	paper string
}

// tableSchedules are the schedules table's rows.
var tableSchedules = []schedRow{
	{"(*distsort.List).Sort", "bench/distsort",
		"a counterexample: a list of 3 symbolic ints, the first goroutine allowed 1 swap, the second 2, and a schedule that leaves a pair out of order (the paper's section 6, which gives no counts of states or schedules)"},
}

// schedPreemptions are the preemption bounds the schedules table runs
// each row at.
var schedPreemptions = []int{0, 1, 2, 3}

// schedResult is one run of the schedules table.
type schedResult struct {
	row         schedRow
	preemptions int
	reduced     bool
	m           *result.FuncResult
}

// schedules runs each row at each preemption bound, with and without
// partial-order reduction, in one pass of the default bounds.
func (h *harness) schedules() []schedResult {
	var out []schedResult
	for _, r := range tableSchedules {
		if !h.opts.run.MatchString(r.fn) {
			continue
		}
		for _, p := range schedPreemptions {
			for _, reduced := range []bool{true, false} {
				cfg := ssaexec.DefaultConfig()
				cfg.OnePass = true
				cfg.Preemptions, cfg.POR = p, reduced
				m := h.measure(r.fn, cfg)
				progress(h.log, "%s at %d preemptions, reduction %v: %s, %d states, %v", r.fn, p, reduced, m.Status, m.States, m.Elapsed.Round(time.Millisecond))
				out = append(out, schedResult{r, p, reduced, m})
			}
		}
	}
	return out
}

// writeSchedules writes the schedules table.
func writeSchedules(w io.Writer, results []schedResult) {
	fmt.Fprintf(w, "## Schedules: the distributed sort of Khurshid, Pasareanu and Visser's \"Generalized symbolic execution for model checking and testing\"\n\n")
	fmt.Fprintf(w, "The first seed paper's concurrent example (bench/distsort): a goroutine per adjacent pair of a list's nodes, the i-th allowed i swaps under the locks of both nodes, each asserting at its end that its pair is in order. ")
	fmt.Fprintf(w, "gosym explores the list as an input and the goroutines' schedules together, at each preemption bound (`-preemptions`), with dynamic partial-order reduction (`-por=on`, the default) and without it (every order of the goroutines' operations). ")
	fmt.Fprintf(w, "Defaults otherwise, in one pass (`-deepen=false`). Paths counts the schedules and inputs that ran to an end, states the states of the search, including its scheduling decisions.\n\n")
	fmt.Fprintf(w, "| function | preemptions | reduction | finding | paths | states | solver checks | time | status | bounds |\n")
	fmt.Fprintf(w, "|---|--:|---|---|--:|--:|--:|--:|---|---|\n")
	for _, r := range results {
		reduction := "off"
		if r.reduced {
			reduction = "on"
		}
		finding := "none"
		if len(r.m.Findings) > 0 {
			f := r.m.Findings[0]
			finding = fmt.Sprintf("%s at line %d: `%s`", f.Kind, f.Pos.Line, strings.Join(append(append([]string{}, f.Setup...), f.Call), "; "))
		}
		fmt.Fprintf(w, "| `%s` | %d | %s | %s | %s | %d | %d | %s | %s | %s |\n", r.row.fn, r.preemptions, reduction, finding,
			pathCount(r.m), r.m.States, r.m.SolverChecks, duration(r.m.Elapsed), status(r.m), strings.Join(r.m.Limits, ", "))
	}
	fmt.Fprintln(w)
	for _, r := range tableSchedules {
		fmt.Fprintf(w, "The paper on `%s`: %s.\n\n", r.fn, r.paper)
	}
}
