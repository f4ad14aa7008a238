package ssaexec

import (
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/result"
)

// TestDeeper checks which entries a run budget's next pass explores, and
// with what budgets: the unfinished ones not kept to their own budget, in
// order, while what is left covers their doubled budgets.
func TestDeeper(t *testing.T) {
	t.Parallel()
	stopped := &result.FuncResult{Status: result.Stopped, Limits: []string{"max-work"}}
	deepening := &result.FuncResult{Status: result.Bounded, Limits: []string{"deepening stopped", "k"}}
	bounded := &result.FuncResult{Status: result.Bounded, Limits: []string{"k"}}
	complete := &result.FuncResult{Status: result.Complete}
	failed := &result.FuncResult{Status: result.Error, Err: "internal error", Limits: []string{"max-work"}}
	tests := []struct {
		name      string
		results   []*result.FuncResult
		keeps     []bool
		alloc     []int64
		left      int64
		want      []int
		wantAlloc []int64
	}{
		{"all fit", []*result.FuncResult{stopped, deepening}, nil, []int64{10, 20}, 100, []int{0, 1}, []int64{20, 40}},
		{"a finding does not finish a search the budget stopped", []*result.FuncResult{{Status: result.Failed, Limits: []string{"max-work"}}, {Status: result.Bounded, Limits: []string{"api search budget"}}}, nil, []int64{10, 10}, 100, []int{0, 1}, []int64{20, 20}},
		{"finished ones stay", []*result.FuncResult{complete, stopped, bounded, failed}, nil, []int64{10, 10, 10, 10}, 100, []int{1}, []int64{10, 20, 10, 10}},
		{"in order while the budget lasts", []*result.FuncResult{stopped, stopped, stopped}, nil, []int64{10, 10, 10}, 50, []int{0, 1}, []int64{20, 20, 10}},
		{"the least deepened first", []*result.FuncResult{stopped, stopped, stopped}, nil, []int64{20, 10, 10}, 50, []int{1, 2}, []int64{20, 20, 20}},
		{"kept to their own budget", []*result.FuncResult{stopped, stopped}, []bool{true, false}, []int64{10, 10}, 100, []int{1}, []int64{10, 20}},
		{"none fits", []*result.FuncResult{stopped}, nil, []int64{10}, 19, nil, []int64{10}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			keeps := tt.keeps
			if keeps == nil {
				keeps = make([]bool, len(tt.results))
			}
			alloc := append([]int64(nil), tt.alloc...)
			got := deeper(tt.results, keeps, alloc, tt.left)
			if diff := cmp.Diff([]any{tt.want, tt.wantAlloc}, []any{got, alloc}); diff != "" {
				t.Errorf("deeper (-want +got):\n%s", diff)
			}
		})
	}
}

// TestFirstBudget checks each entry's budget in a run's first pass.
func TestFirstBudget(t *testing.T) {
	t.Parallel()
	tests := []struct {
		budget  RunBudget
		entries int
		want    int64
	}{
		{RunBudget{Total: 4_000_000}, 100, 6_250},
		{RunBudget{Total: 5_000_000}, 100, 12_500},
		{RunBudget{Total: 4_000_000, First: 50_000}, 100, 50_000},
		{RunBudget{Total: 100_000}, 100, 1_562},
		{RunBudget{Total: 100_000}, 0, MaxFirst},
		{RunBudget{Total: 40_000_000}, 100, MaxFirst},
		// 552 entries under 3.4 and 6.8 million: both runs start alike.
		{RunBudget{Total: 3_400_000}, 552, 1_562},
		{RunBudget{Total: 6_800_000}, 552, 1_562},
	}
	for _, tt := range tests {
		if got := tt.budget.first(tt.entries); got != tt.want {
			t.Errorf("%+v over %d entries: first budget %d, want %d", tt.budget, tt.entries, got, tt.want)
		}
	}
}

// TestRunBudgetPasses runs a run budget on two functions that need more
// than the first pass gives: the one whose doc comment sets its budget
// keeps it and ends stopped, the other is deepened until it ends within
// the bounds, and finds its panic.
func TestRunBudgetPasses(t *testing.T) {
	src := `package rb

// Spin sums the squares below n, within its own budget.
//
//gosym:max-work 100
func Spin(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i * i
	}
	return s
}

// Walk sums the squares below n, within the run's budget.
func Walk(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i * i
	}
	return 100 / (s - 55)
}
`
	prog := loadModule(t, t.TempDir(), "example.com/rb", map[string]string{"rb.go": src})
	entries := prog.Entries(false, nil)
	analyse := func(b RunBudget) ([]*result.FuncResult, RunSpent) {
		return prog.AnalyzeWithin(entries, DefaultConfig(), b, 1, nil, nil)
	}
	type record struct {
		Status   result.Status
		Findings int
		Notes    []string
	}
	records := func(results []*result.FuncResult) []record {
		var got []record
		for _, r := range results {
			got = append(got, record{r.Status, len(r.Findings), r.Notes})
			if w := r.WorkSplit; w.Total() != r.Work {
				t.Errorf("%s: work split %+v adds up to %d, not its passes' work %d", r.Func, w, w.Total(), r.Work)
			}
		}
		return got
	}
	// A budget of 1 runs the first pass only.
	short, _ := analyse(RunBudget{Total: 1, First: 300})
	full, spent := analyse(RunBudget{Total: 200_000, First: 300})
	want := []record{
		{Status: result.Stopped},
		// 0+1+4+9+16+25 is 55 at n 6, within the loop bound.
		{Status: result.Failed, Findings: 1, Notes: []string{fmt.Sprintf("run budget: last pass at 600 work units, after passes that spent %d", EntryWork(short[1]))}},
	}
	if diff := cmp.Diff(want, records(full)); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
	// Spin's directive keeps it out of what more budget would buy.
	wantSpent := RunSpent{Passes: 2, Spent: EntryWork(full[0]) + EntryWork(full[1]), Budgets: []int64{300, 600}}
	if diff := cmp.Diff(wantSpent, spent); diff != "" {
		t.Errorf("spent (-want +got):\n%s", diff)
	}

	// A run that takes up where the short one left its functions finds
	// what the full one does, with the work of the short one's pass
	// counted and not spent again.
	earlier := func(fn *ssa.Function) (*result.FuncResult, int64) {
		i := slices.Index(entries, fn)
		return short[i], 300
	}
	resumed, spent := analyse(RunBudget{Total: 200_000, First: 300, Earlier: earlier})
	if diff := cmp.Diff(want, records(resumed)); diff != "" {
		t.Errorf("resumed results (-want +got):\n%s", diff)
	}
	if resumed[0] != short[0] {
		t.Errorf("Spin, kept to its budget, was analysed again")
	}
	if resumed[1].Work != full[1].Work {
		t.Errorf("Walk's work resumed is %d, in one run %d", resumed[1].Work, full[1].Work)
	}
	wantSpent = RunSpent{Passes: 1, Spent: EntryWork(full[1]) - EntryWork(short[1]), Earlier: EntryWork(short[0]) + EntryWork(short[1]), Budgets: []int64{300, 600}}
	if diff := cmp.Diff(wantSpent, spent); diff != "" {
		t.Errorf("resumed spent (-want +got):\n%s", diff)
	}
}

// TestWorkSplit checks what a record says its work went to: building the
// receiver through the API, and the entry on a hand-built one, only where
// the API builds its type; package initialization where there is one;
// and phases that add up to the work.
func TestWorkSplit(t *testing.T) {
	src := `package ws

var weights = map[string]int{"a": 1, "b": 2}

// Counter counts keys.
type Counter struct {
	counts map[string]int
	total  int
}

// New returns an empty Counter.
func New() *Counter { return &Counter{counts: map[string]int{}} }

// Add counts k.
func (c *Counter) Add(k string) {
	c.counts[k]++
	c.total += weights[k]
}

// Mean is the mean weight of a key counted.
func (c *Counter) Mean() int { return c.total / len(c.counts) }

// Weight is k's weight.
func Weight(k string) int { return weights[k] }
`
	prog := loadModule(t, t.TempDir(), "example.com/ws", map[string]string{"ws.go": src})
	type phases struct{ Init, API, HandBuilt, Entry bool }
	got := map[string]phases{}
	for _, r := range prog.AnalyzeAll(prog.Entries(false, nil), DefaultConfig(), 1, nil, nil) {
		w := r.WorkSplit
		got[r.Func] = phases{w.Init > 0, w.API > 0, w.HandBuilt > 0, w.Entry > 0}
		if w.Total() != r.Work {
			t.Errorf("%s: work split %+v adds up to %d, not the work %d", r.Func, w, w.Total(), r.Work)
		}
		if w.Solver+w.Subsumption > r.Work {
			t.Errorf("%s: the solver and subsumption took %d of a work of %d", r.Func, w.Solver+w.Subsumption, r.Work)
		}
	}
	want := map[string]phases{
		"ws.New":             {Init: true, Entry: true},
		"(*ws.Counter).Add":  {Init: true, API: true, HandBuilt: true, Entry: true},
		"(*ws.Counter).Mean": {Init: true, API: true, HandBuilt: true, Entry: true},
		"ws.Weight":          {Init: true, Entry: true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("phases with work (-want +got):\n%s", diff)
	}
}
