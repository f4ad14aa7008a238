package oracle

import (
	"flag"
	"fmt"
	"go/token"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/ssaexec"
)

var (
	budget   = flag.Int64("oracle.budget", 150_000, "work budget of each search of TestShortcutsLoseNothing")
	only     = flag.String("oracle.shortcut", "", "compare only the shortcut of this name")
	maxShare = 0.10 // the share of functions a shortcut may leave uncompared
)

// mustCompare are, per shortcut, functions written for the defects the
// oracle is to catch (a summary of a predicate answering a call on
// another byte; goroutines left to run after the entry returned, whose
// orders the reduction must try; a poll that leaves a sender behind; a
// goroutine's panic that the entry's comes before): a comparison that
// skips them checks little of what matters.
var mustCompare = map[string][]string{
	"summaries": {"summaries.Tokens"},
	"por":       {"goroutines.StartNode", "goroutines.Guarded", "goroutines.Lookup", "goroutines.Warm"},
	// Methods whose receivers the shared states of sequences build: a
	// list's, a set's, a queue guarded by a mutex.
	"shared-sequences": {"(*api.List).First", "(*api.Set).Gap", "(*syncs.Queue).Peek"},
	// Functions whose states wait in a directed search once their
	// panics' instructions were executed: loops over a list's nodes, a
	// slice and a map, a search from the end.
	"directed": {"lists.InsertSorted", "loops.Max", "textbook.LastIndexBuggy", "(*equality.Seen).Count"},
}

// TestShortcutsLoseNothing analyses every function of the testdata
// packages with each shortcut off and on, and fails where the shortcut
// lost a finding of the plain search or called complete a function the
// plain search found a panic in. It fails too where more than maxShare
// of the functions could not be compared because a search ran out of
// budget: a comparison that skips what is hard says little.
func TestShortcutsLoseNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("the oracle runs eight searches of each testdata function: one for each shortcut, with the defaults, and with the directed search")
	}
	prog, err := ssaexec.Load("..", "./testdata/...")
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Release()
	fns := prog.Entries(true, nil)
	cfg := BaseConfig(*budget)
	short := analyseAll(prog, fns, cfg)
	for _, sc := range Shortcuts() {
		if *only != "" && sc.Name != *only {
			continue
		}
		t.Run(sc.Name, func(t *testing.T) {
			plainCfg, shortRecs := cfg, short
			sc.Plain(&plainCfg)
			plain := analyseAll(prog, fns, plainCfg)
			if sc.OffByDefault {
				shortCfg := cfg
				sc.Short(&shortCfg)
				shortRecs = analyseAll(prog, fns, shortCfg)
			}
			var tally Tally
			var compared []string
			for i := range fns {
				c := Diff(sc.Name, plain[i], shortRecs[i])
				tally.Count(c)
				if c.Differs() {
					t.Errorf("%s", c)
				}
				if c.Skipped == "" {
					compared = append(compared, c.Func)
				} else {
					t.Logf("skipped %s: %s", c.Func, c.Skipped)
				}
				if c.Skipped != "" && slices.Contains(mustCompare[sc.Name], c.Func) {
					t.Errorf("%s not compared: %s", c.Func, c.Skipped)
				}
			}
			t.Logf("%s\ncompared: %s", tally, strings.Join(compared, " "))
			if tally.SkippedShare() > maxShare {
				t.Errorf("%d of %d functions not compared (%.1f%%, more than %.0f%%): raise the budget, or make the searches cheaper",
					tally.Skipped, tally.Compared+tally.Skipped, 100*tally.SkippedShare(), 100*maxShare)
			}
		})
	}
}

// analyseAll analyses fns under cfg, as many at once as there are CPUs:
// budgets count work, so the records are the same either way.
func analyseAll(prog *ssaexec.Program, fns []*ssa.Function, cfg ssaexec.Config) []*result.FuncResult {
	out := make([]*result.FuncResult, len(fns))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				out[i] = prog.Analyze(fns[i], cfg)
			}
		})
	}
	for i := range fns {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// TestDiff checks what Diff calls a difference, on made-up records.
func TestDiff(t *testing.T) {
	at := func(line int, kind result.Kind) *result.Finding {
		return &result.Finding{Kind: kind, Pos: token.Position{Filename: "f.go", Line: line, Column: 2}, Message: "m"}
	}
	rec := func(st result.Status, limits []string, fs ...*result.Finding) *result.FuncResult {
		return &result.FuncResult{Func: "p.F", Status: st, Limits: limits, Findings: fs}
	}
	type outcome struct {
		Skipped         bool
		Lost, Extra     []string
		FalselyComplete bool
		Differs         bool
	}
	tests := []struct {
		name         string
		plain, short *result.FuncResult
		want         outcome
	}{
		{"same findings",
			rec(result.Failed, nil, at(3, result.NilDeref)), rec(result.Failed, nil, at(3, result.NilDeref)),
			outcome{}},
		{"a finding lost",
			rec(result.Failed, []string{"k"}, at(3, result.NilDeref), at(5, result.Index)), rec(result.Failed, nil, at(5, result.Index)),
			outcome{Lost: []string{"f.go:3:2 nil-deref"}, Differs: true}},
		{"another kind at the same place is lost",
			rec(result.Failed, nil, at(3, result.NilDeref)), rec(result.Failed, nil, at(3, result.Index)),
			outcome{Lost: []string{"f.go:3:2 nil-deref"}, Extra: []string{"f.go:3:2 index"}, Differs: true}},
		{"found only with the shortcut",
			rec(result.Complete, nil), rec(result.Failed, nil, at(3, result.NilDeref)),
			outcome{Extra: []string{"f.go:3:2 nil-deref"}}},
		{"the plain search ran out of budget",
			rec(result.Stopped, []string{"max-work"}, at(3, result.NilDeref)), rec(result.Bounded, []string{"k"}),
			outcome{Skipped: true}},
		{"the shortcut ran out of budget after a finding",
			rec(result.Failed, nil, at(3, result.NilDeref), at(5, result.Index)), rec(result.Failed, []string{"k", "max-work"}, at(5, result.Index)),
			outcome{Skipped: true}},
		{"the shortcut stopped deepening",
			rec(result.Failed, nil, at(3, result.NilDeref)), rec(result.Bounded, []string{"deepening stopped"}),
			outcome{Skipped: true}},
		{"complete with the latent finding the plain search found",
			rec(result.Stopped, []string{"max-work"}, at(3, result.NilDeref)), rec(result.Complete, nil, at(3, result.NilDeref)),
			outcome{Skipped: true}},
		{"complete where the stopped plain search found a panic",
			rec(result.Stopped, []string{"max-work"}, at(3, result.NilDeref)), rec(result.Complete, nil),
			outcome{Lost: []string{"f.go:3:2 nil-deref"}, FalselyComplete: true, Differs: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Diff("x", tt.plain, tt.short)
			got := outcome{c.Skipped != "", c.Lost, c.Extra, c.FalselyComplete, c.Differs()}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Diff (-want +got):\n%s\n%s", diff, c)
			}
		})
	}
}

// TestTally checks the counts of a shortcut's comparisons.
func TestTally(t *testing.T) {
	var tally Tally
	for _, c := range []*Comparison{
		{Shortcut: "x"},
		{Shortcut: "x", Extra: []string{"a", "b"}},
		{Shortcut: "x", Skipped: "budget"},
		{Shortcut: "x", Lost: []string{"a"}},
	} {
		tally.Count(c)
	}
	want := Tally{Shortcut: "x", Compared: 3, Skipped: 1, Differing: 1, Extra: 2}
	if diff := cmp.Diff(want, tally); diff != "" {
		t.Errorf("Tally (-want +got):\n%s", diff)
	}
	if got := fmt.Sprintf("%.2f", tally.SkippedShare()); got != "0.25" {
		t.Errorf("SkippedShare = %s, want 0.25", got)
	}
}
