package avl

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// elems returns t's elements in order.
func elems(t *Tree) []int {
	var out []int
	var walk func(*Node)
	walk = func(n *Node) {
		if n == nil {
			return
		}
		walk(n.left)
		out = append(out, n.elem)
		walk(n.right)
	}
	walk(t.root)
	return out
}

func TestInsertRotations(t *testing.T) {
	tests := []struct {
		name     string
		in       []int
		wantRoot int
	}{
		{"single right rotation", []int{3, 2, 1}, 2},
		{"single left rotation", []int{1, 2, 3}, 2},
		{"left-right double rotation", []int{3, 1, 2}, 2},
		{"right-left double rotation", []int{1, 3, 2}, 2},
		{"rotation below the root", []int{5, 3, 8, 2, 1}, 5},
		{"double rotation at the root", []int{5, 2, 8, 1, 3, 4}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := &Tree{}
			for _, x := range tt.in {
				if !tr.Insert(x) {
					t.Fatalf("Insert(%d) = false, want true", x)
				}
				if !tr.repOK() {
					t.Fatalf("repOK false after Insert(%d)", x)
				}
			}
			if tr.root.elem != tt.wantRoot {
				t.Errorf("root = %d, want %d", tr.root.elem, tt.wantRoot)
			}
			if diff := cmp.Diff(slices.Sorted(slices.Values(tt.in)), elems(tr)); diff != "" {
				t.Errorf("elements (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFind(t *testing.T) {
	tr := &Tree{}
	if tr.Find(0) {
		t.Error("Find(0) on an empty tree = true")
	}
	for _, x := range []int{10, 5, 15, 3, 7} {
		tr.Insert(x)
	}
	for _, x := range []int{10, 5, 15, 3, 7} {
		if !tr.Find(x) {
			t.Errorf("Find(%d) = false, want true", x)
		}
	}
	for _, x := range []int{0, 4, 6, 11, 16} {
		if tr.Find(x) {
			t.Errorf("Find(%d) = true, want false", x)
		}
	}
}

func TestSortedInsertStaysShallow(t *testing.T) {
	tr := &Tree{}
	for x := range 1023 {
		tr.Insert(x)
	}
	if !tr.repOK() {
		t.Fatal("repOK false")
	}
	// 1023 ascending keys fill a perfect tree of height 10 under AVL
	// rotations; an unbalanced tree would be a chain of 1023.
	if h := tr.root.height; h != 10 {
		t.Errorf("height = %d, want 10", h)
	}
}

func TestRandomAgainstMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for round := range 50 {
		tr := &Tree{}
		ref := map[int]bool{}
		for i := range 200 {
			x := rng.IntN(300) - 150
			if got, want := tr.Insert(x), !ref[x]; got != want {
				t.Fatalf("round %d step %d: Insert(%d) = %v, want %v", round, i, x, got, want)
			}
			ref[x] = true
			if !tr.repOK() {
				t.Fatalf("round %d step %d: repOK false after Insert(%d)", round, i, x)
			}
			if y := rng.IntN(300) - 150; tr.Find(y) != ref[y] {
				t.Fatalf("round %d step %d: Find(%d) = %v, want %v", round, i, y, !ref[y], ref[y])
			}
		}
		if diff := cmp.Diff(slices.Sorted(maps.Keys(ref)), elems(tr)); diff != "" {
			t.Fatalf("round %d: elements (-want +got):\n%s", round, diff)
		}
	}
}

func TestRepOKRejects(t *testing.T) {
	leaf := func(x int) *Node { return &Node{elem: x, height: 1} }
	cyclic := &Node{elem: 1, height: 2}
	cyclic.right = cyclic
	tests := []struct {
		name string
		root *Node
	}{
		{"out of order", &Node{elem: 2, height: 2, left: leaf(3)}},
		{"wrong height", &Node{elem: 2, height: 3, left: leaf(1)}},
		{"leaf height zero", &Node{elem: 2, height: 0}},
		{"unbalanced", &Node{elem: 1, height: 3, right: &Node{elem: 2, height: 2, right: leaf(3)}}},
		{"cycle", cyclic},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if (&Tree{root: tt.root}).repOK() {
				t.Error("repOK = true, want false")
			}
		})
	}
}
