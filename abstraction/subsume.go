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
}

// Work returns how much comparing states has cost the table so far: one
// per stored state a checked state was compared with, and one per pair
// of nodes matched. It grows with the table, so a search can count it
// in a budget that does not depend on time.
func (t *Table) Work() int64 { return t.work }

type bucket struct {
	bySig map[string][]*entry
	// wild holds states with an unobserved root, which may match states
	// of any signature.
	wild []*entry
}

type entry struct {
	exact, abstract *Graph
	seq             int // order of storing
}

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
// stored. (A stored state whose exploration a bound cuts covers states
// nobody explores, but the cut is recorded, so the status says bounded.)
func (t *Table) Check(point string, g *Graph) (subsumed, abstractOnly bool) {
	if t.mode == Off {
		return false, false
	}
	subsumed, abstractOnly, ga := t.lookup(point, g)
	if subsumed {
		return true, abstractOnly
	}
	t.Stored++
	b := t.bucket(point)
	e := &entry{exact: g, abstract: ga, seq: t.Stored}
	if sig, wild := signature(g); wild {
		b.wild = append(b.wild, e)
	} else {
		b.bySig[sig] = append(b.bySig[sig], e)
	}
	return false, false
}

// Covered is Check without storing g: it reports whether a state stored
// at point subsumes g.
func (t *Table) Covered(point string, g *Graph) (subsumed, abstractOnly bool) {
	if t.mode == Off || t.points[point] == nil {
		return false, false
	}
	subsumed, abstractOnly, _ = t.lookup(point, g)
	return subsumed, abstractOnly
}

// bucket returns the states stored at point, made empty at first.
func (t *Table) bucket(point string) *bucket {
	b := t.points[point]
	if b == nil {
		b = &bucket{bySig: map[string][]*entry{}}
		t.points[point] = b
	}
	return b
}

// lookup compares g with the states stored at point, exactly and then
// after summarizing (returned as ga, for storing).
func (t *Table) lookup(point string, g *Graph) (subsumed, abstractOnly bool, ga *Graph) {
	t.Checks++
	b := t.bucket(point)
	sig, _ := signature(g)
	candidates := newestFirst(b.bySig[sig], b.wild)
	budget := maxNumericChecks
	for _, e := range candidates {
		if t.subsumes(g, e.exact, &budget) {
			t.Subsumed++
			return true, false, nil
		}
	}
	ga = g
	if t.mode == Abstract {
		ga = t.summarize(g)
		budget = maxNumericChecks
		for _, e := range candidates {
			if (ga.summarized || e.abstract.summarized) && t.subsumes(ga, e.abstract, &budget) {
				t.Subsumed++
				t.Abstract++
				return true, true, nil
			}
		}
	}
	return false, false, ga
}

// maxNumericChecks bounds the solver checks of one state against stored
// ones whose shape matches, exactly and then abstractly: a loop whose
// scalars never repeat would otherwise cost a query per stored state at
// every arrival. Newer states (often the same path's previous iteration)
// are tried first.
const maxNumericChecks = 4

// newestFirst merges two lists of stored entries, newest first.
func newestFirst(a, b []*entry) []*entry {
	out := make([]*entry, 0, len(a)+len(b))
	i, j := len(a)-1, len(b)-1
	for i >= 0 || j >= 0 {
		if j < 0 || i >= 0 && a[i].seq > b[j].seq {
			out = append(out, a[i])
			i--
		} else {
			out = append(out, b[j])
			j--
		}
	}
	return out
}

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

func filled(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = -1
	}
	return s
}

// matcher walks two graphs in lockstep (000, Algorithm 1), pairing nodes
// and collecting the scalars to compare.
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
		return ra.kind == constRef && ra.key == rb.key &&
			slices.EqualFunc(ra.same, rb.same, func(x, y *solver.Term) bool { return x.Identity() == y.Identity() })
	case nodeRef:
		return ra.kind == nodeRef && ra.path == rb.path && m.node(ra.node, rb.node)
	}
	return false
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
	if na.summary {
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
