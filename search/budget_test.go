package search

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/gosym/gosym/solver"
)

// counter is a subsumption table whose comparisons the test sets.
type counter struct{ n int64 }

func (c *counter) Work() int64 { return c.n }

// newBudget returns a budget of maxWork units whose Context the test
// closes, having inherited an initialization of inherited units.
func newBudget(t *testing.T, maxWork, inherited int64) *Budget {
	ctx := solver.NewContext()
	t.Cleanup(ctx.Close)
	b := NewBudget(Limits{MaxWork: maxWork}, ctx, time.Time{})
	b.Inherited = inherited
	return &b
}

// TestSplit checks that a search's work is split by phase as it was
// spent: each step to its phase, the comparisons made after a step to
// that step's phase, a shared initialization to Init and a probe's steps
// to theirs, and that the phases add up to the work.
func TestSplit(t *testing.T) {
	t.Parallel()
	b := newBudget(t, 1_000_000, 7)
	b.Follow(Own{Steps: [phases]int64{InEntry: 3, InInit: 2}, MatchUnits: 1})
	table := &counter{}
	b.UseTable(table)
	steps := func(n int, ph Phase) {
		for range n {
			if b.Step(0, ph) {
				t.Fatal("the budget ran out")
			}
		}
	}
	steps(2, InInit)
	table.n += 10 // 5 units, after an initialization step
	steps(3, InAPI)
	table.n += 4 // 2 units
	steps(1, InEntry)
	table.n += 8 // 4 units
	steps(2, InHandBuilt)
	table.n += 6 // 3 units, after the last step
	want := Split{Init: 7 + 2 + 2 + 5, API: 3 + 2, HandBuilt: 2 + 3, Entry: 3 + 1 + 1 + 4, Subsumption: 5 + 2 + 4 + 3 + 1}
	got := b.Split()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Split (-want +got):\n%s", diff)
	}
	if sum := got.Init + got.API + got.HandBuilt + got.Entry; sum != b.Work() {
		t.Errorf("the phases add up to %d, the work is %d", sum, b.Work())
	}
	if spent, init := b.Spent(), got.Init; spent != b.Work()-init {
		t.Errorf("Spent() = %d, want the work %d less initialization's %d", spent, b.Work(), init)
	}
	if again := b.Split(); again != got {
		t.Errorf("Split again = %+v, want %+v", again, got)
	}
}

// TestInitializationBudget checks that the packages' initialization has
// a budget of its own: its work, inherited or done, does not count in
// the entry's, and it stops when it spends its own.
func TestInitializationBudget(t *testing.T) {
	t.Parallel()
	b := newBudget(t, 10, 4)
	for i := range 7 { // a step is refused once more than 10 are spent
		if b.Step(0, InInit) {
			t.Fatalf("initialization stopped after %d steps and 4 inherited, within its budget of 10", i)
		}
	}
	if !b.Step(0, InInit) {
		t.Fatal("initialization went past its budget")
	}
	e := newBudget(t, 10, 1000)
	for i := range 11 {
		if e.Step(0, InEntry) {
			t.Fatalf("the entry stopped after %d steps, within its budget of 10", i)
		}
	}
	if !e.Step(0, InEntry) {
		t.Fatal("the entry went past its budget")
	}
}
