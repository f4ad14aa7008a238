package report

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gosym/gosym/result"
)

func TestCoverageLine(t *testing.T) {
	full := &result.FuncResult{Status: result.Complete, Paths: 3}
	failedFully := &result.FuncResult{Status: result.Failed, Panics: 1}
	bounded := &result.FuncResult{Status: result.Bounded, Paths: 1, Cut: 2, Limits: []string{"k", "loops"}}
	failedBounded := &result.FuncResult{Status: result.Failed, Panics: 1, Cut: 1, Limits: []string{"k"}}
	abstract := &result.FuncResult{Status: result.Abstract, Paths: 2, Subsumption: result.Subsumption{Abstract: 1}}
	unsupported := &result.FuncResult{Status: result.Unsupported, UnsupportedConstructs: []string{"operator * on complex128"}}
	notExecuted := &result.FuncResult{Status: result.Unsupported, Paths: 1, NotExecuted: []string{"os.Getenv"}}
	stopped := &result.FuncResult{Status: result.Stopped, Paths: 1, Limits: []string{"max-work"}}
	ignored := &result.FuncResult{Status: result.Ignored}
	tests := []struct {
		name    string
		results []*result.FuncResult
		want    string
		ended   bool
	}{
		{"all full", []*result.FuncResult{full, failedFully, ignored}, "coverage: 2 of 2 functions explored fully (100%)", true},
		{"limits counted once per function, commonest first", []*result.FuncResult{full, bounded, failedBounded, abstract},
			"coverage: 1 of 4 functions explored fully (25%); the commonest limits on the others: k (2), abstract subsumption (1), loops (1) (-v gives each function's)", true},
		{"more than three", []*result.FuncResult{bounded, abstract, unsupported, notExecuted, stopped},
			"coverage: 0 of 5 functions explored fully (0%); the commonest limits on the others: abstract subsumption (1), calls gosym does not execute (1), k (1), and 3 more (-v gives each function's)", true},
		{"nothing ran to an end", []*result.FuncResult{unsupported, ignored},
			"coverage: 0 of 1 function explored fully (0%); the commonest limits on the others: operator * on complex128 (1) (-v gives each function's)", false},
		{"only ignored", []*result.FuncResult{ignored}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := CoverageOf(tt.results)
			if diff := cmp.Diff(tt.want, c.Line()); diff != "" {
				t.Errorf("line (-want +got):\n%s", diff)
			}
			if c.Ended != tt.ended {
				t.Errorf("Ended = %v, want %v", c.Ended, tt.ended)
			}
		})
	}
}
