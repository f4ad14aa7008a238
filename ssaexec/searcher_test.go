package ssaexec

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gosym/gosym/result"
)

// TestPasses checks the schedule of a search's passes: the shallowest
// first, then each bound a pass hit raised, the bytes last; k and seq go
// to their full values once a pass took less than twice the work of the
// one before.
func TestPasses(t *testing.T) {
	full := pass{k: 3, seq: 2, kbytes: 8}
	deep := pass{k: 9, seq: 4, kbytes: 8}
	tests := []struct {
		name string
		full pass
		hits []hits // what each pass hit, in turn
		// work is what each pass took (nil: ten times the pass before)
		work []int64
		want []pass
	}{
		{"nothing hit: one pass", full, []hits{{}}, nil, []pass{{1, 0, 3}}},
		{"k hit at every depth", full, []hits{{k: true}, {k: true}, {k: true}}, nil, []pass{{1, 0, 3}, {2, 0, 3}, {3, 0, 3}}},
		{"k and seq", full, []hits{{k: true, seq: true}, {seq: true}, {}}, nil, []pass{{1, 0, 3}, {2, 1, 3}, {2, 2, 3}}},
		{"bytes once k is not hit", full, []hits{{k: true, bytes: true}, {bytes: true}, {k: true}, {k: true}},
			nil, []pass{{1, 0, 3}, {2, 0, 3}, {2, 0, 8}, {3, 0, 8}}},
		{"bytes at full bytes", pass{k: 1, seq: 0, kbytes: 2}, []hits{{k: true, bytes: true}}, nil, []pass{{1, 0, 2}}},
		{"the heap's default k", pass{k: 0, seq: 1, kbytes: 8}, []hits{{k: true, seq: true}, {}}, nil, []pass{{0, 0, 3}, {0, 1, 3}}},
		{"k while the work grows", deep, []hits{{k: true}, {k: true}, {k: true}, {}}, []int64{10, 200, 4000, 80000},
			[]pass{{1, 0, 3}, {2, 0, 3}, {3, 0, 3}, {4, 0, 3}}},
		{"full k once it grows less than twice", deep, []hits{{k: true}, {k: true}, {k: true}, {}}, []int64{10, 200, 390, 400},
			[]pass{{1, 0, 3}, {2, 0, 3}, {3, 0, 3}, {9, 0, 3}}},
		{"full seq too", deep, []hits{{k: true, seq: true}, {k: true, seq: true}, {}}, []int64{10, 15, 20},
			[]pass{{1, 0, 3}, {2, 1, 3}, {9, 4, 3}}},
		{"only the bounds hit jump", deep, []hits{{k: true, seq: true}, {seq: true}, {}}, []int64{10, 15, 20},
			[]pass{{1, 0, 3}, {2, 1, 3}, {2, 4, 3}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []pass
			var spent []int64
			p, ok := firstPass(tt.full), true
			for i := 0; ok && i < len(tt.hits); i++ {
				got = append(got, p)
				w := int64(10)
				switch {
				case tt.work != nil:
					w = tt.work[i]
				case i > 0:
					w = spent[i-1] * 10
				}
				spent = append(spent, w)
				p, ok = p.next(tt.full, tt.hits[i], spent)
			}
			if ok {
				t.Fatalf("another pass after %v: %v", got, p)
			}
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(pass{})); diff != "" {
				t.Errorf("passes (-want +got):\n%s", diff)
			}
		})
	}
}

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
