package leftist

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// elems returns h's elements in ascending order, leaving h as it was.
func elems(h *Heap) []int {
	var out []int
	var walk func(*Node)
	walk = func(n *Node) {
		if n == nil {
			return
		}
		out = append(out, n.elem)
		walk(n.left)
		walk(n.right)
	}
	walk(h.root)
	slices.Sort(out)
	return out
}

func heapOf(t *testing.T, xs ...int) *Heap {
	t.Helper()
	h := &Heap{}
	for _, x := range xs {
		h.Insert(x)
		if !h.repOK() {
			t.Fatalf("repOK false after Insert(%d)", x)
		}
	}
	return h
}

// drain deletes every element of h and returns them in deletion order.
func drain(t *testing.T, h *Heap) []int {
	t.Helper()
	var out []int
	for {
		x, ok := h.DeleteMin()
		if !ok {
			return out
		}
		if !h.repOK() {
			t.Fatalf("repOK false after DeleteMin() = %d", x)
		}
		out = append(out, x)
	}
}

func TestMerge(t *testing.T) {
	tests := []struct {
		name string
		a, b []int
	}{
		{"both empty", nil, nil},
		{"into empty", nil, []int{3, 1, 2}},
		{"from empty", []int{3, 1, 2}, nil},
		{"single nodes", []int{2}, []int{1}},
		{"interleaved", []int{1, 4, 7, 10}, []int{2, 3, 8, 9, 11}},
		{"duplicates", []int{5, 5, 1}, []int{5, 1, 1}},
		{"all of b smaller", []int{10, 11, 12}, []int{1, 2, 3, 4, 5, 6, 7}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := heapOf(t, tt.a...), heapOf(t, tt.b...)
			a.Merge(b)
			if !a.repOK() || !b.repOK() {
				t.Fatal("repOK false after Merge")
			}
			if b.root != nil {
				t.Error("Merge left elements in its argument")
			}
			want := slices.Sorted(slices.Values(append(slices.Clone(tt.a), tt.b...)))
			if diff := cmp.Diff(want, drain(t, a)); diff != "" {
				t.Errorf("elements in deletion order (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMergeSelf(t *testing.T) {
	h := heapOf(t, 3, 1, 2)
	h.Merge(h)
	if !h.repOK() {
		t.Fatal("repOK false after h.Merge(h)")
	}
	if diff := cmp.Diff([]int{1, 2, 3}, drain(t, h)); diff != "" {
		t.Errorf("elements (-want +got):\n%s", diff)
	}
}

func TestDeleteMinEmpty(t *testing.T) {
	if x, ok := (&Heap{}).DeleteMin(); x != 0 || ok {
		t.Errorf("DeleteMin() on an empty heap = %d, %v, want 0, false", x, ok)
	}
}

func TestRandomAgainstSlice(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for round := range 200 {
		h := &Heap{}
		var ref []int // sorted
		for i := range 100 {
			switch rng.IntN(3) {
			case 0:
				x := rng.IntN(50)
				h.Insert(x)
				ref = append(ref, x)
				slices.Sort(ref)
			case 1:
				x, ok := h.DeleteMin()
				if ok != (len(ref) > 0) || ok && x != ref[0] {
					t.Fatalf("round %d step %d: DeleteMin() = %d, %v, want the minimum of %v", round, i, x, ok, ref)
				}
				if ok {
					ref = ref[1:]
				}
			case 2:
				other := &Heap{}
				for range rng.IntN(5) {
					x := rng.IntN(50)
					other.Insert(x)
					ref = append(ref, x)
				}
				slices.Sort(ref)
				h.Merge(other)
				if !other.repOK() || other.root != nil {
					t.Fatalf("round %d step %d: Merge left its argument non-empty or broken", round, i)
				}
			}
			if !h.repOK() {
				t.Fatalf("round %d step %d: repOK false", round, i)
			}
			if got := elems(h); !slices.Equal(ref, got) {
				t.Fatalf("round %d step %d: elements (-want +got):\n%s", round, i, cmp.Diff(ref, got))
			}
		}
	}
}

func TestRepOKRejects(t *testing.T) {
	leaf := func(x int) *Node { return &Node{elem: x} }
	shared := leaf(5)
	cyclic := &Node{elem: 1}
	cyclic.left = cyclic
	tests := []struct {
		name string
		root *Node
	}{
		{"child smaller than parent", &Node{elem: 2, left: leaf(1)}},
		{"right child smaller than parent", &Node{elem: 2, npl: 1, left: leaf(3), right: leaf(1)}},
		{"right path shorter on the left", &Node{elem: 1, right: leaf(2)}},
		{"npl too large", &Node{elem: 1, npl: 1, left: leaf(2)}},
		{"npl too small", &Node{elem: 1, npl: 0, left: leaf(2), right: leaf(3)}},
		{"shared node", &Node{elem: 1, npl: 1, left: shared, right: shared}},
		{"cycle", cyclic},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if (&Heap{root: tt.root}).repOK() {
				t.Error("repOK = true, want false")
			}
		})
	}
}
