package solver

import (
	"slices"
	"time"
)

// Constraint independence, the first decider of KLEE's chain (here the
// last before the fallback: see independent): a query the incremental
// solver leaves to the fallback is asked over its slice, the new
// conditions (what was asserted since the latest kept model was checked,
// and the assumptions) and the stack's conditions that share a symbol
// with them, transitively. The rest of the stack holds under that model
// and shares no symbol with the slice, so the query is satisfiable
// exactly when its slice is, and a model of the slice with the kept
// model's values for the other symbols is a model of the query. A path
// condition gathers independent conditions on the inputs it read (each
// field, each element); a query about one of them need not carry, nor
// have Z3 search, the others.

// maxSymbolMemo bounds the terms whose symbols a Solver remembers.
const maxSymbolMemo = 1 << 16

// symbolSet is the symbols a term mentions, or opaque where a part Z3
// built (Forall, Substitute's) hides them.
type symbolSet struct {
	syms   []*Term
	opaque bool
}

// symbolsIn returns the symbols t mentions (see symbolSet).
func (s *stack) symbolsIn(t *Term) symbolSet {
	if set, ok := s.symbolMemo[t]; ok {
		return set
	}
	var set symbolSet
	seen := map[*Term]bool{}
	var walk func(u *Term)
	walk = func(u *Term) {
		if u.concrete || seen[u] || set.opaque {
			return
		}
		seen[u] = true
		switch u.expr.kind {
		case symbolExpr:
			set.syms = append(set.syms, u)
		case opaqueExpr:
			set.opaque = true
		}
		for _, a := range u.expr.args {
			walk(a)
		}
	}
	walk(t)
	if len(s.symbolMemo) >= maxSymbolMemo {
		clear(s.symbolMemo)
	}
	s.symbolMemo[t] = set
	return set
}

// slice returns the query's slice: the conditions of fresh, and those of
// checked that share a symbol with them, transitively; with the symbols
// they mention. ok is false where a term's symbols are hidden, or where
// no condition of checked is independent of fresh.
func (s *Solver) slice(checked, fresh []*Term) (slice, syms []*Term, ok bool) {
	in := map[*Term]bool{}
	add := func(t *Term) bool {
		set := s.symbolsIn(t)
		for _, sym := range set.syms {
			if !in[sym] {
				in[sym] = true
				syms = append(syms, sym)
			}
		}
		return !set.opaque
	}
	for _, t := range fresh {
		if !add(t) {
			return nil, nil, false
		}
	}
	slice = append(slice, fresh...)
	taken := make([]bool, len(checked))
	for grew := true; grew; {
		grew = false
		for i, t := range checked {
			if taken[i] || !s.sharesSymbol(t, in) {
				continue
			}
			if !add(t) {
				return nil, nil, false
			}
			taken[i], grew = true, true
			slice = append(slice, t)
		}
	}
	if len(slice) == len(checked)+len(fresh) {
		return nil, nil, false
	}
	return slice, syms, true
}

// sharesSymbol reports whether t mentions a symbol of in, or hides its
// symbols (then it is kept in the slice, and slice gives up).
func (s *Solver) sharesSymbol(t *Term, in map[*Term]bool) bool {
	set := s.symbolsIn(t)
	if set.opaque {
		return true
	}
	for _, sym := range set.syms {
		if in[sym] {
			return true
		}
	}
	return false
}

// independent decides, on the fallback solver, a query that the Go side
// and the incremental solver left undecided (the stack and pending), over
// its slice, when a kept model satisfies a part of the stack that the
// slice leaves out. It reports false where it finds no such slice; then
// the fallback gets the whole query. It is given what the fallback would
// have had: units resource units and time (0: none), and answers Unknown
// where they do not settle the slice. A Sat keeps the model made of the
// slice's values and the kept model's, which Model gives.
//
// It comes last, before the fallback, and not first as in KLEE, whose
// solver starts from scratch on every query: the incremental solver
// settles most queries in microseconds with what it learnt from the
// queries before, and a slice asked of a new solver each time cost more
// than it saved (Table I under -solver z3: AvlTree.insert at k 3 in 16.9
// s against 10.5 s, LeftistHeap.merge 193 paths in 60 s against 510, at
// commit c5f5d0f). What a slice spares is the fallback's work on the
// parts of a hard query that do not bear on it.
func (s *Solver) independent(pending []*Term, floats bool, units uint, d time.Duration) (Result, bool) {
	base := s.latestCached()
	if s.noIndependence || base == nil || base.verified == 0 || base.fit != nil && base.fit.partial {
		return Unknown, false
	}
	all := s.assertionsFrom(0)
	fresh := append(all[base.verified:len(all):len(all)], pending...)
	slice, syms, ok := s.slice(all[:base.verified], fresh)
	if !ok {
		return Unknown, false
	}
	z := s.ctx.z3()
	f := s.emptyFallback(floats)
	for _, t := range slice {
		z.assert(f, s.ctx.astOf(t))
	}
	z.setRlimit(f, units)
	z.setTimeout(f, d)
	s.calls++
	s.answered = f
	r := s.checkOn(f, nil, units, true)
	if r == Unknown {
		s.reason = s.unknownReason(f)
		return r, true
	}
	s.independentAnswers++
	s.sliced = true
	if r == Sat {
		m := newAssignment(s.ctx, z.model(f))
		vals := make(map[termID]uint64, len(syms))
		for _, sym := range syms {
			vals[sym.key()], _ = m.eval(sym)
		}
		// Merging fits may have given symbols outside the slice the
		// values of another model than base's (see flatten): the merged
		// assignment is kept only if the whole query holds under it.
		a := s.over(base.assignment, vals, 0)
		if !a.fit.dropped || holdsAll(a, s.assertions()) && holdsAll(a, slices.Values(pending)) {
			s.keep(&cached{a, s.total})
		}
		s.proven[s.depth] = true
		s.inGo, s.inGoAssumed = true, pending
	}
	return r, true
}
