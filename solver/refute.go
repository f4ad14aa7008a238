package solver

import (
	"cmp"
	"maps"
	"math/bits"
	"slices"
)

// This file answers Unsat without Z3 for the conjunctions of comparisons
// and equalities that the order graph and the forced values miss because
// they mix orders with offsets: a leftist heap's repOK stores
// npl == npl(right) + 1 and compares npl(left) >= npl(right), and an
// Unsat check on such a stack took Z3 milliseconds on 64-bit vectors.
//
// Every term is read as a base plus a constant offset (x + 1 is x with
// offset 1, x * y is itself with offset 0, a constant is the empty base
// with its value). Equalities between such terms are exact in wrapping
// arithmetic, so they join bases into classes with fixed offsets between
// them; a class with two offsets between one pair is a contradiction.
// Comparisons then relate values: a signed comparison of a and b is the
// unsigned one of a + 2^(w-1) and b + 2^(w-1), so that one reading, the
// unsigned, serves both. Four things refute them, each exact:
//   - a cycle of comparisons through a strict one, or through values of
//     one class at different offsets, which the cycle makes equal
//     (cycleRefutes);
//   - an arc (an interval that may wrap) of each class's values, narrowed
//     by each comparison until one is empty (intervalsRefute). An arc is
//     only ever a superset of the values a class can take; where wrapping
//     splits one in two, the shorter arc that holds both is kept;
//   - the comparisons the arcs show not to wrap, read as differences of
//     integers, with a negative cycle (differencesRefute);
//   - a split into the cases of where the values wrap, each refuted so
//     (wrapsRefute).
//
// Atoms of any other form are left out: a subset of the stack that is
// unsatisfiable makes the whole of it so. What is not refuted leaves
// arcs and solutions of the differences behind, from which the solver
// makes values to try (see Solver.fittedWithin).

// valueNode is a value of the stack: a class's base plus an offset, or a
// constant (root nil, the value in off), both at a width.
type valueNode struct {
	root  termID
	off   uint64
	width uint
}

// offsetClasses is a union-find of bases with the offset of each from its
// parent: val(t) == val(parent) + off. The constant class's root is nil.
type offsetClasses struct {
	parent map[termID]termID
	off    map[termID]uint64
}

func newOffsetClasses() *offsetClasses {
	return &offsetClasses{parent: map[termID]termID{}, off: map[termID]uint64{}}
}

// find returns the root of base and val(base) - val(root).
func (c *offsetClasses) find(base termID) (termID, uint64) {
	var total uint64
	for base != 0 {
		p, ok := c.parent[base]
		if !ok {
			break
		}
		total += c.off[base]
		base = p
	}
	return base, total
}

// node reads t as its class's root plus an offset.
func (c *offsetClasses) node(t *Term) valueNode {
	w := t.sort.Width()
	base, off := baseAndOffset(t)
	if base == nil {
		return valueNode{0, off, w}
	}
	root, rel := c.find(base.key())
	return valueNode{root, (rel + off) & mask(w), w}
}

// join records val(a) == val(b), and reports false when the classes
// already hold another offset between them.
func (c *offsetClasses) join(a, b valueNode) bool {
	m := mask(a.width)
	if a.root == b.root {
		return a.off == b.off
	}
	if a.root == 0 {
		a, b = b, a // the constant class keeps its nil root
	}
	// val(a.root) + a.off == val(b.root) + b.off
	c.parent[a.root] = b.root
	c.off[a.root] = (b.off - a.off) & m
	return true
}

// baseAndOffset reads t as base + off: a constant has no base, x + c and
// x - c have x, anything else is its own base.
func baseAndOffset(t *Term) (*Term, uint64) {
	w := t.sort.Width()
	if t.concrete {
		return nil, t.val
	}
	if t.expr.kind == binaryExpr && len(t.expr.args) == 2 {
		a, b := t.expr.args[0], t.expr.args[1]
		switch {
		case t.expr.op == opAdd && b.concrete:
			return a, b.val
		case t.expr.op == opAdd && a.concrete:
			return b, a.val
		case t.expr.op == opSub && b.concrete:
			return a, -b.val & mask(w)
		}
	}
	return t, 0
}

// comparisonAtom is a <= b, or a < b where strict, between value nodes
// read unsigned.
type comparisonAtom struct {
	a, b   valueNode
	strict bool
}

// bounds is what analyse learned of a conjunction it could not refute:
// the classes of values at fixed offsets, and an arc of each class's root
// value.
type bounds struct {
	classes *offsetClasses
	iv      map[termID]arc
	bases   map[termID]*Term
	// solutions are values of roots under which the comparisons made
	// exact hold, found by differencesRefute.
	solutions []solution
}

// solution is a value for each of some roots.
type solution map[termID]uint64

// maxAnalysed bounds the atoms analyse reads: its work grows with the
// square of their number (rounds of narrowing, Bellman-Ford), and a
// stack of thousands (a string compared byte by byte) would cost more
// than Z3 does.
const maxAnalysed = 400

// maxRounds bounds the rounds of narrowing; cycles, which narrow one
// value per round, are differencesRefute's part.
const maxRounds = 32

// analyse refutes the conjunction of atoms, or returns the bounds it
// found; it gives up, with nil bounds, on more than maxAnalysed atoms.
func analyse(atoms []*Term) (*bounds, bool) {
	all := conjuncts(atoms)
	if len(all) > maxAnalysed {
		return nil, false
	}
	b := &bounds{classes: newOffsetClasses(), iv: map[termID]arc{}, bases: map[termID]*Term{}}
	var equal, differ [][2]*Term
	var compared []*Term
	for _, t := range all {
		if t.concrete && t.val == 0 {
			return nil, true
		}
		if _, _, _, _, ok := comparison(t); ok {
			compared = append(compared, t)
			continue
		}
		switch a, c, kind := atomParts(t); kind {
		case equalAtom:
			equal = append(equal, [2]*Term{a, c})
		case differAtom:
			differ = append(differ, [2]*Term{a, c})
		}
	}
	node := func(t *Term) valueNode {
		if base, _ := baseAndOffset(t); base != nil {
			b.bases[base.key()] = base
		}
		return b.classes.node(t)
	}
	for _, e := range equal {
		if !b.classes.join(node(e[0]), node(e[1])) {
			return nil, true
		}
	}
	order := make([]comparisonAtom, 0, len(compared))
	for _, t := range compared {
		x, y, strict, isSigned, _ := comparison(t)
		nx, ny := node(x), node(y)
		if isSigned {
			h := uint64(1) << (nx.width - 1)
			nx.off, ny.off = (nx.off+h)&mask(nx.width), (ny.off+h)&mask(ny.width)
		}
		order = append(order, comparisonAtom{nx, ny, strict})
	}
	var unlike [][2]valueNode
	for _, d := range differ {
		nx, ny := node(d[0]), node(d[1])
		if nx == ny {
			return nil, true
		}
		unlike = append(unlike, [2]valueNode{nx, ny})
	}
	if cycleRefutes(order, unlike) {
		return nil, true
	}
	for _, refute := range []func([]comparisonAtom, [][2]valueNode, map[termID]arc) (bool, []solution){boundsRefute, wrapsRefute} {
		refuted, sols := refute(order, unlike, b.iv)
		if refuted {
			return nil, true
		}
		b.solutions = append(b.solutions, sols...)
	}
	return b, false
}

// fit gives a value to every symbol the atoms compare or equate: to each
// class's root its value in sol, or else the value near from (the latest
// model's) within its arc, and to the other members the root's plus
// their offsets.
func (b *bounds) fit(sol solution, from func(*Term) uint64) map[termID]uint64 {
	roots := map[termID]uint64{}
	rootValue := func(root termID) (uint64, bool) {
		if v, ok := roots[root]; ok {
			return v, true
		}
		t := b.bases[root]
		if t == nil || t.expr.kind != symbolExpr {
			return 0, false
		}
		if v, ok := sol[root]; ok {
			roots[root] = v
			return v, true
		}
		v := from(t)
		if r, ok := b.iv[root]; ok && (v-r.lo)&mask(t.sort.Width()) > r.span {
			v = r.lo // outside the arc: its first value
		}
		roots[root] = v
		return v, true
	}
	return b.symbolValues(rootValue)
}

// pinned returns the values of the symbols whose class the arcs pin to
// one value (or that equal a constant): every model gives them these.
func (b *bounds) pinned() map[termID]uint64 {
	return b.symbolValues(func(root termID) (uint64, bool) {
		r, ok := b.iv[root]
		return r.lo, ok && r.span == 0
	})
}

// symbolValues gives each symbol among the bases its root's value, from
// rootValue, plus its offset from the root; a symbol of the constant
// class gets the constant.
func (b *bounds) symbolValues(rootValue func(root termID) (uint64, bool)) map[termID]uint64 {
	out := map[termID]uint64{}
	for ast, t := range b.bases {
		if t.expr.kind != symbolExpr {
			continue
		}
		root, rel := b.classes.find(ast)
		v := rel
		if root != 0 {
			r, ok := rootValue(root)
			if !ok {
				continue
			}
			v += r
		}
		out[ast] = v & mask(t.sort.Width())
	}
	return out
}

// cycleRefutes reports a cycle of comparisons that cannot hold: through a
// strict one, or making equal two values that differ (two constants, one
// class at two offsets, or two values the stack says differ).
func cycleRefutes(order []comparisonAtom, unlike [][2]valueNode) bool {
	out := map[valueNode][]comparisonAtom{}
	for _, o := range order {
		out[o.a] = append(out[o.a], o)
	}
	component := stronglyConnected(out)
	members := map[int][]valueNode{}
	for _, o := range order {
		if component[o.a] == component[o.b] && o.strict {
			return true
		}
	}
	for n, c := range component {
		members[c] = append(members[c], n)
	}
	for _, nodes := range members {
		offsets := map[termID]uint64{}
		for _, n := range nodes {
			if off, ok := offsets[n.root]; ok && off != n.off {
				return true
			}
			offsets[n.root] = n.off
		}
	}
	// A cycle makes its values equal: (r, a) and (q, b) in one give
	// val(r) + a == val(q) + b, which u != v contradicts where it says
	// the same.
	type member struct {
		component int
		off       uint64
	}
	byRoot := map[termID][]member{}
	for n, c := range component {
		byRoot[n.root] = append(byRoot[n.root], member{c, n.off})
	}
	for _, u := range unlike {
		m := mask(u[0].width)
		for _, a := range byRoot[u[0].root] {
			for _, b := range byRoot[u[1].root] {
				if a.component == b.component && (a.off-u[0].off)&m == (b.off-u[1].off)&m {
					return true
				}
			}
		}
	}
	return false
}

// stronglyConnected numbers the strongly connected components of the graph
// of comparisons (Tarjan's algorithm).
func stronglyConnected(out map[valueNode][]comparisonAtom) map[valueNode]int {
	index := map[valueNode]int{}
	low := map[valueNode]int{}
	onStack := map[valueNode]bool{}
	component := map[valueNode]int{}
	var stack []valueNode
	next, components := 0, 0
	var visit func(n valueNode)
	visit = func(n valueNode) {
		index[n], low[n] = next, next
		next++
		stack = append(stack, n)
		onStack[n] = true
		for _, o := range out[n] {
			if _, seen := index[o.b]; !seen {
				visit(o.b)
				low[n] = min(low[n], low[o.b])
			} else if onStack[o.b] {
				low[n] = min(low[n], index[o.b])
			}
		}
		if low[n] != index[n] {
			return
		}
		for {
			m := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			onStack[m] = false
			component[m] = components
			if m == n {
				break
			}
		}
		components++
	}
	for n := range out {
		if _, seen := index[n]; !seen {
			visit(n)
		}
	}
	// Nodes only compared against (no edge out) are their own component.
	for _, atoms := range out {
		for _, o := range atoms {
			if _, ok := component[o.b]; !ok {
				component[o.b] = components
				components++
			}
		}
	}
	return component
}

// intervalsRefute narrows an arc of values per class (in iv, by root) by
// each comparison in turn, round after round, and reports whether one
// became empty. The rounds are bounded: a cycle narrows by one per
// round, and cycles are cycleRefutes' part.
func intervalsRefute(order []comparisonAtom, unlike [][2]valueNode, iv map[termID]arc) bool {
	arcOf := func(n valueNode) arc {
		if n.root == 0 {
			return arc{n.off, 0}
		}
		r, ok := iv[n.root]
		if !ok {
			r = arc{0, mask(n.width)}
		}
		return r.shift(n.off, n.width)
	}
	// narrow keeps the values of n's class under which n is in want; it
	// reports false when none are left.
	narrow := func(n valueNode, want interval) (ok, changed bool) {
		got, ok := arcOf(n).within(want, n.width)
		if !ok || n.root == 0 {
			return ok, false
		}
		before, known := iv[n.root]
		after := got.shift(-n.off, n.width)
		iv[n.root] = after
		return true, !known || after != before
	}
	// excludeEnd narrows n's class where n differs from the one value
	// of other and that value ends n's arc (len != 0 with len in 0..1
	// pins len to 1); it reports false when nothing is left.
	excludeEnd := func(n valueNode, other arc) (ok, changed bool) {
		got := arcOf(n)
		if other.span != 0 || got.lo != other.lo && (got.lo+got.span)&mask(n.width) != other.lo {
			return true, false
		}
		if got.span == 0 {
			return false, false
		}
		if got.lo == other.lo {
			got.lo = (got.lo + 1) & mask(n.width)
		}
		got.span--
		if n.root != 0 {
			iv[n.root] = got.shift(-n.off, n.width)
		}
		return true, n.root != 0
	}
	for range min(2*len(order)+len(unlike)+4, maxRounds) {
		changed := false
		for _, o := range order {
			m := mask(o.a.width)
			var ok, chA, chB bool
			if o.a.root != 0 && o.a.root == o.b.root {
				// t <= t + d holds just where t + d does not wrap.
				d := (o.b.off - o.a.off) & m
				if d == 0 {
					if o.strict {
						return true
					}
					continue
				}
				ok, chA = narrow(o.a, interval{0, m - d})
			} else {
				a, b := arcOf(o.a).hull(m), arcOf(o.b).hull(m)
				var step uint64
				if o.strict {
					step = 1
					if b.hi == 0 || a.lo == m {
						return true
					}
				}
				var okA bool
				okA, chA = narrow(o.a, interval{0, b.hi - step})
				ok, chB = narrow(o.b, interval{a.lo + step, m})
				ok = ok && okA
			}
			if !ok {
				return true
			}
			changed = changed || chA || chB
		}
		for _, u := range unlike {
			for _, n := range [][2]valueNode{u, {u[1], u[0]}} {
				ok, ch := excludeEnd(n[0], arcOf(n[1]))
				if !ok {
					return true
				}
				changed = changed || ch
			}
		}
		if !changed {
			break
		}
	}
	return false
}

// interval is the values lo..hi, lo <= hi.
type interval struct{ lo, hi uint64 }

// arc is the values lo, lo+1, ..., lo+span (mod 2^w): an interval that
// may wrap past the largest value to 0. A signed range such as -5..3 is
// one, read unsigned, and adding a constant to an arc is exact.
type arc struct{ lo, span uint64 }

func (a arc) shift(off uint64, w uint) arc {
	return arc{(a.lo + off) & mask(w), a.span}
}

// hull is the least interval that holds the arc: every value, where it
// wraps.
func (a arc) hull(m uint64) interval {
	if a.lo+a.span > m || a.lo+a.span < a.lo {
		return interval{0, m}
	}
	return interval{a.lo, a.lo + a.span}
}

// within intersects the arc with want, keeping the shorter arc that holds
// both pieces where two are left, and reports false when nothing is.
func (a arc) within(want interval, w uint) (arc, bool) {
	m := mask(w)
	end := a.lo + a.span
	if end <= m && end >= a.lo {
		lo, hi := max(a.lo, want.lo), min(end, want.hi)
		return arc{lo, hi - lo}, lo <= hi
	}
	// a is a.lo..m and 0..end-2^w.
	end &= m
	high := interval{max(a.lo, want.lo), want.hi}
	low := interval{want.lo, min(end, want.hi)}
	highOK, lowOK := high.lo <= high.hi, low.lo <= low.hi
	switch {
	case highOK && lowOK:
		wrapping := arc{high.lo, (low.hi - high.lo) & m}
		straight := arc{low.lo, high.hi - low.lo}
		if straight.span <= wrapping.span {
			return straight, true
		}
		return wrapping, true
	case highOK:
		return arc{high.lo, high.hi - high.lo}, true
	case lowOK:
		return arc{low.lo, low.hi - low.lo}, true
	}
	return arc{}, false
}

// differencesRefute reads the comparisons as difference constraints over
// integers and looks for a negative cycle (Bellman-Ford): a chain
// y <= z, z + 1 < y + 1 narrows the arcs by one per round, where the
// cycle refutes it at once. Each class's root is lifted onto its arc,
// lo + d with d in 0..span, and a value root + off is lo + off + d
// exactly where lo + off + span does not wrap; only the comparisons
// between values that are exact so enter.
//
// Where there is no negative cycle, the shortest paths give two
// solutions, the smallest and the largest.
func differencesRefute(order []comparisonAtom, iv map[termID]arc) (bool, []solution) {
	var edges []diffEdge
	spans := map[termID]uint64{}
	widths := map[termID]uint{}
	// start returns lo + off, where the value n is start + d(root).
	start := func(n valueNode) (uint64, bool) {
		if n.root == 0 {
			return n.off, true
		}
		a, ok := iv[n.root]
		if !ok {
			return 0, false
		}
		s := (a.lo + n.off) & mask(n.width)
		if end := s + a.span; end > mask(n.width) || end < s {
			return 0, false
		}
		spans[n.root], widths[n.root] = a.span, n.width
		return s, true
	}
	for _, o := range order {
		su, okU := start(o.a)
		sv, okV := start(o.b)
		if !okU || !okV {
			continue
		}
		// su + d(a) <= sv + d(b) - strict
		w := wideOf(sv).sub(wideOf(su))
		if o.strict {
			w = w.sub(wideOf(1))
		}
		edges = append(edges, diffEdge{o.b.root, o.a.root, w})
	}
	if len(edges) == 0 {
		return false, nil
	}
	for root, span := range spans {
		// 0 <= d(root) <= span
		edges = append(edges, diffEdge{0, root, wideOf(span)}, diffEdge{root, 0, wide{}})
	}
	dist, ok := shortestPaths(edges, len(spans)+1)
	if !ok {
		return true, nil // a negative cycle
	}
	reversed := make([]diffEdge, len(edges))
	for i, e := range edges {
		reversed[i] = diffEdge{e.to, e.from, e.w}
	}
	fromTop, _ := shortestPaths(reversed, len(spans)+1)
	// The distances are the largest solution; those along the reversed
	// edges, negated, the smallest.
	largest, smallest := solution{}, solution{}
	for root := range spans {
		m := mask(widths[root])
		largest[root] = (iv[root].lo + dist[root].sub(dist[0]).lo) & m
		smallest[root] = (iv[root].lo + fromTop[0].sub(fromTop[root]).lo) & m
	}
	return false, []solution{smallest, largest}
}

// diffEdge is d(to) <= d(from) + w; nil is the constant 0.
type diffEdge struct {
	from, to termID
	w        wide
}

// shortestPaths returns the distances from nil along the edges
// (Bellman-Ford), or false where a negative cycle keeps shortening them
// past n rounds.
func shortestPaths(edges []diffEdge, n int) (map[termID]wide, bool) {
	dist := map[termID]wide{0: {}}
	for range n + 1 {
		changed := false
		for _, e := range edges {
			from, ok := dist[e.from]
			if !ok {
				continue
			}
			d := from.add(e.w)
			if old, known := dist[e.to]; !known || d.less(old) {
				dist[e.to] = d
				changed = true
			}
		}
		if !changed {
			return dist, true
		}
	}
	return nil, false
}

// wide is a 128-bit two's-complement integer, enough for the sums of
// 64-bit differences along a path.
type wide struct {
	hi int64
	lo uint64
}

func wideOf(v uint64) wide { return wide{0, v} }

func (a wide) add(b wide) wide {
	lo, carry := bits.Add64(a.lo, b.lo, 0)
	return wide{a.hi + b.hi + int64(carry), lo}
}

func (a wide) sub(b wide) wide {
	lo, borrow := bits.Sub64(a.lo, b.lo, 0)
	return wide{a.hi - b.hi - int64(borrow), lo}
}

func (a wide) less(b wide) bool {
	return a.hi < b.hi || a.hi == b.hi && a.lo < b.lo
}

// boundsRefute narrows the arcs in iv and then looks for a negative
// cycle among the comparisons they make exact.
func boundsRefute(order []comparisonAtom, unlike [][2]valueNode, iv map[termID]arc) (bool, []solution) {
	if intervalsRefute(order, unlike, iv) {
		return true, nil
	}
	return differencesRefute(order, iv)
}

// maxWrapCases bounds the cases wrapsRefute tries before it gives up,
// and maxWrapWork the cases times the comparisons each reads.
const (
	maxWrapCases = 24
	maxWrapWork  = 4096
)

// wrapsRefute splits by where the values wrap. A value root + off wraps
// where the root passes -off, so the offsets a class is compared at cut
// its root's values into pieces, on each of which none of them wraps.
// Offsets are mostly small, so one piece is nearly every value and the
// others a few values each, next to the largest or the smallest. Every
// model has each root in the large piece, where all the comparisons are
// exact differences, or some root in a small one, which pins that root;
// wrapsRefute refutes each such case with boundsRefute on its arcs. iv is
// left as it was. Where a case stands, its solution is returned.
func wrapsRefute(order []comparisonAtom, unlike [][2]valueNode, iv map[termID]arc) (bool, []solution) {
	pieces := wrapPieces(order)
	if len(pieces) == 0 {
		return false, nil
	}
	cases := 1
	for _, rp := range pieces {
		cases += len(rp.arcs) - 1
	}
	if cases > maxWrapCases || cases*len(order) > maxWrapWork {
		return false, nil
	}
	narrowed := func(rp rootPieces, p arc, in map[termID]arc) bool {
		w, root := rp.width, rp.root
		cur, ok := in[root]
		if !ok {
			cur = arc{0, mask(w)}
		}
		got, ok := cur.shift(-p.lo, w).within(interval{0, p.span}, w)
		if !ok {
			return false
		}
		in[root] = got.shift(p.lo, w)
		return true
	}
	// Every root in its large piece.
	all := maps.Clone(iv)
	feasible := true
	for _, rp := range pieces {
		feasible = feasible && narrowed(rp, rp.arcs[0], all)
	}
	if feasible {
		if refuted, sol := boundsRefute(order, unlike, all); !refuted {
			return false, sol
		}
	}
	// Some root in a small piece.
	for _, rp := range pieces {
		for _, p := range rp.arcs[1:] {
			one := maps.Clone(iv)
			if !narrowed(rp, p, one) {
				continue
			}
			if refuted, sol := boundsRefute(order, unlike, one); !refuted {
				return false, sol
			}
		}
	}
	return true, nil
}

// rootPieces are the pieces a root's values are cut into, the largest
// first, and the root's width.
type rootPieces struct {
	root  termID
	width uint
	arcs  []arc
}

// wrapPieces cuts each compared root's values where one of its compared
// values wraps: at -off for each offset off it is compared at. The roots
// come in the order of the atoms, so that the cases do.
func wrapPieces(order []comparisonAtom) []rootPieces {
	cuts := map[termID][]uint64{}
	widths := map[termID]uint{}
	var roots []termID
	for _, o := range order {
		for _, n := range []valueNode{o.a, o.b} {
			if n.root == 0 {
				continue
			}
			if _, seen := cuts[n.root]; !seen {
				roots = append(roots, n.root)
			}
			cuts[n.root] = append(cuts[n.root], -n.off&mask(n.width))
			widths[n.root] = n.width
		}
	}
	var out []rootPieces
	for _, root := range roots {
		cs := cuts[root]
		slices.Sort(cs)
		cs = slices.Compact(cs)
		m := mask(widths[root])
		arcs := make([]arc, len(cs))
		for i, c := range cs {
			next := cs[(i+1)%len(cs)]
			arcs[i] = arc{c, (next - c - 1) & m}
		}
		slices.SortStableFunc(arcs, func(a, b arc) int { return cmp.Compare(b.span, a.span) })
		out = append(out, rootPieces{root, widths[root], arcs})
	}
	return out
}
