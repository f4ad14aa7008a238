package solver

import "slices"

// Z3 bit-blasts a product, quotient or remainder of two symbolic
// operands into a circuit of thousands of gates at 64 bits, and a
// satisfiable query over one can take it seconds: a ring buffer's index
// (start+i) % len(buf) out of range took 0.3 to 4 s, however Z3 was
// asked. Such a query is often satisfied by small or boundary values (a
// negative start, a length of 2), so before Z3 the Go side tries
// combinations of those for the symbols of the query's nonlinear atoms,
// the other symbols keeping the latest model's values, as floatFitted
// does for floats. A combination is kept only where every atom of the
// stack and the query holds under it, so a Sat found so is as sound as
// Z3's; an Unsat is never concluded here.

// maxGuesses bounds the combinations tried for one query: with
// eight values, three symbols.
const maxGuesses = 512

// nonlinearOps are the operations whose circuits make Z3 slow when both
// operands are symbolic (a shift, when its count is).
var nonlinearOps = map[op]bool{opMul: true, opUDiv: true, opSDiv: true, opURem: true, opSRem: true,
	opShl: true, opLShr: true, opAShr: true}

// isNonlinear reports whether e, made by build, is a nonlinear operation
// or has a nonlinear operand.
func isNonlinear(e expr) bool {
	if slices.ContainsFunc(e.args, func(x *Term) bool { return x.nonlinear }) {
		return true
	}
	if e.kind != binaryExpr || !nonlinearOps[e.op] || len(e.args) != 2 {
		return false
	}
	shift := e.op == opShl || e.op == opLShr || e.op == opAShr
	return !e.args[1].concrete && (!e.args[0].concrete || shift)
}

// nonlinearFitted reports whether an assignment of small or boundary
// values (see guessCandidates) to the symbols of the nonlinear atoms
// of the stack and pending satisfies both; it is kept as the depth's
// model.
func (s *stack) nonlinearFitted(pending []*Term) bool {
	if !s.nonlinearQuery(pending) {
		return false
	}
	var hard, easy []*Term
	for _, t := range conjuncts(append(slices.Clone(pending), slices.Collect(s.assertions())...)) {
		if t.nonlinear {
			hard = append(hard, t)
		} else {
			easy = append(easy, t)
		}
	}
	return len(hard) > 0 && s.guessed(hard, easy)
}

// preferenceFitted reports whether small or boundary values (see
// guessCandidates) for the symbols of pending, an optional query's
// new conditions (a witness's preference for small values), satisfy them
// and, repaired around them, the stack; it is kept as the depth's model.
// Z3 can spend its whole budget on such a query where the stack holds a
// division by a constant (key/7 needed key = 1, where Z3 had given
// 234881028), which a guess settles at once.
func (s *stack) preferenceFitted(pending []*Term) bool {
	if len(pending) == 0 {
		return false
	}
	hard := conjuncts(pending)
	return s.guessed(hard, conjuncts(slices.Collect(s.assertions())))
}

// guessed reports whether an assignment of small or boundary values to
// the symbols of the hard atoms, checked first, makes them hold and,
// with the easy atoms repaired around it (see repairedAround), the easy
// ones too; it is kept as the depth's model.
func (s *stack) guessed(hard, easy []*Term) bool {
	syms, ok := s.guessSymbols(hard)
	if !ok {
		return false
	}
	base := s.latestModel()
	values := make([][]uint64, len(syms))
	for i, sym := range syms {
		values[i] = guessCandidates(max(sym.sort.Width(), 1), base, sym)
	}
	choice := make([]int, len(syms))
	for tried := 0; tried < maxGuesses; tried++ {
		vals := make(map[termID]uint64, len(syms))
		for i, sym := range syms {
			vals[sym.key()] = values[i][choice[i]]
		}
		a := s.over(base, vals, 0)
		if holdsAll(a, slices.Values(hard)) {
			if a = s.repairedAround(a, vals, easy); a != nil {
				s.keep(&cached{a, s.total})
				return true
			}
		}
		if !nextChoice(choice, func(i int) int { return len(values[i]) }) {
			return false
		}
	}
	return false
}

// repairedAround returns a, with the linear atoms of easy that fail under
// it repaired (see repairFailing) by changing symbols other than those
// fixed, if every atom of easy then holds; else nil. The conditions a
// nonlinear atom's symbols take part in are mostly linear (a length
// within its capacity), and a guess for the length must carry the
// capacity with it.
//
// A repair may break an atom it passed before (a length lowered below
// an index), so the atoms are passed over again, up to repairPasses
// times.
func (s *stack) repairedAround(a *assignment, fixed map[termID]uint64, easy []*Term) *assignment {
	for range repairPasses {
		var changed []termID
		if a, changed, _ = s.repairFailing(a, easy, fixed); a == nil {
			return nil
		}
		if len(changed) == 0 || holdsAll(a, slices.Values(easy)) {
			return a
		}
	}
	return nil
}

// repairPasses bounds the passes of repairedAround over the atoms.
const repairPasses = 3

// guessSymbols returns the symbols the atoms are built of, in the
// order met (see symbolsIn); ok is false where they are too many to
// enumerate, or hidden.
func (s *stack) guessSymbols(atoms []*Term) (syms []*Term, ok bool) {
	for _, t := range atoms {
		set := s.symbolsIn(t)
		if set.opaque {
			return nil, false
		}
		for _, sym := range set.syms {
			if !slices.Contains(syms, sym) {
				if syms = append(syms, sym); len(syms) > maxGuessedSymbols {
					return nil, false
				}
			}
		}
	}
	return syms, true
}

// maxGuessedSymbols bounds the symbols guessed varies: with more, the
// combinations within maxGuesses would leave all but the first few at
// their model's values.
const maxGuessedSymbols = 4

// guessCandidates returns the values guessed tries for a symbol of the
// given width (1 for a Bool): the latest model's first, then the small
// and boundary values where arithmetic wraps or changes sign.
func guessCandidates(width uint, base *assignment, sym *Term) []uint64 {
	m := mask(width)
	top := uint64(1) << (width - 1)
	var out []uint64
	if base != nil {
		if v, ok := base.eval(sym); ok {
			out = append(out, v)
		}
	}
	for _, v := range []uint64{0, 1, m, 2, m - 1, top - 1, top} {
		if v &= m; !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}
