package solver

import "slices"

// orderGraph holds the comparisons and equalities on a solver's stack as
// edges between terms, one graph per signedness: a < b is a strict edge
// a -> b, Not(a < b), which is b <= a, a non-strict edge b -> a, and
// a == b non-strict edges both ways in both graphs. A cycle through a
// strict edge is a contradiction (a < ... <= a), found here by a search
// over a few dozen nodes where Z3's bit-blasting takes milliseconds per
// query on 64-bit orderings: a binary tree's repOK orders every key.
// No arithmetic is read, so the search is exact for bit-vectors.
type orderGraph struct {
	out map[orderNode][]orderEdge
	// consts counts the edges at each constant node: constants are
	// ordered among themselves by value, which closes cycles such as
	// 5 < x < 3 with no edge between 3 and 5.
	consts map[orderNode]int
	// seen, stack and pins are reaches' scratch, kept to spare the
	// collector.
	seen  visitSet
	stack []visit
	pins  [][2]orderNode
}

// visitSet is the set of visits a search has made. A search visits a few
// dozen nodes, where scanning a slice beats hashing each visit; the map
// takes over past smallVisits.
type visitSet struct {
	few  []visit
	many map[visit]bool
}

const smallVisits = 32

// add adds v and reports whether it was new.
func (s *visitSet) add(v visit) bool {
	if s.many != nil {
		if s.many[v] {
			return false
		}
		s.many[v] = true
		return true
	}
	if slices.Contains(s.few, v) {
		return false
	}
	if len(s.few) < smallVisits {
		s.few = append(s.few, v)
		return true
	}
	s.many = make(map[visit]bool, 2*smallVisits)
	for _, w := range s.few {
		s.many[w] = true
	}
	s.many[v] = true
	return true
}

func (s *visitSet) reset() {
	s.few = s.few[:0]
	s.many = nil
}

// visit is a node reached, and whether a strict edge led there.
type visit struct {
	n      orderNode
	strict bool
}

// orderNode is a term of the graph: equal terms share an id, and
// a constant is its value and width. It is small because the searches
// through the graph hash and compare nodes more than they do anything
// else.
type orderNode struct {
	v      uint64 // a symbolic term's id, or a constant's value
	width  uint8
	signed bool
	konst  bool
}

type orderEdge struct {
	to     orderNode
	strict bool
}

// graphEdge is an edge with the node it leaves.
type graphEdge struct {
	from orderNode
	orderEdge
}

func newOrderGraph() *orderGraph {
	return &orderGraph{out: map[orderNode][]orderEdge{}, consts: map[orderNode]int{}}
}

func (n orderNode) isConst() bool { return n.konst }

// below reports whether the constant a is less than the constant b in
// their signedness, which they share.
func (a orderNode) below(b orderNode) bool {
	if a.signed != b.signed || a.width != b.width {
		return false
	}
	if a.signed {
		return signed(a.v, uint(a.width)) < signed(b.v, uint(b.width))
	}
	return a.v < b.v
}

func nodeOf(t *Term, signed bool) orderNode {
	if t.concrete {
		return orderNode{v: t.val, width: t.sort.width, signed: signed, konst: true}
	}
	return orderNode{v: uint64(t.key()), width: t.sort.width, signed: signed}
}

// edgesOf returns the edges a literal adds: one for a comparison, four for
// an equality between symbols or constants, none for anything else.
func edgesOf(t *Term) []graphEdge {
	if a, b, strict, signed, ok := comparison(t); ok {
		return []graphEdge{{nodeOf(a, signed), orderEdge{nodeOf(b, signed), strict}}}
	}
	a, b, kind := atomParts(t)
	if kind != equalAtom || !orderOperand(a) || !orderOperand(b) {
		return nil
	}
	var out []graphEdge
	for _, signed := range []bool{true, false} {
		na, nb := nodeOf(a, signed), nodeOf(b, signed)
		out = append(out, graphEdge{na, orderEdge{nb, false}}, graphEdge{nb, orderEdge{na, false}})
	}
	return out
}

// contradicts reports whether adding the edges closes a cycle with a
// strict edge in it. forced gives the value the stack forces on a
// symbol, as a constant node.
func (g *orderGraph) contradicts(edges []graphEdge, forced func(orderNode) (orderNode, bool)) bool {
	for _, e := range edges {
		if g.reaches(e.to, e.from, e.strict, forced) {
			return true
		}
	}
	return false
}

// reaches reports a path from a to b, through a strict edge unless
// strictSeen already holds. A symbol with a forced value stands where its
// value does.
func (g *orderGraph) reaches(a, b orderNode, strictSeen bool, forced func(orderNode) (orderNode, bool)) bool {
	valueOf := func(n orderNode) (orderNode, bool) {
		if n.isConst() {
			return n, true
		}
		return forced(n)
	}
	if _, known := valueOf(a); !known && len(g.out[a]) == 0 && (a != b || !strictSeen) {
		return false // a leads nowhere: most comparisons are of new terms
	}
	bValue, bKnown := valueOf(b)
	// The symbols with forced values, found on the first known value
	// reached: looking them up afresh at each one made the search
	// quadratic in the graph.
	var pinned [][2]orderNode
	pinnedRead := false
	defer g.seen.reset()
	stack := append(g.stack[:0], visit{a, strictSeen})
	defer func() { g.stack = stack[:0] }()
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if v.n == b && v.strict {
			return true
		}
		if !g.seen.add(v) {
			continue
		}
		for _, e := range g.out[v.n] {
			stack = append(stack, visit{e.to, v.strict || e.strict})
		}
		c, known := valueOf(v.n)
		if !known {
			continue
		}
		if bKnown && (c.below(bValue) || c == bValue && v.strict) {
			return true
		}
		if c != v.n {
			stack = append(stack, visit{c, v.strict})
		}
		for k := range g.consts {
			if c.below(k) {
				stack = append(stack, visit{k, true})
			}
		}
		if !pinnedRead {
			pinned, pinnedRead = g.pinned(forced), true
		}
		for _, p := range pinned {
			if n, f := p[0], p[1]; c.below(f) || c == f {
				stack = append(stack, visit{n, v.strict || c.below(f)})
			}
		}
	}
	return false
}

// pinned returns the symbol nodes that have forced values, each with its
// value as a constant node.
func (g *orderGraph) pinned(forced func(orderNode) (orderNode, bool)) [][2]orderNode {
	out := g.pins[:0]
	for n := range g.out {
		if f, ok := forced(n); ok && !n.isConst() {
			out = append(out, [2]orderNode{n, f})
		}
	}
	g.pins = out
	return out
}

func (g *orderGraph) add(edges []graphEdge) {
	for _, e := range edges {
		g.out[e.from] = append(g.out[e.from], e.orderEdge)
		g.count(e.from, 1)
		g.count(e.to, 1)
	}
}

// remove takes out edges, the last ones added.
func (g *orderGraph) remove(edges []graphEdge) {
	for _, e := range slices.Backward(edges) {
		out := g.out[e.from]
		g.count(e.from, -1)
		g.count(e.to, -1)
		if len(out) == 1 {
			delete(g.out, e.from)
			continue
		}
		g.out[e.from] = out[:len(out)-1]
	}
}

func (g *orderGraph) count(n orderNode, d int) {
	if !n.isConst() {
		return
	}
	if g.consts[n] += d; g.consts[n] == 0 {
		delete(g.consts, n)
	}
}

// comparison reads t as a < b, or as a <= b (the negation of b < a), in
// the comparison's signedness.
func comparison(t *Term) (a, b *Term, strict, signed, ok bool) {
	if n := t.negated(); n != nil && n.expr.kind == compareExpr {
		return n.expr.args[1], n.expr.args[0], false, n.expr.op == opSlt, true
	}
	if t.expr.kind == compareExpr {
		return t.expr.args[0], t.expr.args[1], true, t.expr.op == opSlt, true
	}
	return nil, nil, false, false, false
}
