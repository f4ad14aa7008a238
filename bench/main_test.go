package main

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/gosym/gosym/result"
)

// testWork is the budget of one run in the tests, in work units, so
// that the runs end alike on any machine under any load: the largest row
// at k <= 2 (LeftistHeap.merge, lazy) takes 43,913.
const testWork = 1_000_000

func testHarness(t *testing.T, ks []int) *harness {
	t.Helper()
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	opts := options{ks: ks, modes: modes, run: regexp.MustCompile(""), work: testWork}
	h, err := newHarness(root, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.prog.Release)
	h.log = testWriter{t}
	return h
}

// testWriter sends the harness's progress to the test log.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(string(p))
	return len(p), nil
}

// TestKBound runs Table I at k = 1 and 2 (k = 1 with -short) and checks
// two things on every row: the path counts fall, or stay, from lazy to
// lazier to lazier#, and on the rows whose port explores Kiasan's paths,
// lazier# finds exactly the paper's count.
func TestKBound(t *testing.T) {
	ks := []int{1, 2}
	if testing.Short() {
		ks = ks[:1]
	}
	results := testHarness(t, ks).kbound()
	if len(results) != len(tableI)*len(ks)*len(modes) {
		t.Fatalf("%d runs, want %d", len(results), len(tableI)*len(ks)*len(modes))
	}
	for _, r := range results {
		if r.m.Status == result.Error || r.m.Status == result.Unsupported || r.m.Status == result.Stopped || len(r.m.Findings) > 0 {
			t.Errorf("%s at k = %d in %s: status %s, %d findings", r.row.name, r.k, modes[r.mode], r.m.Status, len(r.m.Findings))
		}
	}
	if v := monotoneViolations(results); len(v) > 0 {
		t.Errorf("a lazier mode explores more paths:\n%v", v)
	}
	got, want := map[string]int{}, map[string]int{}
	for _, r := range results {
		if r.row.exact && modes[r.mode] == "lazier#" {
			key := fmt.Sprintf("%s k=%d", r.row.name, r.k)
			got[key], want[key] = r.m.Paths, r.row.paperPaths[r.mode][r.k-1]
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("lazier# paths (-paper +gosym):\n%s", diff)
	}
}

// TestMonotoneViolations checks the check itself on made-up counts.
func TestMonotoneViolations(t *testing.T) {
	row := kRow{name: "m"}
	cell := func(k, mode, paths int, st result.Status) kResult {
		return kResult{row: row, k: k, mode: mode, m: &result.FuncResult{Status: st, Paths: paths}}
	}
	results := []kResult{
		cell(1, 0, 9, result.Bounded), cell(1, 1, 5, result.Bounded), cell(1, 2, 7, result.Bounded),
		cell(2, 0, 3, result.Timeout), cell(2, 1, 5, result.Bounded), cell(2, 2, 5, result.Complete),
	}
	want := []string{"m at k = 1: lazier 5 paths, lazier# 7"}
	if diff := cmp.Diff(want, monotoneViolations(results)); diff != "" {
		t.Errorf("violations (-want +got):\n%s", diff)
	}
}

// TestParseFlags checks the harness's flags and their errors.
func TestParseFlags(t *testing.T) {
	tests := []struct {
		args    []string
		wantErr string
	}{
		{[]string{"-tables", "kbound", "-k", "1,3", "-modes", "lazier#"}, ""},
		{[]string{"-k", "0"}, `-k: want values from 1 on, got "0"`},
		{[]string{"-tables", "tableIII"}, `unknown table "tableIII" (want one of kbound, nbound, abstraction, peers, realcode, speed, firstfind, summaries, concurrency, schedules)`},
		{[]string{"-tables", "speed", "-speed-work", "100000,2000000"}, ""},
		{[]string{"-speed-work", "100k"}, `bad -speed-work "100k": want positive work budgets, comma-separated`},
		{[]string{"-modes", "eager"}, `unknown mode "eager" (want one of lazy, lazier, lazier#)`},
		{[]string{"extra"}, `unexpected arguments ["extra"]`},
		{[]string{"-compare", "a.md,b.md"}, ""},
		{[]string{"-tables", "concurrency", "-concurrency-runs", "5", "-concurrency-timeout", "1s"}, ""},
		{[]string{"-concurrency-timeout", "0s"}, "bad -concurrency-timeout 0s: want a positive duration"},
		{[]string{"-compare", "a.md,b.md,c.md"}, "-compare: want one file or two, got 3"},
	}
	for _, tt := range tests {
		_, err := parseFlags(tt.args)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.wantErr {
			t.Errorf("parseFlags(%q) error %q, want %q", tt.args, got, tt.wantErr)
		}
	}
}

// TestPercentile checks the nearest-rank percentiles of the speed table.
func TestPercentile(t *testing.T) {
	sorted := []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	tests := []struct {
		values []int64
		p      int
		want   int64
	}{
		{sorted, 50, 5},
		{sorted, 90, 9},
		{sorted, 100, 10},
		{sorted, 1, 1},
		{[]int64{7}, 50, 7},
		{nil, 50, 0},
	}
	for _, tt := range tests {
		if got := percentile(tt.values, tt.p); got != tt.want {
			t.Errorf("percentile(%v, %d) = %d, want %d", tt.values, tt.p, got, tt.want)
		}
	}
}

// TestWriteKBound checks Table I's Markdown on made-up runs beyond the
// paper's k, of a row with the paper's figures and one without: the
// speedup stays at the paper's largest k, and each lazier# step gets its
// growth.
func TestWriteKBound(t *testing.T) {
	paper := kRow{name: "P", paperPaths: &[3][3]int{{1, 2, 3}, {1, 2, 3}, {1, 2, 3}}, paperTime: &[3]float64{0.1, 1, 10}}
	bare := kRow{name: "B"}
	lazierSharp := slices.Index(modes, "lazier#")
	cell := func(row kRow, k int, states int, d time.Duration) kResult {
		return kResult{row: row, k: k, mode: lazierSharp,
			m: &result.FuncResult{Status: result.Bounded, Paths: k, States: states, SolverChecks: 2 * states, Elapsed: d}}
	}
	var b strings.Builder
	writeKBound(&b, []kResult{
		cell(paper, 3, 100, 100*time.Millisecond), cell(paper, 4, 1000, 5*time.Second),
		cell(bare, 1, 10, time.Millisecond), cell(bare, 2, 30, 4*time.Millisecond),
	})
	for _, want := range []string{
		"### lazier# at k = 3 against the paper's fastest time",
		"| P | 3 | 3 | 100 ms | 10.0 s | 100.0x |",
		"| P | 3 to 4 | 100 ms to 5.00 s | 50.0x | 10.0x | 10.0x |",
		"| B | 1 to 2 | 1.0 ms to 4.0 ms | 4.0x | 3.0x | 3.0x |",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no line %q in:\n%s", want, b.String())
		}
	}
}

// TestSummaries runs the micro-benchmark of "Procedure summaries for Boolean
// programs with references" (ZING) at N = 5, 10 and 50 and checks that,
// without summaries, the search takes each of the 2^N choices of the levels'
// bools once and finds the assertions hold; with them, the states grow by 9 a
// level (9N - 8): a call of M is recorded once one with its key was made
// before, and from then on each level's calls of the level below are answered
// by summaries.
func TestSummaries(t *testing.T) {
	h := testHarness(t, nil)
	h.opts.run = regexp.MustCompile(`Run(5|10|50)$`)
	var got []string
	line := func(n int, how string, m *result.FuncResult) string {
		return fmt.Sprintf("N=%d %s: %s, %d paths, %d states, %d findings, %+v", n, how, m.Status, m.Paths, m.States, len(m.Findings), m.Summaries)
	}
	for _, r := range h.summaries() {
		if r.without != nil {
			got = append(got, line(r.row.n, "without", r.without))
		}
		got = append(got, line(r.row.n, "with", r.with))
	}
	want := []string{
		"N=5 without: complete, 32 paths, 65 states, 0 findings, {Recorded:0 Broken:0 Dropped:0 Applied:0 Covered:0 Renamed:0}",
		"N=5 with: complete, 6 paths, 37 states, 0 findings, {Recorded:16 Broken:0 Dropped:0 Applied:10 Covered:7 Renamed:0}",
		"N=10 without: complete, 1024 paths, 2049 states, 0 findings, {Recorded:0 Broken:0 Dropped:0 Applied:0 Covered:0 Renamed:0}",
		"N=10 with: complete, 11 paths, 82 states, 0 findings, {Recorded:36 Broken:0 Dropped:0 Applied:25 Covered:17 Renamed:0}",
		// Foo.Clone's calls are recorded until trialCalls of them, none
		// answered, stop its summaries (at N = 5 and 10 fewer are made).
		"N=50 with: complete, 51 paths, 442 states, 0 findings, {Recorded:131 Broken:0 Dropped:0 Applied:145 Covered:97 Renamed:0}",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("summaries table (-want +got):\n%s", diff)
	}
}

// TestSchedules checks the schedules table: the distributed sort's
// broken assertion needs one preemption, and is found at every bound from
// there, with and without partial-order reduction, which explores fewer
// paths.
func TestSchedules(t *testing.T) {
	h := testHarness(t, nil)
	const witness = "l := &List{Header: &Node{Elem: 0, Next: &Node{Elem: -1, Next: &Node{Elem: -2, Next: nil}}}}; l.Sort()"
	var got []string
	paths := map[int][2]int{}
	for _, r := range h.schedules() {
		finding := "none"
		if len(r.m.Findings) == 1 {
			f := r.m.Findings[0]
			finding = fmt.Sprintf("%s at %d: %s", f.Kind, f.Pos.Line, strings.Join(append(append([]string{}, f.Setup...), f.Call), "; "))
		}
		got = append(got, fmt.Sprintf("%d %v: %s, %s", r.preemptions, r.reduced, r.m.Status, finding))
		p := paths[r.preemptions]
		if r.reduced {
			p[0] = r.m.Paths
		} else {
			p[1] = r.m.Paths
		}
		paths[r.preemptions] = p
	}
	found := "failed, assert at 65: " + witness
	want := []string{
		"0 true: bounded, none", "0 false: bounded, none",
		"1 true: " + found, "1 false: " + found,
		"2 true: " + found, "2 false: " + found,
		"3 true: " + found, "3 false: " + found,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("schedules table (-want +got):\n%s", diff)
	}
	for p, n := range paths {
		if p > 0 && n[0] >= n[1] {
			t.Errorf("at %d preemptions: %d paths with reduction, %d without; want fewer with it", p, n[0], n[1])
		}
	}
}
