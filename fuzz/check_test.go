package fuzz

import (
	"testing"

	"github.com/gosym/gosym/abstraction"
	"github.com/gosym/gosym/ssaexec"
)

func TestClaimOf(t *testing.T) {
	refine := ssaexec.DefaultConfig()
	refine.Refine = true
	tests := []struct {
		name string
		r    ssaexec.FuncResult
		cfg  ssaexec.Config
		want Claim
	}{
		{"complete", ssaexec.FuncResult{Status: ssaexec.Complete}, ssaexec.DefaultConfig(), ClaimAll},
		{"failed, nothing cut", ssaexec.FuncResult{Status: ssaexec.Failed}, ssaexec.DefaultConfig(), ClaimAll},
		{"bounded by k", ssaexec.FuncResult{Status: ssaexec.Bounded, Cut: 2, BoundsHit: []string{"k at gen.go:3:4"}},
			ssaexec.DefaultConfig(), ClaimWithinK},
		{"failed, cut by k", ssaexec.FuncResult{Status: ssaexec.Failed, Cut: 1, BoundsHit: []string{"k at gen.go:3:4"}},
			ssaexec.DefaultConfig(), ClaimWithinK},
		{"cut by loops", ssaexec.FuncResult{Status: ssaexec.Bounded, Cut: 1, BoundsHit: []string{"loops at gen.go:3:4"}},
			ssaexec.DefaultConfig(), ClaimNone},
		{"solver gave up", ssaexec.FuncResult{Status: ssaexec.Failed, Cut: 1, BoundsHit: []string{"solver: timeout at gen.go:3:4"}},
			ssaexec.DefaultConfig(), ClaimNone},
		{"failed, then timed out", ssaexec.FuncResult{Status: ssaexec.Failed, BoundsHit: []string{"timeout of 5s"}},
			ssaexec.DefaultConfig(), ClaimNone},
		{"abstract", ssaexec.FuncResult{Status: ssaexec.Abstract, Subsumption: abstraction.Stats{Abstract: 1}},
			ssaexec.DefaultConfig(), ClaimNone},
		{"abstract, refined", ssaexec.FuncResult{Status: ssaexec.Abstract, Subsumption: abstraction.Stats{Abstract: 1}},
			refine, ClaimWithinK},
		{"refined paths cut", ssaexec.FuncResult{Status: ssaexec.Complete, Refined: 3}, refine, ClaimWithinK},
		{"unsupported", ssaexec.FuncResult{Status: ssaexec.Unsupported, UnsupportedConstructs: []string{"x"}},
			ssaexec.DefaultConfig(), ClaimNone},
		{"failed on an unsupported path", ssaexec.FuncResult{Status: ssaexec.Failed, UnsupportedConstructs: []string{"x"}},
			ssaexec.DefaultConfig(), ClaimNone},
		{"timeout", ssaexec.FuncResult{Status: ssaexec.Timeout}, ssaexec.DefaultConfig(), ClaimNone},
		{"stopped", ssaexec.FuncResult{Status: ssaexec.Stopped}, ssaexec.DefaultConfig(), ClaimNone},
		{"error", ssaexec.FuncResult{Status: ssaexec.Error}, ssaexec.DefaultConfig(), ClaimNone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ClaimOf(&tt.r, tt.cfg); got != tt.want {
				t.Errorf("ClaimOf = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestOutcomeKind(t *testing.T) {
	tests := []struct {
		o    Outcome
		want string
	}{
		{Outcome{Panicked: true, Runtime: true, Value: "runtime error: invalid memory address or nil pointer dereference"}, "nil-deref"},
		{Outcome{Panicked: true, Runtime: true, Value: "runtime error: integer divide by zero"}, "div-zero"},
		{Outcome{Panicked: true, Value: "boom"}, "panic"},
		// A runtime error the generated code should not raise has no
		// kind, so that no finding explains it.
		{Outcome{Panicked: true, Runtime: true, Value: "runtime error: index out of range [1] with length 1"}, ""},
		{Outcome{Panicked: true, Value: "runtime error: integer divide by zero"}, ""},
	}
	for _, tt := range tests {
		if got := tt.o.Kind(); got != tt.want {
			t.Errorf("Kind of %+v = %q, want %q", tt.o, got, tt.want)
		}
	}
}
