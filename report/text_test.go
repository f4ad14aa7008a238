package report

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gosym/gosym/result"
)

// TestStatusLineParts checks what a function's status line says after
// its counts: of procedure summaries, nothing when none was made (as
// under -summaries=off), the counts otherwise; of where its work went,
// the phases by size with their shares, then the solver's and
// subsumption's shares of them all.
func TestStatusLineParts(t *testing.T) {
	tests := []struct {
		name string
		res  result.FuncResult
		want string // the line's part after the counts, "" for none
	}{
		{"no summaries, no work", result.FuncResult{}, ""},
		{"one summary of each", result.FuncResult{Summaries: result.SummaryStats{Recorded: 1, Broken: 1, Applied: 1, Covered: 1}},
			"; summaries: 1 recorded, 1 broken, 1 call answered, 1 return covered"},
		{"summaries recorded only", result.FuncResult{Summaries: result.SummaryStats{Recorded: 3}},
			"; summaries: 3 recorded, 0 broken, 0 calls answered, 0 returns covered"},
		{"work in the entry only", result.FuncResult{WorkSplit: result.WorkSplit{Entry: 40}},
			"; work went to the entry 40 (100%); the solver 0 (0%) of it, subsumption 0 (0%)"},
		{"work in the API first", result.FuncResult{WorkSplit: result.WorkSplit{Init: 10, API: 600, Entry: 390, Solver: 500, Subsumption: 25}},
			"; work went to building inputs through the API 600 (60%), the entry 390 (39%), package initialization 10 (1%); the solver 500 (50%) of it, subsumption 25 (2%)"},
		{"work on hand-built values", result.FuncResult{WorkSplit: result.WorkSplit{API: 200, HandBuilt: 700, Entry: 100, Solver: 300}},
			"; work went to the entry on hand-built values (latent panics) 700 (70%), building inputs through the API 200 (20%), the entry 100 (10%); the solver 300 (30%) of it, subsumption 0 (0%)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.res
			r.Status = result.Complete
			line := statusLine(&r)
			_, got, _ := strings.Cut(line, ")")
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("status line %q (-want +got):\n%s", line, diff)
			}
		})
	}
}
