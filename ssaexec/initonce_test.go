package ssaexec

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gosym/gosym/result"
	"golang.org/x/tools/go/ssa"
)

// sharedRecord is the part of a record that must not depend on whether
// the entry ran its package's initialization itself or started from the
// end the run shares: all but times and solver counts (a shared end's
// queries were asked once, in its own search), and the counts of paths,
// panics and states of the search's last pass. A search that starts from
// the shared end keeps, in its later passes, the states its earlier ones
// stored at loop heads and explored to their end (see newPass); one that
// runs initialization itself cannot, as each pass holds its own copy of
// the package's variables, so it explores those states again.
type sharedRecord struct {
	Status                                  result.Status
	Cut, Latent, Assumed                    int
	Sequences, NilParams                    int
	Bounds, Constructs, Approximated, Notes []string
	Findings                                []shownFinding
	Traces                                  [][]result.Step
}

func recordOf(r *result.FuncResult) sharedRecord {
	s := sharedRecord{Status: r.Status, Cut: r.Cut, Latent: r.Latent,
		Assumed: r.Assumed, Sequences: r.Sequences, NilParams: r.NilParams,
		Bounds: r.BoundsHit, Constructs: r.UnsupportedConstructs, Approximated: r.Approximated, Notes: r.Notes}
	for _, f := range r.Findings {
		s.Findings = append(s.Findings, show(f))
		s.Traces = append(s.Traces, f.Trace)
	}
	return s
}

// TestSharedInitialization analyses every entry of the testdata packages
// whose initialization does something (tables, maps, variables of other
// packages, a cut, an unexecuted call) twice: from the end of their
// package's initialization that the run shares, and running it itself.
// The records must be the same, traces included, and each of those
// packages' initialization must have been shared. The budget counts
// states, not time, so that both searches stop at the same place.
func TestSharedInitialization(t *testing.T) {
	if testing.Short() {
		t.Skip("two searches of each function of eight testdata packages")
	}
	prog := testdataProgram(t)
	packages := []string{"globals", "initcut", "initguess", "misc", "stdlib", "syncs", "floats", "strs"}
	cfg := deepConfig()
	// The budget counts states: the work of running initialization in
	// the entry's own solver context is not the work of importing it.
	cfg.MaxWork, cfg.MaxStates = 0, 200
	var fns []*ssa.Function
	for _, fn := range prog.Entries(true, nil) {
		pkg := packageOf(fn).Pkg
		for _, name := range packages {
			if pkg.Path() == "github.com/gosym/gosym/testdata/"+name {
				fns = append(fns, fn)
			}
		}
	}
	if len(fns) < 50 {
		t.Fatalf("%d entries in %v, want more", len(fns), packages)
	}
	for _, fn := range fns {
		cfg.ShareInit = true
		shared := prog.Analyze(fn, cfg)
		cfg.ShareInit = false
		own := prog.Analyze(fn, cfg)
		if shared.Status == result.Error || own.Status == result.Error {
			t.Fatalf("%s: %s%s", shared.Func, shared.Err, own.Err)
		}
		if diff := cmp.Diff(recordOf(own), recordOf(shared)); diff != "" {
			t.Errorf("%s: record from its own initialization (-) and from the shared one (+):\n%s", shared.Func, diff)
		}
	}
	for _, name := range packages {
		pkg := prog.SSA.ImportedPackage("github.com/gosym/gosym/testdata/" + name)
		e := prog.inits.endOf(keyOf(pkg, cfg))
		if !e.done || e.why != "" {
			t.Errorf("%s: initialization not shared (done %t): %s", name, e.done, e.why)
		}
	}
}

// TestUnsharedInitialization: an initialization that panics, that reads
// what code gosym does not run left in a variable, or whose search failed
// inside gosym, is run by each entry itself; the reason is kept.
func TestUnsharedInitialization(t *testing.T) {
	dir := t.TempDir()
	writeModule(t, dir, map[string]string{
		"go.mod": "module unshared\n\ngo 1.26\n",
		"panics/p.go": `package panics

var table = build()

func build() []int {
	var t []int
	return t[:1]
}

func At(i int) int { return 10 / (i - 3) }
`,
		"crash/c.go": `package crash

var limits = map[string]int{"a": 1}

func Div(k string) int { return 10 / limits[k] }
`,
		"reads/r.go": `package reads

import "os"

var width = len(os.Args[0]) // os.Args is set by code gosym does not run

func Div(n int) int { return n / width }
`,
	})
	prog, err := Load(dir, "./...")
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Release()
	// The search that runs crash's initialization for its entries fails
	// inside gosym; the entries then run it themselves.
	cfg := deepConfig()
	cfg.stepHook = func(fn *ssa.Function) {
		if fn.Name() == "init" && fn.Pkg.Pkg.Name() == "crash" {
			panic("injected")
		}
	}
	why := map[string]string{}
	var found []string
	assumed := 0
	for _, fn := range prog.Entries(false, nil) {
		res := prog.Analyze(fn, cfg)
		if res.Status == result.Error {
			t.Fatalf("%s: %s", res.Func, res.Err)
		}
		pkg := packageOf(fn)
		e := prog.inits.endOf(keyOf(pkg, cfg))
		why[res.PkgName] = e.why
		for _, f := range res.Findings {
			found = append(found, res.Func+": "+show(f).Posn+" "+f.Message)
		}
		assumed += res.Assumed
	}
	wantFound := []string{
		"crash.Div: c.go:5:36 integer divide by zero: limits[k] is 0",
		"panics.At: p.go:7:10 slice bounds out of range [:1] with capacity 0 (t)",
		"panics.At: p.go:10:32 integer divide by zero: i - 3 is 0",
	}
	if diff := cmp.Diff(wantFound, found); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
	if assumed != 1 {
		t.Errorf("%d panics assumed, want 1 (reads.Div's, on os.Args)", assumed)
	}
	want := map[string]string{
		"crash":  "internal error: injected",
		"panics": "a path of it ended",
		"reads":  "it read variables set by code gosym did not run",
	}
	if diff := cmp.Diff(want, why); diff != "" {
		t.Errorf("why initialization is not shared (-want +got):\n%s", diff)
	}
}

// writeModule writes files, by slash-separated name, under dir.
func writeModule(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
