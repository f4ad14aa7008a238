package solver

import (
	"slices"
)

// This file answers Sat without Z3, and without fitOrder's pass over the
// whole stack, for the most common check a search asks: the second side
// of a branch. The latest model satisfies the stack but the new
// condition, which its first side made false; changing the value of one
// symbol of the condition often makes it true, and then only the
// assertions that symbol occurs in need evaluating again.

// repaired reports whether changing one symbol of the one failing
// condition of the latest model makes a model of the stack and pending,
// which it keeps.
func (s *Solver) repaired(pending []*Term) bool {
	m := s.latestCached()
	if s.noModelReuse || m == nil || m.verified < s.total-1 {
		return false
	}
	var failing []*Term
	if m.verified < s.total {
		last := s.scopes[s.depth]
		if len(last) == 0 {
			return false
		}
		failing = append(failing, last[len(last)-1])
	}
	for _, t := range pending {
		if holds, ok := m.holds(t); !ok {
			return false
		} else if !holds {
			failing = append(failing, t)
		}
	}
	if len(failing) != 1 {
		return false
	}
	t := failing[0]
	syms, many := symbolsOf(t)
	if many {
		return false
	}
	for _, sym := range syms {
		for _, v := range repairValues(t, sym, m.assignment) {
			if a := s.withValue(m.assignment, sym, v, pending); a != nil {
				s.keep(&cached{a, s.total})
				return true
			}
		}
	}
	return false
}

// latestCached is the deepest model kept, or nil.
func (s *Solver) latestCached() *cached {
	if n := len(s.models); n > 0 {
		return s.models[n-1]
	}
	return nil
}

// withValue returns base with sym set to v, if every assertion of the
// stack and pending that sym occurs in holds under it.
func (s *Solver) withValue(base *assignment, sym zast, v uint64, pending []*Term) *assignment {
	a := s.over(base, map[zast]uint64{sym: v})
	for t := range s.assertions() {
		if !mentions(t, sym) {
			continue
		}
		if holds, ok := a.holds(t); !holds || !ok {
			return nil
		}
	}
	for _, t := range pending {
		if holds, ok := a.holds(t); !holds || !ok {
			return nil
		}
	}
	return a
}

// repairValues returns the values of sym to try for making t true: where
// t compares or equates sym plus an offset with a term whose value under
// a is known, the values just at, below and above that term's.
func repairValues(t *Term, sym zast, a *assignment) []uint64 {
	x, y, kind := atomParts(t)
	if kind == otherAtom {
		return nil
	}
	for range 2 {
		if base, off := baseAndOffset(x); base != nil && base.ast == sym && !mentions(y, sym) {
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
func symbolsOf(t *Term) (syms []zast, many bool) {
	if t.symbolsRead {
		return t.symbols, t.manySymbols
	}
	var out []zast
	if t.expr.kind == symbolExpr {
		out = []zast{t.ast}
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
func mentions(t *Term, sym zast) bool {
	syms, many := symbolsOf(t)
	return many || slices.Contains(syms, sym)
}
