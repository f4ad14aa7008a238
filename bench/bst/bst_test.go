package bst

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

func build(t *testing.T, xs ...int) *Tree {
	t.Helper()
	tr := &Tree{}
	for _, x := range xs {
		tr.Insert(x)
		if !tr.repOK() {
			t.Fatalf("repOK false after Insert(%d)", x)
		}
	}
	return tr
}

func TestFindMinMax(t *testing.T) {
	tests := []struct {
		name             string
		in               []int
		min, max         int
		ok               bool
		present, missing []int
	}{
		{"empty", nil, 0, 0, false, nil, []int{0, 1}},
		{"one", []int{5}, 5, 5, true, []int{5}, []int{4, 6}},
		{"left chain", []int{3, 2, 1}, 1, 3, true, []int{1, 2, 3}, []int{0, 4}},
		{"right chain", []int{1, 2, 3}, 1, 3, true, []int{1, 2, 3}, []int{0, 4}},
		{"balanced", []int{4, 2, 6, 1, 3, 5, 7}, 1, 7, true, []int{1, 4, 7}, []int{0, 8}},
		{"negative", []int{-3, -10, 0}, -10, 0, true, []int{-10}, []int{-4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := build(t, tt.in...)
			if x, ok := tr.FindMin(); x != tt.min || ok != tt.ok {
				t.Errorf("FindMin() = %d, %v, want %d, %v", x, ok, tt.min, tt.ok)
			}
			if x, ok := tr.FindMax(); x != tt.max || ok != tt.ok {
				t.Errorf("FindMax() = %d, %v, want %d, %v", x, ok, tt.max, tt.ok)
			}
			for _, x := range tt.present {
				if !tr.Find(x) {
					t.Errorf("Find(%d) = false, want true", x)
				}
			}
			for _, x := range tt.missing {
				if tr.Find(x) {
					t.Errorf("Find(%d) = true, want false", x)
				}
			}
		})
	}
}

func TestRemove(t *testing.T) {
	tests := []struct {
		name string
		in   []int
		x    int
		ok   bool
		want []int
	}{
		{"empty", nil, 1, false, nil},
		{"absent", []int{2, 1, 3}, 4, false, []int{1, 2, 3}},
		{"only node", []int{1}, 1, true, nil},
		{"leaf", []int{2, 1, 3}, 1, true, []int{2, 3}},
		{"left child only", []int{3, 2, 1}, 2, true, []int{1, 3}},
		{"right child only", []int{1, 2, 3}, 2, true, []int{1, 3}},
		{"root with two children", []int{2, 1, 3}, 2, true, []int{1, 3}},
		{"successor has a right child", []int{2, 1, 5, 3, 4}, 2, true, []int{1, 3, 4, 5}},
		{"inner node with two children", []int{8, 4, 12, 2, 6, 5, 7}, 4, true, []int{2, 5, 6, 7, 8, 12}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := build(t, tt.in...)
			if ok := tr.Remove(tt.x); ok != tt.ok {
				t.Errorf("Remove(%d) = %v, want %v", tt.x, ok, tt.ok)
			}
			if !tr.repOK() {
				t.Fatal("repOK false after Remove")
			}
			if diff := cmp.Diff(tt.want, elems(tr)); diff != "" {
				t.Errorf("elements after Remove(%d) (-want +got):\n%s", tt.x, diff)
			}
		})
	}
}

func TestInsertDuplicate(t *testing.T) {
	tr := build(t, 2, 1, 3)
	if tr.Insert(1) {
		t.Error("Insert(1) of a present element = true, want false")
	}
	if diff := cmp.Diff([]int{1, 2, 3}, elems(tr)); diff != "" {
		t.Errorf("elements (-want +got):\n%s", diff)
	}
}

func TestRandomAgainstMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	tr := &Tree{}
	ref := map[int]bool{}
	for i := range 5000 {
		x := rng.IntN(40) - 20
		switch op := rng.IntN(3); op {
		case 0:
			if got, want := tr.Insert(x), !ref[x]; got != want {
				t.Fatalf("step %d: Insert(%d) = %v, want %v", i, x, got, want)
			}
			ref[x] = true
		case 1:
			if got, want := tr.Remove(x), ref[x]; got != want {
				t.Fatalf("step %d: Remove(%d) = %v, want %v", i, x, got, want)
			}
			delete(ref, x)
		case 2:
			if got, want := tr.Find(x), ref[x]; got != want {
				t.Fatalf("step %d: Find(%d) = %v, want %v", i, x, got, want)
			}
		}
		if !tr.repOK() {
			t.Fatalf("step %d: repOK false", i)
		}
		want := slices.Sorted(maps.Keys(ref))
		if got := elems(tr); !slices.Equal(want, got) {
			t.Fatalf("step %d: elements (-want +got):\n%s", i, cmp.Diff(want, got))
		}
		minX, minOK := tr.FindMin()
		maxX, maxOK := tr.FindMax()
		if minOK != (len(want) > 0) || maxOK != (len(want) > 0) {
			t.Fatalf("step %d: FindMin/FindMax ok = %v/%v on %d elements", i, minOK, maxOK, len(want))
		}
		if len(want) > 0 && (minX != want[0] || maxX != want[len(want)-1]) {
			t.Fatalf("step %d: FindMin, FindMax = %d, %d, want %d, %d", i, minX, maxX, want[0], want[len(want)-1])
		}
	}
}

func TestRepOKRejects(t *testing.T) {
	cyclic := &Node{elem: 1}
	cyclic.right = cyclic
	shared := &Node{elem: 1}
	tests := []struct {
		name string
		root *Node
	}{
		{"left child too large", &Node{elem: 2, left: &Node{elem: 3}}},
		{"right child equal", &Node{elem: 2, right: &Node{elem: 2}}},
		{"grandchild on the wrong side of the root", &Node{elem: 5, left: &Node{elem: 2, right: &Node{elem: 6}}}},
		{"cycle", cyclic},
		{"shared node", &Node{elem: 2, left: shared, right: shared}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if (&Tree{root: tt.root}).repOK() {
				t.Error("repOK = true, want false")
			}
		})
	}
}
