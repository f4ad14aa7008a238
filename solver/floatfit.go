package solver

import (
	"math"
	"slices"
)

// Z3 bit-blasts floating point, and a query over a few float divisions
// and products takes it seconds. Most of what a search asks about floats
// is satisfiable by ordinary values or by the ones where floats behave
// differently (NaN, the infinities, the zeros, the largest finite), so
// before Z3 the Go side tries every combination of those for the float
// symbols of the query, the other symbols keeping the latest model's
// values.

// floatFitOrder are the values floatFitted tries, ordinary ones first, so
// that a witness shows NaN only where nothing else does.
var floatFitOrder = []float64{0, 1, -1, 0.5, 2, 10, -0.5, 100, 1e9, math.MaxFloat64, -math.MaxFloat64,
	math.Inf(1), math.Inf(-1), math.NaN(), math.Copysign(0, -1), math.SmallestNonzeroFloat64}

// maxFloatFits bounds the combinations tried for one query.
const maxFloatFits = 5000

// floatFitted reports whether an assignment of values of floatFitOrder to
// the float symbols of the stack and pending satisfies both; it is kept
// as the depth's model.
func (s *stack) floatFitted(pending []*Term) bool {
	atoms := append(slices.Clone(pending), slices.Collect(s.assertions())...)
	syms := s.floatSymbolsOf(atoms)
	if len(syms) == 0 {
		return false
	}
	n := len(floatFitOrder)
	for n > 2 && combinations(n, len(syms)) > maxFloatFits {
		n--
	}
	if combinations(n, len(syms)) > maxFloatFits {
		return false
	}
	base := s.latestModel()
	choice := make([]int, len(syms))
	for {
		vals := make(map[termID]uint64, len(syms))
		for i, sym := range syms {
			vals[sym] = floatBits(floatFitOrder[choice[i]], s.ctx.floatSyms[sym])
		}
		a := s.over(base, vals, 0)
		if holdsAll(a, slices.Values(atoms)) {
			s.keep(&cached{a, s.total})
			return true
		}
		if !nextChoice(choice, func(int) int { return n }) {
			return false
		}
	}
}

// floatSymbolsOf returns the float symbols the atoms are built of, in the
// order met.
func (s *stack) floatSymbolsOf(atoms []*Term) []termID {
	var out []termID
	for _, t := range atoms {
		syms, _ := symbolsOf(t)
		for _, sym := range syms {
			if _, isFloat := s.ctx.floatSyms[sym]; isFloat && !slices.Contains(out, sym) {
				out = append(out, sym)
			}
		}
	}
	return out
}

// combinations is n to the power k, saturating past maxFloatFits.
func combinations(n, k int) int {
	total := 1
	for range k {
		if total *= n; total > maxFloatFits {
			return maxFloatFits + 1
		}
	}
	return total
}

// nextChoice advances choice as a number whose ith digit counts up to
// radix(i), the first digit fastest; it reports false after the last.
func nextChoice(choice []int, radix func(i int) int) bool {
	for i := range choice {
		if choice[i]++; choice[i] < radix(i) {
			return true
		}
		choice[i] = 0
	}
	return false
}
