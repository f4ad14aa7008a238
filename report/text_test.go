package report

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gosym/gosym/result"
)

// TestStatusLineSummaries checks what a function's status line says of
// procedure summaries: nothing when none was made (as under
// -summaries=off), the counts otherwise.
func TestStatusLineSummaries(t *testing.T) {
	tests := []struct {
		name string
		sum  result.SummaryStats
		want string // the line's part after the counts, "" for none
	}{
		{"none", result.SummaryStats{}, ""},
		{"one of each", result.SummaryStats{Recorded: 1, Broken: 1, Applied: 1, Covered: 1},
			"; summaries: 1 recorded, 1 broken, 1 call answered, 1 return covered"},
		{"recorded only", result.SummaryStats{Recorded: 3},
			"; summaries: 3 recorded, 0 broken, 0 calls answered, 0 returns covered"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line := statusLine(&result.FuncResult{Status: result.Complete, Summaries: tt.sum})
			_, got, _ := strings.Cut(line, ")")
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("status line %q (-want +got):\n%s", line, diff)
			}
		})
	}
}
