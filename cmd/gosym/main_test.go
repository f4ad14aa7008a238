package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/gosym/gosym/report"
	"github.com/gosym/gosym/ssaexec"
)

func runGosym(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestTextOutput(t *testing.T) {
	code, out, errOut := runGosym(t, "-run", "ValueOrZero|SelfLoop", "../../testdata/lists")
	want := "" +
		"../../testdata/lists/lists.go:77:12: nil dereference: n is nil (compared with nil in n == nil at lists.go:76:7) (nil-deref in lists.ValueOrZero)\n" +
		"\tValueOrZero(nil)\n"
	if diff := cmp.Diff(want, rel(out)); diff != "" {
		t.Errorf("stdout (-want +got):\n%s", diff)
	}
	if code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	wantSum := regexp.MustCompile(`^gosym: 1 finding in 2 functions: 1 failed, 1 complete\n` +
		`gosym: coverage: 2 of 2 functions explored fully \(100%\)\n` +
		`gosym: findings by kind: 1 nil-deref\n` +
		`gosym: \S+ wall time, \S+ of analysis, \d+% of it in the solver\n$`)
	if !wantSum.MatchString(errOut) {
		t.Errorf("stderr = %q, want it to match %s", errOut, wantSum)
	}
}

func TestTraceOutput(t *testing.T) {
	_, out, _ := runGosym(t, "-trace", "-run", "InsertSorted", "../../testdata/lists")
	want := "" +
		"../../testdata/lists/lists.go:20:15: nil dereference: cur.Next is nil (nil-deref in lists.InsertSorted)\n" +
		"\thead := &Node{Val: 0, Next: nil}\n" +
		"\tInsertSorted(head, 0)\n" +
		"\t// path:\n" +
		"\t//   lists.go:14  n := &Node{Val: v}\n" +
		"\t//   lists.go:15  if head == nil || v < head.Val {  // head == nil is false\n" +
		"\t//   lists.go:15  if head == nil || v < head.Val {  // v < head.Val is false: v = 0, head.Val = 0\n" +
		"\t//   lists.go:19  cur := head\n" +
		"\t//   lists.go:20  for cur.Next.Val < v {  // panics\n"
	if diff := cmp.Diff(want, rel(out)); diff != "" {
		t.Errorf("stdout (-want +got):\n%s", diff)
	}
}

// rel undoes the printer's shortening of paths below the working
// directory, which the test's relative patterns are not.
func rel(s string) string {
	wd, _ := os.Getwd()
	root := filepath.Dir(filepath.Dir(wd))
	return strings.ReplaceAll(s, root+"/", "../../")
}

func TestJSONOutput(t *testing.T) {
	code, out, _ := runGosym(t, "-json", "-run", "ThreeBug", "../../testdata/lists")
	if code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("got %d JSON lines, want a finding and a function record:\n%s", len(lines), out)
	}
	var f report.FindingRecord
	var r report.FuncRecord
	if err := json.Unmarshal([]byte(lines[0]), &f); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(lines[1]), &r); err != nil {
		t.Fatal(err)
	}
	wantF := report.FindingRecord{
		Type:          "finding",
		Kind:          "nil-deref",
		Posn:          "lists.go:52:30",
		Func:          "lists.ThreeBug",
		Message:       "nil dereference: head.Next.Next.Next is nil",
		Input:         "head := &Node{Next: &Node{Next: &Node{Next: nil}}}\nThreeBug(head)",
		ExternalInput: "head := &lists.Node{Next: &lists.Node{Next: &lists.Node{Next: nil}}}\nlists.ThreeBug(head)",
	}
	f.Posn = filepath.Base(f.Posn)
	if diff := cmp.Diff(wantF, f, cmpopts.IgnoreFields(report.FindingRecord{}, "Trace")); diff != "" {
		t.Errorf("finding (-want +got):\n%s", diff)
	}
	if len(f.Trace) < 2 || !strings.HasSuffix(f.Trace[len(f.Trace)-1].Posn, "lists.go:52:30") {
		t.Fatalf("trace %v does not end at the panic", f.Trace)
	}
	if st := f.Trace[len(f.Trace)-2]; st.Branch != "count == 3 is true" || !slices.Equal(st.Values, []string{"count = 3"}) {
		t.Errorf("trace step before the panic is %+v, want the branch count == 3 with count = 3", st)
	}
	if r.Type != "func" || r.Func != "lists.ThreeBug" || r.Status != "failed" || r.Paths == 0 || r.States == 0 {
		t.Errorf("function record %+v", r)
	}
}

// TestParallelDeterministic checks that the output does not depend on how
// many functions are analysed at once, the times aside. The budget counts
// work, so a loaded machine cannot end a function early (maps.Longest
// once took over 10 s at -p 4 on a busy machine with 2 cores, when the
// budget was time).
func TestParallelDeterministic(t *testing.T) {
	pkgs := []string{"../../testdata/lists", "../../testdata/dlist", "../../testdata/funcs", "../../testdata/maps"}
	times := regexp.MustCompile(`"(millis|solver_millis)":\d+`)
	var outs []string
	for _, p := range []string{"1", "4"} {
		_, out, errOut := runGosym(t, append([]string{"-json", "-p", p}, pkgs...)...)
		if out == "" {
			t.Fatalf("-p %s: no output; stderr:\n%s", p, errOut)
		}
		outs = append(outs, times.ReplaceAllString(out, `"$1":0`))
	}
	if diff := cmp.Diff(outs[0], outs[1]); diff != "" {
		t.Errorf("-p 1 and -p 4 differ (-p1 +p4):\n%s", diff)
	}
}

// TestRunBudget checks that a run budget deepens the functions its first
// pass stopped: from 2,000 work units each, the run finds what a run
// with 500,000 for each finds, and says in which pass a function ended.
func TestRunBudget(t *testing.T) {
	findings := func(out string) (found []string, deepened int) {
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var r struct {
				Type, Kind, Posn string
				Notes            []string
			}
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("%v in %q", err, line)
			}
			if r.Type == "finding" {
				found = append(found, r.Kind+" at "+rel(r.Posn))
			}
			if slices.ContainsFunc(r.Notes, func(n string) bool { return strings.HasPrefix(n, "run budget: last pass ") }) {
				deepened++
			}
		}
		slices.Sort(found)
		return found, deepened
	}
	_, perFunc, _ := runGosym(t, "-json", "-cache=off", "-max-work", "500000", "../../testdata/probe")
	_, run, _ := runGosym(t, "-json", "-cache=off", "-max-work", "2000", "-budget", "1500000", "../../testdata/probe")
	want, _ := findings(perFunc)
	got, deepened := findings(run)
	if diff := cmp.Diff(want, got); diff != "" || len(want) == 0 {
		t.Errorf("findings under the run budget (-each function 500000 +run 1500000 from 2000):\n%s", diff)
	}
	if deepened == 0 {
		t.Error("no function says it was deepened")
	}
}

// TestRunBudgetLine checks the summary's line on a run budget: what it
// spent, and what more budget would have bought.
func TestRunBudgetLine(t *testing.T) {
	t.Parallel()
	tests := []struct {
		spent ssaexec.RunSpent
		want  string
	}{
		{ssaexec.RunSpent{Passes: 1, Spent: 900}, "run budget: 1 pass spent 900 of 1000 work units; every function finished within its bounds"},
		{ssaexec.RunSpent{Passes: 3, Spent: 990, Unfinished: 2, Next: 800}, "run budget: 3 passes spent 990 of 1000 work units; 2 functions not finished: the next pass needed 800 more (-budget 1790)"},
	}
	for _, tt := range tests {
		if got := runBudgetLine(1000, tt.spent); got != tt.want {
			t.Errorf("%+v:\n got %q\nwant %q", tt.spent, got, tt.want)
		}
	}
}

// TestMaxStates checks that a function stopped by its state budget says
// so.
func TestMaxStates(t *testing.T) {
	_, out, _ := runGosym(t, "-json", "-max-states", "5", "-run", `^loops\.Sum$`, "../../testdata/loops")
	var r report.FuncRecord
	if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &r); err != nil {
		t.Fatalf("%v in %q", err, out)
	}
	if r.Status != "stopped" || !slices.Contains(r.BoundsHit, "max-states of 5") {
		t.Errorf("status %q, bounds %q; want stopped by max-states of 5", r.Status, r.BoundsHit)
	}
}

func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module broken\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.go"), []byte("package broken\n\nfunc F() int { return \"x\" }\n"), 0o644)
	tests := []struct {
		name       string
		args       []string
		code       int
		stderrPart string
	}{
		{"clean", []string{"-run", "SelfLoop", "../../testdata/lists"}, 0, "1 complete"},
		{"findings", []string{"-run", "Average$", "../../testdata/arith"}, 1, "1 failed"},
		{"assumed panics are counted", []string{"-run", "Parse$", "../../testdata/misc"}, 0, "1 more panic rests on what calls gosym did not execute"},
		{"and shown with -assumed", []string{"-assumed", "-run", "Parse$", "../../testdata/misc"}, 1, "1 failed"},
		{"no packages named", nil, 2, "no packages named"},
		{"bad init", []string{"-init=eager", "../../testdata/lists"}, 2, `unknown initialization "eager"`},
		{"bad k", []string{"-k=0", "../../testdata/lists"}, 2, "-k must be at least 1"},
		{"bad run", []string{"-run=(", "../../testdata/lists"}, 2, "bad -run"},
		{"negative work", []string{"-max-work=-1", "../../testdata/lists"}, 2, "-max-work must not be negative"},
		{"no budget at all", []string{"-max-work=0", "../../testdata/lists"}, 2, "-max-work 0 needs another budget"},
		{"unlimited work under a timeout", []string{"-max-work=0", "-timeout=10m", "-run", "SelfLoop", "../../testdata/lists"}, 0, "1 complete"},
		{"no solver budget", []string{"-solver-budget=0", "../../testdata/lists"}, 2, "-solver-budget must be positive"},
		{"bad run budget", []string{"-budget=lots", "../../testdata/lists"}, 2, `-budget "lots" is neither work units`},
		{"negative run budget", []string{"-budget=-5", "../../testdata/lists"}, 2, "-budget must be positive"},
		{"run budget as a duration", []string{"-budget=1s", "-run", "Average$", "../../testdata/arith"}, 1, "1 failed"},
		{"run budget spent", []string{"-budget=1s", "-run", "Average$", "../../testdata/arith"}, 1, "gosym: run budget: 1 pass spent "},
		{"what more work would buy", []string{"-run", "Mid$", "../../testdata/arith"}, 0, "gosym: 1 function not finished within -max-work 50000: -max-work 100000 explores further"},
		{"bad solver chain", []string{"-solver=fast", "../../testdata/lists"}, 2, `unknown solver chain "fast"`},
		{"findings under validate", []string{"-solver=validate", "-run", "Average$", "../../testdata/arith"}, 1, "1 failed"},
		{"findings with Z3 alone", []string{"-solver=z3", "-run", "Average$", "../../testdata/arith"}, 1, "1 failed"},
		{"findings without models", []string{"-solver=nomodels", "-run", "Average$", "../../testdata/arith"}, 1, "1 failed"},
		{"bad summaries switch", []string{"-summaries=yes", "../../testdata/lists"}, 2, `bad -summaries "yes": want on or off`},
		{"bad search order", []string{"-search=bfs", "../../testdata/lists"}, 2, `bad -search "bfs": want depth-first or directed`},
		{"findings of a directed search", []string{"-search=directed", "-run", "Average$", "../../testdata/arith"}, 1, "1 failed"},
		{"findings with summaries", []string{"-summaries=on", "-run", "NearAll$", "../../testdata/summaries"}, 1, "1 failed"},
		{"nothing selected", []string{"-run=NoSuchFunc", "../../testdata/lists"}, 2, "no functions to analyse"},
		{"does not compile", []string{"./..."}, 2, `cannot use "x"`},
		{"no such package", []string{"../../testdata/nosuch"}, 2, "gosym: stat "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "does not compile" {
				t.Chdir(dir)
			}
			code, _, errOut := runGosym(t, tt.args...)
			if code != tt.code || !strings.Contains(errOut, tt.stderrPart) {
				t.Errorf("exit %d, stderr %q; want exit %d and stderr containing %q", code, errOut, tt.code, tt.stderrPart)
			}
		})
	}
}

// writeModule writes a module of the given files (path to source) under a
// new directory, with a go.mod naming it example.com/m, and returns the
// directory.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.22\n"
	for name, src := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestBrokenPackage checks that a package that does not compile is
// reported once, with its compiler error, and left out with the packages
// that import it, while the others are analysed; the exit status is 2.
func TestBrokenPackage(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"good/g.go":    "package good\n\nfunc F(p *int) int {\n\tif p == nil {\n\t\treturn *p\n\t}\n\treturn 0\n}\n",
		"bad/b.go":     "package bad\n\nfunc G() int { return x }\n",
		"client/c.go":  "package client\n\nimport \"example.com/m/bad\"\n\nfunc H() int { return bad.G() }\n",
		"other/o.go":   "package other\n\nfunc D(a, b int) int { return a / b }\n",
		"other/doc.go": "// Package other divides.\npackage other\n",
	})
	t.Chdir(dir)
	code, out, errOut := runGosym(t, "-cache=off", "./...")
	wantOut := "" +
		"good/g.go:5:10: nil dereference: p is nil (compared with nil in p == nil at g.go:4:7) (nil-deref in good.F)\n" +
		"\tF(nil)\n" +
		"other/o.go:3:33: integer divide by zero: b is 0 (div-zero in other.D)\n" +
		"\tD(0, 0)\n"
	if diff := cmp.Diff(wantOut, out); diff != "" {
		t.Errorf("stdout (-want +got):\n%s", diff)
	}
	if code != 2 {
		t.Errorf("exit code %d, want 2", code)
	}
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	wantFirst, wantLast := "bad/b.go:3:23: undefined: x", "gosym: 2 packages were not analysed: example.com/m/bad, example.com/m/client (errors above)"
	if lines[0] != wantFirst || lines[len(lines)-1] != wantLast {
		t.Errorf("stderr:\n%s\nwant its first line %q and its last %q", errOut, wantFirst, wantLast)
	}
	if n := strings.Count(errOut, "undefined: x"); n != 1 {
		t.Errorf("the compiler's error is written %d times, want once:\n%s", n, errOut)
	}
	if strings.Contains(errOut, "-: ") {
		t.Errorf("stderr has go/packages' \"-: \" prefix:\n%s", errOut)
	}
}

// TestNothingExplored checks that a run in which no path of any function
// ran to its end is not a silent success.
func TestNothingExplored(t *testing.T) {
	t.Chdir(writeModule(t, map[string]string{"cx/c.go": "package cx\n\nfunc Mul(a, b complex128) complex128 { return a * b }\n"}))
	code, out, errOut := runGosym(t, "./...")
	want := "gosym: nothing was explored: no path of any function analysed (1) ran to a return or a panic (-v gives each function's status and why)\n"
	if code != 2 || out != "" || !strings.HasSuffix(errOut, want) {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 2, no stdout, stderr ending %q", code, out, errOut, want)
	}
}

// TestAssertFromAnotherModule checks what the README tells a user of
// package assert: a module on Go 1.21 requires it, with a replace to the
// clone's copy, keeps its own go version through go mod tidy, and gosym
// reports the Assert that can fail there.
func TestAssertFromAnotherModule(t *testing.T) {
	clone, err := filepath.Abs("../../assert")
	if err != nil {
		t.Fatal(err)
	}
	dir := writeModule(t, map[string]string{"p/p.go": `package p

import "github.com/gosym/gosym/assert"

// Half halves an even n.
func Half(n int) int {
	assert.Assume(n >= 0)
	assert.Assert(n%2 == 0, "n is even")
	return n / 2
}
`})
	goMod := filepath.Join(dir, "go.mod")
	os.WriteFile(goMod, []byte("module example.com/m\n\ngo 1.21\n"), 0o644)
	t.Chdir(dir)
	for _, args := range [][]string{
		{"mod", "edit", "-require=github.com/gosym/gosym/assert@v0.0.0", "-replace=github.com/gosym/gosym/assert=" + clone},
		{"mod", "tidy"},
	} {
		cmd := exec.Command("go", args...)
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	data, err := os.ReadFile(goMod)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^go 1\.21$`).Match(data) {
		t.Errorf("go mod tidy changed the module's go version:\n%s", data)
	}
	code, out, _ := runGosym(t, "./...")
	want := "p/p.go:8:15: assertion failed: n is even (assert in p.Half)\n\tHalf(1)\n"
	if code != 1 || out != want {
		t.Errorf("exit %d, stdout %q; want exit 1 and %q", code, out, want)
	}
}

// TestArguments checks the command's arguments other than packages: .go
// files as go vet takes them, -version, and a run outside any module.
func TestArguments(t *testing.T) {
	mod := writeModule(t, map[string]string{"a/a.go": "package a\n\nfunc D(a, b int) int { return a / b }\n"})
	outside := t.TempDir()
	tests := []struct {
		name        string
		dir         string
		args        []string
		code        int
		out, errOut *regexp.Regexp
	}{
		{"a file", mod, []string{"-cache=off", "a/a.go"}, 1,
			regexp.MustCompile(`^a/a\.go:3:33: integer divide by zero: b is 0 \(div-zero in a\.D\)\n\tD\(0, 0\)\n$`), regexp.MustCompile(`^gosym: 1 finding in 1 function: 1 failed\n`)},
		{"version", mod, []string{"-version"}, 0,
			regexp.MustCompile(`^gosym \S+ .*go1\.\d+.* z3 \d+\.\d+\.\d+\n$`), regexp.MustCompile(`^$`)},
		{"outside a module", outside, []string{"./..."}, 2,
			regexp.MustCompile(`^$`), regexp.MustCompile(`\ngosym: the working directory is not inside a Go module: .*go mod init`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Chdir(tt.dir)
			code, out, errOut := runGosym(t, tt.args...)
			if code != tt.code || !tt.out.MatchString(out) || !tt.errOut.MatchString(errOut) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d, stdout matching %s, stderr matching %s", code, out, errOut, tt.code, tt.out, tt.errOut)
			}
		})
	}
}

// emitSource is the package TestEmitTests runs on: a function anyone
// can call wrongly, a panic a user reaches through the API, and a latent
// one that needs a state the API never builds.
const emitSource = `package emit

// Div divides.
func Div(a, b int) int { return a / b }

// Queue is a FIFO queue of ints; make one with NewQueue.
type Queue struct {
	items []int
	head  int
}

// NewQueue returns an empty queue.
func NewQueue() *Queue { return &Queue{} }

// Push adds x at the tail.
func (q *Queue) Push(x int) { q.items = append(q.items, x) }

// Pop removes and returns the head.
func (q *Queue) Pop() int {
	x := q.items[q.head]
	q.head++
	return x
}

// Len is the number of ints queued.
func (q *Queue) Len() int {
	if q.head > len(q.items) {
		panic("corrupt queue")
	}
	return len(q.items) - q.head
}
`

// TestEmitTests runs -emit-tests in a module of its own: the tests a user
// could write go in the external test package's file, latent ones (with
// -latent) in the package's own, both replayed confirmed; a file gosym
// wrote that has no tests left is removed, and a file of that name that
// gosym did not write is left alone.
func TestEmitTests(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if os.IsNotExist(err) {
			return ""
		}
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	write("go.mod", "module example.com/emit\n\ngo 1.22\n")
	write("emit.go", emitSource)
	t.Chdir(dir)

	code, out, errOut := runGosym(t, "-emit-tests", "-json", ".")
	if code != 1 {
		t.Fatalf("exit code %d, want 1; stderr:\n%s", code, errOut)
	}
	got := map[string]report.FindingRecord{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec report.FindingRecord
		if !strings.HasPrefix(line, `{"type":"finding"`) {
			continue
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		{
			got[rec.Func] = report.FindingRecord{Input: rec.Input, ExternalInput: rec.ExternalInput, Replay: rec.Replay, ReplayReason: rec.ReplayReason}
		}
	}
	want := map[string]report.FindingRecord{
		"emit.Div":          {Input: "Div(0, 0)", ExternalInput: "emit.Div(0, 0)", Replay: "confirmed"},
		"(*emit.Queue).Pop": {Input: "q := NewQueue()\nq.Pop()", ExternalInput: "q := emit.NewQueue()\nq.Pop()", Replay: "confirmed"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
	external := read("gosym_witness_test.go")
	for _, part := range []string{"package emit_test\n", "\n\t\"example.com/emit\"\n", "func TestGosymWitness_Div_1(", "\temit.Div(0, 0)\n", "\tq := emit.NewQueue()\n"} {
		if !strings.Contains(external, part) {
			t.Errorf("the external test package's file lacks %q:\n%s", part, external)
		}
	}
	if internal := read("gosym_witness_internal_test.go"); internal != "" {
		t.Errorf("an in-package test file was written without latent findings:\n%s", internal)
	}
	// The workflow the README gives: the emitted test fails while the
	// bug is there, edits elsewhere in the file leave it valid, and it
	// passes once the bug is fixed.
	divTest := func() (string, error) {
		out, err := exec.Command("go", "test", "-count=1", "-run", "^TestGosymWitness_Div_1$", ".").CombinedOutput()
		return string(out), err
	}
	wantFail := "gosym: reproduced: runtime error: integer divide by zero\n        \tin Div: func Div(a, b int) int { return a / b }\n        on the input\n        \temit.Div(0, 0)\n"
	if out, err := divTest(); err == nil || !strings.Contains(out, wantFail) {
		t.Errorf("go test of the emitted test: %v\n%s\nwant it to fail with\n%s", err, out, wantFail)
	}
	write("emit.go", strings.Replace(emitSource, "// Div divides.", "// Three lines\n// above the bug.\n\n// Div divides.", 1))
	if out, err := divTest(); err == nil || !strings.Contains(out, wantFail) {
		t.Errorf("go test of the emitted test, the bug moved 3 lines down: %v\n%s\nwant it to fail with\n%s", err, out, wantFail)
	}
	write("emit.go", strings.Replace(emitSource, "func Div(a, b int) int { return a / b }", "func Div(a, b int) int {\n\tif b == 0 {\n\t\treturn 0\n\t}\n\treturn a / b\n}", 1))
	if out, err := divTest(); err != nil {
		t.Errorf("go test of the emitted test, the bug fixed: %v\n%s\nwant it to pass", err, out)
	}
	write("emit.go", emitSource)

	code, out, errOut = runGosym(t, "-emit-tests", "-latent", ".")
	if code != 1 || strings.Contains(out, "not-reproduced") || strings.Contains(out, "not-replayable") {
		t.Fatalf("exit code %d, stdout:\n%s\nstderr:\n%s\nwant every finding confirmed", code, out, errOut)
	}
	internal := read("gosym_witness_internal_test.go")
	for _, part := range []string{"package emit\n", "func TestGosymWitness_Queue_Len_1(", "// Latent: the input writes by hand what callers get from the package's API (Queue).",
		"\tq := &Queue{items: []int{}, head: 1}\n\tdefer gosymNoPanic(gosymT, gosymPanic{\n", "\t\tfn:    \"(*Queue).Len\",\n\t\tstmt:  \"panic(\\\"corrupt queue\\\")\",\n", "\t})\n\tq.Len()\n"} {
		if !strings.Contains(internal, part) {
			t.Errorf("the in-package test file lacks %q:\n%s", part, internal)
		}
	}
	if code, _, errOut = runGosym(t, "-emit-tests", "."); code != 1 {
		t.Fatalf("exit code %d, want 1; stderr:\n%s", code, errOut)
	}
	if internal := read("gosym_witness_internal_test.go"); internal != "" {
		t.Errorf("the in-package test file outlived its latent findings:\n%s", internal)
	}

	write("mine_test.go", "package emit\n")
	code, _, errOut = runGosym(t, "-emit-tests", "-test-file", "mine_test.go", ".")
	if code != 2 || !strings.Contains(errOut, "was not generated by gosym") {
		t.Errorf("exit code %d, stderr %q; want 2 and a refusal to overwrite", code, errOut)
	}
}

// TestBadDirectives checks that malformed //gosym: comments are reported,
// with their positions, and not applied.
func TestBadDirectives(t *testing.T) {
	dir := t.TempDir()
	src := "package bad\n\n" +
		"// Get returns a[3].\n" +
		"//\n" +
		"//gosym:k zero\n" +
		"//gosym:frobnicate\n" +
		"func Get(a []int) int {\n" +
		"\t//gosym:ignore\n" +
		"\treturn a[3] //gosym:loops 2\n" +
		"}\n"
	for name, text := range map[string]string{"go.mod": "module example.com/bad\n\ngo 1.22\n", "bad.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	code, out, errOut := runGosym(t, ".")
	if code != 1 || !strings.Contains(out, "index out of range [3] with length 0") {
		t.Errorf("exit code %d, stdout:\n%s\nwant the finding the bad ignore does not hide", code, out)
	}
	file := filepath.Join(dir, "bad.go")
	want := []string{
		"gosym: " + file + `:5:1: //gosym:k: want a positive integer, got "zero" (not applied)`,
		"gosym: " + file + ":6:1: unknown directive //gosym:frobnicate (want ignore, k, kbytes, n, loops, recursion, seq, max-work or timeout) (not applied)",
		"gosym: " + file + ":8:2: //gosym:ignore needs a reason (not applied)",
		"gosym: " + file + ":9:14: //gosym:loops belongs in a function's doc comment (not applied)",
	}
	got := strings.Split(errOut, "\n")[:len(want)]
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("stderr (-want +got):\n%s", diff)
	}
}
