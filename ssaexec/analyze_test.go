package ssaexec

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/abstraction"
	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/result"
)

// TestSwapPaths checks Kiasan's Container.swap figures: 20 / 6 / 2 paths
// that return normally under lazy / lazier / lazier#. The paths on which c
// or n is nil panic and are left to the caller, like the paper's non_null.
// The figures count hand-built inputs, so the API does not build them.
func TestSwapPaths(t *testing.T) {
	type counts struct{ Paths, Findings, Cut int }
	tests := []struct {
		mode heap.Mode
		want counts
	}{
		{heap.Lazy, counts{Paths: 20}},
		{heap.Lazier, counts{Paths: 6}},
		{heap.LazierSharp, counts{Paths: 2}},
	}
	for _, tt := range tests {
		for _, k := range []int{1, 2, 3} {
			t.Run(fmt.Sprintf("%s/k=%d", tt.mode, k), func(t *testing.T) {
				cfg := deepConfig()
				cfg.Init, cfg.K, cfg.API = tt.mode, k, false
				res := testdataProgram(t).analyze(entry(t, "(*kiasan.Container).Swap"), cfg)
				got := counts{Paths: res.Paths, Findings: len(res.Findings), Cut: res.Cut}
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("counts (-want +got):\n%s", diff)
				}
				if res.Status != result.Complete || res.NilParams != res.Panics || res.Panics == 0 {
					t.Errorf("status %s, %d panics of which %d on nil parameters; want complete, all on nil parameters",
						res.Status, res.Panics, res.NilParams)
				}
			})
		}
	}
}

// TestStatuses checks that each function's record says how far it was
// explored.
func TestStatuses(t *testing.T) {
	type record struct {
		Status      result.Status
		Bounds      []string
		Limits      []string
		Unsupported []string
		NotExecuted []string
		Approx      []string
		NilParams   int
		Assumed     int
		Notes       []string
	}
	tests := []struct {
		fn   string
		want record
	}{
		{"lists.SelfLoop", record{Status: result.Complete}},
		{"aliasing.CopyPair", record{Status: result.Complete}},
		{"aliasing.StealFixed", record{Status: result.Complete, NilParams: 2}},
		{"(*dlist.List).RemoveFixed", record{Status: result.Complete, NilParams: 4}},
		{"arith.Mid", record{Status: result.Complete}},
		{"arith.Wide", record{Status: result.Complete}},
		{"lists.Second", record{Status: result.Failed, NilParams: 1}},
		{"lists.InsertSortedFixed", record{Status: result.Abstract}},
		{"lists.Length", record{Status: result.Bounded, Bounds: []string{"k at lists.go:88:22", "recursion at lists.go:88:19"}, Limits: []string{"k", "recursion"}}},
		{"misc.Count", record{Status: result.Bounded, Bounds: []string{"string key length at misc.go:13:14"}, Limits: []string{"string key length"}}},
		{"misc.Rotate", record{Status: result.Unsupported, Unsupported: []string{"operator * on complex128"}}},
		// Floats are exact: these two have no panic, and every path of
		// theirs is decided without a bound.
		{"(*floats.Histogram).AddSafe", record{Status: result.Complete, NilParams: 1}},
		{"floats.Half", record{Status: result.Complete}},
		{"maps.AnyKeyIsString", record{Status: result.Bounded, Bounds: []string{"k at maps.go:143:2", "map order at maps.go:143:2"}, Limits: []string{"k", "map order"}}},
		// os.Getenv, not executed, cannot panic: complete (see neverPanics).
		{"misc.Parse", record{Status: result.Complete, Approx: []string{"os.Getenv"}, NilParams: 1, Assumed: 1}},
		{"misc.Lookup", record{Status: result.Failed, Approx: []string{"os.Getenv"}, NilParams: 1}},
		// Another package's variable is approximated where it is read,
		// not where it is only written.
		{"globals.Client", record{Status: result.Complete, Approx: []string{"variable os.Args"}, Assumed: 1}},
		{"globals.Hook", record{Status: result.Complete}},
		// A package that calls into C: its pure Go is analysed as in a
		// package without C (cgo's variables do not cut its
		// initialization), and a call into C is not executed.
		{"cgo.Pick", record{Status: result.Failed}},
		{"cgo.Entry", record{Status: result.Failed}},
		{"cgo.Halve", record{Status: result.Unsupported, NotExecuted: []string{"C.twice"}, Approx: []string{"call into C (C.twice)"}, Assumed: 1}},
		{"cgo.Scale", record{Status: result.Failed, NotExecuted: []string{"C.twice"}, Approx: []string{"call into C (C.twice)"}}},
		{"cgo.Bump", record{Status: result.Unsupported, NotExecuted: []string{"C.bump"}, Approx: []string{"call into C (C.bump)"}, Assumed: 1}},
		{"cgo.Count", record{Status: result.Complete, Approx: []string{"C variable C.counter"}, Assumed: 1}},
		{"cgo.Label", record{Status: result.Unsupported, NotExecuted: []string{"C.CString", "C.GoString", "C.free"}, Approx: []string{
			"call into C (C.CString)", "call into C (C.GoString)", "call into C (C.free)"}}},
		// The correct twins of the contracts examples: an Assume, an
		// Assert that holds, and an invariant that rules out the panic.
		// No hand-built Stack makes Top panic (but a nil one): the API's
		// are not built (see probe.go).
		{"(*contracts.Stack).Top", record{Status: result.Complete, NilParams: 1,
			Notes: []string{"values of Stack hand-built only: no hand-built value within the bounds makes the function panic, and those the package's API builds are among them"}}},
		{"contracts.AbsClamped", record{Status: result.Complete}},
		{"(*contracts.Ring).Oldest", record{Status: result.Complete, Notes: []string{"receiver invariant repOK() assumed at entry"}}},
		// An input function's results are inputs, not approximations:
		// a function that checks them is complete, one that does not
		// fails, and neither assumes anything.
		{"callbacks.Clamped", record{Status: result.Complete, NilParams: 1}},
		{"callbacks.Apply", record{Status: result.Failed, NilParams: 1}},
		{"(*funcs.Handler).FireSafe", record{Status: result.Complete, NilParams: 1}},
		// At most k calls of one input function return something.
		{"callbacks.Drain", record{Status: result.Failed, Bounds: []string{"k at callbacks.go:41:16"}, Limits: []string{"k"}, NilParams: 1}},
		// One handed a pointer is taken to write nothing through it.
		{"callbacks.Record", record{Status: result.Failed, NilParams: 1,
			Notes: []string{"hook: an input function, taken to change nothing its arguments reach"}}},
		// Orderings and equalities are real ones: no panic that needs an
		// inconsistent one. Strings are compared by their first k bytes.
		{"callbacks.Ordered", record{Status: result.Complete, NilParams: 1}},
		{"callbacks.Compare", record{Status: result.Complete, NilParams: 1}},
		{"callbacks.Symmetric", record{Status: result.Complete, NilParams: 1}},
		{"callbacks.First", record{Status: result.Bounded, Bounds: []string{"string length at callbacks.go:122:11"}, Limits: []string{"string length"}, NilParams: 1}},
		// An ordering of a type with no canonical order, which the
		// package offers none for, is an unknown function: assumed.
		{"callbacks.Top", record{Status: result.Complete, Approx: []string{"less"}, NilParams: 1, Assumed: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			res := testdataProgram(t).analyze(entry(t, tt.fn), deepConfig())
			got := record{
				Status:      res.Status,
				Bounds:      res.BoundsHit,
				Limits:      res.Limits,
				Unsupported: res.UnsupportedConstructs,
				NotExecuted: res.NotExecuted,
				Approx:      res.Approximated,
				NilParams:   res.NilParams,
				Assumed:     res.Assumed,
				Notes:       res.Notes,
			}
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("record (-want +got):\n%s", diff)
			}
		})
	}
}

// TestNilParams checks that -nil-params reports what the entry policy
// leaves out by default.
func TestNilParams(t *testing.T) {
	cfg := deepConfig()
	cfg.NilParams = true
	res := testdataProgram(t).analyze(entry(t, "lists.Second"), cfg)
	var got []shownFinding
	for _, f := range res.Findings {
		got = append(got, show(f))
	}
	want := []shownFinding{{
		Kind: result.NilDeref, Posn: "lists.go:70:14",
		Message: "nil dereference: head is nil",
		Call:    "Second(nil)",
	}, {
		Kind: result.NilDeref, Posn: "lists.go:70:19",
		Message: "nil dereference: head.Next is nil",
		Setup:   []string{"head := &Node{Next: nil}"},
		Call:    "Second(head)",
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
	if res.NilParams != 0 {
		t.Errorf("NilParams = %d with -nil-params, want 0", res.NilParams)
	}
}

// TestAssumed checks that -assumed reports a panic that rests on what an
// unexecuted call returned, saying which call.
func TestAssumed(t *testing.T) {
	cfg := deepConfig()
	cfg.Assumed = true
	res := testdataProgram(t).analyze(entry(t, "misc.Parse"), cfg)
	if len(res.Findings) != 1 {
		t.Fatalf("got %d findings, want 1", len(res.Findings))
	}
	f := res.Findings[0]
	got := []string{show(f).Posn, f.Message, strings.Join(f.Approximated, ",")}
	want := []string{"misc.go:22:21", "nil dereference: table.Rows is nil", "os.Getenv"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("finding (-want +got):\n%s", diff)
	}
}

// TestTimeout checks that a function that outlives its time budget says
// so. The clock the budget reads jumps past the deadline once the search
// has run some steps, so that the test depends on no machine's speed.
func TestTimeout(t *testing.T) {
	reads := 0
	cfg := deepConfig()
	cfg.clock = func() time.Time {
		if reads++; reads > 2 {
			return time.Now().Add(time.Hour)
		}
		return time.Now()
	}
	cfg.K, cfg.Loops, cfg.Timeout = 50, 50, time.Minute
	res := testdataProgram(t).analyze(entry(t, "lists.InsertSortedFixed"), cfg)
	if res.Status != result.Timeout || !slices.Contains(res.BoundsHit, "timeout of 1m0s") {
		t.Errorf("status %s, bounds %q; want %s and the timeout among the bounds", res.Status, res.BoundsHit, result.Timeout)
	}
}

// TestWorkBudget checks that a function that outlives its work budget
// ends stopped, with the work it did, at the same place in every run.
func TestWorkBudget(t *testing.T) {
	cfg := deepConfig()
	cfg.K, cfg.Loops, cfg.MaxWork = 50, 50, 5000
	// (lists.InsertSortedFixed, once used here, now ends abstract within
	// 1,000 units: the kinds of its nodes cover its loop.)
	fn := entry(t, "lists.ThreeBug")
	first := testdataProgram(t).analyze(fn, cfg)
	if first.Status != result.Stopped || !slices.Contains(first.BoundsHit, "max-work of 5000") || first.Work <= 5000 {
		t.Fatalf("status %s, bounds %q, work %d; want %s past max-work of 5000", first.Status, first.BoundsHit, first.Work, result.Stopped)
	}
	again := testdataProgram(t).analyze(fn, cfg)
	type counts struct{ Paths, Cut, States, Work, SolverChecks int64 }
	of := func(r *result.FuncResult) counts {
		return counts{int64(r.Paths), int64(r.Cut), int64(r.States), r.Work, int64(r.SolverChecks)}
	}
	if diff := cmp.Diff(of(first), of(again)); diff != "" {
		t.Errorf("two runs differ (-first +again):\n%s", diff)
	}
}

// TestWorkIndependentOfConcurrency checks that a function's record, its
// work included, is the same whether it is analysed alone or while
// another function is: (*contracts.Ring).Push escalates to Z3's fallback
// solver, whose own count of its work differed when another context ran
// at the same time (see solver.Solver.checkOn).
func TestWorkIndependentOfConcurrency(t *testing.T) {
	prog := testdataProgram(t)
	fn, other := entry(t, "(*contracts.Ring).Push"), entry(t, "strs.Reverse")
	type record struct {
		Status                      result.Status
		Paths, States, SolverChecks int
		Work                        int64
	}
	of := func(r *result.FuncResult) record { return record{r.Status, r.Paths, r.States, r.SolverChecks, r.Work} }
	alone := of(prog.Analyze(fn, deepConfig()))
	busy := deepConfig()
	busy.MaxWork = 300_000
	for range 2 {
		done := make(chan bool)
		go func() {
			prog.Analyze(other, busy)
			close(done)
		}()
		together := of(prog.Analyze(fn, deepConfig()))
		<-done
		if diff := cmp.Diff(alone, together); diff != "" {
			t.Errorf("alone and beside another search (-alone +together):\n%s", diff)
		}
	}
}

// TestInternalErrorRecovered checks that an engine panic is reported for
// its function and does not escape.
func TestInternalErrorRecovered(t *testing.T) {
	cfg := deepConfig()
	cfg.stepHook = func(fn *ssa.Function) { panic("injected") }
	res := testdataProgram(t).analyze(entry(t, "lists.Second"), cfg)
	if res.Status != result.Error || !strings.Contains(res.Err, "injected") {
		t.Errorf("status %s, error %q; want error status mentioning the panic", res.Status, res.Err)
	}
}

// TestLoadError checks that a package that does not compile is reported
// with the compiler's message.
func TestLoadError(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module broken\n\ngo 1.26\n")
	write("b.go", "package broken\n\nfunc F() int { return \"x\" }\n")
	_, err := Load(dir, "./...")
	if !IsLoadError(err) || !strings.Contains(err.Error(), `cannot use "x"`) {
		t.Errorf("Load error = %v; want a load error with the compiler's message", err)
	}
}

// TestModesAgree checks relative completeness on the testdata: lazy,
// lazier and lazier# find panics at the same positions, of the same kinds,
// in every function; only the number of paths differs.
func TestModesAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("three searches of every testdata function")
	}
	findings := func(fn *ssa.Function, mode heap.Mode) ([]string, result.Status) {
		cfg := deepConfig()
		cfg.Init, cfg.MaxWork = mode, 600_000
		var out []string
		res := testdataProgram(t).Analyze(fn, cfg) // under the //gosym: directives
		for _, f := range res.Findings {
			out = append(out, fmt.Sprintf("%s:%d:%d %s", filepath.Base(f.Pos.Filename), f.Pos.Line, f.Pos.Column, f.Kind))
		}
		return out, res.Status
	}
	for _, fn := range testdataProgram(t).Entries(true, nil) {
		want, status := findings(fn, heap.LazierSharp)
		if status == result.Stopped {
			// What a search that did not finish found depends on how far
			// it got: nothing to compare.
			continue
		}
		for _, mode := range []heap.Mode{heap.Lazy, heap.Lazier} {
			got, st := findings(fn, mode)
			if st == result.Stopped {
				continue
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: %s findings differ from lazier# (-lazier# +%s):\n%s", FuncName(fn), mode, mode, diff)
			}
		}
	}
}

// TestInsertionSortPaths checks Kiasan's Sort.insertionSort figures (the Table
// I of Deng, Lee and Robby's "Efficient symbolic execution algorithms for
// programs manipulating dynamic heap objects"): 1 / 3 / 9 paths at k = 1 / 2 /
// 3, in every mode (an int array has no pointers to initialize). k bounds the
// elements of the input array that are read, as in the paper, and the paths it
// cuts are counted.
func TestInsertionSortPaths(t *testing.T) {
	for _, mode := range []heap.Mode{heap.Lazy, heap.Lazier, heap.LazierSharp} {
		for k, want := range map[int]int{1: 1, 2: 3, 3: 9} {
			cfg := deepConfig()
			cfg.Init, cfg.K = mode, k
			// Kiasan counts paths without subsumption.
			cfg.Subsume = abstraction.Off
			res := testdataProgram(t).analyze(entry(t, "kiasan.InsertionSort"), cfg)
			if res.Paths != want || res.Status != result.Bounded || len(res.Findings) != 0 {
				t.Errorf("%s k=%d: %d paths, status %s, %d findings; want %d paths, bounded, none",
					mode, k, res.Paths, res.Status, len(res.Findings), want)
			}
		}
	}
}

// TestSubsumption checks that loops over lists of any length finish with
// subsumption (status abstract, where bounds alone leave them bounded),
// with the same findings as without, and the work each mode does.
func TestSubsumption(t *testing.T) {
	tests := []struct {
		fn                       string
		status                   result.Status
		checks, subsumed, stored int
	}{
		{"loops.Sum", result.Abstract, 11, 7, 4},
		{"loops.Length", result.Abstract, 11, 7, 4},
		{"loops.Find", result.Abstract, 11, 7, 4},
		{"loops.Reverse", result.Abstract, 26, 2, 24},
		{"loops.Insert", result.Abstract, 22, 11, 11},
		{"loops.RemoveLast", result.Abstract, 22, 11, 11},
		{"lists.InsertSortedFixed", result.Abstract, 22, 11, 11},
		{"lists.InsertSorted", result.Failed, 22, 11, 11},
		{"(*dlist.List).Len", result.Abstract, 7, 4, 3},
		{"kiasan.InsertionSort", result.Abstract, 11, 4, 7},
		{"loops.SumSlice", result.Abstract, 4, 1, 3},
		{"loops.Max", result.Failed, 5, 3, 2},
		{"(*dlist.List).Check", result.Failed, 6, 1, 5},
	}
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			fn := entry(t, tt.fn)
			results := map[abstraction.Mode]*result.FuncResult{}
			for _, mode := range []abstraction.Mode{abstraction.Off, abstraction.Exact, abstraction.Abstract} {
				cfg := deepConfig()
				cfg.Subsume = mode
				results[mode] = testdataProgram(t).analyze(fn, cfg)
			}
			got := results[abstraction.Abstract]
			if got.Status != tt.status {
				t.Errorf("status = %s, want %s (bounds %v)", got.Status, tt.status, got.BoundsHit)
			}
			stats := [3]int{got.Subsumption.Checks, got.Subsumption.Subsumed, got.Subsumption.Stored}
			if want := [3]int{tt.checks, tt.subsumed, tt.stored}; stats != want {
				t.Errorf("checks, subsumed, stored = %v, want %v", stats, want)
			}
			if off := results[abstraction.Off]; off.Status != result.Bounded && off.Status != result.Failed {
				t.Errorf("without subsumption: status %s, want bounded or failed", off.Status)
			}
			kinds := func(r *result.FuncResult) []string {
				var out []string
				for _, f := range r.Findings {
					out = append(out, string(f.Kind)+" "+show(f).Posn)
				}
				return out
			}
			for _, mode := range []abstraction.Mode{abstraction.Exact, abstraction.Abstract} {
				if diff := cmp.Diff(kinds(results[abstraction.Off]), kinds(results[mode])); diff != "" {
					t.Errorf("findings with -subsume=%s differ from off (-off +%s):\n%s", mode, mode, diff)
				}
			}
		})
	}
}

// TestTextbookLoops checks that loops written as textbooks write them,
// not as the bench ports are, end abstract or complete, and the buggy
// ones failed, with no bound hit (TestTestdataFindings checks their
// findings).
func TestTextbookLoops(t *testing.T) {
	tests := []struct {
		fn     string
		status result.Status
	}{
		{"textbook.CountEqual", result.Abstract},
		{"textbook.CountSigns", result.Abstract},
		{"textbook.CountRuns", result.Abstract},
		{"textbook.LastIndex", result.Abstract},
		{"textbook.LastIndexBuggy", result.Failed},
		{"textbook.Reverse", result.Abstract},
		{"textbook.IsPalindrome", result.Abstract},
		{"textbook.IsPalindromeBuggy", result.Failed},
		{"textbook.Partition", result.Abstract},
		{"textbook.PartitionBuggy", result.Failed},
		{"textbook.TwoSum", result.Abstract},
		{"textbook.PrefixSums", result.Abstract},
		{"textbook.RemoveZeros", result.Abstract},
		{"textbook.Dedup", result.Abstract},
		{"textbook.RemoveAll", result.Abstract},
		{"textbook.RemoveAllBuggy", result.Failed},
		{"textbook.DeleteAll", result.Abstract},
		{"textbook.MaxIndex", result.Abstract},
		{"textbook.Above", result.Abstract},
		{"textbook.Merge", result.Abstract},
		{"textbook.MergeBuggy", result.Failed},
	}
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			res := testdataProgram(t).analyze(entry(t, tt.fn), deepConfig())
			if res.Status != tt.status {
				t.Errorf("status = %s, want %s (bounds %v)", res.Status, tt.status, res.BoundsHit)
			}
			if len(res.BoundsHit) > 0 {
				t.Errorf("bounds hit: %v, want none", res.BoundsHit)
			}
		})
	}
}

// TestRefine checks that -refine explores past abstract subsumption to
// the bounds: the same status and findings, more states, and the cuts
// there counted apart from the bounds.
func TestRefine(t *testing.T) {
	fn := entry(t, "loops.Insert")
	plain := testdataProgram(t).analyze(fn, deepConfig())
	cfg := deepConfig()
	cfg.Refine = true
	refined := testdataProgram(t).analyze(fn, cfg)
	if refined.Status != result.Abstract || len(refined.Findings) != 0 || len(refined.BoundsHit) != 0 {
		t.Errorf("refined: status %s, %d findings, bounds %v; want abstract, none, none", refined.Status, len(refined.Findings), refined.BoundsHit)
	}
	if refined.States <= plain.States || refined.Paths <= plain.Paths {
		t.Errorf("refined explored %d states and %d paths, plain %d and %d: want more", refined.States, refined.Paths, plain.States, plain.Paths)
	}
	if refined.Refined != 2 || plain.Refined != 0 {
		t.Errorf("paths cut past abstract subsumption: %d refined, %d plain; want 2 and 0", refined.Refined, plain.Refined)
	}
}

// TestPartition runs the two partitions of Anand, Pasareanu and Visser's
// "Symbolic execution with abstraction" (bench/partition): both finish by
// abstract subsumption, and their bugs are found with a two-node list, as in
// the paper, and a two-element array (the paper assumes more than two
// elements).
func TestPartition(t *testing.T) {
	prog, err := Load("..", "./bench/partition")
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Release()
	results := map[string]*result.FuncResult{}
	for _, fn := range prog.Entries(false, nil) {
		results[FuncName(fn)] = prog.analyze(fn, deepConfig())
	}
	type row struct {
		Status                   result.Status
		Checks, Subsumed, Stored int
		Findings                 []string
	}
	summary := func(r *result.FuncResult) row {
		out := row{Status: r.Status, Checks: r.Subsumption.Checks, Subsumed: r.Subsumption.Subsumed, Stored: r.Subsumption.Stored}
		for _, f := range r.Findings {
			out.Findings = append(out.Findings, fmt.Sprintf("%s %s: %s", show(f).Posn, f.Kind, f.Message))
		}
		return out
	}
	want := map[string]row{
		// The counts are the last pass's (k 2, ListPartition's first
		// without a cut): it prunes most states against those its first
		// pass stored and explored to their end.
		"partition.ListPartition": {Status: result.Abstract, Checks: 154, Subsumed: 133, Stored: 21},
		"partition.ListPartitionBuggy": {Status: result.Failed, Checks: 170, Subsumed: 149, Stored: 21, Findings: []string{
			"partition.go:93:9 panic: panic: partition: kept list holds an element greater than v",
		}},
		// The array's cells are also compared by their kinds (see
		// abstraction/kinds.go): closer to the paper's 30 / 17 / 13.
		"partition.ArrayPartition": {Status: result.Abstract, Checks: 43, Subsumed: 20, Stored: 23},
		"partition.ArrayPartitionBuggy": {Status: result.Failed, Checks: 41, Subsumed: 19, Stored: 22, Findings: []string{
			"partition.go:146:8 index: index out of range [2] with length 2 (a[lo])",
		}},
	}
	for name, w := range want {
		r := results[name]
		if r == nil {
			t.Fatalf("no result for %s", name)
		}
		if diff := cmp.Diff(w, summary(r)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
	witnesses := map[string][]string{
		// The paper's: the first element at most v, the second greater.
		"partition.ListPartitionBuggy":  {"l := &Node{Elem: 0, Next: &Node{Elem: 1, Next: nil}}", "ListPartitionBuggy(l, 0)"},
		"partition.ArrayPartitionBuggy": {"ArrayPartitionBuggy([]int{0, 0})"},
	}
	for name, want := range witnesses {
		f := results[name].Findings[0]
		if diff := cmp.Diff(want, append(slices.Clone(f.Setup), f.Call)); diff != "" {
			t.Errorf("%s witness (-want +got):\n%s", name, diff)
		}
	}
}

// TestAppendPaths checks that an append splits on whether it fits only
// when something else still refers to the slice's store.
func TestAppendPaths(t *testing.T) {
	tests := []struct {
		fn    string
		paths int
	}{
		{"slices.Three", 1},
		{"(*slices.Stack).Push", 1},
		{"slices.Through", 1},
		{"slices.Kept", 2},
	}
	// The paths of one append, on a hand-built receiver: call sequences
	// would add their own.
	cfg := deepConfig()
	cfg.API = false
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			res := testdataProgram(t).analyze(entry(t, tt.fn), cfg)
			if res.Paths != tt.paths || res.Status != result.Complete {
				t.Errorf("%d paths, status %s; want %d, complete", res.Paths, res.Status, tt.paths)
			}
		})
	}
}

// TestConstantTablePaths checks that reading a constant string at a
// symbolic index is one value, not a path per byte: bits.Len64 took 2040
// paths, and before its table was the same array at each retry of the
// read, it never ended. math/bits' lengths and trailing zeros are one
// path too (its model, internal/models/bits): run from source, Len64
// took one per outcome of its three ifs, 8.
func TestConstantTablePaths(t *testing.T) {
	tests := []struct {
		fn    string
		paths int
	}{
		{"strs.PerBit", 1},
		{"strs.Digits", 1},
		// Two: counts[0], read after the write at the length, is the
		// length's cell or not.
		{"strs.Histogram", 2},
		// One per name the index picks.
		{"strs.Lowest", 4},
	}
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			res := testdataProgram(t).analyze(entry(t, tt.fn), deepConfig())
			if res.Paths != tt.paths || res.Status != result.Failed || res.Panics != 1 {
				t.Errorf("%d paths, %d panics, status %s; want %d, 1, failed", res.Paths, res.Panics, res.Status, tt.paths)
			}
		})
	}
}

// TestInitialization checks the entries of a package whose initialization
// stops at a construct gosym does not model: each still runs its body,
// from the variables set before the stop, with the others as inputs, and
// says where initialization stopped.
func TestInitialization(t *testing.T) {
	const cutBound = "initialization of github.com/gosym/gosym/testdata/initcut cut at initcut.go:23:20 (builtin complex): the variables it did not set, or may still change, are inputs"
	tests := []struct {
		fn       string
		status   result.Status
		findings int
		assumed  int
		read     []string // the unset variables the body read
	}{
		{"initcut.Width", result.Failed, 1, 0, nil},
		{"initcut.Share", result.Failed, 1, 0, nil},
		{"initcut.Bucket", result.Failed, 1, 0, nil},
		{"initcut.Name", result.Failed, 1, 0, nil},
		{"initcut.Fallback", result.Bounded, 0, 1, []string{"variable github.com/gosym/gosym/testdata/initcut.fallback"}},
		{"initcut.Get", result.Failed, 1, 0, []string{"variable github.com/gosym/gosym/testdata/initcut.table"}},
	}
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			res := testdataProgram(t).analyze(entry(t, tt.fn), deepConfig())
			if res.Status != tt.status || len(res.Findings) != tt.findings || res.Assumed != tt.assumed {
				t.Errorf("status %s, %d findings, %d assumed; want %s, %d, %d", res.Status, len(res.Findings), res.Assumed, tt.status, tt.findings, tt.assumed)
			}
			if !slices.Contains(res.BoundsHit, cutBound) {
				t.Errorf("bounds hit %q, want %q among them", res.BoundsHit, cutBound)
			}
			if diff := cmp.Diff(tt.read, res.Approximated, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("approximated (-want +got):\n%s", diff)
			}
		})
	}
}

// TestInitializationGuess checks the entries of a package whose
// initialization branches on what code gosym does not run returns, and
// passes a pointer to such code: initialization stops at the first
// dependence, once, instead of running every way and leaving every panic
// of the entries out as assumed; the variables set before it are kept,
// those set after it or changed by what runs after it are inputs.
func TestInitializationGuess(t *testing.T) {
	const cutBound = "initialization of github.com/gosym/gosym/testdata/initguess cut at initguess.go:41:5 (it branches on what code gosym does not run returned): the variables it did not set, or may still change, are inputs"
	const variable = "variable github.com/gosym/gosym/testdata/initguess."
	tests := []struct {
		fn       string
		status   result.Status
		findings int
		assumed  int
		approx   []string
	}{
		{"initguess.Prime", result.Failed, 1, 0, []string{"os.Getenv"}},
		{"initguess.Rank", result.Failed, 1, 0, []string{"os.Getenv"}},
		{"initguess.Per", result.Bounded, 0, 1, []string{"os.Getenv", variable + "limit"}},
		{"initguess.Tag", result.Bounded, 0, 1, []string{"os.Getenv", variable + "settings"}},
		{"initguess.Count", result.Bounded, 0, 1, []string{"os.Getenv", variable + "counts"}},
		{"initguess.Clamp", result.Failed, 1, 0, []string{"os.Getenv"}},
	}
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			res := testdataProgram(t).analyze(entry(t, tt.fn), deepConfig())
			if res.Status != tt.status || len(res.Findings) != tt.findings || res.Assumed != tt.assumed {
				t.Errorf("status %s, %d findings, %d assumed; want %s, %d, %d", res.Status, len(res.Findings), res.Assumed, tt.status, tt.findings, tt.assumed)
			}
			if diff := cmp.Diff([]string{cutBound}, slices.DeleteFunc(slices.Clone(res.BoundsHit), func(b string) bool {
				return strings.HasPrefix(b, "string key length")
			})); diff != "" {
				t.Errorf("bounds hit (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.approx, res.Approximated, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("approximated (-want +got):\n%s", diff)
			}
		})
	}
}

// TestInitializationLoops analyses a function of compress/flate, whose
// initialization fills its fixed Huffman tables in loops of hundreds of
// iterations: initialization runs to its end (no loop bound, no state
// dropped as subsumed), and the function's body is reached.
func TestInitializationLoops(t *testing.T) {
	prog, err := Load("..", "compress/flate")
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Release()
	i := slices.IndexFunc(prog.Entries(false, nil), func(fn *ssa.Function) bool { return FuncName(fn) == "flate.NewWriter" })
	if i < 0 {
		t.Fatal("no flate.NewWriter")
	}
	res := prog.analyze(prog.Entries(false, nil)[i], deepConfig())
	if res.Status != result.Complete || res.Paths == 0 || len(res.BoundsHit) != 0 {
		t.Errorf("status %s, %d paths, bounds %q; want complete, some paths, no bounds", res.Status, res.Paths, res.BoundsHit)
	}
}

// TestSyncWaits checks a wait that another goroutine is meant to end
// (Cond.Wait): gosym, running one goroutine, does not follow the path
// past it, and says so as a bound, not as a deadlock. (A hand-built Box
// with a nil Cond is latent.)
func TestSyncWaits(t *testing.T) {
	res := testdataProgram(t).analyze(entry(t, "(*syncs.Box).Take"), deepConfig())
	const bound = "Cond.Wait waits for another goroutine at syncs.go:219:15"
	reachable := slices.DeleteFunc(slices.Clone(res.Findings), func(f *result.Finding) bool { return f.Latent })
	if res.Status != result.Bounded || len(reachable) != 0 || !slices.Contains(res.BoundsHit, bound) {
		t.Errorf("status %s, %d reachable findings, bounds %q; want bounded, none, %q among them", res.Status, len(reachable), res.BoundsHit, bound)
	}
}

// TestInitGuessCutsOnce checks an initialization that branches on another
// package's variable (os.Args, which code gosym does not run sets): it
// stops there, once, and the entry runs as many paths as after an
// initialization that runs straight to a construct gosym does not model.
// Running it both ways would run the entry twice, every panic resting on
// the guess. (The entry frame, below initialization while it ran, is
// owned by the path that goes on: see abandonInit.)
func TestInitGuessCutsOnce(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const body = `
type Node struct {
	n    int
	next *Node
}

var mode = pick()

var scale = complex(float64(mode), 1) // gosym cuts initialization here

func (t *Node) Get() int {
	if t.next != nil {
		return t.next.n / t.n
	}
	return 10 / t.n
}
`
	write("go.mod", "module initfork\n\ngo 1.26\n")
	write("forks/f.go", "package forks\n\nimport \"os\"\n\nfunc pick() int {\n\tif len(os.Args) > 3 {\n\t\treturn 1\n\t}\n\treturn 2\n}\n"+body)
	write("straight/s.go", "package straight\n\nfunc pick() int { return 2 }\n"+body)
	prog, err := Load(dir, "./...")
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Release()
	paths, bounds := map[string]int{}, map[string][]string{}
	for _, fn := range prog.Entries(false, nil) {
		res := prog.Analyze(fn, deepConfig())
		if res.Status == result.Error {
			t.Fatalf("%s: %s", res.Func, res.Err)
		}
		paths[res.PkgName], bounds[res.PkgName] = res.Paths, res.BoundsHit
	}
	if paths["straight"] == 0 || paths["forks"] != paths["straight"] {
		t.Errorf("paths: %d after an initialization that branches on os.Args, %d after a straight one; want as many", paths["forks"], paths["straight"])
	}
	want := map[string][]string{
		"forks":    {"initialization of initfork/forks cut at f.go:6:5 (it branches on what code gosym does not run returned): the variables it did not set, or may still change, are inputs"},
		"straight": {"initialization of initfork/straight cut at s.go:12:20 (builtin complex): the variables it did not set, or may still change, are inputs"},
	}
	if diff := cmp.Diff(want, bounds); diff != "" {
		t.Errorf("bounds hit (-want +got):\n%s", diff)
	}
}
