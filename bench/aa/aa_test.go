package aa

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
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
		if !tr.Insert(x) {
			t.Fatalf("Insert(%d) = false, want true", x)
		}
		if !tr.repOK() {
			t.Fatalf("repOK false after Insert(%d)", x)
		}
	}
	return tr
}

func TestInsertShapes(t *testing.T) {
	tests := []struct {
		name      string
		in        []int
		wantRoot  int
		wantLevel int
	}{
		{"one", []int{1}, 1, 1},
		{"horizontal right link", []int{1, 2}, 1, 1},
		{"skew", []int{2, 1}, 1, 1},
		{"split", []int{1, 2, 3}, 2, 2},
		{"skew then split", []int{3, 2, 1}, 2, 2},
		{"seven ascending", []int{1, 2, 3, 4, 5, 6, 7}, 4, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := build(t, tt.in...)
			if tr.root.elem != tt.wantRoot || tr.root.level != tt.wantLevel {
				t.Errorf("root = %d at level %d, want %d at level %d", tr.root.elem, tr.root.level, tt.wantRoot, tt.wantLevel)
			}
			if diff := cmp.Diff(slices.Sorted(slices.Values(tt.in)), elems(tr)); diff != "" {
				t.Errorf("elements (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRemove(t *testing.T) {
	seven := []int{1, 2, 3, 4, 5, 6, 7}
	tests := []struct {
		name string
		in   []int
		x    int
		ok   bool
	}{
		{"empty", nil, 1, false},
		{"absent", seven, 8, false},
		{"only node", []int{1}, 1, true},
		{"horizontal leaf", []int{1, 2}, 2, true},
		{"node with horizontal child", []int{1, 2}, 1, true},
		{"root of seven", seven, 4, true},
		{"leftmost of seven", seven, 1, true},
		{"rightmost of seven", seven, 7, true},
		{"inner of seven", seven, 2, true},
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
			want := slices.DeleteFunc(slices.Clone(tt.in), func(y int) bool { return y == tt.x })
			if diff := cmp.Diff(want, elems(tr), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("elements after Remove(%d) (-want +got):\n%s", tt.x, diff)
			}
			if tr.Find(tt.x) {
				t.Errorf("Find(%d) after Remove = true", tt.x)
			}
		})
	}
}

func TestRemoveAllOrders(t *testing.T) {
	// Every removal order of 1..6 from every insertion order of them:
	// small enough to try exhaustively.
	perms := permutations([]int{1, 2, 3, 4, 5, 6})
	for _, ins := range perms {
		for _, rem := range perms {
			tr := &Tree{}
			for _, x := range ins {
				tr.Insert(x)
			}
			for i, x := range rem {
				if !tr.Remove(x) {
					t.Fatalf("insert %v, remove %v: Remove(%d) = false", ins, rem, x)
				}
				if !tr.repOK() {
					t.Fatalf("insert %v, remove %v: repOK false after Remove(%d)", ins, rem, x)
				}
				if got := len(elems(tr)); got != len(rem)-i-1 {
					t.Fatalf("insert %v, remove %v: %d elements left after Remove(%d)", ins, rem, got, x)
				}
			}
		}
	}
}

func permutations(xs []int) [][]int {
	if len(xs) <= 1 {
		return [][]int{slices.Clone(xs)}
	}
	var out [][]int
	for i := range xs {
		rest := slices.Delete(slices.Clone(xs), i, i+1)
		for _, p := range permutations(rest) {
			out = append(out, append([]int{xs[i]}, p...))
		}
	}
	return out
}

func TestRandomAgainstMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	tr := &Tree{}
	ref := map[int]bool{}
	for i := range 20000 {
		x := rng.IntN(64)
		switch rng.IntN(3) {
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
		if want, got := slices.Sorted(maps.Keys(ref)), elems(tr); !slices.Equal(want, got) {
			t.Fatalf("step %d: elements (-want +got):\n%s", i, cmp.Diff(want, got))
		}
	}
}

func TestRepOKRejects(t *testing.T) {
	leaf := func(x int) *Node { return &Node{elem: x, level: 1} }
	cyclic := &Node{elem: 1, level: 1}
	cyclic.right = cyclic
	tests := []struct {
		name string
		root *Node
	}{
		{"out of order", &Node{elem: 2, level: 2, left: leaf(3), right: leaf(4)}},
		{"leaf above level 1", &Node{elem: 1, level: 2}},
		{"leaf at level 0", &Node{elem: 1, level: 0}},
		{"left horizontal link", &Node{elem: 2, level: 1, left: leaf(1)}},
		{"two right horizontal links", &Node{elem: 1, level: 1, right: &Node{elem: 2, level: 1, right: leaf(3)}}},
		{"level-2 node with one child", &Node{elem: 2, level: 2, left: leaf(1)}},
		{"right child two levels down", &Node{elem: 4, level: 3,
			left:  &Node{elem: 2, level: 2, left: leaf(1), right: leaf(3)},
			right: leaf(5)}},
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
