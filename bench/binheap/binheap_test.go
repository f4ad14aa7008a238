package binheap

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestInsertDeleteMin(t *testing.T) {
	tests := []struct {
		name string
		in   []int
	}{
		{"empty", nil},
		{"one", []int{4}},
		{"ascending", []int{1, 2, 3, 4, 5}},
		{"descending", []int{5, 4, 3, 2, 1}},
		{"duplicates", []int{2, 1, 2, 1, 2}},
		{"mixed", []int{7, -3, 9, 0, 4, 4, -8, 12, 1, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := &Heap{}
			for _, x := range tt.in {
				h.Insert(x)
				if !h.repOK() {
					t.Fatalf("repOK false after Insert(%d): %v", x, h.items)
				}
			}
			if h.Len() != len(tt.in) {
				t.Errorf("Len() = %d, want %d", h.Len(), len(tt.in))
			}
			var got []int
			for {
				x, ok := h.DeleteMin()
				if !ok {
					break
				}
				if !h.repOK() {
					t.Fatalf("repOK false after DeleteMin() = %d: %v", x, h.items)
				}
				got = append(got, x)
			}
			if diff := cmp.Diff(slices.Sorted(slices.Values(tt.in)), got); diff != "" {
				t.Errorf("elements in deletion order (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDeleteMinEmpty(t *testing.T) {
	if x, ok := (&Heap{}).DeleteMin(); x != 0 || ok {
		t.Errorf("DeleteMin() on an empty heap = %d, %v, want 0, false", x, ok)
	}
}

func TestRandomAgainstSlice(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for round := range 100 {
		h := &Heap{}
		var ref []int // sorted
		for i := range 200 {
			if rng.IntN(5) < 3 {
				x := rng.IntN(100) - 50
				h.Insert(x)
				ref = append(ref, x)
				slices.Sort(ref)
			} else {
				x, ok := h.DeleteMin()
				if ok != (len(ref) > 0) || ok && x != ref[0] {
					t.Fatalf("round %d step %d: DeleteMin() = %d, %v, want the minimum of %v", round, i, x, ok, ref)
				}
				if ok {
					ref = ref[1:]
				}
			}
			if !h.repOK() {
				t.Fatalf("round %d step %d: repOK false: %v", round, i, h.items)
			}
			if got := slices.Sorted(slices.Values(h.items)); !slices.Equal(ref, got) {
				t.Fatalf("round %d step %d: elements (-want +got):\n%s", round, i, cmp.Diff(ref, got))
			}
		}
	}
}

func TestRepOKRejects(t *testing.T) {
	for _, items := range [][]int{{2, 1}, {1, 2, 0}, {1, 2, 3, 4, 5, 6, 0}} {
		if (&Heap{items: items}).repOK() {
			t.Errorf("repOK(%v) = true, want false", items)
		}
	}
}
