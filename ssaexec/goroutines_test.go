package ssaexec

import (
	"fmt"
	"go/types"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/result"
)

// goroutineEntries returns the entry functions of testdata/goroutines.
func goroutineEntries(t *testing.T) []string {
	t.Helper()
	var names []string
	for _, fn := range testdataProgram(t).Entries(true, nil) {
		if name := FuncName(fn); strings.HasPrefix(name, "goroutines.") {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		t.Fatal("no entry functions in testdata/goroutines")
	}
	return names
}

// findingPlaces lists r's findings by kind and position.
func findingPlaces(r *result.FuncResult) []string {
	var out []string
	for _, f := range r.Findings {
		out = append(out, fmt.Sprintf("%s %d:%d", f.Kind, f.Pos.Line, f.Pos.Column))
	}
	return out
}

// TestSchedulesAlike checks that partial-order reduction loses no
// finding: with it, and trying every order of the goroutines'
// operations, each function of testdata/goroutines has the same findings.
func TestSchedulesAlike(t *testing.T) {
	for _, name := range goroutineEntries(t) {
		t.Run(name, func(t *testing.T) {
			fn := entry(t, name)
			cfg := deepConfig()
			cfg.POR = false
			every := testdataProgram(t).Analyze(fn, cfg)
			cfg.POR = true
			reduced := testdataProgram(t).Analyze(fn, cfg)
			if diff := cmp.Diff(findingPlaces(every), findingPlaces(reduced)); diff != "" {
				t.Errorf("findings without partial-order reduction (-) and with it (+):\n%s", diff)
			}
		})
	}
}

// TestIndependentSchedules checks that operations on distinct channels
// are not reordered: one schedule stands for all.
func TestIndependentSchedules(t *testing.T) {
	fn := entry(t, "goroutines.Independent")
	cfg := deepConfig()
	got := testdataProgram(t).Analyze(fn, cfg)
	if got.Status != result.Complete || got.Paths != 1 {
		t.Errorf("with partial-order reduction: %s with %d paths, want complete with 1", got.Status, got.Paths)
	}
	cfg.POR = false
	if got := testdataProgram(t).Analyze(fn, cfg); got.Paths <= 1 {
		t.Errorf("without partial-order reduction: %d paths, want more than 1", got.Paths)
	}
}

// TestPreemptionBound checks that a schedule past the bound is left out
// and recorded: Early's finding needs the goroutine to take the lock
// before the entry does, one preemption of the entry at its Lock; after
// that, each goroutine's Lock waits for the other's Unlock, and no
// schedule has two.
func TestPreemptionBound(t *testing.T) {
	fn := entry(t, "goroutines.Early")
	for _, tt := range []struct {
		preemptions int
		findings    []string
		bounds      []string
	}{
		{0, nil, []string{"preemptions at syncs.go:77:9"}},
		{1, []string{"div-zero 80:12"}, nil},
		{2, []string{"div-zero 80:12"}, nil},
	} {
		t.Run(fmt.Sprint(tt.preemptions), func(t *testing.T) {
			cfg := deepConfig()
			cfg.Preemptions = tt.preemptions
			got := testdataProgram(t).Analyze(fn, cfg)
			if diff := cmp.Diff(tt.findings, findingPlaces(got)); diff != "" {
				t.Errorf("findings (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.bounds, got.BoundsHit, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("bounds hit (-want +got):\n%s", diff)
			}
		})
	}
}

// TestZeroChannel checks that the zero value of a channel type is nil.
func TestZeroChannel(t *testing.T) {
	for _, dir := range []types.ChanDir{types.SendRecv, types.SendOnly, types.RecvOnly} {
		ch := types.NewChan(dir, types.Typ[types.Int])
		if z := heap.Zero(nil, ch); z != (heap.Nil{}) {
			t.Errorf("zero %s is %#v, want nil", ch, z)
		}
	}
}

// afterReturn lists the goroutines that take a step of trace after the
// last step of the entry's, in the order of their first such step.
func afterReturn(trace []result.Step) []int {
	last := -1
	for i, st := range trace {
		if st.Goroutine == 0 {
			last = i
		}
	}
	var ids []int
	for _, st := range trace[last+1:] {
		if !slices.Contains(ids, st.Goroutine) {
			ids = append(ids, st.Goroutine)
		}
	}
	return ids
}

// TestAfterReturn checks that the goroutines an entry leaves runnable
// when it returns (normally, after a recovered panic, or with its
// receiver's invariant asserted) run on, in the orders the reduction
// needs: the finding is on the schedule where one of two goroutines
// takes a case of a third's select first, its trace goes on after the
// entry's last step with steps of the goroutines, and trying every
// order finds the same. With leaks off a leak is no finding, but the
// goroutines still run in both orders (paths) and a panic of one is.
func TestAfterReturn(t *testing.T) {
	for _, tt := range []struct {
		entry      string
		invariants bool
		findings   []string
		after      []int
		// unleaked are the findings with leaks off, and paths the
		// paths then.
		unleaked []string
		paths    int
	}{
		{"goroutines.StartNode", false, []string{"leak 37:9"}, []int{1, 2, 3}, nil, 2},
		{"goroutines.Record", false, []string{"nil-map 155:6"}, []int{1, 2, 3}, []string{"nil-map 155:6"}, 1},
		{"goroutines.Guarded", false, []string{"nil-map 155:6"}, []int{1, 2, 3}, []string{"nil-map 155:6"}, 3},
		{"(*goroutines.Meter).Observe", true, []string{"leak 37:9"}, []int{1, 2, 3}, nil, 4},
	} {
		t.Run(tt.entry, func(t *testing.T) {
			fn := entry(t, tt.entry)
			cfg := deepConfig()
			cfg.Invariants = tt.invariants
			for _, por := range []bool{true, false} {
				cfg.POR = por
				got := testdataProgram(t).Analyze(fn, cfg)
				if diff := cmp.Diff(tt.findings, findingPlaces(got)); diff != "" {
					t.Fatalf("por %t: findings (-want +got):\n%s", por, diff)
				}
				if diff := cmp.Diff(tt.after, afterReturn(got.Findings[0].Trace)); diff != "" {
					t.Errorf("por %t: goroutines stepping after the return (-want +got):\n%s", por, diff)
				}
			}
			cfg.POR, cfg.Leaks = true, false
			got := testdataProgram(t).Analyze(fn, cfg)
			if diff := cmp.Diff(tt.unleaked, findingPlaces(got)); diff != "" {
				t.Errorf("leaks off: findings (-want +got):\n%s", diff)
			}
			if got.Paths != tt.paths {
				t.Errorf("leaks off: %d paths, want %d", got.Paths, tt.paths)
			}
		})
	}
}
