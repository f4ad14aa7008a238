package abstraction

import (
	"go/types"

	"github.com/gosym/gosym/solver"
)

// links is where a list node type keeps its links: next, the field a run
// follows, and prev, the mirror edge of a doubly linked list (or -1).
type links struct{ next, prev int }

// summarize returns g abstracted, under its path condition (held by the path's
// solver): arrays laid out (see layout), and each maximal run of two or more
// uninterrupted list nodes replaced by one summary node (Anand, Pasareanu and
// Visser's "Symbolic execution with abstraction", section 6.1); see listNode
// for what a list node is. A node is interrupted when a root or an interior
// pointer points to it, or when more than one edge enters it (a prev edge that
// mirrors the run's next edge does not count). The summary keeps the next link
// of the run's last node, the prev link of its first, and, per summarized
// node, the terms of its other slots: its data is that of one of them.
func (t *Table) summarize(g *Graph) *Graph {
	out := &Graph{pc: g.pc, roots: append([]ref(nil), g.roots...), nodes: append([]node(nil), g.nodes...), garbage: g.garbage}
	implied := func(f *solver.Term) bool { return t.valid(nil, f) }
	arrays := layoutArrays(t.ctx, out, implied)
	out = summarizeLists(out)
	out.summarized = out.summarized || arrays
	return out
}

// summarizeLists replaces the runs of list nodes of g (see summarize).
func summarizeLists(g *Graph) *Graph {
	orient := orientations(g)
	kind := make([]links, len(g.nodes))
	for i := range g.nodes {
		kind[i] = listNode(g, i, orient)
	}
	indeg := make([]int, len(g.nodes))
	pinned := make([]bool, len(g.nodes))
	for _, r := range g.roots {
		if r.kind == nodeRef {
			pinned[r.node] = true
		}
		pinUnlike(pinned, r)
	}
	for i, n := range g.nodes {
		for k, s := range n.slots {
			pinUnlike(pinned, s)
			if s.kind != nodeRef {
				continue
			}
			if s.path != "" {
				pinned[s.node] = true
			}
			if !mirrors(g, kind, i, k) {
				indeg[s.node]++
			}
		}
	}
	for i := range kind {
		// A node with no edge into it but a mirror is the far end of a
		// doubly linked list followed backwards.
		if pinned[i] || indeg[i] > 1 {
			kind[i] = links{-1, -1}
		}
	}
	// next[i] is the node i's next link reaches when both are list nodes
	// of one run.
	next := make([]int, len(g.nodes))
	hasPred := make([]bool, len(g.nodes))
	for i := range g.nodes {
		next[i] = -1
		l := kind[i]
		if l.next < 0 || g.nodes[i].slots[l.next].kind != nodeRef {
			continue
		}
		j := g.nodes[i].slots[l.next].node
		if j != i && kind[j] == l && g.nodes[j].input == g.nodes[i].input && backTo(g, j, l.prev, i) {
			next[i] = j
			hasPred[j] = true
		}
	}
	runOf := make([]int, len(g.nodes)) // node -> index of its run's head, or -1
	for i := range runOf {
		runOf[i] = -1
	}
	heads := 0
	for i := range g.nodes {
		if kind[i].next < 0 || hasPred[i] || next[i] < 0 {
			continue
		}
		heads++
		for j := i; j >= 0 && runOf[j] < 0; j = next[j] {
			runOf[j] = i
		}
	}
	if heads == 0 {
		return g
	}
	return rebuild(g, runOf, next, kind)
}

// mirrors reports whether slot k of node i is the prev edge of a doubly
// linked list node whose predecessor's next edge points back at it.
func mirrors(g *Graph, kind []links, i, k int) bool {
	l := kind[i]
	if l.prev != k {
		return false
	}
	p := g.nodes[i].slots[k]
	if p.kind != nodeRef || kind[p.node] != l {
		return false
	}
	back := g.nodes[p.node].slots[l.next]
	return back.kind == nodeRef && back.node == i && back.path == ""
}

// backTo reports whether node j's prev slot (if it has one) points to i
// or was not observed.
func backTo(g *Graph, j, prev, i int) bool {
	if prev < 0 {
		return true
	}
	s := g.nodes[j].slots[prev]
	return s.kind == absent || s.kind == nodeRef && s.node == i && s.path == ""
}

// orientations decides, per doubly linked node type, which of its two
// links runs follow: the one more of its nodes use (the first declared on
// a tie), so that a list traversed by either link summarizes.
func orientations(g *Graph) map[types.Type]links {
	out := map[types.Type]links{}
	count := map[types.Type][2]int{}
	for _, n := range g.nodes {
		l := listFields(n.typ)
		if l.prev < 0 || len(n.slots) <= max(l.next, l.prev) {
			continue
		}
		c := count[n.typ]
		for k, f := range []int{l.next, l.prev} {
			if n.slots[f].kind == nodeRef {
				c[k]++
			}
		}
		count[n.typ] = c
		out[n.typ] = l
	}
	for t, c := range count {
		if c[1] > c[0] {
			l := out[t]
			out[t] = links{l.prev, l.next}
		}
	}
	return out
}

// listNode returns the links of node i if it is a list node: its type is a
// struct of scalar and pointer fields with one or two fields of type *T
// (see listFields, and orientations for which of two is followed), those
// hold nil, an unobserved value or a node of its own type, and its other
// slots are scalars or unobserved.
func listNode(g *Graph, i int, orient map[types.Type]links) links {
	n := g.nodes[i]
	l := listFields(n.typ)
	if o, ok := orient[n.typ]; ok {
		l = o
	}
	none := links{-1, -1}
	if n.summary || l.next < 0 || len(n.slots) <= max(l.next, l.prev) {
		return none
	}
	for k, s := range n.slots {
		switch {
		case k == l.next || k == l.prev:
			if s.kind == nodeRef && (s.path != "" || !types.Identical(g.nodes[s.node].typ, n.typ)) ||
				s.kind != nodeRef && s.kind != nilRef && s.kind != absent || s.unlike != nil {
				return none
			}
		case s.kind != scalarRef && s.kind != absent:
			return none
		}
	}
	return l
}

// listFields returns the fields of type *T of the struct type T, whose
// fields are all scalars or pointers: one is a singly linked list's next;
// of two, the first declared is followed and the second is its mirror.
func listFields(t types.Type) links {
	st, ok := t.Underlying().(*types.Struct)
	none := links{-1, -1}
	if !ok {
		return none
	}
	var self []int
	for i := range st.NumFields() {
		switch ft := st.Field(i).Type().Underlying().(type) {
		case *types.Pointer:
			if types.Identical(ft.Elem(), t) {
				self = append(self, i)
			}
		case *types.Basic:
			if ft.Info()&types.IsString != 0 {
				return none
			}
		default:
			return none
		}
	}
	switch len(self) {
	case 1:
		return links{self[0], -1}
	case 2:
		return links{self[0], self[1]}
	}
	return none
}

// rebuild makes the summarized graph: each run becomes its head's
// summary, other nodes are kept, and edges are renumbered.
func rebuild(g *Graph, runOf, next []int, kind []links) *Graph {
	newIndex := make([]int, len(g.nodes))
	out := &Graph{pc: g.pc, summarized: true, garbage: g.garbage}
	for i, n := range g.nodes {
		switch h := runOf[i]; {
		case h < 0:
			// As it is (an array keeps its layout), its slots renumbered
			// below.
			newIndex[i] = len(out.nodes)
			out.nodes = append(out.nodes, n)
		case h == i:
			newIndex[i] = len(out.nodes)
			out.nodes = append(out.nodes, node{typ: n.typ, input: n.input, summary: true, link: kind[i].next})
		}
	}
	for i := range g.nodes {
		if h := runOf[i]; h >= 0 {
			newIndex[i] = newIndex[h]
		}
	}
	for i, n := range g.nodes {
		switch h := runOf[i]; {
		case h < 0:
			slots := make([]ref, len(n.slots))
			for k, s := range n.slots {
				slots[k] = renumber(s, newIndex)
			}
			out.nodes[newIndex[i]].slots = slots
		case h == i:
			sum := &out.nodes[newIndex[i]]
			l := kind[i]
			last := i
			for j := i; j >= 0; j = next[j] {
				sum.members = append(sum.members, data(g.nodes[j], l))
				last = j
			}
			sum.slots = []ref{renumber(g.nodes[last].slots[l.next], newIndex)}
			if l.prev >= 0 {
				sum.slots = append(sum.slots, renumber(g.nodes[i].slots[l.prev], newIndex))
			}
		}
	}
	out.roots = make([]ref, len(g.roots))
	for k, r := range g.roots {
		out.roots[k] = renumber(r, newIndex)
	}
	return out
}

// data returns the terms of a list node's slots but its links, nil for
// slots not observed.
func data(n node, l links) []*solver.Term {
	var out []*solver.Term
	for k, s := range n.slots {
		switch {
		case k == l.next || k == l.prev:
		case s.kind == scalarRef:
			out = append(out, s.term)
		default:
			out = append(out, nil)
		}
	}
	return out
}

// IsListType reports whether values of type t can be list nodes that
// summaries shorten: a struct of scalar and pointer fields with one or two
// fields pointing to a t.
func IsListType(t types.Type) bool { return listFields(t).next >= 0 }

// renumber returns r with the node it points to renumbered by index.
func renumber(r ref, index []int) ref {
	if r.kind == nodeRef {
		r.node = index[r.node]
	}
	if r.unlike != nil {
		unlike := make([]int, len(r.unlike))
		for k, u := range r.unlike {
			unlike[k] = index[u]
		}
		r.unlike = unlike
	}
	return r
}

// pinUnlike keeps out of summaries the nodes an unresolved reference r
// was compared unequal to: a summary would not say which one it was.
func pinUnlike(pinned []bool, r ref) {
	for _, u := range r.unlike {
		pinned[u] = true
	}
}
