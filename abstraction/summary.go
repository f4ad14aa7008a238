package abstraction

import (
	"go/types"

	"github.com/gosym/gosym/solver"
)

// summarize returns g with each maximal run of two or more uninterrupted
// list nodes replaced by one summary node (000, section 6.1); see listLink
// for what a list node is. It is interrupted when a root or an interior
// pointer points to it, or when it has more than one incoming edge. The summary keeps the link of the run's last node and,
// per summarized node, the terms of its scalar slots: its data is that of
// one of them.
func summarize(g *Graph) *Graph {
	indeg := make([]int, len(g.nodes))
	pinned := make([]bool, len(g.nodes))
	for _, r := range g.roots {
		if r.kind == nodeRef {
			pinned[r.node] = true
		}
	}
	for _, n := range g.nodes {
		for _, s := range n.slots {
			if s.kind != nodeRef {
				continue
			}
			indeg[s.node]++
			if s.path != "" {
				pinned[s.node] = true
			}
		}
	}
	link := make([]int, len(g.nodes))
	for i := range g.nodes {
		link[i] = listLink(g, i)
		if pinned[i] || indeg[i] != 1 {
			link[i] = -1
		}
	}
	// next[i] is the node i's link reaches when both are list nodes of one
	// run.
	next := make([]int, len(g.nodes))
	hasPred := make([]bool, len(g.nodes))
	for i := range g.nodes {
		next[i] = -1
		if link[i] < 0 || g.nodes[i].slots[link[i]].kind != nodeRef {
			continue
		}
		j := g.nodes[i].slots[link[i]].node
		if link[j] == link[i] && g.nodes[j].input == g.nodes[i].input && j != i {
			next[i] = j
			hasPred[j] = true
		}
	}
	runOf := make([]int, len(g.nodes)) // node -> index of its run's head, or -1
	for i := range runOf {
		runOf[i] = -1
	}
	var heads []int
	for i := range g.nodes {
		if link[i] < 0 || hasPred[i] || next[i] < 0 {
			continue
		}
		heads = append(heads, i)
		for j := i; j >= 0 && runOf[j] < 0; j = next[j] {
			runOf[j] = i
		}
	}
	if len(heads) == 0 {
		return g
	}
	return rebuild(g, runOf, next)
}

// listLink returns the slot of node i that links it to the next node of
// a list, if it is a list node, or -1: its type is a struct of scalar and
// pointer fields with exactly one field of type *T (the link), its link
// holds nil, an unobserved value or a node of its own type, and its other
// slots are scalars or unobserved.
func listLink(g *Graph, i int) int {
	n := g.nodes[i]
	link := linkField(n.typ)
	if n.summary || link < 0 || len(n.slots) <= link {
		return -1
	}
	for k, s := range n.slots {
		switch {
		case k == link:
			if s.kind == nodeRef && (s.path != "" || !types.Identical(g.nodes[s.node].typ, n.typ)) ||
				s.kind != nodeRef && s.kind != nilRef && s.kind != absent {
				return -1
			}
		case s.kind != scalarRef && s.kind != absent:
			return -1
		}
	}
	return link
}

// linkField returns the index of the one field of type *T of the struct
// type T, whose fields are all scalars or pointers, or -1.
func linkField(t types.Type) int {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return -1
	}
	link := -1
	for i := range st.NumFields() {
		switch ft := st.Field(i).Type().Underlying().(type) {
		case *types.Pointer:
			if types.Identical(ft.Elem(), t) {
				if link >= 0 {
					return -1
				}
				link = i
			}
		case *types.Basic:
			if ft.Info()&types.IsString != 0 {
				return -1
			}
		default:
			return -1
		}
	}
	return link
}

// rebuild makes the summarized graph: each run becomes its head's
// summary, other nodes are kept, and edges are renumbered.
func rebuild(g *Graph, runOf, next []int) *Graph {
	newIndex := make([]int, len(g.nodes))
	out := &Graph{pc: g.pc, summarized: true}
	for i, n := range g.nodes {
		switch h := runOf[i]; {
		case h < 0:
			newIndex[i] = len(out.nodes)
			out.nodes = append(out.nodes, node{typ: n.typ, input: n.input, link: -1})
		case h == i:
			newIndex[i] = len(out.nodes)
			out.nodes = append(out.nodes, node{typ: n.typ, input: n.input, summary: true, link: listLink(g, i)})
		}
	}
	for i := range g.nodes {
		if h := runOf[i]; h >= 0 {
			newIndex[i] = newIndex[h]
		}
	}
	renumber := func(r ref) ref {
		if r.kind == nodeRef {
			r.node = newIndex[r.node]
		}
		return r
	}
	for i, n := range g.nodes {
		switch h := runOf[i]; {
		case h < 0:
			slots := make([]ref, len(n.slots))
			for k, s := range n.slots {
				slots[k] = renumber(s)
			}
			out.nodes[newIndex[i]].slots = slots
		case h == i:
			sum := &out.nodes[newIndex[i]]
			last := i
			for j := i; j >= 0; j = next[j] {
				sum.members = append(sum.members, data(g.nodes[j], sum.link))
				last = j
			}
			sum.slots = []ref{renumber(g.nodes[last].slots[sum.link])}
		}
	}
	out.roots = make([]ref, len(g.roots))
	for k, r := range g.roots {
		out.roots[k] = renumber(r)
	}
	return out
}

// data returns the terms of a list node's slots but its link, nil for
// slots not observed.
func data(n node, link int) []*solver.Term {
	var out []*solver.Term
	for k, s := range n.slots {
		switch {
		case k == link:
		case s.kind == scalarRef:
			out = append(out, s.term)
		default:
			out = append(out, nil)
		}
	}
	return out
}
