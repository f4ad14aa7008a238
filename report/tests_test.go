package report

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/txtar"

	"github.com/gosym/gosym/internal/testset"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/ssaexec"
)

var update = flag.Bool("update", false, "rewrite the golden files of the generated tests")

// analyse runs gosym on the functions of the packages named by pattern
// (relative to the module root) and groups the findings by package.
func analyse(t *testing.T, pattern string) []*Suite {
	suites, _ := analyseDirs(t, true, pattern)
	return suites
}

// analyseDirs is analyse, with the directory of each package by path.
// (A finding's position may be in another package: a function's is not.)
// With merge, one panic reached from several entries is one finding, as
// the command reports it.
func analyseDirs(t *testing.T, merge bool, patterns ...string) ([]*Suite, map[string]string) {
	t.Helper()
	prog, err := ssaexec.Load("..", patterns...)
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Release()
	var suites []*Suite
	byPath := map[string][]*result.Finding{}
	names := map[string]string{}
	dirs := map[string]string{}
	var order []string
	var results []*result.FuncResult
	cfg := ssaexec.DefaultConfig()
	cfg.MaxWork = ssaexec.DeepMaxWork   // the budget the goldens were made under
	cfg.CallFacts = prog.CallFacts(cfg) // as the command does
	for _, fn := range prog.Entries(false, nil) {
		results = append(results, prog.Analyze(fn, cfg))
	}
	if merge {
		result.Merge(results)
	}
	for _, r := range results {
		if _, seen := names[r.PkgPath]; !seen {
			order = append(order, r.PkgPath)
			names[r.PkgPath] = r.PkgName
			dirs[r.PkgPath] = filepath.Dir(r.Pos.Filename)
		}
		byPath[r.PkgPath] = append(byPath[r.PkgPath], r.Findings...)
	}
	for _, path := range order {
		if len(byPath[path]) > 0 {
			suites = append(suites, NewSuite(path, names[path], byPath[path]))
		}
	}
	return suites, dirs
}

// archive returns the suite's files as one txtar archive.
func archive(t *testing.T, s *Suite) []byte {
	t.Helper()
	files, err := s.Files(DefaultFile)
	if err != nil {
		t.Fatal(err)
	}
	var a txtar.Archive
	for _, f := range files {
		a.Files = append(a.Files, txtar.File{Name: f.Name, Data: f.Src})
	}
	return txtar.Format(&a)
}

// dirOf returns the directory of a testdata package, from the position
// of its first finding.
func dirOf(s *Suite) string { return filepath.Dir(s.Tests[0].Finding.Pos.Filename) }

// testdataPatterns returns the patterns of the testdata packages to
// check: in short mode, those testdata/short.txt names.
func testdataPatterns(t *testing.T) []string {
	if !testing.Short() {
		return []string{"./testdata/..."}
	}
	names, err := testset.Short("..")
	if err != nil {
		t.Fatal(err)
	}
	var patterns []string
	for _, name := range names {
		patterns = append(patterns, "./testdata/"+name)
	}
	return patterns
}

// TestTestdata generates the witness tests of every testdata package (in
// short mode, of those testdata/short.txt names), compares them with the
// golden files, and replays them: every finding must be confirmed.
func TestTestdata(t *testing.T) {
	suites, dirs := analyseDirs(t, true, testdataPatterns(t)...)
	if len(suites) == 0 {
		t.Fatal("no findings in testdata")
	}
	total := 0
	for _, s := range suites {
		t.Run(s.PkgName, func(t *testing.T) {
			src := archive(t, s)
			golden := filepath.Join("testdata", s.PkgName+".txtar")
			if *update {
				if err := os.WriteFile(golden, src, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./report -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), string(src)); diff != "" {
				t.Errorf("generated tests differ from %s (-want +got):\n%s", golden, diff)
			}
			results, err := Replay(s, dirs[s.PkgPath], ReplayOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for _, test := range s.Tests {
				total++
				want := Confirmed
				if len(test.Finding.Unwritable) > 0 {
					want = NotReplayable // a latent input of another package's internals
				}
				r := results[test.Name]
				if test.Finding.ScheduleDependent && r.Outcome == ScheduleDependent {
					// Its runs did not take the schedule: honest, not wrong.
					continue
				}
				if r.Outcome != want {
					t.Errorf("%s (%s at %s): %s, want %s", test.Name, test.Finding.Kind, test.Finding.Pos, r, want)
				}
			}
		})
	}
	t.Logf("%d findings in %d packages replayed", total, len(suites))
}

// TestUnwritable checks a witness that the package cannot write: it
// names another package's unexported type and fields. It gets a comment
// saying why instead of a test, and is not replayable for that reason.
func TestUnwritable(t *testing.T) {
	// The package it calls is loaded too, so that its code runs.
	// Not merged: the package's own finding is the one checked.
	suites, dirs := analyseDirs(t, false, "./report/testdata/unwritable", "./testdata/foreign/inner")
	i := slices.IndexFunc(suites, func(s *Suite) bool { return s.PkgName == "unwritable" })
	if i < 0 || len(suites[i].Tests) != 1 {
		t.Fatalf("want one finding in package unwritable")
	}
	s, test := suites[i], suites[i].Tests[0]
	f := test.Finding
	wantWhy := []string{
		"field head of inner.List is not exported",
		"field next of inner.node is not exported",
		"type inner.node is not exported",
	}
	if diff := cmp.Diff(wantWhy, f.Unwritable); diff != "" {
		t.Errorf("Unwritable (-want +got):\n%s", diff)
	}
	if got, want := strings.Join(append(f.Setup, f.Call), "\n"), "l := &inner.List{head: &inner.node{next: nil}}\nSecondOf(l)"; got != want {
		t.Errorf("witness %q, want %q", got, want)
	}
	omitted := "its witness cannot be written in package unwritable: " + strings.Join(wantWhy, "; ")
	if test.Omitted != omitted {
		t.Errorf("Omitted = %q, want %q", test.Omitted, omitted)
	}
	if test.External {
		t.Errorf("a test whose witness cannot be written is in the external test package")
	}
	src, err := s.Source(false)
	if err != nil {
		t.Fatal(err)
	}
	comment := "// TestGosymWitness_SecondOf_1: no test for the nil-deref at inner.go:19:21 (nil dereference: l.head.next is nil):\n// " + omitted + ".\n"
	if !strings.Contains(string(src), comment) || strings.Contains(string(src), "func TestGosymWitness") {
		t.Errorf("generated file does not replace the test by the comment %q:\n%s", comment, src)
	}
	// Nothing to import: an in-package test file of bytes that imported
	// testing (which imports bytes) would not build.
	if strings.Contains(string(src), "import") {
		t.Errorf("a file of omitted tests alone imports packages:\n%s", src)
	}
	results, err := Replay(s, dirs[s.PkgPath], ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := results[test.Name], (ReplayResult{Outcome: NotReplayable, Reason: omitted}); got != want {
		t.Errorf("replay %v, want %v", got, want)
	}
}

// TestReplayCatches checks the replay check itself on witnesses made
// wrong on purpose: one whose input does not panic, one that panics
// elsewhere, one with the wrong words, and one that does not compile.
// The good tests of the same file must still be confirmed.
func TestReplayCatches(t *testing.T) {
	suites := analyse(t, "./testdata/loops")
	if len(suites) != 1 {
		t.Fatalf("%d suites, want 1", len(suites))
	}
	s := suites[0]
	byCall := map[string]*Test{}
	for _, test := range s.Tests {
		byCall[test.Finding.Call] = test
	}
	good := byCall["Max([]int{})"]
	if good == nil {
		t.Fatalf("no finding with witness Max([]int{}) among %d", len(s.Tests))
	}
	if !good.External || good.Finding.External.Call != "loops.Max([]int{})" {
		t.Fatalf("the witness of Max([]int{}) is not written in the external test package as loops.Max([]int{})")
	}
	// Each mutant is a copy of the good test, in the external test
	// package's file unless the change drops its external witness.
	mutate := func(name string, change func(f *result.Finding)) {
		f := *good.Finding
		external := *f.External
		f.External = &external
		change(&f)
		s.Tests = append(s.Tests, &Test{Name: name, Finding: &f, External: f.External != nil, at: newLocator().at(f.Pos)})
	}
	mutate("TestGosymWitness_NoPanic", func(f *result.Finding) { f.External.Call = "loops.Max([]int{1})" })
	mutate("TestGosymWitness_Elsewhere", func(f *result.Finding) { f.Pos.Line++ })
	mutate("TestGosymWitness_OtherWords", func(f *result.Finding) { f.Want = []string{"integer divide by zero"} })
	mutate("TestGosymWitness_NoCompile", func(f *result.Finding) { f.External.Call = "loops.Max(undefinedWitnessVariable)" })
	mutate("TestGosymWitness_NoParse", func(f *result.Finding) { f.External.Call = "loops.Max([]int{)" })
	mutate("TestGosymWitness_Internal", func(f *result.Finding) { f.External = nil })
	// An import the package may not make fails the build outside any
	// test's lines: each test is then built alone.
	mutate("TestGosymWitness_ForbiddenImport", func(f *result.Finding) {
		f.External.Imports = append(slices.Clip(f.External.Imports), "internal/abi")
		f.External.Call = "loops.Max(make([]int, abi.PtrSize-8))"
	})
	mutate("TestGosymWitness_NoCompileInternal", func(f *result.Finding) {
		f.External, f.Call = nil, "Max(undefinedInternalVariable)"
	})
	results, err := Replay(s, dirOf(s), ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Outcome{}
	for name, r := range results {
		got[name] = r.Outcome
	}
	want := map[string]Outcome{
		good.Name:                            Confirmed,
		"TestGosymWitness_NoPanic":           NotReproduced,
		"TestGosymWitness_Elsewhere":         NotReproduced,
		"TestGosymWitness_OtherWords":        NotReproduced,
		"TestGosymWitness_NoCompile":         NotReplayable,
		"TestGosymWitness_Internal":          Confirmed,
		"TestGosymWitness_NoCompileInternal": NotReplayable,
		"TestGosymWitness_ForbiddenImport":   NotReplayable,
		"TestGosymWitness_NoParse":           NotReplayable,
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			delete(got, name) // the other findings of loops
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("replay outcomes (-want +got):\n%s", diff)
	}
	for name, undefined := range map[string]string{
		"TestGosymWitness_NoCompile":         "undefinedWitnessVariable",
		"TestGosymWitness_NoCompileInternal": "undefinedInternalVariable",
	} {
		if r := results[name]; !strings.Contains(r.Reason, "undefined: "+undefined) {
			t.Errorf("reason for the witness of %s that does not compile: %q, want the compiler's words", name, r.Reason)
		}
	}
	if r := results["TestGosymWitness_NoParse"]; !strings.Contains(r.Reason, "do not parse") {
		t.Errorf("reason for the witness that does not parse: %q, want the parser's words", r.Reason)
	}
	if r := results["TestGosymWitness_ForbiddenImport"]; !strings.Contains(r.Reason, "use of internal package internal/abi not allowed") {
		t.Errorf("reason for the witness with a forbidden import: %q, want the go command's words", r.Reason)
	}
	if src := archive(t, s); strings.Contains(string(src), "func TestGosymWitness_NoCompile") {
		t.Errorf("a test that does not compile is still in the files")
	}
}

func TestTestNames(t *testing.T) {
	f := func(fn string) *result.Finding { return &result.Finding{Func: fn} }
	s := NewSuite("p", "p", []*result.Finding{
		f("p.Find"), f("p.Find"), f("(*p.List).Len"), f("(p.Counter).Next"), f("p.Map[int]"),
	})
	var got []string
	for _, test := range s.Tests {
		got = append(got, test.Name)
	}
	want := []string{
		"TestGosymWitness_Find_1", "TestGosymWitness_Find_2", "TestGosymWitness_List_Len_1",
		"TestGosymWitness_Counter_Next_1", "TestGosymWitness_Map_int_1",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("test names (-want +got):\n%s", diff)
	}
}

// TestInvariantReplay replays a broken invariant (-invariants): the test
// checks the invariant after the call, so the witness is confirmed, and a
// witness on which the invariant holds is not.
func TestInvariantReplay(t *testing.T) {
	prog, err := ssaexec.Load("..", "./testdata/contracts")
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Release()
	cfg := ssaexec.DefaultConfig()
	cfg.MaxWork = ssaexec.DeepMaxWork
	cfg.Invariants = true
	var fn *ssa.Function
	for _, e := range prog.Entries(false, nil) {
		if ssaexec.FuncName(e) == "(*contracts.Ring).Push" {
			fn = e
		}
	}
	if fn == nil {
		t.Fatal("no (*contracts.Ring).Push")
	}
	r := prog.Analyze(fn, cfg)
	if len(r.Findings) != 1 {
		t.Fatalf("%d findings, want 1", len(r.Findings))
	}
	held := *r.Findings[0]
	held.Setup = []string{"r := &Ring{buf: []int{0, 0}, head: 0, n: 1}"} // not full: Push keeps the invariant
	s := NewSuite(r.PkgPath, r.PkgName, []*result.Finding{r.Findings[0], &held})
	src, err := s.Source(false) // repOK is not exported
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "\tr.Push(0)\n\tif !r.repOK() {\n") {
		t.Errorf("the generated test does not check the invariant after the call:\n%s", src)
	}
	results, err := Replay(s, filepath.Dir(r.Pos.Filename), ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Outcome{}
	for name, res := range results {
		got[name] = res.Outcome
	}
	want := map[string]Outcome{"TestGosymWitness_Ring_Push_1": Confirmed, "TestGosymWitness_Ring_Push_2": NotReproduced}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("replay outcomes (-want +got):\n%s", diff)
	}
}

// TestReplayUnoptimized replays a witness whose panic optimized code
// raises on another line (gc inlines the panicking method and checks for
// nil in the caller): the replay confirms it compiled without
// optimization, says so, and so does the test file.
func TestReplayUnoptimized(t *testing.T) {
	suites := analyse(t, "./report/testdata/inlined")
	if len(suites) != 1 || len(suites[0].Tests) != 1 {
		t.Fatalf("want one finding in package inlined")
	}
	s := suites[0]
	results, err := Replay(s, dirOf(s), ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := results[s.Tests[0].Name]
	if got.Outcome != Confirmed || !got.Unoptimized || !strings.Contains(got.Reason, "panicked as reported, but not at \"func (it *iter) value() int { return it.e.v }\" in (*iter).value") {
		t.Errorf("replay %+v, want confirmed without optimization, after the optimized test's panic on another line", got)
	}
	if src := archive(t, s); !strings.Contains(string(src), "gosym confirmed it compiled with "+NoOptimization) {
		t.Errorf("the test file does not say gosym confirmed it compiled with %s:\n%s", NoOptimization, src)
	}
}

// TestReplayPrintsWithoutNewline replays a witness of a function that
// prints without a final newline before it panics: the test's result
// must still be read, not lost in the printed line.
func TestReplayPrintsWithoutNewline(t *testing.T) {
	suites := analyse(t, "./report/testdata/printer")
	if len(suites) != 1 || len(suites[0].Tests) != 1 {
		t.Fatalf("want one finding in package printer")
	}
	s := suites[0]
	good := s.Tests[0]
	// A witness that does not panic: its test passes after printing.
	f := *good.Finding
	external := *f.External
	external.Call = "printer.Report(1, 1)"
	f.External = &external
	s.Tests = append(s.Tests, &Test{Name: "TestGosymWitness_Returns", Finding: &f, External: true, at: good.at})
	results, err := Replay(s, dirOf(s), ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]ReplayResult{
		good.Name:                  {Outcome: Confirmed},
		"TestGosymWitness_Returns": {Outcome: NotReproduced, Reason: "the call returned: the test passed"},
	}
	if diff := cmp.Diff(want, results); diff != "" {
		t.Errorf("replay (-want +got):\n%s", diff)
	}
}

// TestReplayInModuleCache replays a package that lies in the module
// cache, where the go command refuses the build overlay that adds the
// test files: Replay runs it in a copy of its module.
func TestReplayInModuleCache(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("GOMODCACHE", cache)
	module := filepath.Join(cache, "example.com", "dep@v1.0.0")
	for name, src := range map[string]string{
		"go.mod":     "module example.com/dep\n\ngo 1.22\n",
		"div/div.go": "package div\n\n// Div divides.\nfunc Div(a, b int) int { return a / b }\n",
	} {
		path := filepath.Join(module, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	prog, err := ssaexec.Load(module, "./div")
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Release()
	var findings []*result.Finding
	for _, fn := range prog.Entries(false, nil) {
		findings = append(findings, prog.Analyze(fn, ssaexec.DefaultConfig()).Findings...)
	}
	if len(findings) != 1 {
		t.Fatalf("%d findings, want 1", len(findings))
	}
	s := NewSuite("example.com/dep/div", "div", findings)
	results, err := Replay(s, filepath.Join(module, "div"), ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := results[s.Tests[0].Name]; got != (ReplayResult{Outcome: Confirmed}) {
		t.Errorf("replay %v, want confirmed", got)
	}
}

// TestBuildFailure checks the reasons a replay gives for tests that do
// not build: an in-package test of a package that testing imports can
// never be built, which is said as such; others quote the go command.
func TestBuildFailure(t *testing.T) {
	cycle := "# io\npackage io\n\timports testing from gosym_witness_internal_test.go\n\timports io from benchmark.go: import cycle not allowed in test\nFAIL\tio [setup failed]\n"
	undefined := "# p\n./gosym_witness_test.go:12:2: undefined: x\n"
	tests := []struct {
		name     string
		external bool
		out      string
		want     string
	}{
		{"in-package test of io", false, cycle, "no in-package test of io can be built: the packages a test imports (testing, fmt) import io"},
		{"undefined", true, undefined, "its witness does not compile: # p | ./gosym_witness_test.go:12:2: undefined: x"},
	}
	for _, tt := range tests {
		if got := buildFailure("io", tt.external, tt.out); got != tt.want {
			t.Errorf("%s: buildFailure = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestReplayExported checks the replay of latent findings in a package
// that testing imports: no in-package test of bytes builds, so the
// witnesses become exported functions of bytes's own test file, called
// from the external test package, and are confirmed. (*bytes.Buffer).String
// also needs vet off: in the standard library, go test runs unusedresult.
func TestReplayExported(t *testing.T) {
	prog, err := ssaexec.Load("..", "bytes")
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Release()
	var findings []*result.Finding
	dir := ""
	for _, fn := range prog.Entries(false, regexp.MustCompile(`^\(\*bytes\.Buffer\)\.(Bytes|String)$`)) {
		r := prog.Analyze(fn, ssaexec.DefaultConfig())
		findings = append(findings, r.Findings...)
		dir = filepath.Dir(r.Pos.Filename)
	}
	s := NewSuite("bytes", "bytes", findings)
	var names []string
	for _, test := range s.Tests {
		if !test.Finding.Latent || test.External {
			t.Fatalf("%s: want a latent finding with an in-package test", test.Name)
		}
		names = append(names, test.Name)
	}
	if want := []string{"TestGosymWitness_Buffer_Bytes_1", "TestGosymWitness_Buffer_String_1"}; !slices.Equal(names, want) {
		t.Fatalf("tests %q, want %q", names, want)
	}
	results, err := Replay(s, dir, ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if got := results[name]; got != (ReplayResult{Outcome: Confirmed}) {
			t.Errorf("%s: replay %v, want confirmed", name, got)
		}
	}
	if !s.Exported {
		t.Fatal("the suite is not Exported after the replay")
	}
	files, err := s.Files(DefaultFile)
	if err != nil {
		t.Fatal(err)
	}
	src := map[string]string{}
	for _, f := range files {
		src[f.Name] = string(f.Src)
	}
	for file, code := range map[string]string{
		InternalFile(DefaultFile): "func GosymWitness_Buffer_Bytes_1() {\n\tb := &Buffer{buf: []byte{}, off: 1}\n\tb.Bytes()\n}",
		DefaultFile:               "\tbytes.GosymWitness_Buffer_Bytes_1()\n",
	} {
		if !strings.Contains(src[file], code) {
			t.Errorf("%s does not contain %q:\n%s", file, code, src[file])
		}
	}
	if strings.Contains(src[InternalFile(DefaultFile)], `"testing"`) {
		t.Errorf("%s imports testing:\n%s", InternalFile(DefaultFile), src[InternalFile(DefaultFile)])
	}
}

// TestOmitImporting checks that, where the exported witnesses of a
// package that testing imports still close an import cycle, the tests
// whose witnesses name the package that closes it are left out, and only
// they.
func TestOmitImporting(t *testing.T) {
	viaStrings := &result.Finding{Call: "Copy(nil, (*strings.Reader)(nil))", Imports: []string{"strings"}}
	alone := &result.Finding{Call: "Copy(nil, (*nopCloserWriterTo)(nil))"}
	s := &Suite{PkgPath: "io", PkgName: "io", Exported: true, Tests: []*Test{
		{Name: "TestGosymWitness_Copy_1", Finding: viaStrings},
		{Name: "TestGosymWitness_Copy_2", Finding: alone},
	}}
	r := &replayer{suite: s, opts: ReplayOptions{File: DefaultFile}, results: map[string]ReplayResult{}}
	out := "# io\npackage io\n\timports strings from gosym_witness_internal_test.go\n\timports io from reader.go: import cycle not allowed in test\nFAIL\tio [setup failed]\n"
	if !r.omitImporting(out) {
		t.Fatal("omitImporting = false, want true")
	}
	want := map[string]ReplayResult{"TestGosymWitness_Copy_1": {Outcome: NotReplayable,
		Reason: "its witness names package strings, which imports io: no test file of io can import it"}}
	if diff := cmp.Diff(want, r.results); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
	if s.Tests[1].Omitted != "" {
		t.Errorf("the witness that names no package was omitted: %s", s.Tests[1].Omitted)
	}
	if r.omitImporting(out) {
		t.Error("a second omitImporting = true: no test left names strings")
	}
}
