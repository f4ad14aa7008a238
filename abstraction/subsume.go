package abstraction

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"github.com/gosym/gosym/solver"
)

// Mode is what subsumption may prune.
type Mode int

// The modes of subsumption.
const (
	Off      Mode = iota
	Exact         // only states whose every continuation a stored state covers
	Abstract      // also states that match a stored one after summarizing lists
)

func (m Mode) String() string {
	return [...]string{"off", "exact", "abstract"}[m]
}

// ParseMode reads a mode as the -subsume flag spells it.
func ParseMode(s string) (Mode, error) {
	for m := Off; m <= Abstract; m++ {
		if m.String() == s {
			return m, nil
		}
	}
	return Off, fmt.Errorf("unknown subsumption mode %q (want off, exact or abstract)", s)
}

// Stats counts a table's work.
type Stats struct {
	Checks, Subsumed, Stored int
	// Abstract counts the states subsumed only after summarizing.
	Abstract int
}

// Table holds the states stored at each program point of one search.
type Table struct {
	mode   Mode
	ctx    *solver.Context
	path   *solver.Solver // holds the path condition of the state checked
	points map[string]*bucket
	Stats
	// work counts the stored states compared with the states checked,
	// and the nodes matched between them (see Work).
	work int64
	// seq numbers the entries in the order stored, across Retain.
	seq int
	// kinds numbers the kinds of cells and of summarized list nodes
	// (see kinded); a retained table keeps the numbers.
	kinds kindNames
	// Left, if set, says how many of Z3's resource units the search may
	// still spend on one query: a check asks no more, and none when it
	// says 0, so that comparing states at a loop head stays within the
	// search's budgets.
	Left func() uint
}

// Work returns how much comparing states has cost the table so far: one
// per stored state a checked state was compared with, and one per pair
// of nodes matched. It grows with the table, so a search can count it
// in a budget that does not depend on time.
func (t *Table) Work() int64 { return t.work }

// bucket holds the states stored at one point, in the order stored,
// indexed by their exact and their abstract form.
type bucket struct {
	entries                 []*Entry
	exact, abstract, kinded *index
}

// Entry is a state stored in a table. The search that stored it says,
// once it has explored every continuation of the state, whether it
// explored them all to their end (Finish): only such entries outlive
// their search's pass (see Retain).
type Entry struct {
	// The state's forms: kinded is nil where nothing has kinds (see
	// kinded).
	exact, abstract, kinded *Graph
	seq                     int // order of storing
	// finished: Finish was called; complete: no bound cut a
	// continuation; approximate: abstract subsumption pruned one.
	finished, complete, approximate bool
}

// Finish records that every continuation of e's state was explored:
// complete if no bound cut one and none was pruned by an entry whose
// own continuations a bound cut; approximate if abstract subsumption
// pruned some.
func (e *Entry) Finish(complete, approximate bool) {
	e.finished, e.complete, e.approximate = true, complete, approximate
}

// Cut reports whether e's continuations are explored, and a bound cut
// some of them: a state e subsumes is then not explored to its end
// either.
func (e *Entry) Cut() bool { return e.finished && !e.complete }

// NewTable returns an empty table. path is the search's solver: while a
// state is checked, its assertions are that state's path condition.
func NewTable(mode Mode, ctx *solver.Context, path *solver.Solver) *Table {
	return &Table{mode: mode, ctx: ctx, path: path, points: map[string]*bucket{}}
}

// checkBudget bounds each solver query of a check, in Z3's resource units
// rather than time, so that what is pruned does not depend on the
// machine's load; a query that does not finish counts as not subsumed.
const checkBudget = 5000000

// Check reports whether the state g at point is subsumed by a state stored
// there, and whether only summarizing made it so; a state not subsumed is
// stored. e is the entry that subsumed g, or g's own. (A stored state whose
// exploration a bound cuts covers states nobody explores, but the cut is
// recorded, so the status says bounded.)
func (t *Table) Check(point string, g *Graph) (subsumed, abstractOnly bool, e *Entry) {
	if t.mode == Off {
		return false, false, nil
	}
	subsumed, abstractOnly, e, forms := t.lookup(point, g)
	if subsumed {
		return true, abstractOnly, e
	}
	t.Stored++
	t.seq++
	b := t.bucket(point)
	e = &Entry{exact: g, abstract: forms.abstract, kinded: forms.kinded, seq: t.seq}
	b.add(e)
	return false, false, e
}

// Covered is Check without storing g: it reports whether a state stored
// at point subsumes g, and which.
func (t *Table) Covered(point string, g *Graph) (subsumed, abstractOnly bool, e *Entry) {
	if t.mode == Off || t.points[point] == nil {
		return false, false, nil
	}
	subsumed, abstractOnly, e, _ = t.lookup(point, g)
	return subsumed, abstractOnly, e
}

// Retain returns a table that holds the entries of t whose continuations
// were all explored to their end, with no counts yet, for another pass
// of the same search with larger bounds: a bound no continuation of a
// state hit would not change them, so what they covered they still
// cover. It is the same search's: the path's solver and its terms stay.
func (t *Table) Retain() *Table {
	r := NewTable(t.mode, t.ctx, t.path)
	r.seq, r.Left, r.kinds = t.seq, t.Left, t.kinds
	for point, b := range t.points {
		for _, e := range b.entries {
			if e.finished && e.complete {
				r.bucket(point).add(e)
			}
		}
	}
	return r
}

// bucket returns the states stored at point, made empty at first.
func (t *Table) bucket(point string) *bucket {
	b := t.points[point]
	if b == nil {
		b = &bucket{exact: newIndex(), abstract: newIndex(), kinded: newIndex()}
		t.points[point] = b
	}
	return b
}

// add stores e.
func (b *bucket) add(e *Entry) {
	b.entries = append(b.entries, e)
	b.exact.add(e, e.exact)
	b.abstract.add(e, e.abstract)
	if e.kinded != nil {
		b.kinded.add(e, e.kinded)
	}
}

// forms are the abstract forms of a state, for storing.
type forms struct{ abstract, kinded *Graph }

// lookup compares g with the states stored at point: exactly, then with
// runs of cells described by their kinds (see kinded), then after
// summarizing; it returns the abstract forms it made, for storing. A
// state that an entry subsumes exactly is covered only abstractly if
// abstraction pruned some continuation of the entry.
func (t *Table) lookup(point string, g *Graph) (subsumed, abstractOnly bool, by *Entry, f forms) {
	t.Checks++
	b := t.bucket(point)
	budget := maxNumericChecks
	if e := t.firstCovering(b.exact, g, &budget, func(e *Entry) *Graph { return e.exact }); e != nil {
		t.Subsumed++
		if e.approximate {
			t.Abstract++
		}
		return true, e.approximate, e, forms{}
	}
	f.abstract = g
	if t.mode != Abstract {
		return false, false, nil, f
	}
	f.abstract = t.summarize(g)
	f.kinded = t.kinded(f.abstract)
	// Kinds first: their numeric check is one query, where a summary's
	// data may take one per cell (see byCases).
	fk := f.kinded
	if fk == nil {
		fk = f.abstract
	}
	// The two abstract forms share one budget of numeric checks, so that
	// comparing a state costs no more than before kinds.
	budget = maxNumericChecks
	e := t.firstCovering(b.kinded, fk, &budget, func(e *Entry) *Graph { return e.kinded })
	if e == nil && f.kinded != nil {
		// A stored state where nothing has kinds is its own kinded form:
		// it still covers a state whose kinds and garbage it matches.
		e = t.firstCovering(b.abstract, fk, &budget, func(e *Entry) *Graph {
			if e.kinded != nil {
				return nil // compared above
			}
			return e.abstract
		})
	}
	if e == nil {
		e = t.firstCovering(b.abstract, f.abstract, &budget, func(e *Entry) *Graph {
			if !f.abstract.summarized && !e.abstract.summarized {
				return nil // as exact, which failed
			}
			return e.abstract
		})
	}
	if e == nil {
		return false, false, nil, f
	}
	t.Subsumed++
	t.Abstract++
	return true, true, e, forms{}
}

// firstCovering returns the first entry of ix whose form (as form gives
// it; nil to skip the entry) subsumes g, or nil, within the solver checks
// budget still allows.
func (t *Table) firstCovering(ix *index, g *Graph, budget *int, form func(*Entry) *Graph) *Entry {
	if g == nil {
		return nil
	}
	for _, e := range ix.candidates(g) {
		if stored := form(e); stored != nil && t.subsumes(g, stored, budget) {
			return e
		}
	}
	return nil
}

// maxNumericChecks bounds the solver checks of one state against stored
// ones whose shape matches, exactly and then abstractly: a loop whose
// scalars never repeat would otherwise cost a query per stored state at
// every arrival. Newer states (often the same path's previous iteration)
// are tried first.
const maxNumericChecks = 4

// signature is a key that states which may subsume each other share: the
// kinds of their roots. wild reports an unobserved root, which matches any.
func signature(g *Graph) (string, bool) {
	var b strings.Builder
	wild := false
	for _, r := range g.roots {
		switch r.kind {
		case absent:
			wild = true
		case nilRef:
			b.WriteString("n;")
		case scalarRef:
			b.WriteString("s;")
		case constRef:
			b.WriteString("c" + r.key + ";")
		case nodeRef:
			b.WriteString("o" + types.TypeString(g.nodes[r.node].typ, nil) + ";")
		}
	}
	return b.String(), wild
}

// subsumes reports whether the stored state b covers the new state a:
// their shapes match and a's scalars are among those b allows.
//
// budget counts down the solver checks left for this state.
func (t *Table) subsumes(a, b *Graph, budget *int) bool {
	if len(a.roots) != len(b.roots) {
		return false
	}
	m := &matcher{a: a, b: b, ab: filled(len(a.nodes)), ba: filled(len(b.nodes))}
	t.work++
	defer func() { t.work += m.visited }()
	for i := range a.roots {
		if !m.ref(a.roots[i], b.roots[i]) {
			return false
		}
	}
	for i, n := range a.nodes {
		if n.input && m.ab[i] < 0 {
			// An input object b does not have is an alias candidate b's
			// continuations never consider.
			return false
		}
	}
	if *budget <= 0 {
		return false
	}
	*budget--
	return t.implies(a, b, m)
}

// subset reports whether every element of the sorted a is one of the
// sorted b's.
func subset(a, b []int) bool {
	for _, x := range a {
		if _, found := slices.BinarySearch(b, x); !found {
			return false
		}
	}
	return true
}

func filled(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = -1
	}
	return s
}

// matcher walks two graphs in lockstep (Anand, Pasareanu and Visser's
// "Symbolic execution with abstraction", Algorithm 1), pairing nodes and
// collecting the scalars to compare.
type matcher struct {
	a, b   *Graph
	ab, ba []int
	pairs  [][2]*solver.Term // (a's term, b's term)
	// sets pairs the data of matched summaries (list summaries, and runs
	// of array cells), compared as sets: (a's members, b's members).
	sets [][2][][]*solver.Term
	// visited counts the node pairs compared.
	visited int64
}

func (m *matcher) ref(ra, rb ref) bool {
	switch rb.kind {
	case absent:
		if rb.unlike != nil {
			return m.unlike(ra, rb)
		}
		if rb.nonNil {
			return ra.kind == nodeRef || ra.kind == absent && ra.nonNil
		}
		return true
	case nilRef:
		return ra.kind == nilRef
	case scalarRef:
		if ra.kind != scalarRef {
			return false
		}
		m.pairs = append(m.pairs, [2]*solver.Term{ra.term, rb.term})
		return true
	case constRef:
		return ra.kind == constRef && ra.key == rb.key && subset(ra.kinds, rb.kinds) &&
			slices.EqualFunc(ra.same, rb.same, func(x, y *solver.Term) bool { return x.Identity() == y.Identity() })
	case nodeRef:
		return ra.kind == nodeRef && ra.path == rb.path && m.node(ra.node, rb.node)
	}
	return false
}

// unlike reports whether rb, a stored reference compared unequal to
// nodes, covers ra: nil where rb may be nil, or a reference compared
// unequal to the nodes matched to rb's, in the same order. A resolved
// ra is not taken as covered: whether its node is matched to one rb is
// unequal to is known only once the match is done.
func (m *matcher) unlike(ra, rb ref) bool {
	switch {
	case ra.kind == nilRef:
		return !rb.nonNil
	case ra.kind != absent || rb.nonNil && !ra.nonNil || len(ra.unlike) != len(rb.unlike):
		return false
	}
	for k := range rb.unlike {
		if !m.node(ra.unlike[k], rb.unlike[k]) {
			return false
		}
	}
	return true
}

func (m *matcher) node(i, j int) bool {
	if m.ab[i] >= 0 || m.ba[j] >= 0 {
		return m.ab[i] == j && m.ba[j] == i
	}
	m.visited++
	na, nb := m.a.nodes[i], m.b.nodes[j]
	if !types.Identical(na.typ, nb.typ) || na.input != nb.input || na.summary != nb.summary ||
		len(na.slots) != len(nb.slots) || na.link != nb.link {
		return false
	}
	m.ab[i], m.ba[j] = j, i
	switch {
	case (na.kinds == nil) != (nb.kinds == nil):
		return false
	case na.kinds != nil:
		if !subset(na.kinds, nb.kinds) {
			return false
		}
	case na.summary:
		m.sets = append(m.sets, [2][][]*solver.Term{na.members, nb.members})
	}
	if len(na.runs) != len(nb.runs) {
		return false
	}
	for k := range na.runs {
		m.sets = append(m.sets, [2][][]*solver.Term{na.runs[k], nb.runs[k]})
	}
	for k := range na.slots {
		if !m.ref(na.slots[k], nb.slots[k]) {
			return false
		}
	}
	return true
}
