package solver

import "slices"

// The Go side of a check is a list of deciders, cheapest first, each
// answering the query from what it reads of the solver's stack or
// leaving it Unknown for the next; deciders(Chain) assembles the list
// from the -solver flag, and Validate wraps each of them so that Z3
// checks its answers. What none decides goes to Z3 (see check and run).
//
// A decider reads the stack and may keep, as the stack's model, the
// assignment it found; the solver records its answer (see decideInGo).

// decider is one step of the Go side of the chain.
type decider interface {
	// decide answers q from st, or returns Unknown to pass it on.
	decide(st *stack, q *query) Result
}

// query is one check as the deciders see it.
type query struct {
	// symbolic are the check's assumptions that are not constants;
	// constFalse says that a constant false is among them or on the
	// stack.
	symbolic   []*Term
	constFalse bool
	// pending are the assumptions the stack does not hold already: what
	// Z3 is given if no decider settles the query.
	pending []*Term
	// optional marks a query its caller can do without (CheckOptional).
	optional bool
	// atoms are the stack's assertions and pending, and b what analyse
	// bounded of them, once fitOrRefute computed them.
	atoms []*Term
	b     *bounds
	// stackRefuted says that an Unsat was found of the stack alone;
	// guessed marks a Sat preference guessed.
	stackRefuted, guessed bool
}

// deciders returns the Go side of chain c, of which validate checks the
// answers under Validate.
func deciders(c Chain, validate func(Result, []*Term)) []decider {
	switch c.base() {
	case Z3Only:
		// Only a constant false, which Z3 never sees, is decided here.
		return []decider{stackFalse{}}
	case NoModels:
		return []decider{stackFalse{}, literals{}, provenStack{}, &fitOrRefute{}}
	}
	list := []decider{stackFalse{}, literals{}, provenStack{}, keptModels{}, &backoff{decider: repairs{}},
		&fitOrRefute{fit: true}, &backoff{decider: boundsFit{}}, &backoff{decider: guesses{}}, preference{}}
	if c.base() == Validate {
		for i, d := range list {
			list[i] = validated{d, validate}
		}
	}
	return list
}

// decideInGo runs the deciders on q, and records the answer of the one
// that settles it: Unknown where none does.
func (s *Solver) decideInGo(q *query) Result {
	for _, d := range s.goSide {
		r := d.decide(&s.stack, q)
		if r == Unknown {
			continue
		}
		if q.stackRefuted {
			s.falseAt = s.depth
		}
		if r == Sat {
			s.satInGo(q.pending)
			s.guessedOptional = q.guessed
		}
		return r
	}
	return Unknown
}

// newQuery returns the query of a check of assumptions.
func (s *Solver) newQuery(assumptions []*Term, optional bool) *query {
	symbolic, constFalse := s.symbolic(assumptions)
	return &query{symbolic: symbolic, constFalse: constFalse, pending: symbolic, optional: optional}
}

// validated is a decider whose answers Z3 checks (the Validate chain):
// all but those over a constant false, which Z3 never sees.
type validated struct {
	decider
	validate func(Result, []*Term)
}

func (v validated) decide(st *stack, q *query) Result {
	r := v.decider.decide(st, q)
	if r != Unknown && !q.constFalse {
		v.validate(r, q.symbolic)
	}
	return r
}

// backoff passes on the queries of a decider that keeps leaving them
// Unknown: after backoffAfter in a row, it skips one query, and twice as
// many after each further miss, up to maxSkip; an answer starts it again.
// The deciders that search for a model (repairs, boundsFit, guesses)
// evaluate the whole stack once per candidate, and on some programs they
// never find one: on sort's functions, boundsFit found 55 models in 303
// tries and guesses none in 248, and evaluating for them was a third of
// the work of the search. What a skipped decider would have answered, the
// deciders after it or Z3 answer alike. The counts are the search's own,
// so a search skips the same queries in every run.
type backoff struct {
	decider
	misses, skip int
}

const (
	backoffAfter = 4
	maxSkip      = 32
)

func (b *backoff) decide(st *stack, q *query) Result {
	if b.skip > 0 {
		b.skip--
		return Unknown
	}
	r := b.decider.decide(st, q)
	if r != Unknown {
		b.misses = 0
		return r
	}
	b.misses++
	if b.misses >= backoffAfter {
		b.skip = min(1<<min(b.misses-backoffAfter, 30), maxSkip)
	}
	return r
}

// stackFalse answers Unsat where the stack holds a false, or a constant
// false is assumed.
type stackFalse struct{}

func (stackFalse) decide(st *stack, q *query) Result {
	if st.falseAt >= 0 || q.constFalse {
		return Unsat
	}
	return Unknown
}

// literals answers Unsat where an assumption's negation is on the stack,
// or the stack's order or forced values make it false, and leaves
// pending the assumptions not on the stack already.
type literals struct{}

func (literals) decide(st *stack, q *query) Result {
	var under *assignment
	if len(q.symbolic) > 0 {
		under = st.underForced()
	}
	q.pending = nil
	for _, t := range q.symbolic {
		l := literalOf(t)
		switch {
		case st.lits[l.negated()] || st.ordersWrongly(t) || forcedFalse(t, under):
			return Unsat
		case !st.lits[l]:
			q.pending = append(q.pending, t)
		}
	}
	return Unknown
}

// provenStack answers Sat where the stack was proven satisfiable and
// every assumption is on it already.
type provenStack struct{}

func (provenStack) decide(st *stack, q *query) Result {
	if len(q.pending) == 0 && st.proven[st.depth] {
		return Sat
	}
	return Unknown
}

// keptModels answers Sat where one of the models kept satisfies the
// query (KLEE's counterexample cache).
type keptModels struct{}

func (keptModels) decide(st *stack, q *query) Result {
	return satIf(st.modelSatisfies(q.pending))
}

// repairs answers Sat where changing a few symbols of the latest model
// makes one of the query.
type repairs struct{}

func (repairs) decide(st *stack, q *query) Result {
	return satIf(st.repaired(q.pending))
}

// fitOrRefute tries fitOrder's assignment (Sat) and analyse's refutation
// (Unsat), the one that settled more of the last checks first, or only
// the refutation where fit is unset.
type fitOrRefute struct {
	fit bool
	// refuting scores how the last checks that got this far went: up
	// for one analyse refuted, down for one fitOrder fitted. Above 0 the
	// refutation is tried first. Programs lean one way (a heap on a
	// slice has most of its index checks refuted, a tree's comparisons
	// fitted), and each of the two costs about as much as the other.
	refuting int
}

// maxRefuting bounds refuting, so that a change of the checks' kind turns
// the order round within a few checks.
const maxRefuting = 4

func (d *fitOrRefute) decide(st *stack, q *query) Result {
	fitFirst := d.refuting <= 0
	if fitFirst && d.fitted(st, q) {
		return Sat
	}
	q.atoms = append(slices.Collect(st.assertions()), q.pending...)
	b, refuted := analyse(q.atoms)
	if !refuted && b != nil {
		refuted = st.pinnedFalse(b, q.atoms)
	}
	if refuted {
		d.refuting = min(d.refuting+1, maxRefuting)
		q.stackRefuted = len(q.pending) == 0
		return Unsat
	}
	q.b = b
	if !fitFirst && d.fitted(st, q) {
		return Sat
	}
	return Unknown
}

// fitted reports whether fitOrder fitted the query, if d fits at all.
func (d *fitOrRefute) fitted(st *stack, q *query) bool {
	if !d.fit || !st.fitted(q.pending) {
		return false
	}
	d.refuting = max(d.refuting-1, -maxRefuting)
	return true
}

// boundsFit answers Sat where the values analyse's bounds allow, nearest
// the latest model's, satisfy the query.
type boundsFit struct{}

func (boundsFit) decide(st *stack, q *query) Result {
	return satIf(q.b != nil && st.fittedWithin(q.b, q.atoms))
}

// guesses answers Sat where fitted float values, or small and boundary
// values for a nonlinear query's symbols, satisfy it.
type guesses struct{}

func (guesses) decide(st *stack, q *query) Result {
	return satIf(st.floatQuery(q.pending) && st.floatFitted(q.pending) || st.nonlinearFitted(q.pending))
}

// preference answers Sat for an optional query where small and boundary
// values for its new conditions' symbols satisfy it (see
// preferenceFitted).
type preference struct{}

func (preference) decide(st *stack, q *query) Result {
	if !q.optional || !st.preferenceFitted(q.pending) {
		return Unknown
	}
	q.guessed = true
	return Sat
}

// satIf is Sat if ok, else Unknown.
func satIf(ok bool) Result {
	if ok {
		return Sat
	}
	return Unknown
}
