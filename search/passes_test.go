package search

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/gosym/gosym/solver"
)

// TestPasses checks the schedule of a search's passes: the shallowest
// first, then each bound a pass hit raised, the bytes last; k and seq go
// to their full values once a pass took less than twice the work of the
// one before.
func TestPasses(t *testing.T) {
	t.Parallel()
	full := Pass{K: 3, Seq: 2, KBytes: 8}
	deep := Pass{K: 9, Seq: 4, KBytes: 8}
	k, seq, kseq := Hits{K: true}, Hits{Seq: true}, Hits{K: true, Seq: true}
	tests := []struct {
		name string
		full Pass
		hits []Hits // what each pass hit, in turn
		// work is what each pass took (nil: ten times the pass before)
		work []int64
		want []Pass
	}{
		{"nothing hit: one pass", full, []Hits{{}}, nil, []Pass{{1, 0, 3}}},
		{"k hit at every depth", full, []Hits{k, k, k}, nil, []Pass{{1, 0, 3}, {2, 0, 3}, {3, 0, 3}}},
		{"k and seq", full, []Hits{kseq, seq, {}}, nil, []Pass{{1, 0, 3}, {2, 1, 3}, {2, 2, 3}}},
		{"bytes once k is not hit", full, []Hits{{K: true, Bytes: true}, {Bytes: true}, k, k},
			nil, []Pass{{1, 0, 3}, {2, 0, 3}, {2, 0, 8}, {3, 0, 8}}},
		{"bytes at full bytes", Pass{K: 1, Seq: 0, KBytes: 2}, []Hits{{K: true, Bytes: true}}, nil, []Pass{{1, 0, 2}}},
		{"the heap's default k", Pass{K: 0, Seq: 1, KBytes: 8}, []Hits{kseq, {}}, nil, []Pass{{0, 0, 3}, {0, 1, 3}}},
		{"k while the work grows", deep, []Hits{k, k, k, {}}, []int64{10, 200, 4000, 80000},
			[]Pass{{1, 0, 3}, {2, 0, 3}, {3, 0, 3}, {4, 0, 3}}},
		{"full k once it grows less than twice", deep, []Hits{k, k, k, {}}, []int64{10, 200, 390, 400},
			[]Pass{{1, 0, 3}, {2, 0, 3}, {3, 0, 3}, {9, 0, 3}}},
		{"full seq too", deep, []Hits{kseq, kseq, {}}, []int64{10, 15, 20},
			[]Pass{{1, 0, 3}, {2, 1, 3}, {9, 4, 3}}},
		{"only the bounds hit jump", deep, []Hits{kseq, seq, {}}, []int64{10, 15, 20},
			[]Pass{{1, 0, 3}, {2, 1, 3}, {2, 4, 3}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// No work budget: no pass is predicted beyond it.
			b := NewBudget(Limits{}, nil, time.Time{})
			d := NewDeepening(tt.full, false, &b)
			var got []Pass
			var last int64
			more := true
			for i := 0; more && i < len(tt.hits); i++ {
				got = append(got, d.Pass())
				w := int64(10)
				switch {
				case tt.work != nil:
					w = tt.work[i]
				case i > 0:
					w = last * 10
				}
				last = w
				var note string
				var cut *Bound
				more, note, cut = d.Next(tt.hits[i], w)
				if note != "" || cut != nil {
					t.Fatalf("deepening stopped short: %q, %v", note, cut)
				}
			}
			if more {
				t.Fatalf("another pass after %v: %v", got, d.Pass())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("passes (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDeepeningStopsShort checks what deepening says where it stops
// before the full bounds: the budget ran out in a pass, or the next pass
// was predicted to need more than is left.
func TestDeepeningStopsShort(t *testing.T) {
	t.Parallel()
	full := Pass{K: 5, Seq: 0, KBytes: 3}
	t.Run("halted", func(t *testing.T) {
		b := NewBudget(Limits{}, nil, time.Time{})
		d := NewDeepening(full, false, &b)
		b.Cause = OutOfWork
		more, note, cut := d.Next(Hits{K: true}, 10)
		if diff := cmp.Diff([]any{false, "deepening stopped at k 1 of 5: the budget ran out in that pass", (*Bound)(nil)}, []any{more, note, cut}); diff != "" {
			t.Errorf("Next (-want +got):\n%s", diff)
		}
	})
	t.Run("beyond the budget", func(t *testing.T) {
		// The work counted is 100 steps of a budget of 1000; the
		// initialization inherited does not count.
		ctx := solver.NewContext()
		defer ctx.Close()
		b := NewBudget(Limits{MaxWork: 1000}, ctx, time.Time{})
		b.Inherited = 500
		for range 100 {
			b.Step(0, InEntry)
		}
		d := NewDeepening(full, false, &b)
		if more, _, _ := d.Next(Hits{K: true}, 10); !more {
			t.Fatal("no second pass")
		}
		more, note, cut := d.Next(Hits{K: true}, 300)
		want := &Bound{Kind: BoundDeepening, Text: "deepening stopped at k 2 of 5: the next pass was predicted to need 9000 work units (30 times the last), more than the 900 left", Limit: "deepening stopped"}
		if diff := cmp.Diff([]any{false, "", want}, []any{more, note, cut}); diff != "" {
			t.Errorf("Next (-want +got):\n%s", diff)
		}
	})
}
