package result

import (
	"fmt"
	"go/token"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMerge checks that one panic reached from several entries is one
// finding, with the best witness, and names the other entries; and that
// Consolidate then drops the latent findings, each counted once, unless
// they are to be shown.
func TestMerge(t *testing.T) {
	t.Parallel()
	at := func(line int) token.Position { return token.Position{Filename: "p.go", Line: line, Column: 2} }
	type finding struct {
		fn     string
		kind   Kind
		line   int
		latent bool
		calls  int
		size   int
	}
	type kept struct {
		Func     string
		Line     int
		AlsoFrom []string
	}
	tests := []struct {
		name    string
		results [][]finding // per entry
		want    [][]kept
		// wantLatent are the entries' latent counts after the merge;
		// nil for none.
		wantLatent []int
		showLatent bool
	}{{
		name: "one entry each: nothing to merge",
		results: [][]finding{
			{{fn: "A", kind: NilDeref, line: 1}},
			{{fn: "B", kind: NilDeref, line: 2}},
		},
		want: [][]kept{{{Func: "A", Line: 1}}, {{Func: "B", Line: 2}}},
	}, {
		name: "same witness quality: the earlier entry keeps it",
		results: [][]finding{
			{{fn: "A", kind: NilDeref, line: 1, calls: 1}},
			{{fn: "B", kind: NilDeref, line: 1, calls: 1}},
		},
		want: [][]kept{{{Func: "A", Line: 1, AlsoFrom: []string{"B"}}}, nil},
	}, {
		name: "the shorter sequence wins",
		results: [][]finding{
			{{fn: "A", kind: NilDeref, line: 1, calls: 3}, {fn: "A", kind: Index, line: 5}},
			{{fn: "B", kind: NilDeref, line: 1, calls: 1}},
			{{fn: "C", kind: NilDeref, line: 1, calls: 2}},
		},
		want: [][]kept{{{Func: "A", Line: 5}}, {{Func: "B", Line: 1, AlsoFrom: []string{"A", "C"}}}, nil},
	}, {
		name: "reachable beats latent, then the smaller input",
		results: [][]finding{
			{{fn: "A", kind: NilDeref, line: 1, latent: true}},
			{{fn: "B", kind: NilDeref, line: 1, size: 4}},
			{{fn: "C", kind: NilDeref, line: 1, size: 2}},
		},
		want:       [][]kept{nil, nil, {{Func: "C", Line: 1, AlsoFrom: []string{"A", "B"}}}},
		wantLatent: []int{0, 0, 0},
	}, {
		name: "a latent panic many entries reach counts once",
		results: [][]finding{
			{{fn: "A", kind: NilDeref, line: 1, latent: true, size: 3}, {fn: "A", kind: Index, line: 2, latent: true}},
			{{fn: "B", kind: NilDeref, line: 1, latent: true, size: 1}},
		},
		want:       [][]kept{{{Func: "A", Line: 2}}, {{Func: "B", Line: 1, AlsoFrom: []string{"A"}}}},
		wantLatent: []int{1, 1},
		showLatent: true,
	}, {
		name: "latent panics not shown are counted once each",
		results: [][]finding{
			{{fn: "A", kind: NilDeref, line: 1, latent: true}, {fn: "A", kind: Index, line: 2, latent: true}, {fn: "A", kind: Index, line: 3}},
			{{fn: "B", kind: NilDeref, line: 1, latent: true}},
			{{fn: "C", kind: Index, line: 2, latent: true}},
		},
		want:       [][]kept{{{Func: "A", Line: 3}}, nil, nil},
		wantLatent: []int{2, 0, 0},
	}, {
		name: "another kind at the same position is another finding",
		results: [][]finding{
			{{fn: "A", kind: NilDeref, line: 1}},
			{{fn: "B", kind: Index, line: 1}},
		},
		want: [][]kept{{{Func: "A", Line: 1}}, {{Func: "B", Line: 1}}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var results []*FuncResult
			for _, fs := range tt.results {
				r := &FuncResult{}
				for _, f := range fs {
					r.Findings = append(r.Findings, &Finding{Func: f.fn, Kind: f.kind, Pos: at(f.line), Latent: f.latent, Rank: WitnessRank{Calls: f.calls, Size: f.size}})
					if f.latent {
						r.Latent++
					}
				}
				results = append(results, r)
			}
			Consolidate(results, tt.showLatent)
			var got [][]kept
			for _, r := range results {
				var ks []kept
				for _, f := range r.Findings {
					ks = append(ks, kept{f.Func, f.Pos.Line, f.AlsoFrom})
				}
				got = append(got, ks)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("merged findings (-want +got):\n%s", diff)
			}
			if tt.wantLatent == nil {
				return
			}
			var latent []int
			for _, r := range results {
				latent = append(latent, r.Latent)
			}
			if diff := cmp.Diff(tt.wantLatent, latent); diff != "" {
				t.Errorf("latent counts (-want +got):\n%s", diff)
			}
		})
	}
}

// TestKeepFindings checks what a later search of a function keeps of an
// earlier one's findings: those it did not make again, and of one both
// made the better witness, the earlier's where they are as good.
func TestKeepFindings(t *testing.T) {
	t.Parallel()
	f := func(line int, calls int, latent bool, from string) *Finding {
		return &Finding{Kind: NilDeref, Pos: token.Position{Filename: "f.go", Line: line}, Rank: WitnessRank{Calls: calls}, Latent: latent, Message: from}
	}
	later := &FuncResult{Findings: []*Finding{f(1, 2, false, "later"), f(2, 1, false, "later"), f(3, 0, true, "later")}, Latent: 1}
	earlier := &FuncResult{Findings: []*Finding{f(1, 1, false, "earlier"), f(2, 1, false, "earlier"), f(3, 0, false, "earlier"), f(4, 0, true, "earlier")}, Latent: 1}
	KeepFindings(later, earlier)
	var got []string
	for _, g := range later.Findings {
		got = append(got, fmt.Sprintf("%d %s latent=%v", g.Pos.Line, g.Message, g.Latent))
	}
	want := []string{"1 earlier latent=false", "2 earlier latent=false", "3 earlier latent=false", "4 earlier latent=true"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
	if later.Latent != 1 {
		t.Errorf("Latent %d, want 1 (line 4)", later.Latent)
	}
}
