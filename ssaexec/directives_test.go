package ssaexec

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/gosym/gosym/result"
)

// TestDirectives checks that Program.Analyze applies the //gosym:
// comments of testdata/directives: ignored lines, an ignored function, and
// a function's own bound, which the package-level Analyze does not.
func TestDirectives(t *testing.T) {
	type record struct {
		Status   result.Status
		Bounds   []string
		Notes    []string
		Findings int
	}
	tests := []struct {
		fn          string
		plain, with record
	}{{
		fn:    "directives.First",
		plain: record{Status: result.Failed, Findings: 1},
		with:  record{Status: result.Complete, Notes: []string{"index at directives.go:6:10 ignored: callers check len(a) > 0"}},
	}, {
		fn:    "directives.Second",
		plain: record{Status: result.Failed, Findings: 1},
		with:  record{Status: result.Complete, Notes: []string{"index at directives.go:12:10 ignored: callers pass pairs"}},
	}, {
		fn:    "directives.Third",
		plain: record{Status: result.Failed, Findings: 1},
		with:  record{Status: result.Ignored, Notes: []string{"//gosym:ignore generated accessor"}},
	}, {
		fn:    "directives.Fourth",
		plain: record{Status: result.Failed, Bounds: []string{"k at directives.go:31:31"}, Findings: 4},
		with:  record{Status: result.Failed, Findings: 4},
	}}
	prog := testdataProgram(t)
	show := func(r *result.FuncResult) record {
		return record{Status: r.Status, Bounds: r.BoundsHit, Notes: r.Notes, Findings: len(r.Findings)}
	}
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			fn := entry(t, tt.fn)
			if diff := cmp.Diff(tt.plain, show(prog.analyze(fn, deepConfig())), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("without directives (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.with, show(prog.Analyze(fn, deepConfig())), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("with directives (-want +got):\n%s", diff)
			}
		})
	}
	if len(prog.DirectiveErrors) != 0 {
		t.Errorf("testdata has malformed directives: %q", prog.DirectiveErrors)
	}
}

// TestInvariants checks Config.Invariants: a method that returns with its
// receiver's invariant broken is a finding at the return, whose witness
// comes with the check to run after the call; its correct twin is
// complete.
func TestInvariants(t *testing.T) {
	cfg := deepConfig()
	cfg.Invariants = true
	res := testdataProgram(t).analyze(entry(t, "(*contracts.Ring).Push"), cfg)
	type shown struct {
		Finding shownFinding
		Check   string
		Notes   []string
	}
	var got shown
	if len(res.Findings) == 1 {
		got = shown{show(res.Findings[0]), res.Findings[0].InvariantCheck, res.Notes}
	}
	want := shown{
		Finding: shownFinding{
			Kind: result.Assert, Posn: "contracts.go:98:1",
			Message: "invariant repOK() does not hold at the return of Push",
			Setup:   []string{"r := &Ring{buf: []int{0: 0}, head: 0, n: 1}"},
			Call:    "r.Push(0)",
		},
		Check: "r.repOK()",
		Notes: []string{"receiver invariant repOK() assumed at entry and asserted at return"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(*contracts.Ring).Push (-want +got):\n%s", diff)
	}
	if res := testdataProgram(t).analyze(entry(t, "(*contracts.Ring).PushWrapped"), cfg); res.Status != result.Complete {
		t.Errorf("(*contracts.Ring).PushWrapped: %s with %d findings, want complete", res.Status, len(res.Findings))
	}
}
