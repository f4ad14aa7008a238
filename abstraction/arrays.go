package abstraction

import (
	"fmt"
	"sort"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/solver"
)

// Arrays (000, section 6.2): an array whose every observed or written
// index is a constant is laid out, in abstract mode, as its cells in index
// order, with a gap wherever two are not consecutive (and before the first
// when it is not at 0, and at the end), the positions of the index
// variables that point into it, and each run of two or more consecutive
// cells of scalars that no index variable interrupts summarized like a
// list: its data is that of one of its cells. The index variables' values
// are then not compared as scalars: their positions among the cells are.

// IndexHint says that root Var (a position in Canonical's roots) is an
// index into the slice or array at root Array.
type IndexHint struct{ Var, Array int }

// arrayContent is an array's cells by index, and the index variables that
// point into it.
type arrayContent struct {
	cells   []arrayCell
	markers []marker
}

type arrayCell struct {
	index uint64
	vals  []ref
}

// marker is an index variable's position: the index it holds and the
// position of its ref among the graph's roots.
type marker struct {
	at   int64 // -1 for a range loop's index before its first step
	root int
}

// maxLaidOut bounds the indices laid out; beyond it an array keeps its
// exact form.
const maxLaidOut = 1 << 16

// content returns the cells of array a by index, or nil when some index
// is not a constant or a is not plain (a window over other arrays).
func (b *builder) content(a *heap.Array) *arrayContent {
	if a.Back.Kind != heap.ZeroBack && a.Back.Kind != heap.InputBack {
		return nil
	}
	byIndex := map[uint64]heap.Value{}
	for _, c := range b.h.InputCells(a) {
		i, ok := c.Index.Uint64()
		if !ok || i > maxLaidOut {
			return nil
		}
		byIndex[i] = c.Val
	}
	seen := map[uint64]bool{}
	for _, c := range a.Cells { // newest first
		i, ok := c.Index.Uint64()
		if !ok || i > maxLaidOut {
			return nil
		}
		if !seen[i] {
			seen[i] = true
			byIndex[i] = c.Val
		}
	}
	out := &arrayContent{}
	for i, v := range byIndex {
		out.cells = append(out.cells, arrayCell{index: i, vals: b.flatten(v, nil)})
	}
	sort.Slice(out.cells, func(x, y int) bool { return out.cells[x].index < out.cells[y].index })
	return out
}

// addMarkers places the index variables of hints in the arrays they index.
func (b *builder) addMarkers(roots []heap.Value, start []int, hints []IndexHint) {
	for _, hint := range hints {
		v, ok := roots[hint.Var].(heap.Scalar)
		if !ok {
			continue
		}
		at, ok := v.T.Int64()
		if !ok || at < -1 || at > maxLaidOut {
			continue
		}
		var obj heap.ObjID
		switch arr := roots[hint.Array].(type) {
		case heap.Slice:
			off, ok := arr.Off.Uint64()
			if !ok || off > maxLaidOut || arr.Store.Path != "" {
				continue
			}
			obj, at = arr.Store.Obj, at+int64(off)
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
		c.markers = append(c.markers, marker{at: at, root: start[hint.Var]})
	}
}

// element is one piece of an array's abstract layout.
type element struct {
	kind  string // "gap", "index", "cell" or "run"
	root  int    // index: the root
	cells []arrayCell
}

// layout returns the abstract form of an array node: its slots and the
// data of its runs.
func layout(c *arrayContent) (slots []ref, runs [][][]*solver.Term) {
	var elems []element
	positions := map[int64][]marker{}
	var order []int64
	for _, m := range c.markers {
		if positions[m.at] == nil {
			order = append(order, m.at)
		}
		positions[m.at] = append(positions[m.at], m)
	}
	cellAt := map[int64]arrayCell{}
	for _, cell := range c.cells {
		i := int64(cell.index)
		if _, marked := positions[i]; !marked {
			order = append(order, i)
		}
		cellAt[i] = cell
	}
	sort.Slice(order, func(x, y int) bool { return order[x] < order[y] })
	for k, p := range order {
		if k == 0 && p > 0 || k > 0 && p > order[k-1]+1 {
			// Not provably at the start, or not next to the previous.
			elems = append(elems, element{kind: "gap"})
		}
		ms := positions[p]
		sort.Slice(ms, func(x, y int) bool { return ms[x].root < ms[y].root })
		for _, m := range ms {
			elems = append(elems, element{kind: "index", root: m.root})
		}
		if cell, ok := cellAt[p]; ok {
			elems = append(elems, element{kind: "cell", cells: []arrayCell{cell}})
		}
	}
	elems = mergeRuns(elems)
	slots = []ref{{kind: constRef, key: "array"}}
	for _, e := range elems {
		switch e.kind {
		case "gap":
			slots = append(slots, ref{kind: constRef, key: "gap"})
		case "index":
			slots = append(slots, ref{kind: constRef, key: fmt.Sprintf("index %d", e.root)})
		case "cell":
			slots = append(slots, ref{kind: constRef, key: "cell"})
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
	return append(slots, ref{kind: constRef, key: "end"}), runs
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
		if v.kind != scalarRef && v.kind != absent {
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
// and makes the index variables placed in them constant roots. It
// reports whether it changed anything.
func layoutArrays(g *Graph) bool {
	changed := false
	indexRoots := map[int]bool{}
	for i := range g.nodes {
		n := &g.nodes[i]
		if n.content == nil {
			continue
		}
		n.slots, n.runs = layout(n.content)
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
