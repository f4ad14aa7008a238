package sorts

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var sorts = []struct {
	name string
	sort func([]int)
}{
	{"InsertionSort", InsertionSort},
	{"SelectionSort", SelectionSort},
	{"ShellSort", ShellSort},
}

func TestSorts(t *testing.T) {
	inputs := []struct {
		name string
		in   []int
	}{
		{"nil", nil},
		{"empty", []int{}},
		{"one", []int{1}},
		{"two in order", []int{1, 2}},
		{"two reversed", []int{2, 1}},
		{"sorted", []int{1, 2, 3, 4, 5, 6, 7}},
		{"reversed", []int{7, 6, 5, 4, 3, 2, 1}},
		{"all equal", []int{3, 3, 3, 3}},
		{"duplicates", []int{2, 3, 1, 3, 2, 1}},
		{"extremes", []int{0, -1 << 63, 1<<63 - 1, -1, 1}},
	}
	for _, s := range sorts {
		for _, in := range inputs {
			t.Run(s.name+"/"+in.name, func(t *testing.T) {
				a := slices.Clone(in.in)
				s.sort(a)
				want := slices.Clone(in.in)
				slices.Sort(want)
				if diff := cmp.Diff(want, a); diff != "" {
					t.Errorf("%s(%v) (-want +got):\n%s", s.name, in.in, diff)
				}
			})
		}
	}
}

func TestSortsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for i := range 2000 {
		in := make([]int, rng.IntN(40))
		for j := range in {
			in[j] = rng.IntN(20) - 10
		}
		want := slices.Sorted(slices.Values(in))
		for _, s := range sorts {
			a := slices.Clone(in)
			s.sort(a)
			if !slices.Equal(want, a) {
				t.Fatalf("case %d: %s(%v) (-want +got):\n%s", i, s.name, in, cmp.Diff(want, a))
			}
		}
	}
}

// TestSortsInPlace checks that the sorts work on the caller's array: a
// sorted subslice leaves the elements around it alone.
func TestSortsInPlace(t *testing.T) {
	for _, s := range sorts {
		a := []int{9, 5, 3, 4, 1, 0}
		s.sort(a[1:5])
		if diff := cmp.Diff([]int{9, 1, 3, 4, 5, 0}, a); diff != "" {
			t.Errorf("%s on a[1:5] (-want +got):\n%s", s.name, diff)
		}
	}
}
