package fuzz

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// node builds a Node of the given pointers, for the tables.
func node(ptrs ...int) Node { return Node{Ptrs: ptrs} }

func TestDepth(t *testing.T) {
	tests := []struct {
		name string
		in   Input
		want int
	}{
		{"nil parameters", Input{P: -1, Q: -1}, -1},
		{"one node", Input{Nodes: []Node{node(-1)}, P: 0, Q: -1}, 0},
		{"list of three", Input{Nodes: []Node{node(1), node(2), node(-1)}, P: 0, Q: -1}, 2},
		{"self loop", Input{Nodes: []Node{node(0)}, P: 0, Q: -1}, 0},
		{"cycle of three", Input{Nodes: []Node{node(1), node(2), node(0)}, P: 0, Q: -1}, 2},
		{"q in the middle", Input{Nodes: []Node{node(1), node(2), node(-1)}, P: -1, Q: 1}, 1},
		{"p and q alias", Input{Nodes: []Node{node(1), node(-1)}, P: 0, Q: 0}, 1},
		// The shortest path to node 3 has one field, the longest
		// simple one three: code that reaches it along the longest
		// materializes it at depth three.
		{"shortcut", Input{Nodes: []Node{node(1, 3), node(2, -1), node(3, -1), node(-1, -1)}, P: 0, Q: -1}, 3},
		{"tree", Input{Nodes: []Node{node(1, 2), node(-1, -1), node(3, -1), node(-1, -1)}, P: 0, Q: -1}, 2},
		{"cross edge from q", Input{Nodes: []Node{node(-1), node(0)}, P: 0, Q: 1}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.in.Depth(); got != tt.want {
				t.Errorf("Depth() = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestRandomInput checks the inputs' invariants on many draws: pointers
// index the nodes, every node has the shape's fields, the depth stays
// within the bound, and the bound is reached.
func TestRandomInput(t *testing.T) {
	for _, shape := range shapes {
		for depth := range 5 {
			r := rand.New(rand.NewPCG(uint64(depth), uint64(len(shape))))
			deepest := -1
			for range 300 {
				in := randomInput(r, shape, depth)
				if d := in.Depth(); d > depth {
					t.Fatalf("shape %v: input of depth %d over the bound %d: %+v", shape, d, depth, in)
				}
				deepest = max(deepest, in.Depth())
				checkIndices(t, in, len(shape))
			}
			if deepest != depth {
				t.Errorf("shape %v: deepest of 300 inputs within %d is %d", shape, depth, deepest)
			}
		}
	}
}

func checkIndices(t *testing.T, in *Input, fields int) {
	t.Helper()
	ok := func(i int) bool { return -1 <= i && i < len(in.Nodes) }
	if !ok(in.P) || !ok(in.Q) || len(in.Nodes) > maxNodes {
		t.Fatalf("bad input: %+v", in)
	}
	for _, n := range in.Nodes {
		if len(n.Ptrs) != fields {
			t.Fatalf("node with %d pointers, want %d: %+v", len(n.Ptrs), fields, in)
		}
		for _, j := range n.Ptrs {
			if !ok(j) {
				t.Fatalf("pointer %d out of range: %+v", j, in)
			}
		}
	}
}

// TestRandomInputDeterministic checks that one seed draws the same
// inputs: Check's concrete runs must be the same on every run of a
// corpus entry.
func TestRandomInputDeterministic(t *testing.T) {
	draw := func() []*Input {
		r := rand.New(rand.NewPCG(7, 7))
		var ins []*Input
		for range 20 {
			ins = append(ins, randomInput(r, shapes[2], 3))
		}
		return ins
	}
	if diff := cmp.Diff(draw(), draw()); diff != "" {
		t.Errorf("two draws of one seed differ (-first +second):\n%s", diff)
	}
}

func TestGoString(t *testing.T) {
	in := &Input{Nodes: []Node{{Val: 1, Ptrs: []int{1}}, {Val: -2, Ptrs: []int{0}}}, P: 0, Q: -1, A: 3, B: -4}
	want := `n0 := &Node{Val: 1}
n1 := &Node{Val: -2}
n0.Next = n1
n1.Next = n0
F0(n0, nil, 3, -4)`
	if diff := cmp.Diff(want, in.GoString("F0", "Node", Shape{"Next"})); diff != "" {
		t.Errorf("GoString (-want +got):\n%s", diff)
	}
}
