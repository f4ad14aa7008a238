package fuzz

import (
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/gosym/gosym/oracle"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/ssaexec"
)

func TestClaimOf(t *testing.T) {
	refine := ssaexec.DefaultConfig()
	refine.Refine = true
	tests := []struct {
		name string
		r    result.FuncResult
		cfg  ssaexec.Config
		want Claim
	}{
		{"complete", result.FuncResult{Status: result.Complete}, ssaexec.DefaultConfig(), ClaimAll},
		{"failed, nothing cut", result.FuncResult{Status: result.Failed}, ssaexec.DefaultConfig(), ClaimAll},
		{"bounded by k", result.FuncResult{Status: result.Bounded, Cut: 2, BoundsHit: []string{"k at gen.go:3:4"}, Limits: []string{"k"}},
			ssaexec.DefaultConfig(), ClaimWithinK},
		{"failed, cut by k", result.FuncResult{Status: result.Failed, Cut: 1, BoundsHit: []string{"k at gen.go:3:4"}, Limits: []string{"k"}},
			ssaexec.DefaultConfig(), ClaimWithinK},
		{"cut by loops", result.FuncResult{Status: result.Bounded, Cut: 1, BoundsHit: []string{"loops at gen.go:3:4"}, Limits: []string{"loops"}},
			ssaexec.DefaultConfig(), ClaimNone},
		{"solver gave up", result.FuncResult{Status: result.Failed, Cut: 1, BoundsHit: []string{"solver: timeout at gen.go:3:4"}, Limits: []string{"solver: timeout"}},
			ssaexec.DefaultConfig(), ClaimNone},
		{"failed, then timed out", result.FuncResult{Status: result.Failed, BoundsHit: []string{"timeout of 5s"}, Limits: []string{"timeout"}},
			ssaexec.DefaultConfig(), ClaimNone},
		{"abstract", result.FuncResult{Status: result.Abstract, Subsumption: result.Subsumption{Abstract: 1}},
			ssaexec.DefaultConfig(), ClaimNone},
		{"abstract, refined", result.FuncResult{Status: result.Abstract, Subsumption: result.Subsumption{Abstract: 1}},
			refine, ClaimWithinK},
		{"refined paths cut", result.FuncResult{Status: result.Complete, Refined: 3}, refine, ClaimWithinK},
		{"unsupported", result.FuncResult{Status: result.Unsupported, UnsupportedConstructs: []string{"x"}},
			ssaexec.DefaultConfig(), ClaimNone},
		{"failed on an unsupported path", result.FuncResult{Status: result.Failed, UnsupportedConstructs: []string{"x"}},
			ssaexec.DefaultConfig(), ClaimNone},
		{"a call not executed", result.FuncResult{Status: result.Unsupported, NotExecuted: []string{"C.f"}},
			ssaexec.DefaultConfig(), ClaimNone},
		{"timeout", result.FuncResult{Status: result.Timeout}, ssaexec.DefaultConfig(), ClaimNone},
		{"stopped", result.FuncResult{Status: result.Stopped}, ssaexec.DefaultConfig(), ClaimNone},
		{"error", result.FuncResult{Status: result.Error}, ssaexec.DefaultConfig(), ClaimNone},
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

func TestWithDeadline(t *testing.T) {
	cfg := ssaexec.DefaultConfig()
	cfg.Timeout = 5 * time.Second
	if got := withDeadline(cfg, time.Time{}, time.Now()); got.Timeout != cfg.Timeout || got.Interrupt != nil {
		t.Errorf("no deadline: Timeout %v, Interrupt set %v; want %v, unset", got.Timeout, got.Interrupt != nil, cfg.Timeout)
	}
	tests := []struct {
		name        string
		timeout     time.Duration
		after       time.Duration // the deadline, after now plus restTime
		min, max    time.Duration // the Timeout wanted
		interrupted bool
	}{
		{"far", 5 * time.Second, time.Hour, 5 * time.Second, 5 * time.Second, false},
		{"no timeout", 0, time.Hour, time.Hour, time.Hour, false},
		{"near", 5 * time.Second, 2 * time.Second, 2 * time.Second, 2 * time.Second, false},
		{"passed", 5 * time.Second, -time.Second, time.Nanosecond, time.Nanosecond, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg.Timeout = tt.timeout
			// One clock reading for both, so that the Timeout is exact
			// however loaded the machine.
			now := time.Now()
			got := withDeadline(cfg, now.Add(restTime+tt.after), now)
			if got.Timeout < tt.min || got.Timeout > tt.max {
				t.Errorf("Timeout = %v, want it in [%v, %v]", got.Timeout, tt.min, tt.max)
			}
			if got.Interrupt == nil {
				t.Fatal("Interrupt not set")
			}
			if why := got.Interrupt(); (why != "") != tt.interrupted {
				t.Errorf("Interrupt() = %q, want an answer: %v", why, tt.interrupted)
			}
		})
	}
}

// TestCheckLate checks that a deadline cuts the analysis short, that
// what it cut claims nothing, that the oracle is skipped and counted, and
// that Check stops before the replay when too little time is left.
func TestCheckLate(t *testing.T) {
	p, err := Generate(seeds[1], "")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Check(t.TempDir(), []*Program{p}, Options{Inputs: inputs, Deadline: time.Now(), Oracle: true})
	if !errors.Is(err, ErrLate) {
		t.Fatalf("Check with a deadline passed: error %v, want ErrLate", err)
	}
	if len(rep.Records) != len(p.Funcs) {
		t.Fatalf("%d records of %d functions", len(rep.Records), len(p.Funcs))
	}
	for fn, r := range rep.Records {
		if c := ClaimOf(r, p.Config); c != ClaimNone {
			t.Errorf("%s claims %s: %s", fn, c, describe(r))
		}
	}
	if rep.Replays != nil || rep.Calls > 0 {
		t.Errorf("%d replays and %d calls after ErrLate", len(rep.Replays), rep.Calls)
	}
	var want []oracle.Tally
	for _, sc := range oracle.Shortcuts() {
		want = append(want, oracle.Tally{Shortcut: sc.Name, Skipped: len(p.Funcs)})
	}
	if diff := cmp.Diff(want, rep.Oracle); diff != "" {
		t.Errorf("oracle with no time left (-want +got):\n%s", diff)
	}
}
