package ssaexec

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gosym/gosym/result"
)

// TestSummariesGoOnAlike runs the entries of testdata/summaries with
// procedure summaries off and on: the findings, their witnesses and their
// traces must be the same, and the summaries must have done what each
// entry is written to make them do (answer a call, cover a return, or
// neither where a careless summary would).
func TestSummariesGoOnAlike(t *testing.T) {
	tests := []struct {
		entry string
		want  result.SummaryStats
	}{
		// The second call is recorded; the third reads another box.
		{"summaries.Ratio", result.SummaryStats{Recorded: 2}},
		// The third call's path lets n be 3; the second's did not.
		{"summaries.NearNotThree", result.SummaryStats{Recorded: 2}},
		{"summaries.NearAll", result.SummaryStats{Recorded: 1, Applied: 1}},
		// The answered call's paths materialize the list.
		{"summaries.Second", result.SummaryStats{Recorded: 1, Applied: 1}},
		// Two returns with the same memory, not covered: they know n
		// differently.
		{"summaries.Clamp", result.SummaryStats{Recorded: 1}},
		// Each call of ask has a key of its own: nothing is recorded.
		{"summaries.Twice", result.SummaryStats{}},
		// Returns that restore flag alike are covered; the calls that
		// reach the k-bound of f's results are not summaries.
		{"summaries.Flips", result.SummaryStats{Recorded: 6, Broken: 2, Covered: 3}},
		// The third call's state is the second's with other names: the
		// second's summary answers it, renamed.
		{"summaries.Pick", result.SummaryStats{Recorded: 1, Applied: 1, Renamed: 1}},
		// So too for the counters the package's zero value makes, with
		// a write. The counters written by hand are recorded twice and
		// answered never: each path knows of another parameter that it
		// is not nil, which a summary must agree on.
		{"summaries.Bumps", result.SummaryStats{Recorded: 3, Applied: 1, Renamed: 1}},
		// Calls one after another on one path: the second's return waits
		// for its other paths, and its summary answers the third. The
		// pass at k = 2 records the second call too, and stops at the
		// third element.
		{"summaries.Triple3", result.SummaryStats{Recorded: 2, Applied: 1, Renamed: 1}},
		// So too for a call that makes an object: the answer makes it
		// again, after what the path made.
		{"summaries.Wrap3", result.SummaryStats{Recorded: 2, Applied: 1, Renamed: 1}},
		// Every call of push after the first has the first's counters
		// and is recorded, and none is answered before trialCalls
		// recordings: push's summaries stop there (see payoff). Without
		// that rule, 30 calls of the last levels, whose codes earlier
		// levels had, would be answered up to a renaming of the bit,
		// each saving push's few steps.
		{"summaries.Signs", result.SummaryStats{Recorded: trialCalls}},
	}
	for _, tt := range tests {
		t.Run(tt.entry, func(t *testing.T) {
			fn := entry(t, tt.entry)
			cfg := deepConfig()
			cfg.ProcSummaries = false
			off := testdataProgram(t).Analyze(fn, cfg)
			cfg.ProcSummaries = true
			on := testdataProgram(t).Analyze(fn, cfg)
			if diff := cmp.Diff(findingLines(off), findingLines(on)); diff != "" {
				t.Errorf("findings with summaries (-off +on):\n%s", diff)
			}
			if len(off.Findings) == 0 {
				t.Errorf("no findings: the entry is written to have some")
			}
			if diff := cmp.Diff(tt.want, on.Summaries); diff != "" {
				t.Errorf("summary counts (-want +got):\n%s", diff)
			}
			if off.Summaries != (result.SummaryStats{}) {
				t.Errorf("summaries off, yet counted %+v", off.Summaries)
			}
		})
	}
}

// findingLines writes each finding with its witness and trace.
func findingLines(r *result.FuncResult) []string {
	var out []string
	for _, f := range r.Findings {
		var trace []string
		for _, st := range f.Trace {
			trace = append(trace, fmt.Sprintf("%d:%d %s %v", st.Pos.Line, st.Depth, st.Branch, st.Values))
		}
		out = append(out, fmt.Sprintf("%s %d:%d %s | %s | %s", f.Kind, f.Pos.Line, f.Pos.Column, f.Message,
			strings.Join(append(append([]string{}, f.Setup...), f.Call), "; "), strings.Join(trace, ", ")))
	}
	return out
}
