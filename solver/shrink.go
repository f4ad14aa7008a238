package solver

import (
	"cmp"
	"maps"
	"slices"
)

// shrinkPasses is how often Shrunk goes over the numbers.
const shrinkPasses = 2

// Shrunk returns a model of the stack in which each term of terms, in
// order, takes the value of least magnitude (of one magnitude, the
// non-negative) found among 0, 1, -1 and the values at which an atom of
// the stack over it changes truth (k > 1000 gives 1001), the symbols not
// yet shrunk repaired around it (see repairedAround). Z3's models, and
// the readable values a witness prefers, can leave a number far larger
// than the path needs (an index of 2^62 where 1001 will do, a slice of a
// billion elements): a witness then allocates more than it must. Every
// atom holds under the model, as under any other.
//
// The shrinking starts from from's values of terms (the model a witness
// would have been written from) where the stack holds under them, else
// from the assignment the Go side kept; Shrunk returns nil where neither
// satisfies the stack. Only terms that are symbols are shrunk, and not
// floats, whose bits' magnitude is not the number's.
func (s *Solver) Shrunk(from *Model, terms []Number) *Model {
	s.ctx.enter()
	a := s.goModel()
	atoms := conjuncts(slices.Collect(s.assertions()))
	var shrinkable []Number
	for _, n := range terms {
		t := n.T
		_, isFloat := s.ctx.floatSyms[t.key()]
		if !t.concrete && t.expr.kind == symbolExpr && t.sort.Width() > 0 && !isFloat {
			shrinkable = append(shrinkable, n)
		}
	}
	if from != nil {
		// Where Z3 found the model, the Go side may keep none: from's
		// values alone may still decide every atom.
		vals := make(map[termID]uint64, len(shrinkable))
		for _, n := range shrinkable {
			vals[n.T.key()] = from.Uint64(n.T)
		}
		if b := s.over(a, vals, 0); holdsAll(b, slices.Values(atoms)) {
			a = b
		}
	}
	if a == nil || !holdsAll(a, slices.Values(atoms)) {
		return nil
	}
	// A second pass shrinks again what a later number's shrinking let
	// come down (a capacity, once its length did).
	fixed := map[termID]uint64{}
	for range shrinkPasses {
		for _, n := range shrinkable {
			t := n.T
			v, ok := a.eval(t)
			if !ok {
				continue
			}
			for _, c := range smallerValues(n, v, atoms, a) {
				try := maps.Clone(fixed)
				try[t.key()] = c
				// repairedAround returns only an assignment under which
				// every atom holds.
				if b := s.repairedAround(s.over(a, try, 0), try, atoms); b != nil {
					a, v = b, c
					break
				}
			}
			fixed[t.key()] = v
		}
	}
	return &Model{ctx: s.ctx, a: a}
}

// Number is a term Shrunk makes small: a number of the witness, whose
// magnitude is its absolute value as a signed integer, or its value if
// Unsigned (a length: 2^64-1 is not small).
type Number struct {
	T        *Term
	Unsigned bool
}

// magnitude returns the magnitude of v, a value of n's width.
func (n Number) magnitude(v uint64) uint64 {
	m := mask(n.T.sort.Width())
	if n.Unsigned {
		return v & m
	}
	return min(v&m, -v&m)
}

// ladderFrom is the magnitude above which Shrunk also tries the powers of
// two below a number: the witness preferences have made small what they
// could (up to 64), and a number left above is often far larger than it
// must be.
const ladderFrom = 64

// smallerValues returns the candidates Shrunk tries for the symbol n,
// whose value is v, in order of magnitude, each smaller than v's.
func smallerValues(n Number, v uint64, atoms []*Term, a *assignment) []uint64 {
	t := n.T
	m := mask(t.sort.Width())
	cands := []uint64{0, 1, m}
	for _, atom := range atoms {
		if mentions(atom, t.key()) {
			cands = append(cands, repairValues(atom, t.key(), a)...)
		}
	}
	if n.magnitude(v) > ladderFrom {
		// A large number that no bound of an atom brings down (a
		// product that must overflow: len(b) * count) may still come
		// down far: try the powers of two below it, negated too for a
		// signed number.
		for k := 1; k < int(t.sort.Width()) && uint64(1)<<k < n.magnitude(v); k++ {
			cands = append(cands, 1<<k)
			if !n.Unsigned {
				cands = append(cands, -(uint64(1) << k))
			}
		}
	}
	var out []uint64
	for _, c := range cands {
		if c &= m; n.compare(c, v) < 0 && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(x, y uint64) int {
		return cmp.Or(n.compare(x, y), cmp.Compare(x, y))
	})
	return out
}

// compare orders values of n's width as a witness prefers them: by
// magnitude, and of one magnitude the non-negative first (Swap(1, 0)
// reads better than Swap(-1, 0)).
func (n Number) compare(x, y uint64) int {
	return cmp.Or(cmp.Compare(n.magnitude(x), n.magnitude(y)), cmp.Compare(n.negative(x), n.negative(y)))
}

// negative reports whether v is negative as a signed number of n's width.
func (n Number) negative(v uint64) int {
	if !n.Unsigned && v&(1<<(n.T.sort.Width()-1)) != 0 {
		return 1
	}
	return 0
}
