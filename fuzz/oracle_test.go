package fuzz

import (
	"go/token"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gosym/gosym/abstraction"
	"github.com/gosym/gosym/oracle"
	"github.com/gosym/gosym/result"
)

// TestJudge checks how Check turns the comparison of made-up records
// into problems and counts: a shortcut that lost a finding, or called
// complete a function with one, is a problem whose text holds both
// records; a pair where a search ran out of a budget Check sets is
// skipped.
func TestJudge(t *testing.T) {
	at := func(line int, kind result.Kind) *result.Finding {
		return &result.Finding{Kind: kind, Pos: token.Position{Filename: "gen.go", Line: line, Column: 3}, Message: "m"}
	}
	rec := func(st result.Status, limits []string, fs ...*result.Finding) *result.FuncResult {
		return &result.FuncResult{Func: "fuzzgen.F0", Status: st, Limits: limits, Findings: fs}
	}
	tests := []struct {
		name         string
		plain, short *result.FuncResult
		want         oracle.Tally
		problem      string // what the problem's text holds; "" for none
	}{
		{"same findings",
			rec(result.Failed, nil, at(4, result.NilDeref)), rec(result.Failed, nil, at(4, result.NilDeref)),
			oracle.Tally{Shortcut: "por", Compared: 1}, ""},
		{"a finding lost",
			rec(result.Failed, []string{"k"}, at(4, result.NilDeref), at(9, result.Panic)), rec(result.Failed, []string{"k"}, at(9, result.Panic)),
			oracle.Tally{Shortcut: "por", Compared: 1, Differing: 1}, "lost gen.go:4:3 nil-deref"},
		{"falsely complete",
			rec(result.Failed, nil, at(4, result.DivZero)), rec(result.Complete, nil),
			oracle.Tally{Shortcut: "por", Compared: 1, Differing: 1}, "complete, where the plain search found more"},
		{"the solver gave up on the shortcut's query",
			rec(result.Failed, nil, at(4, result.NilDeref)), rec(result.Bounded, []string{"solver: timeout"}),
			oracle.Tally{Shortcut: "por", Skipped: 1}, ""},
		{"Check's deadline stopped the plain search after a finding",
			rec(result.Failed, []string{deadlineLimit}, at(4, result.NilDeref)), rec(result.Failed, nil, at(9, result.Panic)),
			oracle.Tally{Shortcut: "por", Skipped: 1}, ""},
		{"found only with the shortcut",
			rec(result.Complete, nil), rec(result.Failed, nil, at(9, result.Panic)),
			oracle.Tally{Shortcut: "por", Compared: 1, Extra: 1}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &checker{rep: &Report{}}
			var tally oracle.Tally
			c.judge(&tally, comparison("por", tt.plain, tt.short))
			if diff := cmp.Diff(tt.want, tally); diff != "" {
				t.Errorf("tally (-want +got):\n%s", diff)
			}
			switch {
			case tt.problem == "" && len(c.rep.Problems) > 0:
				t.Errorf("problems %v, want none", c.rep.Problems)
			case tt.problem != "" && len(c.rep.Problems) != 1:
				t.Errorf("problems %v, want one", c.rep.Problems)
			case tt.problem != "":
				text := c.rep.Problems[0].Text
				for _, want := range []string{tt.problem, "shortcut por", "plain:", "shortcut:", "gen.go:4:3"} {
					if !strings.Contains(text, want) {
						t.Errorf("problem %q does not say %q", text, want)
					}
				}
			}
		})
	}
}

// TestReuse checks which side of each shortcut's comparison the record
// of a function is, under each subsumption mode the generator picks: the
// defaults have every shortcut on but subsumption, which is abstract
// (neither side), exact (the shortcut's side) or off (the plain side).
func TestReuse(t *testing.T) {
	rec := &result.FuncResult{Func: "fuzzgen.F0"}
	tests := []struct {
		subsume abstraction.Mode
		want    map[string]string // shortcut: the side rec is
	}{
		{abstraction.Abstract, map[string]string{"summaries": "short", "por": "short", "shared-init": "short", "shared-sequences": "short", "subsumption": "neither", "solver": "short", "directed": "plain"}},
		{abstraction.Exact, map[string]string{"summaries": "short", "por": "short", "shared-init": "short", "shared-sequences": "short", "subsumption": "short", "solver": "short", "directed": "plain"}},
		{abstraction.Off, map[string]string{"summaries": "short", "por": "short", "shared-init": "short", "shared-sequences": "short", "subsumption": "plain", "solver": "short", "directed": "plain"}},
	}
	for _, tt := range tests {
		t.Run(tt.subsume.String(), func(t *testing.T) {
			cfg := (&gen{src: &source{}}).config()
			cfg.Subsume = tt.subsume
			got := map[string]string{}
			for _, sc := range oracle.Shortcuts() {
				plain, short := cfg, cfg
				sc.Plain(&plain)
				sc.Short(&short)
				switch {
				case reuse(rec, cfg, plain) == rec && reuse(rec, cfg, short) == nil:
					got[sc.Name] = "plain"
				case reuse(rec, cfg, short) == rec && reuse(rec, cfg, plain) == nil:
					got[sc.Name] = "short"
				case reuse(rec, cfg, short) == nil && reuse(rec, cfg, plain) == nil:
					got[sc.Name] = "neither"
				default:
					got[sc.Name] = "both"
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("sides (-want +got):\n%s", diff)
			}
		})
	}
}
