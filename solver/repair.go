package solver

import (
	"slices"
)

// This file answers Sat without Z3, and without fitOrder's pass over the
// whole stack, for the most common checks a search asks: the second side
// of a branch, and a branch taken after a few assertions made without a
// check (append's bound on the capacity it picks, say). The latest model
// satisfies the stack but those: its first side made the condition false,
// and a new symbol is 0 in it. Changing one symbol per failing conjunct
// often makes them true, and then only the assertions the changed symbols
// occur in need evaluating again.

// maxRepairs bounds the failing conjuncts a repair fixes, and
// maxUnverified the assertions made since the latest model was checked
// that it evaluates: past those, fitOrder's fresh start is the better bet.
const (
	maxRepairs    = 4
	maxUnverified = 8
)

// repaired reports whether changing one symbol for each failing conjunct
// of the assertions the latest model was not checked against, and of
// pending, makes a model of the stack and pending, which it keeps.
func (s *stack) repaired(pending []*Term) bool {
	m := s.latestCached()
	if m == nil || s.total-m.verified > maxUnverified {
		return false
	}
	a, changed, dropped := s.repairFailing(m.assignment, conjuncts(append(s.assertionsFrom(m.verified), pending...)), nil)
	if a == nil {
		return false
	}
	// Merging the fits may have given symbols not changed here the values
	// of a model under the latest (see flatten): then every assertion is
	// evaluated again, not only those of changed.
	if dropped && !(holdsAll(a, s.assertions()) && holdsAll(a, slices.Values(pending))) ||
		!dropped && !s.holdsWhereChanged(a, changed, pending) {
		return false
	}
	s.keep(&cached{a, s.total})
	return true
}

// repairFailing changes, over a, one symbol other than those fixed for
// each atom that fails under a, up to maxRepairs of them (see
// repairOne). It returns the assignment made, the symbols changed, and
// whether merging fits left out a bottom one (see fitted.dropped), or a
// nil assignment where an atom cannot be evaluated, or repaired.
func (s *stack) repairFailing(a *assignment, atoms []*Term, fixed map[termID]uint64) (_ *assignment, changed []termID, dropped bool) {
	for _, t := range atoms {
		holds, ok := a.holds(t)
		switch {
		case !ok:
			return nil, nil, false
		case holds:
			continue
		case len(changed) == maxRepairs:
			return nil, nil, false
		}
		sym, v, found := s.repairOne(t, a, fixed)
		if !found {
			return nil, nil, false
		}
		a = s.over(a, map[termID]uint64{sym: v}, 0)
		changed = append(changed, sym)
		dropped = dropped || a.fit.dropped
	}
	return a, changed, dropped
}

// repairOne returns a symbol of t, other than those fixed, and a value
// for it under which t holds over a.
func (s *stack) repairOne(t *Term, a *assignment, fixed map[termID]uint64) (sym termID, v uint64, found bool) {
	syms, many := symbolsOf(t)
	if many {
		return 0, 0, false
	}
	for _, sym := range syms {
		if _, isFixed := fixed[sym]; isFixed {
			continue
		}
		values := repairValues(t, sym, a)
		if w, isFloat := s.ctx.floatSyms[sym]; isFloat {
			values = append(values, floatCandidates(w, t, a)...)
		}
		for _, v := range values {
			if holds, ok := s.over(a, map[termID]uint64{sym: v}, 0).holds(t); holds && ok {
				return sym, v, true
			}
		}
	}
	return 0, 0, false
}

// holdsWhereChanged reports whether every assertion of the stack that one
// of the changed symbols occurs in, and every pending one, holds under a.
// The others keep the values they had under the model, where they held.
func (s *stack) holdsWhereChanged(a *assignment, changed []termID, pending []*Term) bool {
	for t := range s.assertions() {
		if !slices.ContainsFunc(changed, func(sym termID) bool { return mentions(t, sym) }) {
			continue
		}
		if holds, ok := a.holds(t); !holds || !ok {
			return false
		}
	}
	for _, t := range pending {
		if holds, ok := a.holds(t); !holds || !ok {
			return false
		}
	}
	return true
}

// assertionsFrom returns the stack's assertions from the nth on, in the
// order they were made.
func (s *stack) assertionsFrom(n int) []*Term {
	var out []*Term
	seen := 0
	for _, scope := range s.scopes[:s.depth+1] {
		if seen+len(scope) > n {
			out = append(out, scope[max(n-seen, 0):]...)
		}
		seen += len(scope)
	}
	return out
}

// repairValues returns the values of sym to try for making t true: where
// t compares or equates sym plus an offset with a term whose value under
// a is known, the values just at, below and above that term's.
func repairValues(t *Term, sym termID, a *assignment) []uint64 {
	x, y, kind := atomParts(t)
	if kind == otherAtom {
		return nil
	}
	for range 2 {
		if base, off := baseAndOffset(x); base != nil && base.key() == sym && !mentions(y, sym) {
			w, ok := a.eval(y)
			if !ok {
				return nil
			}
			m := mask(x.sort.Width())
			at := (w - off) & m
			return []uint64{at, (at - 1) & m, (at + 1) & m}
		}
		x, y = y, x
	}
	return nil
}

// maxSymbols bounds the symbols symbolsOf lists for a term: a term over
// more (a string's bytes) counts as over every symbol, so that the lists
// kept stay small.
const maxSymbols = 16

// symbolsOf returns the symbols t is built of, or many where they are
// more than maxSymbols.
func symbolsOf(t *Term) (syms []termID, many bool) {
	if t.symbolsRead {
		return t.symbols, t.manySymbols
	}
	var out []termID
	if t.expr.kind == symbolExpr {
		out = []termID{t.key()}
	}
	for _, a := range t.expr.args {
		inner, innerMany := symbolsOf(a)
		if innerMany {
			many = true
			break
		}
		for _, sym := range inner {
			if !slices.Contains(out, sym) {
				out = append(out, sym)
			}
		}
		if len(out) > maxSymbols {
			many = true
			break
		}
	}
	if many {
		out = nil
	}
	t.symbols, t.manySymbols, t.symbolsRead = out, many, true
	return out, many
}

// mentions reports whether sym may occur in t.
func mentions(t *Term, sym termID) bool {
	syms, many := symbolsOf(t)
	return many || slices.Contains(syms, sym)
}

// latestCached is the deepest model kept, or nil.
func (s *stack) latestCached() *cached {
	if n := len(s.models); n > 0 {
		return s.models[n-1]
	}
	return nil
}
