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
// a map in bulk, so that costs little more than the fit itself.
func (s *Solver) over(base *assignment, vals map[termID]uint64) *assignment {
	f := &fitted{base: base, vals: vals}
	if base != nil && base.fit != nil && !base.fit.partial {
		if len(vals) < smallFit && base.fit.layers < maxFitLayers {
			f.layers = base.fit.layers + 1
		} else {
			f.vals, f.base, f.dropped = flatten(vals, base)
		}
	}
	return &assignment{ctx: s.ctx, vals: map[*Term]uint64{}, fit: f}
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
func (s *Solver) fitOrder(pending []*Term) *assignment {
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
func (s *Solver) fitHolds(atoms []*Term, base *assignment, vals, literals map[termID]uint64) *assignment {
	maps.Copy(vals, literals)
	// Every assignment that satisfies the stack has its forced values.
	maps.Copy(vals, s.forced)
	a := s.over(base, vals)
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

// cycleOf returns the classes on a cycle of the order between the
// classes of uf, and whether one of its edges is strict, or nil.
func cycleOf(order []orderAtom, uf *classes) ([]*Term, bool) {
	type edge struct {
		to     *Term
		strict bool
	}
	out := map[*Term][]edge{}
	var nodes []*Term
	for _, o := range order {
		ra, rb := uf.find(o.a), uf.find(o.b)
		if ra == rb && !o.strict {
			continue // x <= x, as a merged cycle leaves it
		}
		out[ra] = append(out[ra], edge{rb, o.strict})
		nodes = append(nodes, ra)
	}
	state := map[*Term]uint8{} // 1 on the path, 2 done
	var path []*Term
	var strictOn []bool // strictOn[i]: the edge from path[i] to path[i+1]
	var found []*Term
	strict := false
	var dfs func(n *Term) bool
	dfs = func(n *Term) bool {
		state[n] = 1
		path = append(path, n)
		for _, e := range out[n] {
			strictOn = append(strictOn, e.strict)
			switch state[e.to] {
			case 1:
				i := slices.Index(path, e.to)
				found = slices.Clone(path[i:])
				strict = slices.Contains(strictOn[i:], true)
				return true
			case 0:
				if dfs(e.to) {
					return true
				}
			}
			strictOn = strictOn[:len(strictOn)-1]
		}
		state[n] = 2
		path = path[:len(path)-1]
		return false
	}
	for _, n := range nodes {
		if state[n] == 0 && dfs(n) {
			return found, strict
		}
	}
	return nil, false
}

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
// term it must differ from. It fails on a cycle.
func numberOrder(order []orderAtom, equal, differ [][2]*Term, start func(*Term) int64) (map[termID]uint64, bool) {
	uf := newClasses()
	for _, e := range equal {
		uf.union(e[0], e[1])
	}
	// A cycle of <= makes its terms equal; one through a < is a
	// contradiction.
	for range len(order) + 1 {
		cycle, strict := cycleOf(order, uf)
		if cycle == nil {
			break
		}
		if strict {
			return nil, false
		}
		for _, t := range cycle[1:] {
			uf.union(cycle[0], t)
		}
	}
	below := map[*Term][]orderAtom{} // by the class of b
	var terms []*Term                // in the order of the atoms: the values do not depend on map order
	for _, o := range order {
		ra, rb := uf.find(o.a), uf.find(o.b)
		if ra == rb {
			continue // x <= x; a strict one closed a cycle above
		}
		below[rb] = append(below[rb], orderAtom{ra, rb, o.strict})
		terms = append(terms, ra, rb)
	}
	unlike := map[*Term][]*Term{}
	for _, d := range differ {
		ra, rb := uf.find(d[0]), uf.find(d[1])
		unlike[ra] = append(unlike[ra], rb)
		unlike[rb] = append(unlike[rb], ra)
		terms = append(terms, ra, rb)
	}
	for _, e := range equal {
		terms = append(terms, uf.find(e[0]))
	}
	val := map[*Term]int64{}
	state := map[*Term]uint8{} // 1 visiting, 2 done
	var visit func(r *Term) bool
	visit = func(r *Term) bool {
		switch state[r] {
		case 1:
			return false
		case 2:
			return true
		}
		state[r] = 1
		least := int64(0)
		if !r.concrete {
			least = start(r)
		}
		for _, o := range below[r] {
			if !visit(o.a) {
				return false
			}
			v := val[o.a]
			if o.strict {
				v++
			}
			least = max(least, v)
		}
		if c, ok := uf.constant(r); ok {
			val[r] = c
		} else {
			for slices.ContainsFunc(unlike[r], func(u *Term) bool { return state[u] == 2 && val[u] == least }) {
				least++
			}
			val[r] = least
		}
		state[r] = 2
		return true
	}
	for _, r := range terms {
		if !visit(r) {
			return nil, false
		}
	}
	out := map[termID]uint64{}
	for t, r := range uf.members() {
		v, ordered := val[r]
		if c, isConst := uf.constant(r); isConst {
			v, ordered = c, true
		}
		if ordered {
			out[t.key()] = uint64(v) & mask(t.sort.Width())
		}
	}
	return out, true
}

// classes is a union-find of terms, by id: equal terms are one class.
type classes struct {
	parent map[termID]*Term
	byID   map[termID]*Term
}

func newClasses() *classes {
	return &classes{parent: map[termID]*Term{}, byID: map[termID]*Term{}}
}

// canon returns the term that stands for every term with t's id (or, for
// a constant, its value).
func (c *classes) canon(t *Term) *Term {
	if t.concrete {
		return t
	}
	if u, ok := c.byID[t.key()]; ok {
		return u
	}
	c.byID[t.key()] = t
	return t
}

func (c *classes) find(t *Term) *Term {
	t = c.canon(t)
	if t.concrete {
		return t
	}
	for {
		p, ok := c.parent[t.key()]
		if !ok || p == t {
			return t
		}
		t = p
	}
}

func (c *classes) union(a, b *Term) {
	ra, rb := c.find(a), c.find(b)
	if ra == rb {
		return
	}
	if ra.concrete {
		ra, rb = rb, ra // a constant stays the root
	}
	if !ra.concrete {
		c.parent[ra.key()] = rb
	}
}

// constant returns the value of r's class when r is a constant.
func (c *classes) constant(r *Term) (int64, bool) {
	if !r.concrete {
		return 0, false
	}
	return signed(r.val, r.sort.Width()), true
}

// members maps every symbol seen to its class.
func (c *classes) members() map[*Term]*Term {
	out := map[*Term]*Term{}
	for _, t := range c.byID {
		out[t] = c.find(t)
	}
	return out
}
