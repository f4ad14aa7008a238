package realcode

import (
	"bytes"
	"context"
	"errors"
	"go/token"
	"strings"
	"testing"
	"time"

	"github.com/gosym/gosym/report"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/ssaexec"
)

// TestRealCode runs a small part of the full run: container/list from
// GOROOT and github.com/google/btree from the module cache, both replayed
// in their read-only directories.
func TestRealCode(t *testing.T) {
	if testing.Short() {
		t.Skip("fetches a module and analyses real packages: not with -short")
	}
	opts := Options{
		Modules: []Module{{"github.com/google/btree", "v1.1.3"}},
		Sets: []Set{
			{"std", []string{"container/list"}},
			{"btree", []string{"github.com/google/btree"}},
		},
		Workers: 2,
		// What must hold of any run holds at a smaller budget too.
		Config: ssaexec.DefaultConfig(),
	}
	opts.Config.MaxWork = 500_000
	rep, err := Run(context.Background(), opts)
	var fetch *FetchError
	if errors.As(err, &fetch) {
		t.Skipf("the module proxy is not reachable: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	checkReport(t, rep)
	var md bytes.Buffer
	rep.Markdown(&md, nil)
	t.Logf("%s", md.String())
}

// checkReport asserts what must hold of any run: every function has a
// status, none crashed gosym, and no finding's witness failed to panic.
func checkReport(t *testing.T, rep *Report) {
	t.Helper()
	if rep.Counts().Funcs == 0 {
		t.Fatal("no functions analysed")
	}
	for _, s := range rep.Sets {
		for _, p := range s.Packages {
			for _, r := range p.Results {
				if r.Status == "" {
					t.Errorf("%s has no status", r.Func)
				}
				if r.Status == result.Error {
					t.Errorf("%s: gosym crashed: %s", r.Func, firstLine(r.Err))
				}
			}
		}
	}
	for _, rec := range rep.Findings() {
		switch rec.Replay.Outcome {
		case report.NotReproduced:
			t.Errorf("%s: not reproduced: %s", rec.Key, rec.Replay.Reason)
		case ReplayFailed:
			// A whole package's replay failing hides whether its
			// findings reproduce; it is a gosym bug of its own, logged
			// rather than failed so that this test guards the rest.
			t.Logf("%s: %s", rec.Key, rec.Replay.Reason)
		}
	}
}

func TestReadTriage(t *testing.T) {
	src := `# comment

container/list (*list.List).Remove nil-deref src/container/list/list.go:10:3 | real | e.list is nil: caller contract
p f panic a.go:1:1 | false | the witness cannot be built
`
	got, err := ReadTriage(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	want := Verdict{Real, "e.list is nil: caller contract"}
	if v := got["container/list (*list.List).Remove nil-deref src/container/list/list.go:10:3"]; v != want {
		t.Errorf("got %+v, want %+v", v, want)
	}
	if len(got) != 2 {
		t.Errorf("got %d entries, want 2", len(got))
	}
	for _, bad := range []string{"a b c d | maybe | x", "a b c | real | x", "a b c d | real |", "a b c d real x", "a b c d | real | x\na b c d | false | y"} {
		if _, err := ReadTriage(strings.NewReader(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestTriageFile checks that the committed triage file parses.
func TestTriageFile(t *testing.T) {
	if _, err := ReadTriageFile("../../triage.txt"); err != nil {
		t.Fatal(err)
	}
}

// TestMarkdown checks the report's tables on a made-up run.
func TestMarkdown(t *testing.T) {
	f := &result.Finding{Kind: result.Index, Pos: token.Position{Filename: "/root/mod/m@v1/a.go", Line: 3, Column: 9},
		Message: "index out of range [0] with length 0 (a[0])", Call: "F([]int{})"}
	res := &result.FuncResult{Func: "m.F", PkgPath: "m", PkgName: "m", Status: result.Failed, Elapsed: time.Second, Findings: []*result.Finding{f},
		Latent: 2, Sequences: 5, SequencesPruned: 3, States: 40, SolverChecks: 12, Work: 900,
		WorkSplit: result.WorkSplit{Init: 100, API: 360, HandBuilt: 180, Entry: 260, Solver: 450},
		Summaries: result.SummaryStats{Applied: 4, Renamed: 1}}
	crash := &result.FuncResult{Func: "m.G", PkgPath: "m", PkgName: "m", Status: result.Error, Err: "boom\nstack"}
	p := &PackageReport{Path: "m", Results: []*result.FuncResult{res, crash},
		Replays: map[*result.Finding]report.ReplayResult{f: {Outcome: report.Confirmed}}}
	rep := &Report{Roots: Roots{GOMODCACHE: "/root/mod"}, Config: ssaexec.DefaultConfig(), Workers: 1,
		Sets: []*SetReport{{Name: "s", Packages: []*PackageReport{p}}}}
	key := "m m.F index m@v1/a.go:3:9"
	var md bytes.Buffer
	rep.Markdown(&md, map[string]Verdict{key: {Real, "empty slice"}})
	for _, want := range []string{
		"| m | 2 | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 1 | 1 | 2 | 5 (3) | 40 | 12 | 900 | 360 (40%) | 180 (20%) | 450 (50%) | 4 (1) | 1s |",
		"| 1 | `m@v1/a.go:3:9` | `m.F` | index | index out of range [0] with length 0 (a[0]) | `F([]int{})` | confirmed | real | empty slice |",
		"Replays: 1 confirmed. Verdicts: 1 real.",
		"- `m.G` (): boom",
	} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, md.String())
		}
	}
}
