package report

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gosym/gosym/result"
)

// Outcome is what replaying a finding's test showed.
type Outcome string

// The outcomes of a replay.
const (
	// Confirmed: the test panicked as the finding says.
	Confirmed Outcome = "confirmed"
	// NotReproduced: the test ran and did not panic as reported. This is
	// a bug in gosym.
	NotReproduced Outcome = "not-reproduced"
	// NotReplayable: no test could be built or run for the finding.
	NotReplayable Outcome = "not-replayable"
	// ScheduleDependent: the finding needs a schedule of goroutines that
	// no run of its test took (ScheduleRuns of them): neither confirmed
	// nor refuted.
	ScheduleDependent Outcome = "schedule-dependent"
)

// ReplayResult is the replay of one finding.
type ReplayResult struct {
	Outcome Outcome
	// Reason says why a finding was not reproduced or not replayable, or,
	// for one confirmed without optimization, what the optimized test saw.
	Reason string
	// Unoptimized marks a finding confirmed only by its test compiled
	// with NoOptimization: optimized, the panic came on another line.
	Unoptimized bool
}

// ReplayOptions tune Replay.
type ReplayOptions struct {
	// File is the external test package's file name in the package
	// directory (DefaultFile if empty); the in-package file is named
	// InternalFile(File). Replay puts them there through a build overlay:
	// the directory is not written.
	File string
	// Timeout bounds the run of the tests (default one minute).
	Timeout time.Duration
	// BuildFlags are added to go test -c: -gcflags=-N -l, say, so that
	// the compiler neither inlines a callee's nil check into its caller's
	// line nor moves it.
	BuildFlags []string
	// Copies, if set, holds the copies of modules of the module cache
	// that packages there are replayed in; without it, Replay copies the
	// package's module into a temporary directory of its own.
	Copies *Copies
}

// wasNotRaisedAt is how gosymNoPanic (see generate.go) fails a test
// whose panic, as reported, came from another statement.
const wasNotRaisedAt = "not at"

// reproduced starts the failure of a test whose call panicked as
// reported, or whose invariant is broken as reported.
const reproduced = "gosym: reproduced: "

// NoOptimization is the build flag that compiles the package under test
// without optimization or inlining. Optimized, gc may move a nil check to
// a later dereference of the same pointer, or into the caller of an
// inlined function, so that a test sees the panic on another line (see
// golang/go#80518 and #72860).
const NoOptimization = "-gcflags=-N -l"

// maxRounds bounds the compilations: each one that fails drops the tests
// the compiler named.
const maxRounds = 5

// Replay builds the suite's tests against the package in dir and runs
// them, returning a result per test name. Tests whose witness does not
// compile are dropped (their findings are NotReplayable) and the rest
// built again. Source then gives the file as last built.
func Replay(s *Suite, dir string, opts ReplayOptions) (map[string]ReplayResult, error) {
	if opts.File == "" {
		opts.File = DefaultFile
	}
	if opts.Timeout == 0 {
		opts.Timeout = time.Minute
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "gosym-replay")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	copies := opts.Copies
	if copies == nil {
		if copies, err = NewCopies(filepath.Join(tmp, "modcopy"), ""); err != nil {
			return nil, err
		}
	}
	if dir, err = copies.ReplayDir(dir); err != nil {
		return nil, err
	}
	r := &replayer{suite: s, dir: dir, tmp: tmp, opts: opts, results: map[string]ReplayResult{}}
	races := r.raceTests()
	for _, t := range races {
		r.results[t.Name] = ReplayResult{} // replayed apart, below
	}
	for _, t := range s.Tests {
		if t.Omitted != "" {
			r.results[t.Name] = ReplayResult{Outcome: NotReplayable, Reason: t.Omitted}
		}
	}
	bin, err := r.build()
	if err != nil {
		return nil, err
	}
	if bin != "" {
		r.run(bin)
		// A binary that fails before running a test leaves the rest here.
		r.failAll(NotReplayable, "the test binary did not run the test")
	}
	if err := r.replayApart(races, "-race"); err != nil {
		return nil, err
	}
	r.excuseAssumed()
	if err := r.retryUnoptimized(); err != nil {
		return nil, err
	}
	return r.results, nil
}

// raceTests returns the live tests of data races, unless the binary is
// built with the race detector already. They run in a binary of their
// own: under -race, the runtime finds no deadlock, which other tests
// expect.
func (r *replayer) raceTests() []*Test {
	if slices.Contains(r.opts.BuildFlags, "-race") {
		return nil
	}
	var out []*Test
	for _, t := range r.suite.Tests {
		if t.Omitted == "" && t.Finding.Kind == result.Race {
			out = append(out, t)
		}
	}
	return out
}

// replayApart replays tests in a suite of their own, built with flag,
// and takes their results.
func (r *replayer) replayApart(tests []*Test, flag string) error {
	results, err := r.replayAlone(tests, flag)
	for t, res := range results {
		r.results[t.Name] = res
	}
	return err
}

// replayAlone replays tests in a suite of their own, built with flag as
// well, and returns their results.
func (r *replayer) replayAlone(tests []*Test, flag string) (map[*Test]ReplayResult, error) {
	if len(tests) == 0 {
		return nil, nil
	}
	findings := make([]*result.Finding, len(tests))
	of := map[*result.Finding]*Test{}
	for i, t := range tests {
		findings[i], of[t.Finding] = t.Finding, t
	}
	alone := NewSuite(r.suite.PkgPath, r.suite.PkgName, findings)
	opts := r.opts
	opts.BuildFlags = append(slices.Clip(opts.BuildFlags), flag)
	again, err := Replay(alone, r.dir, opts)
	if err != nil {
		return nil, err
	}
	out := map[*Test]ReplayResult{}
	for _, t := range alone.Tests {
		out[of[t.Finding]] = again[t.Name]
	}
	return out, nil
}

// retryUnoptimized replays again, compiled with NoOptimization, the tests
// that panicked as reported but on another line, which is what gc's
// optimizations do to nil checks; those it confirms are Unoptimized.
func (r *replayer) retryUnoptimized() error {
	if slices.Contains(r.opts.BuildFlags, NoOptimization) {
		return nil
	}
	var moved []*Test
	for _, t := range r.suite.Tests {
		if res := r.results[t.Name]; res.Outcome == NotReproduced && strings.Contains(res.Reason, wasNotRaisedAt) {
			moved = append(moved, t)
		}
	}
	again, err := r.replayAlone(moved, NoOptimization)
	if err != nil {
		return err
	}
	for t, res := range again {
		if res.Outcome == Confirmed {
			r.results[t.Name] = ReplayResult{Outcome: Confirmed, Reason: r.results[t.Name].Reason, Unoptimized: true}
			t.Unoptimized = true
		}
	}
	return nil
}

// excuseAssumed marks not replayable the findings that rest on what calls
// gosym did not execute returned (see ssaexec.Config.Assumed): a test
// cannot make those calls return it, so that it does not panic is no
// sign of a bug.
func (r *replayer) excuseAssumed() {
	for _, t := range r.suite.Tests {
		res := r.results[t.Name]
		if calls := t.Finding.Approximated; len(calls) > 0 && res.Outcome == NotReproduced {
			r.results[t.Name] = ReplayResult{Outcome: NotReplayable, Reason: fmt.Sprintf("it rests on what %s returned or changed, which the test does not control (%s)",
				strings.Join(calls, ", "), res.Reason)}
		}
	}
}

type replayer struct {
	suite    *Suite
	dir, tmp string
	opts     ReplayOptions
	results  map[string]ReplayResult
}

// build compiles the package's tests with the suite's file, dropping the
// tests the compiler rejects. It returns the test binary, or "" when no
// test is left.
func (r *replayer) build() (string, error) {
	bin := filepath.Join(r.tmp, "witness.test")
	for range maxRounds {
		if r.live() == 0 {
			return "", nil
		}
		files, err := r.suite.Files(r.opts.File)
		if err != nil {
			// A witness that does not parse: each test alone tells which.
			if !r.isolate(bin) {
				r.failAll(NotReplayable, err.Error())
				return "", nil
			}
			continue
		}
		overlay, err := r.overlay(files)
		if err != nil {
			return "", err
		}
		out, err := r.compile(bin, overlay)
		if err == nil {
			return bin, nil
		}
		if strings.Contains(out, importCycleInTest) && r.inPackageLive() {
			// No in-package test of this package builds: testing
			// imports the package. Its witnesses are built as exported
			// functions of a file that imports nothing else, tested from
			// the external test package; the witnesses whose imports
			// import the package are left out; if that fails too, one
			// build says so for all, where each alone would cost one.
			switch {
			case !r.suite.Exported:
				r.suite.Exported = true
			case !r.omitImporting(out):
				r.omitInPackage(cycleReason(r.suite.PkgPath))
			}
			continue
		}
		if !r.dropRejected(files, out) {
			// An error no test's lines hold (an import the package may
			// not make, say): each test alone tells which.
			if !r.isolate(bin) {
				r.failAll(NotReplayable, "the package's tests do not build: "+firstLines(out, 3))
				return "", nil
			}
		}
	}
	r.failAll(NotReplayable, "the generated tests do not build")
	return "", nil
}

// compile builds the package's test binary into bin with the overlay,
// returning the go command's output on failure.
func (r *replayer) compile(bin, overlay string) (string, error) {
	// Not vet: in the standard library go test runs all of it, and
	// unusedresult refuses a witness that calls (*bytes.Buffer).String
	// for its panic alone.
	args := append([]string{"test", "-c", "-vet=off", "-o", bin, "-overlay", overlay}, r.opts.BuildFlags...)
	cmd := exec.Command("go", append(args, ".")...)
	cmd.Dir = r.dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// isolate builds each live test in a file of its own, and omits those
// that do not build, so that one bad witness costs its own finding only.
// Where no test builds alone, the fault is the package's: it omits none,
// and reports false.
func (r *replayer) isolate(bin string) bool {
	rejected := map[*Test]string{}
	built := false
	for _, t := range r.suite.Tests {
		if t.Omitted != "" {
			continue
		}
		if why := r.buildAlone(bin, t); why != "" {
			rejected[t] = why
		} else {
			built = true
		}
	}
	if !built {
		return false
	}
	for t, why := range rejected {
		t.Omitted = why
		r.results[t.Name] = ReplayResult{Outcome: NotReplayable, Reason: t.Omitted}
	}
	return true
}

// buildAlone builds the package's tests with t's alone, returning why
// they do not build, or "".
func (r *replayer) buildAlone(bin string, t *Test) string {
	alone := &Suite{PkgPath: r.suite.PkgPath, PkgName: r.suite.PkgName, Tests: []*Test{t}}
	files, err := alone.Files(r.opts.File)
	if err != nil {
		return "its witness does not compile: " + err.Error()
	}
	overlay, err := r.overlay(files)
	if err != nil {
		return "its test cannot be written: " + err.Error()
	}
	if out, err := r.compile(bin, overlay); err != nil {
		return buildFailure(r.suite.PkgPath, t.External, out)
	}
	return ""
}

// buildFailure says why the tests of package pkg did not build, from the
// go command's output: its first lines, or, for an in-package test of a
// package that testing itself imports (io, strings, os), that no such
// test can exist.
func buildFailure(pkg string, external bool, out string) string {
	if !external && strings.Contains(out, importCycleInTest) {
		return cycleReason(pkg)
	}
	return "its witness does not compile: " + firstLines(out, 3)
}

// importCycleInTest is how the go command refuses a test of a package
// that the test's own imports import.
const importCycleInTest = "import cycle not allowed in test"

// cycleReason says why no in-package test of pkg builds.
func cycleReason(pkg string) string {
	return "no in-package test of " + pkg + " can be built: the packages a test imports (testing, fmt) import " + pkg
}

// omitImporting omits the live in-package tests whose witnesses import
// a package that, as the go command's output out says, imports the
// package under test, reporting whether there was one.
func (r *replayer) omitImporting(out string) bool {
	m := cycleImport.FindStringSubmatch(out)
	if m == nil || m[2] != InternalFile(r.opts.File) {
		return false
	}
	omitted := false
	for _, t := range r.suite.Tests {
		if t.Omitted == "" && !t.External && slices.Contains(t.code().imports, m[1]) {
			t.Omitted = fmt.Sprintf("its witness names package %s, which imports %s: no test file of %s can import it", m[1], r.suite.PkgPath, r.suite.PkgPath)
			r.results[t.Name] = ReplayResult{Outcome: NotReplayable, Reason: t.Omitted}
			omitted = true
		}
	}
	return omitted
}

// cycleImport matches the import of the generated file that closes an
// import cycle, in the go command's report of it.
var cycleImport = regexp.MustCompile(`imports (\S+) from (\S+)`)

// inPackageLive reports whether an in-package test is live.
func (r *replayer) inPackageLive() bool {
	return slices.ContainsFunc(r.suite.Tests, func(t *Test) bool { return t.Omitted == "" && !t.External })
}

// omitInPackage omits every live in-package test for why.
func (r *replayer) omitInPackage(why string) {
	for _, t := range r.suite.Tests {
		if t.Omitted == "" && !t.External {
			t.Omitted = why
			r.results[t.Name] = ReplayResult{Outcome: NotReplayable, Reason: why}
		}
	}
}

// live counts the tests not omitted.
func (r *replayer) live() int {
	n := 0
	for _, t := range r.suite.Tests {
		if t.Omitted == "" {
			n++
		}
	}
	return n
}

// overlay writes the files in the temporary directory and an overlay
// that puts them in the package's.
func (r *replayer) overlay(files []File) (string, error) {
	replace := map[string]string{}
	for _, f := range files {
		file := filepath.Join(r.tmp, f.Name)
		if err := os.WriteFile(file, f.Src, 0o644); err != nil {
			return "", err
		}
		replace[filepath.Join(r.dir, f.Name)] = file
	}
	data, err := json.Marshal(map[string]map[string]string{"Replace": replace})
	if err != nil {
		return "", err
	}
	overlay := filepath.Join(r.tmp, "overlay.json")
	return overlay, os.WriteFile(overlay, data, 0o644)
}

// compileError matches a compiler error in the generated file.
var compileError = regexp.MustCompile(`(?m)^(?:\S*/)?([^/\s:]+\.go):(\d+):(?:\d+:)? (.*)$`)

// dropRejected omits the tests in whose lines the compiler found errors,
// reporting whether every error lay in one of them.
func (r *replayer) dropRejected(files []File, out string) bool {
	spans := map[string]map[string][2]int{}
	for _, f := range files {
		spans[f.Name] = testSpans(f.Src)
	}
	dropped := false
	for _, m := range compileError.FindAllStringSubmatch(out, -1) {
		fileSpans, ours := spans[m[1]]
		if !ours {
			return false
		}
		line, _ := strconv.Atoi(m[2])
		t := r.testAt(fileSpans, line)
		if t == nil {
			return false
		}
		if t.Omitted == "" {
			t.Omitted = "its witness does not compile: " + m[3]
			r.results[t.Name] = ReplayResult{Outcome: NotReplayable, Reason: t.Omitted}
			dropped = true
		}
	}
	return dropped
}

// testSpans returns the line range of each test function in src.
func testSpans(src []byte) map[string][2]int {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, 0)
	if err != nil {
		return nil
	}
	spans := map[string][2]int{}
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			spans[fd.Name.Name] = [2]int{fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line}
		}
	}
	return spans
}

func (r *replayer) testAt(spans map[string][2]int, line int) *Test {
	for _, t := range r.suite.Tests {
		for _, name := range []string{t.Name, exportedName(t)} {
			if sp, ok := spans[name]; ok && sp[0] <= line && line <= sp[1] {
				return t
			}
		}
	}
	return nil
}

func (r *replayer) failAll(o Outcome, reason string) {
	for _, t := range r.suite.Tests {
		if _, done := r.results[t.Name]; !done {
			r.results[t.Name] = ReplayResult{Outcome: o, Reason: reason}
		}
	}
}

// run runs the test binary until every live test has a result: a test
// that crashes the binary is not reproduced, and the run goes on with the
// tests after it.
// test2json reads the binary's output, so that a test that prints
// without a final newline cannot hide its result.
func (r *replayer) run(bin string) {
	for round := 0; round <= len(r.suite.Tests); round++ {
		var pending []string
		for _, t := range r.suite.Tests {
			if _, done := r.results[t.Name]; !done {
				pending = append(pending, t.Name)
			}
		}
		if len(pending) == 0 {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), r.opts.Timeout+10*time.Second)
		cmd := exec.CommandContext(ctx, "go", "tool", "test2json", bin, "-test.v=test2json",
			"-test.run", "^("+strings.Join(quoteMetaAll(pending), "|")+")$",
			"-test.count=1", "-test.timeout", r.opts.Timeout.String())
		cmd.Dir = r.dir
		out, _ := cmd.Output()
		cancel()
		if !r.record(out) {
			return
		}
	}
}

// testEvent is the part of test2json's events replay reads.
type testEvent struct {
	Action, Test, Output string
}

// record reads the events of a test run. A test that started and did not
// end crashed the binary; it reports whether any test got a result, so
// that the caller can run the rest.
func (r *replayer) record(out []byte) bool {
	progress := false
	var started []string
	ended := map[string]bool{}
	lines := map[string][]string{} // by test; "" holds the binary's own
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var e testEvent
		if json.Unmarshal(sc.Bytes(), &e) != nil {
			continue
		}
		switch e.Action {
		case "run":
			started = append(started, e.Test)
		case "output":
			lines[e.Test] = append(lines[e.Test], strings.TrimSpace(e.Output))
		case "pass", "fail":
			if e.Test == "" {
				continue // the binary's end
			}
			ended[e.Test], progress = true, true
			switch {
			case e.Action == "pass" && r.scheduleDependent(e.Test):
				r.results[e.Test] = ReplayResult{Outcome: ScheduleDependent, Reason: fmt.Sprintf("not reproduced in %d runs", r.testNamed(e.Test).scheduleRuns())}
			case e.Action == "pass":
				r.results[e.Test] = ReplayResult{Outcome: NotReproduced, Reason: "the call returned: the test passed"}
			case r.expectsRace(e.Test):
				r.results[e.Test] = r.raced(e.Test, lines[e.Test])
			default:
				r.results[e.Test] = failed(lines[e.Test])
			}
		}
	}
	for _, name := range started {
		if !ended[name] {
			r.results[name] = crashed(append(lines[name], lines[""]...))
			progress = true
		}
	}
	return progress
}

// failed is the result of a test that failed with the output lines:
// confirmed if it failed as reported.
func failed(lines []string) ReplayResult {
	if slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, reproduced) }) {
		return ReplayResult{Outcome: Confirmed}
	}
	return ReplayResult{Outcome: NotReproduced, Reason: failure(lines)}
}

func quoteMetaAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = regexp.QuoteMeta(n)
	}
	return out
}

// expectsRace reports whether the test named name expects the race
// detector's report.
func (r *replayer) expectsRace(name string) bool {
	t := r.testNamed(name)
	return t != nil && t.Finding.Kind == result.Race
}

// raced is the result of the race test named name, which failed with the
// output lines: confirmed if the race detector reported a race with an
// access at the finding's line.
func (r *replayer) raced(name string, lines []string) ReplayResult {
	f := r.testNamed(name).Finding
	at := fmt.Sprintf("%s:%d", filepath.Base(f.Pos.Filename), f.Pos.Line)
	warned := slices.Contains(lines, raceReport)
	there := slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(filepath.Base(l), at+" ") })
	if warned && there {
		return ReplayResult{Outcome: Confirmed}
	}
	return ReplayResult{Outcome: NotReproduced, Reason: failure(lines)}
}

// scheduleDependent reports whether the test named name is of a
// schedule-dependent finding.
func (r *replayer) scheduleDependent(name string) bool {
	t := r.testNamed(name)
	return t != nil && t.Finding.ScheduleDependent
}

// testNamed returns the suite's test of that name, or nil.
func (r *replayer) testNamed(name string) *Test {
	if i := slices.IndexFunc(r.suite.Tests, func(t *Test) bool { return t.Name == name }); i >= 0 {
		return r.suite.Tests[i]
	}
	return nil
}

// crashed is the result of a test that ended the binary with the output
// lines: a test of a finding that ends its process makes its call in a
// child process of its own (see gosymInChild), so no test should.
func crashed(lines []string) ReplayResult {
	return ReplayResult{Outcome: NotReproduced, Reason: "the test crashed: " + failure(lines)}
}

// failure picks the lines of a failed test's output that say why.
func failure(lines []string) string {
	var why []string
	for _, l := range lines {
		if l != "" && !strings.HasPrefix(l, "=== ") && !strings.HasPrefix(l, "--- ") && l != "FAIL" && !strings.HasPrefix(l, "exit status") {
			why = append(why, l)
		}
	}
	return firstLines(strings.Join(why, "\n"), 4)
}

func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append(lines[:n], "...")
	}
	return strings.Join(lines, " | ")
}

// String renders a result for people: the outcome, and why.
func (r ReplayResult) String() string {
	switch {
	case r.Unoptimized:
		return fmt.Sprintf("%s without optimization (optimized: %s)", r.Outcome, r.Reason)
	case r.Reason == "":
		return string(r.Outcome)
	}
	return fmt.Sprintf("%s: %s", r.Outcome, r.Reason)
}
