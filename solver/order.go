package solver

// orderGraph holds the comparisons on a solver's stack as edges between
// terms, one graph per signedness: a < b is a strict edge a -> b, and
// Not(a < b), which is b <= a, a non-strict edge b -> a. A cycle through
// a strict edge is a contradiction (a < ... <= a), found here by a search
// over a few dozen nodes where Z3's bit-blasting takes milliseconds per
// query on 64-bit orderings: a binary tree's repOK orders every key.
type orderGraph struct {
	out map[orderNode][]orderEdge
	// consts counts the edges at each constant node: constants are
	// ordered among themselves by value, which closes cycles such as
	// 5 < x < 3 with no edge between 3 and 5.
	consts map[orderNode]int
}

// orderNode is a term of the graph: Z3 shares the AST of equal terms, and
// a constant is its value and width.
type orderNode struct {
	signed bool
	ast    zast
	val    uint64
	width  uint
}

type orderEdge struct {
	to     orderNode
	strict bool
}

func newOrderGraph() *orderGraph {
	return &orderGraph{out: map[orderNode][]orderEdge{}, consts: map[orderNode]int{}}
}

func (n orderNode) isConst() bool { return n.ast == nil }

// below reports whether the constant a is less than the constant b in
// their signedness, which they share.
func (a orderNode) below(b orderNode) bool {
	if a.signed != b.signed || a.width != b.width {
		return false
	}
	if a.signed {
		return signed(a.val, a.width) < signed(b.val, b.width)
	}
	return a.val < b.val
}

func nodeOf(t *Term, signed bool) orderNode {
	if t.concrete {
		return orderNode{signed: signed, val: t.val, width: t.sort.Width()}
	}
	return orderNode{signed: signed, ast: t.ast}
}

// edgeOf returns the edge a literal of a comparison adds, if it is one.
func edgeOf(t *Term) (from orderNode, e orderEdge, ok bool) {
	a, b, strict, signed, ok := comparison(t)
	if !ok {
		return orderNode{}, orderEdge{}, false
	}
	return nodeOf(a, signed), orderEdge{to: nodeOf(b, signed), strict: strict}, true
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

// contradicts reports whether adding the edge from -> e.to closes a cycle
// with a strict edge in it.
func (g *orderGraph) contradicts(from orderNode, e orderEdge) bool {
	return g.reaches(e.to, from, e.strict)
}

// reaches reports a path from a to b, through a strict edge unless
// strictSeen already holds.
func (g *orderGraph) reaches(a, b orderNode, strictSeen bool) bool {
	type visit struct {
		n      orderNode
		strict bool
	}
	seen := map[visit]bool{}
	stack := []visit{{a, strictSeen}}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if v.n == b && v.strict {
			return true
		}
		if seen[v] {
			continue
		}
		seen[v] = true
		for _, e := range g.out[v.n] {
			stack = append(stack, visit{e.to, v.strict || e.strict})
		}
		if v.n.isConst() {
			for k := range g.consts {
				if v.n.below(k) {
					stack = append(stack, visit{k, true})
				}
			}
			if b.isConst() && v.n.below(b) {
				stack = append(stack, visit{b, true})
			}
		}
	}
	return false
}

func (g *orderGraph) add(from orderNode, e orderEdge) {
	g.out[from] = append(g.out[from], e)
	g.count(from, 1)
	g.count(e.to, 1)
}

// remove takes out the edge added last from from.
func (g *orderGraph) remove(from orderNode) {
	edges := g.out[from]
	g.count(from, -1)
	g.count(edges[len(edges)-1].to, -1)
	if len(edges) == 1 {
		delete(g.out, from)
		return
	}
	g.out[from] = edges[:len(edges)-1]
}

func (g *orderGraph) count(n orderNode, d int) {
	if !n.isConst() {
		return
	}
	if g.consts[n] += d; g.consts[n] == 0 {
		delete(g.consts, n)
	}
}
