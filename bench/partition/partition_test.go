package partition

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// list builds a list of xs.
func list(xs ...int) *Node {
	var l *Node
	for _, x := range slices.Backward(xs) {
		l = &Node{Elem: x, Next: l}
	}
	return l
}

// nodes returns the nodes of the acyclic list l.
func nodes(l *Node) []*Node {
	var out []*Node
	for ; l != nil; l = l.Next {
		out = append(out, l)
	}
	return out
}

func elems(l *Node) []int {
	var out []int
	for _, n := range nodes(l) {
		out = append(out, n.Elem)
	}
	return out
}

// panicValue runs f and returns what it panicked with, or nil.
func panicValue(f func()) (v any) {
	defer func() { v = recover() }()
	f()
	return nil
}

func TestFind(t *testing.T) {
	tests := []struct {
		in   []int
		v    int
		want int // index of the node found, -1 for nil
	}{
		{nil, 0, -1},
		{[]int{1}, 0, 0},
		{[]int{1}, 1, -1},
		{[]int{0, 1, 2}, 0, 1},
		{[]int{0, 5, 2, 7}, 1, 1},
		{[]int{0, 0, 0}, 0, -1},
		{[]int{3, 2, 1}, -1, 0},
	}
	for _, tt := range tests {
		l := list(tt.in...)
		var want *Node
		if tt.want >= 0 {
			want = nodes(l)[tt.want]
		}
		if got := l.Find(tt.v); got != want {
			t.Errorf("list(%v).Find(%d) = %p, want node %d (%p)", tt.in, tt.v, got, tt.want, want)
		}
	}
}

// checkListPartition checks a partition of the list of in around v: kept
// holds the elements at most v in their order, moved the others in reverse
// order, and together they hold exactly the original nodes.
func checkListPartition(t *testing.T, in []int, v int, orig []*Node, kept, moved *Node) {
	t.Helper()
	var wantKept, wantMoved []int
	for _, x := range in {
		if x > v {
			wantMoved = append(wantMoved, x)
		} else {
			wantKept = append(wantKept, x)
		}
	}
	slices.Reverse(wantMoved)
	if diff := cmp.Diff(wantKept, elems(kept)); diff != "" {
		t.Errorf("partition(%v, %d): kept (-want +got):\n%s", in, v, diff)
	}
	if diff := cmp.Diff(wantMoved, elems(moved)); diff != "" {
		t.Errorf("partition(%v, %d): moved (-want +got):\n%s", in, v, diff)
	}
	got := append(nodes(kept), nodes(moved)...)
	if len(got) != len(orig) {
		t.Errorf("partition(%v, %d): %d nodes out, %d in", in, v, len(got), len(orig))
	}
	for _, n := range orig {
		if !slices.Contains(got, n) {
			t.Errorf("partition(%v, %d): node %d lost", in, v, n.Elem)
		}
	}
}

func TestListPartition(t *testing.T) {
	tests := []struct {
		in []int
		v  int
	}{
		{nil, 0},
		{[]int{1}, 0},
		{[]int{0}, 0},
		{[]int{0, 1}, 0},
		{[]int{1, 0}, 0},
		{[]int{1, 2, 3}, 0},
		{[]int{1, 2, 3}, 3},
		{[]int{5, 1, 6, 2, 7, 3}, 4},
		{[]int{1, 5, 6, 2, 7, 8}, 4},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.in, tt.v), func(t *testing.T) {
			l := list(tt.in...)
			orig := nodes(l)
			kept, moved := ListPartition(l, tt.v)
			checkListPartition(t, tt.in, tt.v, orig, kept, moved)
		})
	}
}

// TestListPartitionBuggyPanics runs the paper's counterexample.
func TestListPartitionBuggyPanics(t *testing.T) {
	l := &Node{Elem: 0, Next: &Node{Elem: 1}}
	got := panicValue(func() { ListPartitionBuggy(l, 0) })
	if got != "partition: kept list holds an element greater than v" {
		t.Errorf("ListPartitionBuggy(0 -> 1, 0) panicked with %v, want the kept-list check", got)
	}
}

// TestListPartitionRandom checks ListPartition, and that ListPartitionBuggy
// panics exactly on the inputs its comment names and otherwise agrees.
func TestListPartitionRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for i := range 5000 {
		in := make([]int, rng.IntN(8))
		for j := range in {
			in[j] = rng.IntN(5)
		}
		v := rng.IntN(5) - 1
		l := list(in...)
		orig := nodes(l)
		kept, moved := ListPartition(l, v)
		checkListPartition(t, in, v, orig, kept, moved)

		l = list(in...)
		orig = nodes(l)
		wantPanic := len(in) > 0 && in[len(in)-1] > v && slices.ContainsFunc(in, func(x int) bool { return x <= v })
		var bk, bm *Node
		p := panicValue(func() { bk, bm = ListPartitionBuggy(l, v) })
		if (p != nil) != wantPanic {
			t.Fatalf("case %d: ListPartitionBuggy(%v, %d) panicked with %v, want a panic: %v", i, in, v, p, wantPanic)
		}
		if p == nil {
			checkListPartition(t, in, v, orig, bk, bm)
		}
	}
}

// checkArrayPartition checks that a is a partition of in around in[0] with
// boundary k.
func checkArrayPartition(t *testing.T, in, a []int, k int) {
	t.Helper()
	if !slices.Equal(slices.Sorted(slices.Values(in)), slices.Sorted(slices.Values(a))) {
		t.Errorf("partition(%v) = %v: not a permutation", in, a)
	}
	if len(in) == 0 {
		if k != 0 {
			t.Errorf("partition(%v) = %d, want 0", in, k)
		}
		return
	}
	if k < 1 || k > len(a) || a[0] != in[0] {
		t.Fatalf("partition(%v) = %d with %v: want 1 <= k <= len and the pivot in place", in, k, a)
	}
	for i, x := range a {
		if i < k && x > in[0] || i >= k && x <= in[0] {
			t.Errorf("partition(%v) = %d with %v: a[%d] = %d on the wrong side", in, k, a, i, x)
		}
	}
}

func TestArrayPartition(t *testing.T) {
	tests := [][]int{
		nil,
		{5},
		{0, 0},
		{0, 1},
		{1, 0},
		{3, 1, 2},
		{3, 4, 5},
		{3, 5, 1, 4, 2},
		{4, 9, 8, 1, 2, 7, 4, 0},
		{2, 2, 2, 2},
	}
	for _, in := range tests {
		a := slices.Clone(in)
		k := ArrayPartition(a)
		checkArrayPartition(t, in, a, k)
	}
}

// TestArrayPartitionBuggyPanics runs the smallest input the comment names.
func TestArrayPartitionBuggyPanics(t *testing.T) {
	got := panicValue(func() { ArrayPartitionBuggy([]int{0, 0}) })
	err, ok := got.(error)
	if !ok || !strings.Contains(err.Error(), "index out of range [2] with length 2") {
		t.Errorf("ArrayPartitionBuggy([]int{0, 0}) panicked with %v, want index out of range [2] with length 2", got)
	}
}

// TestArrayPartitionExhaustive checks ArrayPartition on every array of up
// to six elements from {0, 1, 2}, and that ArrayPartitionBuggy panics
// exactly on the inputs its comment names and otherwise agrees.
func TestArrayPartitionExhaustive(t *testing.T) {
	for n := range 7 {
		for code := range pow(3, n) {
			in := make([]int, n)
			for i, c := 0, code; i < n; i, c = i+1, c/3 {
				in[i] = c % 3
			}
			a := slices.Clone(in)
			k := ArrayPartition(a)
			checkArrayPartition(t, in, a, k)

			b := slices.Clone(in)
			var bk int
			p := panicValue(func() { bk = ArrayPartitionBuggy(b) })
			wantPanic := n >= 2 && slices.Max(in[1:]) <= in[0]
			if (p != nil) != wantPanic {
				t.Fatalf("ArrayPartitionBuggy(%v) panicked with %v, want a panic: %v", in, p, wantPanic)
			}
			if p == nil && (bk != k || !slices.Equal(a, b)) {
				t.Errorf("ArrayPartitionBuggy(%v) = %d with %v, ArrayPartition gives %d with %v", in, bk, b, k, a)
			}
		}
	}
}

func pow(b, e int) int {
	r := 1
	for range e {
		r *= b
	}
	return r
}
