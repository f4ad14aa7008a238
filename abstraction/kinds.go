package abstraction

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gosym/gosym/solver"
)

// Kinds of cells: the form a state is compared in after the exact one, before
// the summaries' data (see lookup). The summary of a run of array cells says
// that its data is that of one of its cells (Anand, Pasareanu and Visser's
// "Symbolic execution with abstraction", section 6.2), and implies looks for a
// witness that the stored state's path condition holds of such data. Where
// that condition speaks of each cell alone (this one equals x, that one does
// not), no single choice of the stored cells' values covers every cell of the
// new run, and a loop that counts, filters or partitions never settles: each
// iteration stores another mixture.
//
// So a run, and a summary of list nodes, is also described by the kinds
// of its elements. An element's kind is what the path condition says of
// it: the conditions that mention it, with its own value written as
// "self", the other cells of its array as "another" or by their place in
// the layout, and the cells of other arrays as "elsewhere". A run covers
// another whose kinds are among its own, however many elements of each
// kind they hold, and the conditions on their elements leave the numeric
// check: an element's kind stands for them. This is predicate
// abstraction, with the path condition's own atoms as predicates: it
// prunes more, and what it prunes is, as for every summary, an
// under-approximation (the state counts as covered only abstractly).

// kindNames turns kinds into short keys: each distinct term is numbered
// in the order first met, which the search makes deterministic, and the
// terms are kept so that their identities stay valid.
type kindNames struct {
	ids   map[any]int
	terms []*solver.Term
	// symbols caches the symbols of each path condition's conjunct: the
	// same conjuncts open the conditions of many states.
	symbols map[any][]any
	// kindIDs numbers the kinds, written out.
	kindIDs map[string]int
	// holders are the placeholders, by role and sort.
	holders map[string]*solver.Term
}

// kindOf numbers a cell's kind, written out.
func (k *kindNames) kindOf(kind string) int {
	if k.kindIDs == nil {
		k.kindIDs = map[string]int{}
	}
	id, ok := k.kindIDs[kind]
	if !ok {
		id = len(k.kindIDs)
		k.kindIDs[kind] = id
	}
	return id
}

// name numbers the term t and keeps it.
func (k *kindNames) name(t *solver.Term) int {
	if k.ids == nil {
		k.ids = map[any]int{}
	}
	id, ok := k.ids[t.Identity()]
	if !ok {
		id = len(k.terms)
		k.ids[t.Identity()] = id
		k.terms = append(k.terms, t)
	}
	return id
}

// holder returns the placeholder symbol of a role, of sort like t's.
func (k *kindNames) holder(c *solver.Context, role string, like *solver.Term) *solver.Term {
	key := fmt.Sprintf("%s/%d/%v", role, like.Sort().Width(), like.Sort().IsBool())
	if h, ok := k.holders[key]; ok {
		return h
	}
	if k.holders == nil {
		k.holders = map[string]*solver.Term{}
	}
	var h *solver.Term
	if w := like.Sort().Width(); w > 0 {
		h = c.FreshBV(role, w)
	} else {
		h = c.FreshBool(role)
	}
	k.holders[key] = h
	return h
}

// symbolsOf returns the identities of f's symbols.
func (k *kindNames) symbolsOf(c *solver.Context, f *solver.Term) []any {
	if k.symbols == nil {
		k.symbols = map[any][]any{}
	}
	id := f.Identity()
	if s, ok := k.symbols[id]; ok {
		return s
	}
	var out []any
	for _, s := range c.Symbols(f) {
		out = append(out, s.Identity())
	}
	k.symbols[id] = out
	k.name(f) // keeps f, and so its identity, alive
	return out
}

// kinded returns ga, abstracted and laid out, with the cells of its
// arrays and the nodes of its list summaries described by their kinds,
// the path condition's conjuncts on them left out, and the unreachable
// input nodes of linked structures but the first of each type left out
// (see withoutGarbage); nil if none of that changes ga. An
// array's runs have kinds if each datum of them is a symbol or a
// constant; so has each single cell whose data are, and each list
// summary whose nodes' data are.
//
// Input objects no other root reaches (list nodes a loop unlinked) are
// kept as roots of their own, since a later lazy initialization may
// alias them; each unlinking makes another such fragment, and the states
// of a loop that removes nodes never repeat. Left out past the first, a
// stored state covers a new one with more fragments: another
// under-approximation.
func (t *Table) kinded(ga *Graph) *Graph {
	out := &Graph{roots: ga.roots, nodes: slices.Clone(ga.nodes), summarized: true, garbage: ga.garbage}
	changed := false
	// First the nodes that get kinds, and the symbols of their cells: a
	// kind writes the cells of other nodes as "elsewhere" (a merge
	// compares the cells of two slices).
	var kindOf []int
	var elsewhere []*solver.Term
	for i, n := range ga.nodes {
		switch {
		case n.summary && plainRuns([][][]*solver.Term{n.members}):
			elsewhere = appendSymbols(elsewhere, n.members)
			kindOf = append(kindOf, i)
		case n.content != nil:
			if len(n.content.ends) > 0 {
				n = withEnds(n)
				out.roots = slices.Clone(out.roots)
				for _, m := range n.content.ends {
					out.roots[m.root] = ref{kind: constRef, key: "index"}
				}
				for _, r := range n.content.caps {
					out.roots[r] = ref{kind: constRef, key: "cap"}
				}
				out.nodes[i] = n
				changed = true
			}
			if len(n.runs) == 0 && len(n.singles) == 0 || !plainRuns(n.runs) {
				continue
			}
			for _, run := range n.runs {
				elsewhere = appendSymbols(elsewhere, run)
			}
			for _, at := range n.singles {
				for _, k := range at {
					elsewhere = appendSymbols(elsewhere, [][]*solver.Term{{n.slots[k].term}})
				}
			}
			kindOf = append(kindOf, i)
		}
	}
	cells := map[any]bool{}   // the symbols kinds stand for
	lengths := map[any]bool{} // of the arrays with kinds
	var ix *pcIndex
	if len(kindOf) > 0 {
		ix = t.indexPC(ga.pc)
	}
	for _, i := range kindOf {
		n := out.nodes[i]
		changed = true
		if n.summary {
			out.nodes[i] = t.summaryKinds(n, ix, cells, elsewhere)
			continue
		}
		out.nodes[i] = t.kindsOf(n, ix, cells, elsewhere)
		for _, l := range n.lengths {
			lengths[l.Identity()] = true
		}
		if n.content.sym != nil && n.content.sym.IsSymbol() {
			lengths[n.content.sym.Identity()] = true
		}
	}
	garbage := extraGarbage(ga)
	if !changed && !garbage {
		return nil
	}
	var onCells map[int]bool
	if ix != nil {
		onCells = map[int]bool{}
		for _, i := range ix.mentioning(cells) {
			onCells[i] = true
		}
	}
	for i, f := range ga.pc {
		if !onCells[i] && (len(lengths) == 0 || !t.only(f, lengths)) {
			out.pc = append(out.pc, f)
		}
	}
	if garbage {
		out = withoutGarbage(out)
	}
	return out
}

// withEnds returns the array node n laid out again with the ends of the
// slices the code made over it as index variables: a loop that appends
// to a slice tells its iterations apart by the slice's length, a
// position in the array like an index's. Their capacities, which append
// picks anew when it grows the array, are left out.
func withEnds(n node) node {
	c := *n.content
	c.markers = append(slices.Clone(c.markers), c.ends...)
	n.slots, n.runs, n.singles = layout(&c, n.rel)
	return n
}

// extraGarbage reports whether withoutGarbage would leave out a root of
// g.
func extraGarbage(g *Graph) bool {
	seen := map[string]bool{}
	for _, r := range g.roots[g.garbage:] {
		if key, linked := linkedType(g, r); linked {
			if seen[key] {
				return true
			}
			seen[key] = true
		}
	}
	return false
}

// linkedType returns the type of the node root r points to, if it is a
// node of a linked structure (see listFields).
func linkedType(g *Graph, r ref) (string, bool) {
	if r.kind != nodeRef || !IsListType(g.nodes[r.node].typ) {
		return "", false
	}
	return typeKey(g.nodes[r.node].typ), true
}

// withoutGarbage returns g with, of the roots from g.garbage on that
// point to nodes of a linked structure, only the first of each type, and
// without the nodes only the others reach. (Unlinked list nodes tell
// the iterations of a loop that removes nodes apart; other objects no
// root reaches, such as an input string's bytes, are kept.)
func withoutGarbage(g *Graph) *Graph {
	index := filled(len(g.nodes)) // new index of a node kept
	var queue []int
	reach := func(r ref) {
		if r.kind == nodeRef && index[r.node] < 0 {
			index[r.node] = 0
			queue = append(queue, r.node)
		}
	}
	roots := slices.Clone(g.roots[:g.garbage])
	for _, r := range roots {
		reach(r)
	}
	kept := map[string]bool{}
	for _, r := range g.roots[g.garbage:] {
		key, linked := linkedType(g, r)
		if linked && kept[key] {
			continue
		}
		kept[key] = linked
		roots = append(roots, r)
		reach(r)
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, s := range g.nodes[i].slots {
			reach(s)
		}
	}
	out := &Graph{pc: g.pc, summarized: g.summarized, garbage: g.garbage}
	for i, n := range g.nodes {
		if index[i] >= 0 {
			index[i] = len(out.nodes)
			out.nodes = append(out.nodes, n)
		}
	}
	renumberAll := func(refs []ref) []ref {
		out := make([]ref, len(refs))
		for k, r := range refs {
			out[k] = renumber(r, index)
		}
		return out
	}
	for k := range out.nodes {
		out.nodes[k].slots = renumberAll(out.nodes[k].slots)
	}
	out.roots = renumberAll(roots)
	return out
}

// only reports whether f has symbols, all of them among syms. The
// conditions on an array's length alone (3 < len(a), after three
// iterations) are those the layout leaves out: it says where cells and
// indices lie, not how far the end is.
func (t *Table) only(f *solver.Term, syms map[any]bool) bool {
	ss := t.kinds.symbolsOf(t.ctx, f)
	for _, s := range ss {
		if !syms[s] {
			return false
		}
	}
	return len(ss) > 0
}

// plainRuns reports whether every datum of the runs is a symbol, a
// constant or unobserved.
func plainRuns(runs [][][]*solver.Term) bool {
	for _, run := range runs {
		for _, member := range run {
			if !plain(member) {
				return false
			}
		}
	}
	return true
}

// plain reports whether each of a cell's data is a symbol, a constant or
// unobserved.
func plain(data []*solver.Term) bool {
	for _, term := range data {
		if term != nil && !term.IsConst() && !term.IsSymbol() {
			return false
		}
	}
	return true
}

// pcIndex finds the conjuncts of a path condition that mention a symbol.
type pcIndex struct {
	pc    []*solver.Term
	bySym map[any][]int // symbol -> the conjuncts it occurs in, in order
}

// indexPC indexes pc, a unit of the table's work per conjunct.
func (t *Table) indexPC(pc []*solver.Term) *pcIndex {
	ix := &pcIndex{pc: pc, bySym: map[any][]int{}}
	t.work += int64(len(pc))
	for i, f := range pc {
		for _, s := range t.kinds.symbolsOf(t.ctx, f) {
			ix.bySym[s] = append(ix.bySym[s], i)
		}
	}
	return ix
}

// mentioning returns the conjuncts that mention a symbol of syms, by
// index, in order.
func (ix *pcIndex) mentioning(syms map[any]bool) []int {
	var out []int
	for s := range syms {
		out = append(out, ix.bySym[s]...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// cellNames are the placeholders a cell's kind writes the array's other
// cells as: a symbol's placeholder is to[at[symbol]].
type cellNames struct {
	from, to []*solver.Term
	at       map[any]int
}

// add names term, unless it is nil or a constant, by the placeholder of
// role (see kindNames.holder) if it has none yet.
func (t *Table) addName(cn *cellNames, term *solver.Term, role string) {
	if term == nil || term.IsConst() {
		return
	}
	if _, ok := cn.at[term.Identity()]; !ok {
		cn.at[term.Identity()] = len(cn.from)
		cn.from, cn.to = append(cn.from, term), append(cn.to, t.kinds.holder(t.ctx, role, term))
	}
}

// kindsOf returns array node n with its runs' keys and its plain single
// cells described by kinds, and no runs left for the numeric check; it
// adds the symbols the kinds stand for to cells.
func (t *Table) kindsOf(n node, ix *pcIndex, cells map[any]bool, elsewhere []*solver.Term) node {
	names := &cellNames{at: map[any]int{}}
	var singles [][]*solver.Term
	for j, at := range n.singles {
		data := make([]*solver.Term, len(at))
		for f, k := range at {
			data[f] = n.slots[k].term
			t.addName(names, data[f], fmt.Sprintf("cell%d.%d", j, f))
		}
		singles = append(singles, data)
	}
	for _, run := range n.runs {
		for _, member := range run {
			for f, term := range member {
				t.addName(names, term, "another"+strconv.Itoa(f))
			}
		}
	}
	for _, term := range elsewhere {
		t.addName(names, term, "elsewhere")
	}
	out := n
	out.slots = slices.Clone(n.slots)
	out.runs = nil
	r := 0
	for k, s := range out.slots {
		if s.kind == constRef && strings.HasPrefix(s.key, "run of ") {
			for _, member := range n.runs[r] {
				own(member, cells)
			}
			out.slots[k].kinds = t.setOfKinds(n.runs[r], ix, names, true)
			r++
		}
	}
	for j, at := range n.singles {
		if !plain(singles[j]) {
			continue
		}
		own(singles[j], cells)
		kind := t.setOfKinds([][]*solver.Term{singles[j]}, ix, names, false)
		for _, k := range at {
			out.slots[k] = ref{kind: constRef, key: "datum", kinds: kind}
		}
	}
	return out
}

// summaryKinds returns the list summary n with the kinds of its nodes'
// data in place of the data; it adds their symbols to cells.
func (t *Table) summaryKinds(n node, ix *pcIndex, cells map[any]bool, elsewhere []*solver.Term) node {
	names := &cellNames{at: map[any]int{}}
	for _, member := range n.members {
		for f, term := range member {
			t.addName(names, term, "another"+strconv.Itoa(f))
		}
		own(member, cells)
	}
	for _, term := range elsewhere {
		t.addName(names, term, "elsewhere")
	}
	out := n
	out.kinds = t.setOfKinds(n.members, ix, names, true)
	out.members = nil
	return out
}

// appendSymbols appends the data of cells that are symbols.
func appendSymbols(out []*solver.Term, cells [][]*solver.Term) []*solver.Term {
	for _, data := range cells {
		for _, term := range data {
			if term != nil && term.IsSymbol() {
				out = append(out, term)
			}
		}
	}
	return out
}

// own adds a cell's symbols to cells.
func own(data []*solver.Term, cells map[any]bool) {
	for _, term := range data {
		if term != nil && !term.IsConst() {
			cells[term.Identity()] = true
		}
	}
}

// mentionsOther reports whether f mentions a cell of names other than
// those of self.
func (t *Table) mentionsOther(f *solver.Term, names *cellNames, self map[any]bool) bool {
	for _, s := range t.kinds.symbolsOf(t.ctx, f) {
		if _, cell := names.at[s]; cell && !self[s] {
			return true
		}
	}
	return false
}

// setOfKinds returns the set of the cells' kinds, sorted.
//
// A run's cells are described alone: a condition that also mentions
// another cell of the array (a[r] != a[w-1]) is left out of their kinds,
// or every mixture of neighbours would be a kind of its own. A single
// cell keeps such conditions (written with the other cell's place).
func (t *Table) setOfKinds(run [][]*solver.Term, ix *pcIndex, names *cellNames, alone bool) []int {
	c := t.ctx
	var kinds []int
	for _, member := range run {
		to := slices.Clone(names.to)
		self := map[any]bool{}
		var value []string
		for f, term := range member {
			switch {
			case term == nil:
				value = append(value, "-")
			case term.IsConst():
				value = append(value, "="+strconv.Itoa(t.kinds.name(term)))
			default:
				value = append(value, "self")
				self[term.Identity()] = true
				to[names.at[term.Identity()]] = t.kinds.holder(c, "self"+strconv.Itoa(f), term)
			}
		}
		var sub *solver.Substitution // made once a condition needs it
		var conds []int
		for _, i := range ix.mentioning(self) {
			t.work++
			f := ix.pc[i]
			if alone && t.mentionsOther(f, names, self) {
				continue
			}
			if sub == nil {
				sub = c.NewSubstitution(names.from, to)
			}
			conds = append(conds, t.kinds.name(sub.Apply(f)))
		}
		slices.Sort(conds)
		conds = slices.Compact(conds)
		kinds = append(kinds, t.kinds.kindOf(fmt.Sprint(value, conds)))
	}
	slices.Sort(kinds)
	return slices.Compact(kinds)
}
