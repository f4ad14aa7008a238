package solver

import "iter"

// What the assertions force: symbols pinned to one value by an
// equality, and offsets between symbols, which refute some queries in Go
// before Z3 sees them.

// forcedFalse reports a condition that is false under the values the
// stack's equalities force (under, see underForced), whatever the other
// symbols are.
func forcedFalse(t *Term, under *assignment) bool {
	if under == nil {
		return false
	}
	holds, ok := under.holds(t)
	return ok && !holds
}

// offsetsDisagree reports an equality x + a == y + b that contradicts the
// stack's equalities of that form: they relate x and y by a different
// offset (x == y + 1 and y == x + 1). Wrapping arithmetic keeps such
// offsets exact, so the contradiction is one.
func (s *stack) offsetsDisagree(t *Term) bool {
	from, to, want, ok := offsetEquality(t)
	if !ok {
		return false
	}
	// Breadth-first from `from`, along val(u) == val(v) + d edges.
	type reached struct {
		sym *Term
		off uint64 // val(from) == val(sym) + off
	}
	seen := map[termID]bool{from.key(): true}
	queue := []reached{{from, 0}}
	for len(queue) > 0 {
		r := queue[0]
		queue = queue[1:]
		if r.sym.key() == to.key() {
			return (r.off-want)&mask(t.expr.args[0].sort.Width()) != 0
		}
		for e := range s.assertions() {
			u, v, d, ok := offsetEquality(e)
			switch {
			case !ok:
			case u.key() == r.sym.key() && !seen[v.key()]:
				seen[v.key()] = true
				queue = append(queue, reached{v, r.off + d})
			case v.key() == r.sym.key() && !seen[u.key()]:
				seen[u.key()] = true
				queue = append(queue, reached{u, r.off - d})
			}
		}
	}
	return false
}

// offsetEquality reads t as x + a == y + b between two symbols, that is
// val(x) == val(y) + d.
func offsetEquality(t *Term) (x, y *Term, d uint64, ok bool) {
	if t.expr.kind != eqExpr || len(t.expr.args) != 2 || t.expr.args[0].sort.IsBool() {
		return nil, nil, 0, false
	}
	a, okA := offsetOf(t.expr.args[0])
	b, okB := offsetOf(t.expr.args[1])
	if !okA || !okB || a.base == nil || b.base == nil {
		return nil, nil, 0, false
	}
	return a.base, b.base, uint64(b.off - a.off), true
}

// force records that the stack forces sym to v, in the current scope.
func (s *stack) force(sym *Term, v uint64) {
	s.forced[sym.key()] = v
	s.forcedBy[sym.key()]++
	s.forcedIn[s.depth] = append(s.forcedIn[s.depth], sym.key())
}

// propagateForced forces what the stack's equalities force once a new
// value is known (o5 == o4 - 1 asserted first, then o5 == 1: o4 is 2),
// until nothing more is. The values so found hang on the current scope,
// whose assertion started them.
func (s *stack) propagateForced() {
	for changed := true; changed; {
		changed = false
		under := s.underForced()
		for t := range s.assertions() {
			if sym, v, ok := forcing(t, under); ok {
				if _, known := s.forced[sym.key()]; !known {
					s.force(sym, v)
					changed = true
				}
			}
		}
	}
}

// refutedByForced reports an assertion on the stack that is false under
// the forced values alone: a value just forced can refute an assertion
// made before it (y <= x, then x == 0 and y == x + 1).
func (s *stack) refutedByForced() bool {
	under := s.underForced()
	for t := range s.assertions() {
		if forcedFalse(t, under) {
			return true
		}
	}
	return false
}

// assertions yields the stack's assertions, scope by scope.
func (s *stack) assertions() iter.Seq[*Term] {
	return func(yield func(*Term) bool) {
		for _, scope := range s.scopes[:s.depth+1] {
			for _, t := range scope {
				if !yield(t) {
					return
				}
			}
		}
	}
}

// underForced is the partial assignment of the forced values, or nil
// where none are.
func (s *stack) underForced() *assignment {
	if len(s.forced) == 0 {
		return nil
	}
	return &assignment{ctx: s.ctx, vals: map[*Term]uint64{}, fit: &fitted{vals: s.forced, partial: true}}
}

// forcing reads t as sym + c == e (c a constant, maybe 0) where e's value
// is known: a constant, or a term over the symbols under forces (level ==
// parent - 1, the parent's level forced). t then forces sym to e - c,
// which wrapping arithmetic makes the only value.
func forcing(t *Term, under *assignment) (sym *Term, val uint64, ok bool) {
	if t.expr.kind != eqExpr || len(t.expr.args) != 2 {
		return nil, 0, false
	}
	a, b := t.expr.args[0], t.expr.args[1]
	for range 2 {
		if o, isOffset := offsetOrSymbol(a); isOffset {
			v, known := b.val, b.concrete
			if !known && under != nil {
				v, known = under.eval(b)
			}
			if known && a.sort.IsBool() {
				return o.base, v, true
			}
			if known {
				return o.base, (v - uint64(o.off)) & mask(a.sort.Width()), true
			}
		}
		a, b = b, a
	}
	return nil, 0, false
}

// offsetOrSymbol reads t as a Boolean symbol or a bit-vector symbol plus
// a constant.
func offsetOrSymbol(t *Term) (offsetTerm, bool) {
	if t.sort.IsBool() {
		return offsetTerm{t, 0}, t.expr.kind == symbolExpr && !t.concrete
	}
	o, ok := offsetOf(t)
	return o, ok && o.base != nil
}

// ordersWrongly reports a comparison that contradicts the order of the
// comparisons on the stack.
func (s *stack) ordersWrongly(t *Term) bool {
	edges := edgesOf(t)
	return len(edges) > 0 && s.order.contradicts(edges, s.forcedNode)
}

// forcedNode returns the constant node of the value the stack forces on
// the symbol of n.
func (s *stack) forcedNode(n orderNode) (orderNode, bool) {
	v, ok := s.forced[termID(n.v)]
	if !ok {
		return orderNode{}, false
	}
	return orderNode{v: v, width: n.width, signed: n.signed, konst: true}, true
}
