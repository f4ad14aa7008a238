package solver

// Difference constraints: a balanced tree stores heights or levels, and
// its code compares them as x == y + 1 and x < y + 1. numberOrder does not
// read those, so fitDifferences gives values to such stacks instead:
// every comparison between symbols plus constants is a bound of one
// symbol's value by another's (val(v) >= val(u) + w). Raising values
// from the latest model's until every bound holds changes the model
// least; where a bound from above stops that, Bellman-Ford's shortest
// paths from zero solve the bounds whatever the signs. Bit-vectors wrap,
// so this can only make an assignment: the evaluation of the whole stack
// that follows decides.

// offsetTerm is a symbol plus a constant, or a constant (base nil).
type offsetTerm struct {
	base *Term
	off  int64
}

// offsetOf reads t as x, x + c, c + x or x - c for a symbol x, or as a
// constant c.
func offsetOf(t *Term) (offsetTerm, bool) {
	base, off := baseAndOffset(t)
	if base != nil && base.expr.kind != symbolExpr {
		return offsetTerm{}, false
	}
	return offsetTerm{base, signed(off, t.sort.Width())}, true
}

// sameBase reports whether a and b are offset terms of one symbol.
func sameBase(a, b *Term) bool {
	oa, ok1 := offsetOf(a)
	ob, ok2 := offsetOf(b)
	return ok1 && ok2 && oa.base != nil && ob.base != nil && oa.base.key() == ob.base.key()
}

// diffAtom is a comparison a < b, a <= b, a == b or a != b between
// offset terms.
type diffAtom struct {
	a, b offsetTerm
	kind atomKind
}

// diffAtomOf reads the atom a kind b (see atomParts) as a diffAtom,
// between offset terms of which one at least is not a constant.
func diffAtomOf(a, b *Term, kind atomKind) (diffAtom, bool) {
	oa, ok1 := offsetOf(a)
	ob, ok2 := offsetOf(b)
	if !ok1 || !ok2 || oa.base == nil && ob.base == nil {
		return diffAtom{}, false
	}
	return diffAtom{oa, ob, kind}, true
}

// bound is val(to) >= val(from) + w; a nil end is the constant 0.
type bound struct {
	from, to *Term
	w        int64
}

// boundsOf turns the order and equality atoms into bounds.
func boundsOf(atoms []diffAtom) []bound {
	var out []bound
	for _, d := range atoms {
		// a + x <= b + y is val(b) >= val(a) + x - y.
		w := d.a.off - d.b.off
		switch d.kind {
		case strictAtom:
			out = append(out, bound{d.a.base, d.b.base, w + 1})
		case looseAtom:
			out = append(out, bound{d.a.base, d.b.base, w})
		case equalAtom:
			out = append(out, bound{d.a.base, d.b.base, w}, bound{d.b.base, d.a.base, -w})
		}
	}
	return out
}

// fitDifferences returns values for the symbols of atoms under which
// every order and equality among them holds, and the differences it could
// meet, as integers; nil where it cannot. Raising, it starts from start's
// values and leaves each as low as the bounds allow: the least change to
// the latest model. Lowering, it starts from zero and solves the bounds
// whatever signs they need: Bellman-Ford's shortest paths, shifted so
// that the constant 0 stays 0.
func fitDifferences(atoms []diffAtom, start func(*Term) int64, lower bool) map[termID]uint64 {
	bounds := boundsOf(atoms)
	val := map[*Term]int64{} // nil is the constant 0
	syms := map[termID]*Term{}
	for _, d := range atoms {
		for _, o := range []offsetTerm{d.a, d.b} {
			if o.base != nil && syms[o.base.key()] == nil {
				syms[o.base.key()] = o.base
				if !lower {
					val[o.base] = start(o.base)
				}
			}
		}
	}
	canon := func(t *Term) *Term {
		if t == nil {
			return nil
		}
		return syms[t.key()]
	}
	for i := range bounds {
		bounds[i].from, bounds[i].to = canon(bounds[i].from), canon(bounds[i].to)
	}
	for range len(atoms) + 1 {
		if !relax(bounds, val, len(syms), lower) {
			return nil
		}
		if !separate(atoms, val, canon, lower) {
			break
		}
	}
	out := map[termID]uint64{}
	for ast, t := range syms {
		out[ast] = uint64(val[t]-val[nil]) & mask(t.sort.Width())
	}
	return out
}

// relax changes values until every bound holds, in at most n+2 rounds:
// raising the upper end of a bound, or lowering its lower end. Raising
// fails on a bound that would raise the constant 0; both fail on a cycle
// that keeps changing values.
func relax(bounds []bound, val map[*Term]int64, n int, lower bool) bool {
	for range n + 2 {
		changed := false
		for _, b := range bounds {
			if val[b.to] >= val[b.from]+b.w {
				continue
			}
			switch {
			case lower:
				val[b.from] = val[b.to] - b.w
			case b.to == nil:
				return false
			default:
				val[b.to] = val[b.from] + b.w
			}
			changed = true
		}
		if !changed {
			return true
		}
	}
	return false
}

// separate moves one side of a difference atom whose sides are equal,
// and reports whether it did.
func separate(atoms []diffAtom, val map[*Term]int64, canon func(*Term) *Term, lower bool) bool {
	value := func(o offsetTerm) int64 {
		return val[canon(o.base)] + o.off
	}
	step := int64(1)
	if lower {
		step = -1
	}
	for _, d := range atoms {
		if d.kind != differAtom || value(d.a) != value(d.b) {
			continue
		}
		if d.b.base != nil {
			val[canon(d.b.base)] += step
		} else {
			val[canon(d.a.base)] += step
		}
		return true
	}
	return false
}
