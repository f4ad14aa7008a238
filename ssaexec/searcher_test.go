package ssaexec

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gosym/gosym/result"
)

// TestDeepening checks that the search of a textbook binary search tree
// ends within the bounds, at a fraction of the budget: loops that descend
// it reach the full k, and recursions over it, whose paths multiply
// hundredfold with each level, stop at the depth the budget can finish.
func TestDeepening(t *testing.T) {
	type record struct {
		Status result.Status
		Bounds []string
	}
	tests := []struct {
		fn   string
		want record
	}{
		{"(*trees.Tree).Insert", record{result.Bounded, []string{"k at trees.go:22:14", "seq of 2 calls of Tree"}}},
		// No hand-built tree makes it panic: the probe answers, and the
		// API's sequences are not run (see probe.go).
		{"(*trees.Tree).Contains", record{result.Bounded, []string{"k at trees.go:39:13"}}},
		{"trees.Height", record{result.Bounded, []string{"deepening stopped at k 2 of 3: the next pass was predicted",
			"k at trees.go:65:26", "recursion at trees.go:65:23"}}},
		{"trees.Size", record{result.Bounded, []string{"deepening stopped at k 2 of 3: the next pass was predicted",
			"k at trees.go:73:20", "recursion at trees.go:73:17"}}},
	}
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			cfg := deepConfig()
			res := testdataProgram(t).analyze(entry(t, tt.fn), cfg)
			got := record{Status: res.Status}
			for _, b := range res.BoundsHit {
				// The prediction's figures are the work of the passes.
				if before, _, ok := strings.Cut(b, " to need "); ok {
					b = before
				}
				got.Bounds = append(got.Bounds, b)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("record (-want +got):\n%s", diff)
			}
			if res.Work > cfg.MaxWork/2 {
				t.Errorf("work %d, more than half the budget", res.Work)
			}
		})
	}
}

// TestNBoundPasses checks a search under the n-bound alone (-n, no
// k-bound to speak of): where both bounds would cut, the record names n,
// so the deepening stops once k no longer cuts on its own, and its last
// pass finds the paths one pass at the full bounds (OnePass) finds (with
// fewer states: the tables the passes kept subsume some), which the
// shallower passes add checks to.
func TestNBoundPasses(t *testing.T) {
	type record struct {
		Status result.Status
		Paths  int
		Bounds []string
	}
	cfg := deepConfig()
	cfg.N, cfg.K, cfg.API = 3, 1<<20, false
	deepened := testdataProgram(t).analyze(entry(t, "(*trees.Tree).Insert"), cfg)
	cfg.OnePass = true
	one := testdataProgram(t).analyze(entry(t, "(*trees.Tree).Insert"), cfg)
	want := record{result.Bounded, 22, []string{"n at trees.go:22:14"}}
	for _, res := range []*result.FuncResult{deepened, one} {
		got := record{res.Status, res.Paths, res.BoundsHit}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("record (-want +got):\n%s", diff)
		}
	}
	if deepened.SolverChecks <= one.SolverChecks {
		t.Errorf("solver checks: %d deepened, not more than the %d of one pass", deepened.SolverChecks, one.SolverChecks)
	}
}
