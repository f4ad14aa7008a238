package abstraction

import (
	"github.com/gosym/gosym/solver"
)

// implies decides the numeric half of subsumption: for every value of the new
// state a's symbols that its path condition allows, the stored state b can
// take values (its own symbols, renamed apart and existentially quantified)
// that satisfy its path condition and agree with a on every matched scalar and
// summary's data (Anand, Pasareanu and Visser's "Symbolic execution with
// abstraction", section 5, with live scalars kept).
//
// Z3 seldom settles such a query over bit-vector sums with the
// quantifier left in, so a witness is built instead: renamed symbols that
// must equal a term of a are bound to it, a summary's data is taken from
// one of b's summarized nodes, and an equation in one unbound symbol under
// additions and subtractions is solved for it. The rest stay free, which
// asks for more than the existential (any value must do) and so is sound.
func (t *Table) implies(a, b *Graph, m *matcher) bool {
	if len(m.sets) == 0 && identicalPairs(m.pairs) && containsAll(a.pc, b.pc) {
		// b's own symbols are the witness.
		return true
	}
	for _, p := range m.pairs {
		va, aConst := p[0].Uint64()
		vb, bConst := p[1].Uint64()
		if aConst && bConst && va != vb {
			return false
		}
	}
	c := t.ctx
	bTerms := append([]*solver.Term(nil), b.pc...)
	for _, p := range m.pairs {
		bTerms = append(bTerms, p[1])
	}
	for _, set := range m.sets {
		for _, member := range set[1] {
			bTerms = appendNonNil(bTerms, member)
		}
	}
	syms := c.Symbols(bTerms...)
	try := func(how dataWitness, focus int) bool {
		return t.witness(a, b, m, b.renamingOf(c, syms), how, focus)
	}
	if try(firstMember, -1) {
		return true
	}
	if len(m.sets) == 0 {
		return false
	}
	if try(allMembers, -1) || try(lastMember, -1) {
		return true
	}
	return len(m.sets) == 1 && len(m.sets[0][0]) <= maxCases && t.byCases(m, try)
}

// maxCases bounds the summarized nodes that byCases splits over.
const maxCases = 8

// byCases checks a summary's data one case at a time: the witness for b
// may then depend on which of a's summarized nodes the data is. It takes
// that node's data for b's first free node, or leaves b's nodes as they
// are: a running maximum, say, is b's node that the scalar pairs bound,
// while any smaller value is another node.
func (t *Table) byCases(m *matcher, try func(dataWitness, int) bool) bool {
	for i := range m.sets[0][0] {
		if !try(firstMember, i) && !try(noMember, i) {
			return false
		}
	}
	return true
}

// dataWitness is how a summary's data is taken from b's summarized nodes.
type dataWitness int

const (
	// firstMember: the first node's data is the summary's.
	firstMember dataWitness = iota
	// allMembers: every node's data is the summary's, which keeps what
	// b's path condition says of each node alone.
	allMembers
	// lastMember: the last node's data is the summary's, and the others
	// take the data of a's nodes in order, which keeps what b's path
	// condition says between neighbours (a sorted run, say).
	lastMember
	// noMember: b's nodes keep the values the rest of the witness gives
	// them.
	noMember
)

// witness builds one witness for b's renamed symbols and checks it: a
// summary's data is taken from b's summarized nodes as how says; other
// symbols are solved for, or keep b's own values. With focus at least 0,
// there is one summary and its data is that of a's node focus.
func (t *Table) witness(a, b *Graph, m *matcher, r *renaming, how dataWitness, focus int) bool {
	c := t.ctx
	var pending [][2]*solver.Term // a's term = b's renamed term
	for _, p := range m.pairs {
		if tb := r.apply(p[1]); !r.bind(tb, p[0]) {
			pending = append(pending, [2]*solver.Term{p[0], tb})
		}
	}
	side1, side2 := t.summaryData(m, r, how, focus)
	r.solve(pending)
	r.bindRest()
	have := make(map[any]bool, len(a.pc))
	for _, f := range a.pc {
		have[f.Identity()] = true
	}
	var goal []*solver.Term
	add := func(f *solver.Term) {
		// A conjunct that is one of a's own is implied.
		if f = r.finish(f); !have[f.Identity()] {
			goal = append(goal, f)
		}
	}
	for _, f := range b.pc {
		add(r.apply(f))
	}
	for _, p := range pending {
		add(c.Eq(p[0], p[1]))
	}
	for _, f := range side2 {
		add(f)
	}
	return t.valid(side1, c.And(goal...))
}

// valid reports that the path condition (held by the path's solver) and
// side imply goal.
func (t *Table) valid(side []*solver.Term, goal *solver.Term) bool {
	units := uint(checkBudget)
	if t.Left != nil {
		if units = min(units, t.Left()); units == 0 {
			return false
		}
	}
	s := t.path
	s.Push()
	defer s.Pop()
	for _, f := range side {
		s.Assert(f)
	}
	s.Assert(t.ctx.Not(goal))
	return s.CheckWithin(units) == solver.Unsat
}

// summaryData returns, per pair of matched summaries, the condition that
// fresh names for its data slots equal the data of one of a's summarized
// nodes (side1), and of one of b's, renamed (side2).
func (t *Table) summaryData(m *matcher, r *renaming, how dataWitness, focus int) (side1, side2 []*solver.Term) {
	c := t.ctx
	for _, set := range m.sets {
		ma, mb := set[0], set[1]
		names := dataNames(c, ma, mb)
		if focus >= 0 {
			for f, term := range ma[focus] {
				if term != nil {
					names[f] = term
				}
			}
		}
		side1 = append(side1, oneOf(c, names, ma, func(x *solver.Term) *solver.Term { return x }))
		side2 = append(side2, oneOf(c, names, mb, r.apply))
		r.bindMembers(names, ma, mb, how)
	}
	return side1, side2
}

// dataNames makes one fresh symbol per data slot (nil where no summarized
// node of either side observed the slot).
func dataNames(c *solver.Context, ma, mb [][]*solver.Term) []*solver.Term {
	names := make([]*solver.Term, len(ma[0]))
	for f := range names {
		for _, member := range append(append([][]*solver.Term(nil), ma...), mb...) {
			if member[f] != nil {
				if w := member[f].Sort().Width(); w > 0 {
					names[f] = c.FreshBV("data", w)
				} else {
					names[f] = c.FreshBool("data")
				}
				break
			}
		}
	}
	return names
}

// oneOf is the condition that the names equal the data of one member.
func oneOf(c *solver.Context, names []*solver.Term, members [][]*solver.Term, f func(*solver.Term) *solver.Term) *solver.Term {
	alts := make([]*solver.Term, len(members))
	for i, member := range members {
		var eqs []*solver.Term
		for k, term := range member {
			if term != nil {
				eqs = append(eqs, c.Eq(names[k], f(term)))
			}
		}
		alts[i] = c.And(eqs...)
	}
	return c.Or(alts...)
}

func identicalPairs(pairs [][2]*solver.Term) bool {
	for _, p := range pairs {
		if p[0].Identity() != p[1].Identity() {
			return false
		}
	}
	return true
}

// containsAll reports that every formula of sub is one of set's.
func containsAll(set, sub []*solver.Term) bool {
	have := make(map[any]bool, len(set))
	for _, f := range set {
		have[f.Identity()] = true
	}
	for _, f := range sub {
		if !have[f.Identity()] {
			return false
		}
	}
	return true
}

func appendNonNil(out, ts []*solver.Term) []*solver.Term {
	for _, x := range ts {
		if x != nil {
			out = append(out, x)
		}
	}
	return out
}

// renaming renames the stored state's symbols apart, then binds renamed
// symbols that must equal a term of the new state to that term, so that
// fewer remain to quantify.
type renaming struct {
	c *solver.Context
	*apart
	bound      []*solver.Term
	boundFrom  []*solver.Term
	boundIndex map[any]bool
	// binding replaces the bound symbols by their values; it is made
	// again once another is bound (nil until then).
	binding *solver.Substitution
}

// apart is how a stored state's symbols are renamed apart: each symbol
// from[i] by the fresh to[i]. A stored state is compared with many new
// ones, and each comparison renames the same terms: the graph keeps its
// renaming, whose substitution keeps the terms it renamed.
type apart struct {
	from, to []*solver.Term
	index    map[any]int // renamed symbol -> position in to
	known    map[any]bool
	rename   *solver.Substitution
}

// renamingOf returns a renaming of g's symbols apart that covers syms,
// with nothing bound yet.
func (g *Graph) renamingOf(c *solver.Context, syms []*solver.Term) *renaming {
	if g.apart == nil {
		g.apart = &apart{index: map[any]int{}, known: map[any]bool{}}
	}
	p := g.apart
	grew := false
	for _, s := range syms {
		if p.known[s.Identity()] {
			continue
		}
		var f *solver.Term
		if w := s.Sort().Width(); w > 0 {
			f = c.FreshBV("stored", w)
		} else {
			f = c.FreshBool("stored")
		}
		p.known[s.Identity()] = true
		p.index[f.Identity()] = len(p.to)
		p.from, p.to = append(p.from, s), append(p.to, f)
		grew = true
	}
	if grew || p.rename == nil {
		p.rename = c.NewSubstitution(p.from, p.to)
	}
	return &renaming{c: c, apart: p, boundIndex: map[any]bool{}}
}

func (r *renaming) apply(x *solver.Term) *solver.Term {
	return r.rename.Apply(x)
}

// bind records that the renamed term x, if it is a renamed symbol not
// bound yet, equals v; it reports whether it did.
func (r *renaming) bind(x, v *solver.Term) bool {
	id := x.Identity()
	if _, renamed := r.index[id]; !renamed || r.boundIndex[id] || x.Sort() != v.Sort() {
		return false
	}
	r.boundIndex[id] = true
	r.boundFrom = append(r.boundFrom, x)
	r.bound = append(r.bound, v)
	r.binding = nil
	return true
}

// finish replaces the bound symbols in f by their values (a value may
// mention a symbol bound after it, hence the repetition).
func (r *renaming) finish(f *solver.Term) *solver.Term {
	if r.binding == nil {
		r.binding = r.c.NewSubstitution(r.boundFrom, r.bound)
	}
	for range len(r.bound) + 1 {
		next := r.binding.Apply(f)
		if next.Identity() == f.Identity() {
			break
		}
		f = next
	}
	return f
}

// bindMembers binds the data of b's summarized nodes (mb) as how says,
// to the data names or to the data of a's nodes (ma); nodes whose observed
// slots are not all unbound renamed symbols are skipped.
func (r *renaming) bindMembers(names []*solver.Term, ma, mb [][]*solver.Term, how dataWitness) {
	var eligible []int
	for k, member := range mb {
		if r.unboundSymbols(member) != nil {
			eligible = append(eligible, k)
		}
	}
	if len(eligible) == 0 {
		return
	}
	bindTo := func(k int, values []*solver.Term) {
		syms := r.unboundSymbols(mb[k])
		if syms == nil {
			return // shares a symbol with a node bound already
		}
		i := 0
		for f, term := range mb[k] {
			if term != nil {
				if values[f] != nil {
					r.bind(syms[i], values[f])
				}
				i++
			}
		}
	}
	switch how {
	case firstMember:
		bindTo(eligible[0], names)
	case allMembers:
		for _, k := range eligible {
			bindTo(k, names)
		}
	case noMember:
	case lastMember:
		last := eligible[len(eligible)-1]
		for _, k := range eligible {
			if k != last && k < len(ma) {
				bindTo(k, ma[k])
			}
		}
		bindTo(last, names)
	}
}

// unboundSymbols returns the renamed symbols of a node's observed slots if
// each is an unbound renamed symbol, or nil.
func (r *renaming) unboundSymbols(member []*solver.Term) []*solver.Term {
	var syms []*solver.Term
	for _, term := range member {
		if term == nil {
			continue
		}
		x := r.apply(term)
		if _, renamed := r.index[x.Identity()]; !renamed || r.boundIndex[x.Identity()] {
			return nil
		}
		syms = append(syms, x)
	}
	return syms
}

// bindRest binds each renamed symbol still unbound to the symbol it
// renames: b's own value of it is the last witness to try, and usually
// the right one for what b's and a's paths share.
func (r *renaming) bindRest() {
	for i, x := range r.to {
		r.bind(x, r.from[i])
	}
}

// solve binds, while it can, the one unbound symbol of an equation that
// SolveFor can isolate.
func (r *renaming) solve(eqs [][2]*solver.Term) {
	for progress := true; progress; {
		progress = false
		for _, eq := range eqs {
			rhs := r.finish(eq[1])
			free := r.unbound(rhs)
			if len(free) != 1 {
				continue
			}
			if v, ok := r.c.SolveFor(free[0], rhs, eq[0]); ok && r.bind(free[0], v) {
				progress = true
			}
		}
	}
}

// unbound returns the renamed symbols that still occur in f.
func (r *renaming) unbound(f *solver.Term) []*solver.Term {
	var out []*solver.Term
	for _, s := range r.c.Symbols(f) {
		if _, renamed := r.index[s.Identity()]; renamed {
			out = append(out, s)
		}
	}
	return out
}
