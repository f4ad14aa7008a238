package fuzz

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
)

// Input is the argument list of one concrete call: a graph of nodes, the
// nodes p and q point to, and the ints a and b.
type Input struct {
	Nodes []Node
	// P and Q index Nodes; -1 is nil.
	P, Q int
	A, B int
}

// Node is one node of an Input: its Val, and where each pointer field of
// the Shape points (an index into Input.Nodes, or -1 for nil).
type Node struct {
	Val  int
	Ptrs []int
}

// Depth returns the length of the longest simple path, in pointer fields,
// from p or q to a node: gosym materializes an input node at most K
// fields from a parameter, along whichever path the code reaches it
// first, so only an input whose longest such path is at most K is within
// its bound whatever the code does. It is -1 when p and q are nil.
func (in *Input) Depth() int {
	longest := -1
	onPath := make([]bool, len(in.Nodes))
	var walk func(i, d int)
	walk = func(i, d int) {
		if i < 0 || onPath[i] {
			return
		}
		longest = max(longest, d)
		onPath[i] = true
		for _, j := range in.Nodes[i].Ptrs {
			walk(j, d+1)
		}
		onPath[i] = false
	}
	walk(in.P, 0)
	walk(in.Q, 0)
	return longest
}

// maxNodes bounds an input's nodes, so that Depth's walk stays cheap.
const maxNodes = 12

// randomInput returns an input of the given shape whose Depth is at most
// depth: a tree built breadth first, then a few more edges to nodes it
// already has (sharing, cycles, q aliasing into p's nodes), each kept only
// if the depth stays within bounds.
func randomInput(r *rand.Rand, shape Shape, depth int) *Input {
	in := &Input{P: -1, Q: -1, A: randomInt(r), B: randomInt(r)}
	budget := 1 + r.IntN(maxNodes)
	depths := []int{}
	add := func(d int) int {
		ptrs := make([]int, len(shape))
		for i := range ptrs {
			ptrs[i] = -1
		}
		in.Nodes = append(in.Nodes, Node{Val: randomInt(r), Ptrs: ptrs})
		depths = append(depths, d)
		return len(in.Nodes) - 1
	}
	if r.IntN(5) > 0 {
		in.P = add(0)
	}
	if r.IntN(3) == 0 {
		in.Q = add(0)
	}
	for i := 0; i < len(in.Nodes); i++ {
		for f := range shape {
			if depths[i] < depth && len(in.Nodes) < budget && r.IntN(3) > 0 {
				in.Nodes[i].Ptrs[f] = add(depths[i] + 1)
			}
		}
	}
	if len(in.Nodes) == 0 {
		return in
	}
	for range r.IntN(4) {
		i, f := r.IntN(len(in.Nodes)), r.IntN(len(shape))
		if in.Nodes[i].Ptrs[f] >= 0 {
			continue
		}
		in.Nodes[i].Ptrs[f] = r.IntN(len(in.Nodes))
		if in.Depth() > depth {
			in.Nodes[i].Ptrs[f] = -1
		}
	}
	if in.Q < 0 && r.IntN(3) == 0 {
		if in.Q = r.IntN(len(in.Nodes)); in.Depth() > depth {
			in.Q = -1
		}
	}
	return in
}

// edgeInts are the int values most likely to tell arithmetic apart.
var edgeInts = []int{0, 1, -1, 2, -2, 3, 7, math.MinInt, math.MaxInt, math.MinInt + 1, math.MaxInt - 1}

func randomInt(r *rand.Rand) int {
	switch r.IntN(10) {
	case 0:
		return int(r.Uint64())
	case 1, 2, 3, 4:
		return r.IntN(21) - 10
	}
	return edgeInts[r.IntN(len(edgeInts))]
}

// GoString writes the call of fn on the input as Go statements.
func (in *Input) GoString(fn, node string, shape Shape) string {
	var b strings.Builder
	name := func(i int) string {
		if i < 0 {
			return "nil"
		}
		return fmt.Sprintf("n%d", i)
	}
	for i, n := range in.Nodes {
		fmt.Fprintf(&b, "%s := &%s{Val: %d}\n", name(i), node, n.Val)
	}
	for i, n := range in.Nodes {
		for f, j := range n.Ptrs {
			if j >= 0 {
				fmt.Fprintf(&b, "%s.%s = %s\n", name(i), shape[f], name(j))
			}
		}
	}
	fmt.Fprintf(&b, "%s(%s, %s, %d, %d)", fn, name(in.P), name(in.Q), in.A, in.B)
	return b.String()
}
