package ssaexec

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/result"
)

// sequencePackages are the testdata packages whose entries take values
// the API builds: containers, iterators, rings, registries, a queue
// guarded by a mutex.
var sequencePackages = []string{"api", "probe", "syncs", "dlist", "trees", "contracts", "equality", "ordered", "siblings"}

// sequenceEntries returns the entries of sequencePackages.
func sequenceEntries(t *testing.T, prog *Program) []*ssa.Function {
	t.Helper()
	var fns []*ssa.Function
	for _, fn := range prog.Entries(true, nil) {
		for _, name := range sequencePackages {
			if packageOf(fn).Pkg.Path() == "github.com/gosym/gosym/testdata/"+name {
				fns = append(fns, fn)
			}
		}
	}
	if len(fns) < 80 {
		t.Fatalf("%d entries in %v, want more", len(fns), sequencePackages)
	}
	return fns
}

// sequenceRecord is the part of a record that must not depend on whether
// the entry called the sequences that build its receiver itself or
// started from the states the run shares: sharedRecord but for the counts
// of sequences and cut paths, and the work in the deepening's
// prediction. Those differ by design: a point's entry in the search's
// table, which a later pass keeps if the point's continuations were
// explored to their end, holds for the entry's run from it alone, where
// the plain search's holds for the sequences that extend it too, whose
// cuts (the seq bound's) then keep it from a deeper pass. The later pass
// then prunes more of the points: the entry ran from states that cover
// them. And the values a witness passes are Z3's model, which the names
// of the symbols steer, and the shared search names its symbols apart
// (see symbolFloor): a witness's calls must be the same, their string
// and number literals may differ.
func sequenceRecord(r *result.FuncResult) sharedRecord {
	s := recordOf(r)
	s.Sequences, s.Cut = 0, 0
	for i, f := range s.Findings {
		f.Setup = slices.Clone(f.Setup)
		for j := range f.Setup {
			f.Setup[j] = literals.ReplaceAllString(f.Setup[j], "L")
		}
		f.Call = literals.ReplaceAllString(f.Call, "L")
		s.Findings[i] = f
	}
	s.Bounds = slices.Clone(s.Bounds)
	for i, b := range s.Bounds {
		if strings.HasPrefix(b, "deepening stopped") {
			s.Bounds[i] = digits.ReplaceAllString(b, "N")
		}
	}
	return s
}

var (
	digits   = regexp.MustCompile(`[0-9]+`)
	literals = regexp.MustCompile(`"(\\.|[^"\\])*"|-?\b[0-9][0-9.e+x]*\b`)
)

// TestSharedSequencesFindTheSame analyses every entry of
// sequencePackages twice: calling the sequences that build its receiver
// itself, and starting from the states a run explores once per type. The
// records must be the same, findings, witnesses and traces included (see
// sequenceRecord), but where the solver gave up on a query in either: Z3
// counts the work of a query by what its context learnt before, and the
// space of sequences has a context of its own, so a query near its limit
// is settled in one and not in the other (the oracle skips such pairs
// too). Those are counted, and must stay few. At the defaults, where the
// API's half of the budget
// stops some of the searches of sequences, and at the deep budget, where
// none is.
func TestSharedSequencesFindTheSame(t *testing.T) {
	if testing.Short() {
		t.Skip("four searches of each function of nine testdata packages")
	}
	for _, tt := range []struct {
		name string
		cfg  Config
	}{{"defaults", DefaultConfig()}, {"deep", deepConfig()}} {
		t.Run(tt.name, func(t *testing.T) {
			prog, err := Load("..", "./testdata/...")
			if err != nil {
				t.Fatal(err)
			}
			defer prog.Release()
			cfg, shared, gaveUp := tt.cfg, 0, 0
			fns := sequenceEntries(t, prog)
			for _, fn := range fns {
				cfg.ShareSequences = false
				own := prog.Analyze(fn, cfg)
				cfg.ShareSequences = true
				short := prog.Analyze(fn, cfg)
				if own.Status == result.Error || short.Status == result.Error {
					t.Fatalf("%s: %s%s", own.Func, own.Err, short.Err)
				}
				if short.WorkSplit.Shared > 0 {
					shared++
				}
				if solverGaveUp(own) || solverGaveUp(short) {
					gaveUp++
					continue
				}
				if diff := cmp.Diff(sequenceRecord(own), sequenceRecord(short)); diff != "" {
					t.Errorf("%s: record calling its sequences (-) and from the shared states (+):\n%s", own.Func, diff)
				}
			}
			if shared < 40 {
				t.Errorf("%d entries started from shared states of sequences, want 40 or more", shared)
			}
			if gaveUp > len(fns)/10 {
				t.Errorf("the solver gave up on a query of %d of %d entries, more than one in 10: their records were not compared", gaveUp, len(fns))
			}
			t.Logf("%d entries, %d from shared states; %d not compared: the solver gave up on a query", len(fns), shared, gaveUp)
		})
	}
}

// TestOneSequenceSearchPerType counts the searches of call sequences of
// a run over testdata/api at the defaults: one per type, variable kind
// and bounds (each pass of an entry's deepening asks for its own), however
// many methods start from its states: without sharing, each of those
// entries searches them in each of its passes.
func TestOneSequenceSearchPerType(t *testing.T) {
	prog, err := Load("..", "./testdata/api")
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Release()
	cfg := DefaultConfig()
	var entries []string
	for _, fn := range prog.Entries(true, nil) {
		if r := prog.Analyze(fn, cfg); r.WorkSplit.Shared > 0 {
			entries = append(entries, r.Func)
		}
	}
	searches := map[string]int{}
	for key, sp := range prog.apiSpaces.spaces {
		if sp.why == "" {
			searches[key.named.Obj().Name()]++
		}
	}
	wantEntries := []string{"(*api.List).First", "(*api.List).Len", "(*api.FixedList).First", "(*api.Stack).Peek",
		"(*api.Stack).top", "(*api.Ring).Put", "(*api.Counter).Add", "(*api.Table).Set", "api.Sum", "api.FirstOf",
		"(*api.Sorted).Insert", "(*api.Sorted).Gap", "(api.Vec).Ratio", "(*api.Set).Add", "(*api.Set).Gap", "api.Level"}
	if diff := cmp.Diff(wantEntries, entries); diff != "" {
		t.Errorf("entries that started from shared states (-want +got):\n%s", diff)
	}
	want := map[string]int{"Counter": 4, "FixedList": 3, "List": 3, "Ring": 3, "Set": 3, "Sorted": 3, "Stack": 3,
		"Table": 4, "Vec": 3, "gauge": 1}
	if diff := cmp.Diff(want, searches); diff != "" {
		t.Errorf("searches of sequences per type (-want +got):\n%s", diff)
	}
}

// solverGaveUp reports whether the solver left a query of r's search
// undecided.
func solverGaveUp(r *result.FuncResult) bool {
	return slices.ContainsFunc(r.BoundsHit, func(b string) bool { return strings.HasPrefix(b, "solver: ") })
}
