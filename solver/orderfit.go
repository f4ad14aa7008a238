package solver

import (
	"maps"
	"slices"
)

// This file answers Sat without Z3 for the checks that model reuse misses
// because they order values the reused model has equal: a binary tree's
// repOK and its search compare every key, and a new strict comparison
// between two keys that the model set to 0 is most of what still reached
// Z3. From the comparisons and equalities between symbols and constants
// on the stack, fitOrder makes values that respect them (a topological
// numbering), keeps the latest model's value for every other symbol, and
// then evaluates the whole stack in Go, as model reuse does: only an
// assignment under which every assertion holds answers Sat.

// fitted is an assignment made in Go: values for some symbols, the base
// model's for the others (0 without one).
type fitted struct {
	base *assignment
	vals map[termID]uint64
	// partial leaves the symbols without a value unknown: the terms over
	// them cannot be evaluated.
	partial bool
	// layers counts the fits below this one that its base chains to.
	layers int
	// dropped says that flatten left out the bottom fit of base's chain:
	// a symbol not in vals may have another value than under base.
	dropped bool
}

// A fit of fewer than smallFit symbols over a complete fit is a layer on
// it, up to maxFitLayers of them; see over.
const (
	smallFit     = 8
	maxFitLayers = 8
)

// over returns the assignment of vals over base. A small fit (a repair
// changes one symbol) is a layer over a fitted base: copying the base's
// values into each of them cost more than anything else the solver did
// on LeftistHeap. A larger one, or one past maxFitLayers, is merged with
// the fits below it into one map, so that lookups stay short; Go clones
// a map in bulk, so that costs little more than the fit itself. cache
// is the room to make for the terms the assignment will evaluate, where
// the caller knows it.
func (s *stack) over(base *assignment, vals map[termID]uint64, cache int) *assignment {
	f := &fitted{base: base, vals: vals}
	if base != nil && base.fit != nil && !base.fit.partial {
		if len(vals) < smallFit && base.fit.layers < maxFitLayers {
			f.layers = base.fit.layers + 1
		} else {
			f.vals, f.base, f.dropped = flatten(vals, base)
		}
	}
	return &assignment{ctx: s.ctx, vals: make(map[*Term]uint64, cache), fit: f}
}

// flatten merges vals and the chain of complete fits under base into one
// map, upper fits winning, and returns it with the first base of the
// chain that is not such a fit. The chain's first fit is left out when it
// holds many more values than vals: fits inherit the values of symbols
// the search has long left behind, and the map grew with every fit of a
// long search (TreeMap.put at n = 7 spent half its time copying it).
// Symbols it leaves out take the base's values, which serve as well for
// a fit whose every atom is evaluated again; dropped reports it.
func flatten(vals map[termID]uint64, base *assignment) (merged map[termID]uint64, under *assignment, dropped bool) {
	var chain []map[termID]uint64
	for base != nil && base.fit != nil && !base.fit.partial {
		chain = append(chain, base.fit.vals)
		base = base.fit.base
	}
	merged = map[termID]uint64{}
	if bottom := chain[len(chain)-1]; len(bottom) <= staleFit*(len(vals)+smallFit) {
		merged = maps.Clone(bottom)
	} else {
		dropped = true
	}
	for _, layer := range slices.Backward(chain[:len(chain)-1]) {
		maps.Copy(merged, layer)
	}
	maps.Copy(merged, vals)
	return merged, base, dropped
}

// staleFit is how many times more values than a new fit the fit under it
// may hold and still be inherited whole; see flatten.
const staleFit = 4

// orderAtom is a comparison a < b (or a <= b) between symbols and
// constants, as values of the comparison's signedness.
type orderAtom struct {
	a, b   *Term
	strict bool
}

// fitOrder tries to make an assignment under which the stack and pending
// hold, by ordering the symbols its comparisons order. It returns nil when
// it cannot, and the check goes to Z3.
func (s *stack) fitOrder(pending []*Term) *assignment {
	atoms := append(slices.Collect(s.assertions()), pending...)
	var order []orderAtom
	var differ [][2]*Term
	var equal [][2]*Term
	var diffs []diffAtom
	offsets := false
	literals := map[termID]uint64{}
	for _, t := range conjuncts(atoms) {
		if sym, value, ok := boolLiteral(t); ok {
			literals[sym.key()] = value
			continue
		}
		a, b, kind := atomParts(t)
		if kind == otherAtom {
			continue
		}
		if d, ok := diffAtomOf(a, b, kind); ok {
			diffs = append(diffs, d)
			offsets = offsets || d.a.base != nil && d.a.off != 0 || d.b.base != nil && d.b.off != 0
		}
		if !orderOperand(a) || !orderOperand(b) {
			continue
		}
		switch kind {
		case strictAtom:
			order = append(order, orderAtom{a, b, true})
		case looseAtom:
			order = append(order, orderAtom{a, b, false})
		case equalAtom:
			equal = append(equal, [2]*Term{a, b})
		case differAtom:
			differ = append(differ, [2]*Term{a, b})
		}
	}
	if len(order) == 0 && len(literals) == 0 && !offsets && len(s.forced) == 0 {
		return nil
	}
	base := s.latestModel()
	start := func(t *Term) int64 {
		return max(signed(base.valueOr0(t), t.sort.Width()), 0)
	}
	if vals, ok := numberOrder(order, equal, differ, start); ok {
		if a := s.fitHolds(atoms, base, vals, literals); a != nil {
			return a
		}
	}
	if len(diffs) == 0 {
		return nil
	}
	// Differences between symbols plus constants, and orders numberOrder
	// could not meet (it makes no negative values): near the model's
	// values, or else any that meet the bounds.
	for _, lower := range []bool{false, true} {
		if vals := fitDifferences(diffs, start, lower); vals != nil {
			if a := s.fitHolds(atoms, base, vals, literals); a != nil {
				return a
			}
		}
	}
	return nil
}

// fitHolds returns the assignment of vals and literals over base, if
// every atom holds under it.
func (s *stack) fitHolds(atoms []*Term, base *assignment, vals, literals map[termID]uint64) *assignment {
	maps.Copy(vals, literals)
	// Every assignment that satisfies the stack has its forced values.
	maps.Copy(vals, s.forced)
	// Each atom caches a few terms: making room for them at once is less
	// work than growing the map to it.
	a := s.over(base, vals, 2*len(atoms))
	for _, t := range atoms {
		if holds, ok := a.holds(t); !holds || !ok {
			return nil
		}
	}
	return a
}

// symbolValue is the value of a symbol under a fitted assignment; ok is
// false for a symbol a partial one leaves out.
func (f *fitted) symbolValue(t *Term) (v uint64, ok bool) {
	if v, ok := f.vals[t.key()]; ok {
		return v, true
	}
	if f.partial {
		return 0, false
	}
	if f.base != nil {
		v, _ := f.base.eval(t)
		return v, true
	}
	return 0, true
}

// conjuncts flattens the conjunctions among ts.
func conjuncts(ts []*Term) []*Term {
	var out []*Term
	for _, t := range ts {
		if t.expr.kind == junctionExpr && t.expr.op == opAnd {
			out = append(out, conjuncts(t.expr.args)...)
			continue
		}
		out = append(out, t)
	}
	return out
}

type atomKind uint8

const (
	otherAtom atomKind = iota
	strictAtom
	looseAtom
	equalAtom
	differAtom
)

// atomParts reads t as an atom between two bit-vector terms of one sort:
// a < b, a <= b (the negation of b < a), a == b or a != b. Signed and
// unsigned comparisons are read alike: the values made are small and
// non-negative, where the two agree, and the evaluation that follows
// checks them anyway.
func atomParts(t *Term) (a, b *Term, kind atomKind) {
	if a, b, strict, _, ok := comparison(t); ok {
		if strict {
			return a, b, strictAtom
		}
		return a, b, looseAtom
	}
	kind = equalAtom
	if n := t.negated(); n != nil {
		t, kind = n, differAtom
	}
	if t.expr.kind != eqExpr || len(t.expr.args) != 2 || t.expr.args[0].sort.IsBool() {
		return nil, nil, otherAtom
	}
	return t.expr.args[0], t.expr.args[1], kind
}

func orderOperand(t *Term) bool { return t.concrete || t.expr.kind == symbolExpr }

// boolLiteral reads t as a Boolean symbol or its negation, and the value
// that makes t true.
func boolLiteral(t *Term) (sym *Term, value uint64, ok bool) {
	value = 1
	if n := t.negated(); n != nil {
		t, value = n, 0
	}
	if t.expr.kind != symbolExpr || !t.sort.IsBool() {
		return nil, 0, false
	}
	return t, value, true
}

// numberOrder gives each symbol of the atoms a value: constants keep
// theirs, equal terms share one, and each symbol gets the least value from
// its start (the latest model's, where it is not negative) up that is
// above (or, for <=, at) everything ordered below it and unlike every
// term it must differ from. A cycle of <= makes its terms equal; it fails
// on a cycle through a <.
func numberOrder(order []orderAtom, equal, differ [][2]*Term, start func(*Term) int64) (map[termID]uint64, bool) {
	n := newOrderNodes(2 * (len(order) + len(equal) + len(differ)))
	edges := make([]fitEdge, len(order))
	for i, o := range order {
		edges[i] = fitEdge{n.of(o.a), n.of(o.b), o.strict}
	}
	unequal := make([][2]int32, len(differ))
	for i, d := range differ {
		unequal[i] = [2]int32{n.of(d[0]), n.of(d[1])}
	}
	var same []int32 // a member of each equality, whose class is numbered
	for _, e := range equal {
		a := n.of(e[0])
		n.union(a, n.of(e[1]))
		same = append(same, a)
	}
	if !n.mergeCycles(edges) {
		return nil, false
	}
	g := n.numbering(edges, unequal, start)
	// The classes in the order of the atoms: the values do not depend on
	// map order.
	for _, e := range edges {
		if !g.visit(n.find(e.a)) || !g.visit(n.find(e.b)) {
			return nil, false
		}
	}
	for _, d := range unequal {
		if !g.visit(n.find(d[0])) || !g.visit(n.find(d[1])) {
			return nil, false
		}
	}
	for _, a := range same {
		if !g.visit(n.find(a)) {
			return nil, false
		}
	}
	out := make(map[termID]uint64, len(n.terms))
	for i, t := range n.terms {
		if t.concrete {
			continue
		}
		r := n.find(int32(i))
		if c, ok := n.constant(r); ok {
			out[t.key()] = uint64(c) & mask(t.sort.Width())
		} else if g.state[r] == visited {
			out[t.key()] = uint64(g.val[r]) & mask(t.sort.Width())
		}
	}
	return out, true
}

// orderNodes numbers the distinct terms of an order problem densely (a
// symbol by its id, a constant by the term), and keeps a union-find of
// them, so that numberOrder works on slices: it used to be maps keyed by
// term, whose making and growing was most of its time.
type orderNodes struct {
	symbols   map[termID]int32
	constants map[*Term]int32
	terms     []*Term
	parent    []int32
}

// fitEdge is an atom a < b (or a <= b) between nodes.
type fitEdge struct {
	a, b   int32
	strict bool
}

func newOrderNodes(size int) *orderNodes {
	return &orderNodes{
		symbols:   make(map[termID]int32, size),
		constants: map[*Term]int32{},
		terms:     make([]*Term, 0, size),
		parent:    make([]int32, 0, size),
	}
}

// of returns t's node, adding it on first sight.
func (n *orderNodes) of(t *Term) int32 {
	if t.concrete {
		if i, ok := n.constants[t]; ok {
			return i
		}
		i := n.add(t)
		n.constants[t] = i
		return i
	}
	if i, ok := n.symbols[t.key()]; ok {
		return i
	}
	i := n.add(t)
	n.symbols[t.key()] = i
	return i
}

func (n *orderNodes) add(t *Term) int32 {
	i := int32(len(n.terms))
	n.terms = append(n.terms, t)
	n.parent = append(n.parent, i)
	return i
}

func (n *orderNodes) find(i int32) int32 {
	for n.parent[i] != i {
		n.parent[i] = n.parent[n.parent[i]]
		i = n.parent[i]
	}
	return i
}

// union merges the classes of a and b; a constant stays its class's root,
// and two constants stay apart (the numbering then finds them ordered both
// ways, or the evaluation of the atoms finds them unequal).
func (n *orderNodes) union(a, b int32) {
	ra, rb := n.find(a), n.find(b)
	if ra == rb {
		return
	}
	if n.terms[ra].concrete {
		ra, rb = rb, ra
	}
	if !n.terms[ra].concrete {
		n.parent[ra] = rb
	}
}

// constant returns the value of r's class when its root r is a constant.
func (n *orderNodes) constant(r int32) (int64, bool) {
	t := n.terms[r]
	if !t.concrete {
		return 0, false
	}
	return signed(t.val, t.sort.Width()), true
}

// mergeCycles makes the classes on each cycle of <= edges one class, as
// the cycle makes them equal. It reports false for a strict edge within a
// class, or a cycle through two constants, which no values meet. The
// cycles are the strongly connected components of the <= edges between
// classes (Tarjan's algorithm). A cycle through a strict edge is no
// class: numbering meets it and fails. Most orders a search asks about
// are strict (keys compared with <), and the components of all the edges
// were a fifth of a fit's time.
func (n *orderNodes) mergeCycles(edges []fitEdge) bool {
	var between [][2]int32
	for _, e := range edges {
		ra, rb := n.find(e.a), n.find(e.b)
		if ra == rb {
			if e.strict {
				return false
			}
			continue
		}
		if !e.strict {
			between = append(between, [2]int32{ra, rb})
		}
	}
	size := len(n.terms)
	out := groupBy(size, between, func(e [2]int32) int32 { return e[0] })
	t := tarjan{out: out, index: make([]int32, size), low: make([]int32, size), onStack: make([]bool, size)}
	for r := range size {
		if t.index[r] == 0 && len(out.of(int32(r))) > 0 {
			t.connect(int32(r))
		}
	}
	for _, c := range t.components {
		constants := 0
		for _, m := range c {
			if n.terms[m].concrete {
				constants++
			}
			n.union(c[0], m)
		}
		if constants > 1 {
			return false
		}
	}
	for _, e := range edges {
		if e.strict && n.find(e.a) == n.find(e.b) {
			return false
		}
	}
	return true
}

// tarjan finds the strongly connected components of more than one node.
type tarjan struct {
	out        grouped[[2]int32] // the edges, by the node they leave
	index, low []int32           // index 0: not yet seen
	onStack    []bool
	stack      []int32
	next       int32
	components [][]int32
}

func (t *tarjan) connect(v int32) {
	t.next++
	t.index[v], t.low[v] = t.next, t.next
	t.stack = append(t.stack, v)
	t.onStack[v] = true
	for _, e := range t.out.of(v) {
		w := e[1]
		switch {
		case t.index[w] == 0:
			t.connect(w)
			t.low[v] = min(t.low[v], t.low[w])
		case t.onStack[w]:
			t.low[v] = min(t.low[v], t.index[w])
		}
	}
	if t.low[v] != t.index[v] {
		return
	}
	i := len(t.stack) - 1
	for t.stack[i] != v {
		i--
	}
	if len(t.stack)-i > 1 {
		t.components = append(t.components, slices.Clone(t.stack[i:]))
	}
	for _, w := range t.stack[i:] {
		t.onStack[w] = false
	}
	t.stack = t.stack[:i]
}

// orderNumbering gives the classes of an acyclic order their values.
type orderNumbering struct {
	nodes *orderNodes
	// below lists, per class, the edges into it, between classes.
	below   grouped[fitEdge]
	unlike  grouped[[2]int32] // by the first of each pair
	state   []uint8
	val     []int64
	startOf func(*Term) int64
}

const (
	unvisited uint8 = iota
	visiting
	visited
)

func (n *orderNodes) numbering(edges []fitEdge, unequal [][2]int32, start func(*Term) int64) *orderNumbering {
	between := make([]fitEdge, 0, len(edges))
	for _, e := range edges {
		ra, rb := n.find(e.a), n.find(e.b)
		if ra != rb {
			between = append(between, fitEdge{ra, rb, e.strict})
		}
	}
	pairs := make([][2]int32, 0, 2*len(unequal))
	for _, d := range unequal {
		ra, rb := n.find(d[0]), n.find(d[1])
		pairs = append(pairs, [2]int32{ra, rb}, [2]int32{rb, ra})
	}
	size := len(n.terms)
	return &orderNumbering{
		nodes:   n,
		below:   groupBy(size, between, func(e fitEdge) int32 { return e.b }),
		unlike:  groupBy(size, pairs, func(p [2]int32) int32 { return p[0] }),
		state:   make([]uint8, size),
		val:     make([]int64, size),
		startOf: start,
	}
}

// grouped holds items by node in one array, each node's in the order
// given: a slice per node was an allocation per node, at every fit.
type grouped[T any] struct {
	start []int32 // node i's items are items[start[i]:start[i+1]]
	items []T
}

// groupBy groups items by their node, of nodes nodes.
func groupBy[T any](nodes int, items []T, node func(T) int32) grouped[T] {
	start := make([]int32, nodes+1)
	for _, it := range items {
		start[node(it)+1]++
	}
	for i := range nodes {
		start[i+1] += start[i]
	}
	next := slices.Clone(start[:nodes])
	sorted := make([]T, len(items))
	for _, it := range items {
		i := node(it)
		sorted[next[i]] = it
		next[i]++
	}
	return grouped[T]{start, sorted}
}

// of returns node i's items.
func (g grouped[T]) of(i int32) []T { return g.items[g.start[i]:g.start[i+1]] }

// visit numbers class r after the classes below it; it reports false on
// a cycle, which mergeCycles leaves only between constants.
func (g *orderNumbering) visit(r int32) bool {
	switch g.state[r] {
	case visiting:
		return false
	case visited:
		return true
	}
	g.state[r] = visiting
	least := int64(0)
	if t := g.nodes.terms[r]; !t.concrete {
		least = g.startOf(t)
	}
	for _, e := range g.below.of(r) {
		if !g.visit(e.a) {
			return false
		}
		v := g.val[e.a]
		if e.strict {
			v++
		}
		least = max(least, v)
	}
	if c, ok := g.nodes.constant(r); ok {
		g.val[r] = c
	} else {
		for slices.ContainsFunc(g.unlike.of(r), func(u [2]int32) bool { return g.state[u[1]] == visited && g.val[u[1]] == least }) {
			least++
		}
		g.val[r] = least
	}
	g.state[r] = visited
	return true
}
