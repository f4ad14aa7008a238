package abstraction

import (
	"fmt"
	"slices"
	"sort"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/solver"
)

// Arrays (Anand, Pasareanu and Visser's "Symbolic execution with abstraction",
// section 6.2): an array whose indices are constants, or a symbol plus
// constants (n-1, n-2, ...: a scan from the end), is laid out, in abstract
// mode, as its cells in index order, the positions of the index variables that
// point into it, and a gap wherever two elements are not provably consecutive
// (and before the first when it is not at 0, and at the end). Each run of two
// or more consecutive cells of scalars that no index variable interrupts is
// summarized like a list: its data is that of one of its cells. The index
// variables' values are then not compared as scalars: their positions among
// the cells are.
//
// Indices with the same base are ordered by their offsets. The constant
// indices and those of the one symbolic base are ordered by the path
// condition when it decides it, and otherwise marked unordered.

// IndexHint says that root Var (a position in Canonical's roots) is an
// index into the slice or array at root Array, where it indexes plus
// Offset at least: its marker stands there.
type IndexHint struct {
	Var, Array int
	Offset     int64
}

// pos is an index split as base + off (see solver.SplitOffset); base is
// nil for a constant index.
type pos struct {
	base *solver.Term
	off  int64
}

// arrayContent is an array's cells by index, and the index variables that
// point into it.
type arrayContent struct {
	cells   []arrayCell
	markers []marker
	// ends are the ends (offset plus length) of the slices of roots over
	// the array that the code made, where constant, and caps the roots
	// of their capacities: kinded lays them out as index variables (see
	// kinded).
	ends []marker
	caps []int
	// sym is the base of the symbolic indices, nil if there are none.
	sym *solver.Term
}

type arrayCell struct {
	at   pos
	vals []ref
}

// marker is an index variable's position: the index it holds and the
// position of its ref among the graph's roots.
type marker struct {
	at   pos
	root int
}

// maxLaidOut bounds the offsets laid out; beyond it an array keeps its
// exact form.
const maxLaidOut = 1 << 16

// place splits index for c, or reports that c cannot lay it out: its
// offset is far out, or its base is a second symbolic one. A cell must
// lie in the array (lowest 0); a marker may be one before it.
func (c *arrayContent) place(ctx *solver.Context, index *solver.Term, lowest int64) (pos, bool) {
	base, off := ctx.SplitOffset(index)
	switch {
	case off > maxLaidOut || off < -maxLaidOut:
		return pos{}, false
	case base == nil:
		return pos{off: off}, off >= lowest
	case c.sym == nil:
		c.sym = base
	case c.sym.Identity() != base.Identity():
		return pos{}, false
	}
	return pos{base: c.sym, off: off}, true
}

// before orders positions: constants first, then by offset.
func (p pos) before(q pos) bool {
	if (p.base == nil) != (q.base == nil) {
		return p.base == nil
	}
	return p.off < q.off
}

// content returns the cells of array a by index, or nil when some index
// cannot be placed (see place) or a is not plain (a window over other
// arrays).
func (b *builder) content(a *heap.Array) *arrayContent {
	ctx := b.h.Context()
	written, ok := plainCells(ctx, a)
	if !ok {
		return nil
	}
	out := &arrayContent{}
	var vals []heap.Value
	seen := map[pos]bool{}
	add := func(index *solver.Term, v heap.Value) bool {
		p, ok := out.place(ctx, index, 0)
		if ok && !seen[p] {
			seen[p] = true
			out.cells = append(out.cells, arrayCell{at: p})
			vals = append(vals, v)
		}
		return ok
	}
	for _, c := range written { // newest first: they hide older ones
		if !add(c.Index, c.Val) {
			return nil
		}
	}
	for _, c := range b.h.InputCells(a) {
		if !add(c.Index, c.Val) {
			return nil
		}
	}
	perm := make([]int, len(out.cells))
	for i := range perm {
		perm[i] = i
	}
	sort.Slice(perm, func(x, y int) bool { return out.cells[perm[x]].at.before(out.cells[perm[y]].at) })
	sorted := make([]arrayCell, len(perm))
	for k, i := range perm {
		// Flattened in index order, so that the nodes the cells reach
		// are numbered the same way in every state.
		sorted[k] = arrayCell{at: out.cells[i].at, vals: b.flatten(vals[i], nil)}
	}
	out.cells = sorted
	return out
}

// plainCells returns the written cells of a, newest first, if a is an
// input array, one the code made, or a window over those at constant
// bounds (what append leaves when it grows a slice: the old elements in
// a new array, which a loop that appends makes anew each iteration);
// a window's cells are those of its source inside the window, moved, and
// those of the array under it outside. The elements no cell holds are
// the zero value, or input elements not read yet.
func plainCells(ctx *solver.Context, a *heap.Array) ([]heap.Cell, bool) {
	if a == nil {
		return nil, true
	}
	switch a.Back.Kind {
	case heap.ZeroBack, heap.InputBack:
		return a.Cells, true
	case heap.WindowBack:
	default:
		return nil, false
	}
	w := a.Back
	if w.Src != nil && w.Src.Back.Kind == heap.InputBack || w.Rest != nil && w.Rest.Back.Kind == heap.InputBack {
		return nil, false
	}
	src, ok1 := plainCells(ctx, w.Src)
	rest, ok2 := plainCells(ctx, w.Rest)
	if !ok1 || !ok2 {
		return nil, false
	}
	// A bound or the shift may be symbolic where no cell needs it: the
	// new capacity append picks, past which a grown array holds zeros.
	lo, loKnown := w.Lo.Int64()
	hi, hiKnown := w.Hi.Int64()
	shift, shiftKnown := w.Shift.Int64()
	out := slices.Clone(a.Cells)
	for _, c := range src {
		at, ok := c.Index.Int64()
		if !ok || !loKnown || !hiKnown || !shiftKnown {
			return nil, false
		}
		if j := at - shift; lo <= j && j < hi {
			out = append(out, heap.Cell{Index: ctx.BV(c.Index.Sort().Width(), uint64(j)), Val: c.Val})
		}
	}
	for _, c := range rest {
		at, ok := c.Index.Int64()
		switch {
		case !ok || !loKnown:
			return nil, false
		case at < lo || hiKnown && at >= hi:
			out = append(out, c)
		case !hiKnown:
			return nil, false
		}
	}
	return out, true
}

// addMarkers places the index variables of hints in the arrays they index.
func (b *builder) addMarkers(roots []heap.Value, start []int, hints []IndexHint) {
	ctx := b.h.Context()
	for _, hint := range hints {
		v, ok := roots[hint.Var].(heap.Scalar)
		if !ok {
			continue
		}
		at := v.T
		if hint.Offset != 0 {
			at = ctx.Add(at, ctx.BV(at.Sort().Width(), uint64(hint.Offset)))
		}
		var obj heap.ObjID
		switch arr := roots[hint.Array].(type) {
		case heap.Slice:
			if arr.Store.Path != "" || at.Sort() != arr.Off.Sort() {
				continue
			}
			obj, at = arr.Store.Obj, ctx.Add(at, arr.Off)
		case heap.Ptr:
			if arr.Path != "" {
				continue
			}
			obj = arr.Obj
		default:
			continue
		}
		i, known := b.index[obj]
		if !known || b.g.nodes[i].content == nil {
			continue
		}
		c := b.g.nodes[i].content
		if p, ok := c.place(ctx, at, -1); ok {
			c.markers = append(c.markers, marker{at: p, root: start[hint.Var]})
		}
	}
	for k, v := range roots {
		sl, ok := v.(heap.Slice)
		if !ok || sl.Store.Obj == 0 || sl.Store.Path != "" {
			continue
		}
		i, known := b.index[sl.Store.Obj]
		end, constant := ctx.Add(sl.Off, sl.Len).Int64()
		if !known || !constant || b.g.nodes[i].content == nil {
			continue
		}
		// A slice flattens to its store, then Off, Len, Cap and Nil.
		c := b.g.nodes[i].content
		c.ends = append(c.ends, marker{at: pos{off: end}, root: start[k] + 2})
		if !sl.Cap.IsConst() {
			c.caps = append(c.caps, start[k]+3)
		}
	}
}

// order is how the constant indices of an array lie relative to the
// symbolic ones.
type order int

const (
	unordered      order = iota // the path condition does not decide it
	constsFirst                 // every constant index below every symbolic one
	constsAdjacent              // ... and the last constant right before the first symbolic
	symsFirst                   // every symbolic index below every constant one
	symsAdjacent
)

// relate decides how the two groups of c's indices lie, with valid
// deciding what the path condition implies.
func relate(ctx *solver.Context, c *arrayContent, valid func(*solver.Term) bool) order {
	firstConst, lastConst, hasConsts := c.extent(false)
	firstSym, lastSym, hasSyms := c.extent(true)
	if !hasConsts || !hasSyms {
		return constsFirst
	}
	w := c.sym.Sort().Width()
	num := func(off int64) *solver.Term { return ctx.BV(w, uint64(off)) }
	at := func(off int64) *solver.Term { return ctx.Add(c.sym, num(off)) }
	if valid(ctx.Slt(num(lastConst), at(firstSym))) {
		if valid(ctx.Eq(num(lastConst+1), at(firstSym))) {
			return constsAdjacent
		}
		return constsFirst
	}
	if valid(ctx.Slt(at(lastSym), num(firstConst))) {
		if valid(ctx.Eq(at(lastSym+1), num(firstConst))) {
			return symsAdjacent
		}
		return symsFirst
	}
	return unordered
}

// positions lists the positions of c's cells and markers.
func (c *arrayContent) positions() []pos {
	out := make([]pos, 0, len(c.cells)+len(c.markers))
	for _, cell := range c.cells {
		out = append(out, cell.at)
	}
	for _, m := range c.markers {
		out = append(out, m.at)
	}
	return out
}

// element is one piece of an array's abstract layout.
type element struct {
	kind  string // "gap", "unordered", "index", "cell" or "run"
	root  int    // index: the root
	cells []arrayCell
}

// layout returns the abstract form of an array node, its groups of
// indices lying as rel says: its slots, the data of its runs, and the
// positions among the slots of each single cell's scalars. The base
// of the symbolic indices is a scalar slot, so that the numeric check
// compares it; positions are relative to it.
func layout(c *arrayContent, rel order) (slots []ref, runs [][][]*solver.Term, singles [][]int) {
	consts, syms := c.group(false), c.group(true)
	var elems []element
	gap := element{kind: "gap"}
	if rel == symsFirst || rel == symsAdjacent {
		elems = append(elems, gap)
		elems = append(elems, syms...)
		if rel == symsFirst {
			elems = append(elems, gap)
		}
		elems = append(elems, consts...)
	} else {
		if first, _, _ := c.extent(false); len(consts) > 0 && first > 0 || len(consts) == 0 && len(syms) > 0 {
			elems = append(elems, gap) // not provably at 0
		}
		elems = append(elems, consts...)
		if len(consts) > 0 && len(syms) > 0 {
			switch rel {
			case constsFirst:
				elems = append(elems, gap)
			case unordered:
				elems = append(elems, element{kind: "unordered"})
			}
		}
		elems = append(elems, syms...)
	}
	slots = []ref{{kind: constRef, key: "array"}}
	if c.sym != nil {
		slots = append(slots, ref{kind: scalarRef, term: c.sym})
	}
	for _, e := range mergeRuns(elems) {
		switch e.kind {
		case "gap", "unordered":
			slots = append(slots, ref{kind: constRef, key: e.kind})
		case "index":
			slots = append(slots, ref{kind: constRef, key: fmt.Sprintf("index %d", e.root)})
		case "cell":
			slots = append(slots, ref{kind: constRef, key: "cell"})
			var at []int
			for k, v := range e.cells[0].vals {
				if v.kind == scalarRef {
					at = append(at, len(slots)+k)
				}
			}
			singles = append(singles, at)
			slots = append(slots, e.cells[0].vals...)
		case "run":
			slots = append(slots, ref{kind: constRef, key: fmt.Sprintf("run of %d", len(e.cells[0].vals))})
			var members [][]*solver.Term
			for _, cell := range e.cells {
				members = append(members, cellData(cell))
			}
			runs = append(runs, members)
		}
	}
	end := "end"
	if len(syms) > 0 && rel != symsFirst && rel != symsAdjacent {
		_, last, _ := c.extent(true)
		end = fmt.Sprintf("end after %+d", last)
	}
	return append(slots, ref{kind: constRef, key: end}), runs, singles
}

// group returns the elements of c's constant indices, or of its symbolic
// ones, in index order: a gap between two that are not consecutive, and
// at each position its markers (by root) and then its cell.
func (c *arrayContent) group(sym bool) []element {
	markersAt := map[int64][]marker{}
	cellAt := map[int64]arrayCell{}
	var offs []int64
	note := func(p pos) {
		_, m := markersAt[p.off]
		_, cell := cellAt[p.off]
		if !m && !cell {
			offs = append(offs, p.off)
		}
	}
	for _, m := range c.markers {
		if (m.at.base != nil) == sym {
			note(m.at)
			markersAt[m.at.off] = append(markersAt[m.at.off], m)
		}
	}
	for _, cell := range c.cells {
		if (cell.at.base != nil) == sym {
			note(cell.at)
			cellAt[cell.at.off] = cell
		}
	}
	sort.Slice(offs, func(x, y int) bool { return offs[x] < offs[y] })
	var elems []element
	for k, p := range offs {
		if k > 0 && p > offs[k-1]+1 {
			elems = append(elems, element{kind: "gap"})
		}
		ms := markersAt[p]
		sort.Slice(ms, func(x, y int) bool { return ms[x].root < ms[y].root })
		for _, m := range ms {
			elems = append(elems, element{kind: "index", root: m.root})
		}
		if cell, ok := cellAt[p]; ok {
			elems = append(elems, element{kind: "cell", cells: []arrayCell{cell}})
		}
	}
	return elems
}

// extent returns the lowest and highest offset of c's constant or
// symbolic indices, and whether there are any.
func (c *arrayContent) extent(sym bool) (lo, hi int64, found bool) {
	for _, p := range c.positions() {
		if (p.base != nil) != sym {
			continue
		}
		if !found {
			lo, hi, found = p.off, p.off, true
		}
		lo, hi = min(lo, p.off), max(hi, p.off)
	}
	return lo, hi, found
}

// mergeRuns replaces each maximal sequence of two or more adjacent cells
// of scalars (no gap or index between) by a run.
func mergeRuns(elems []element) []element {
	var out []element
	for i := 0; i < len(elems); {
		j := i
		for j < len(elems) && elems[j].kind == "cell" && scalarCell(elems[j].cells[0]) {
			j++
		}
		if j-i >= 2 {
			run := element{kind: "run"}
			for _, e := range elems[i:j] {
				run.cells = append(run.cells, e.cells[0])
			}
			out = append(out, run)
			i = j
			continue
		}
		out = append(out, elems[i])
		i++
	}
	return out
}

func scalarCell(c arrayCell) bool {
	for _, v := range c.vals {
		if v.kind != scalarRef && v.kind != absent || v.unlike != nil {
			return false
		}
	}
	return len(c.vals) > 0
}

func cellData(c arrayCell) []*solver.Term {
	out := make([]*solver.Term, len(c.vals))
	for k, v := range c.vals {
		if v.kind == scalarRef {
			out[k] = v.term
		}
	}
	return out
}

// layoutArrays puts the arrays of g with known content in abstract form,
// and makes the index variables placed in them constant roots; valid
// decides what the path condition implies. It reports whether it changed
// anything.
func layoutArrays(ctx *solver.Context, g *Graph, valid func(*solver.Term) bool) bool {
	changed := false
	indexRoots := map[int]bool{}
	for i := range g.nodes {
		n := &g.nodes[i]
		if n.content == nil {
			continue
		}
		n.rel = relate(ctx, n.content, valid)
		n.slots, n.runs, n.singles = layout(n.content, n.rel)
		for _, m := range n.content.markers {
			indexRoots[m.root] = true
		}
		changed = true
	}
	for r := range indexRoots {
		g.roots[r] = ref{kind: constRef, key: "index"}
	}
	return changed
}
