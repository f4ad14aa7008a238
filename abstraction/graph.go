// Package abstraction decides whether a symbolic state is subsumed by a
// state seen before at the same program point, so that the search need not
// explore it again (Anand, Pasareanu and Visser, "Symbolic execution with
// abstraction"). A state is first put in canonical form, a Graph: its
// roots and the heap reachable from them, with node identities replaced by
// the order of a depth-first walk. Subsumption is then a lockstep walk of
// two graphs that matches their shapes, and a solver query that the new
// state's scalars are among those the stored state allows.
//
// In abstract mode, maximal runs of list nodes are first replaced by
// summary nodes (see summarize), so that lists of different lengths match;
// what that prunes is an under-approximation.
package abstraction

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/solver"
)

type refKind uint8

const (
	// absent is an input location not observed yet: in a stored state it
	// matches anything (a non-nil one anything but nil).
	absent refKind = iota
	nilRef
	nodeRef
	scalarRef
	// constRef is a value compared by a key: a constant string, a
	// function, a dynamic type, or a value not modelled finer.
	constRef
)

// ref is one leaf of a canonical state: a root, or a slot of a node.
type ref struct {
	kind   refKind
	nonNil bool // absent: a symbolic location, known not to be nil
	// unlike (absent) are the nodes an unresolved reference was compared
	// unequal to (heap.SymInfo.Unlike), in the order compared: it stands
	// for fewer values than an unobserved one (see matcher.ref).
	unlike []int
	node   int // nodeRef: the node's index in its graph
	path   heap.Path
	term   *solver.Term // scalarRef
	key    string       // constRef
	// same are terms a constRef is also compared by (see identityKey).
	// kinds, on a run's key, are its cells' kinds, sorted (see kinded):
	// a stored run covers a run whose kinds are among its own.
	kinds []int
	same  []*solver.Term
}

// node is an object of a canonical state, or a summary of list nodes.
type node struct {
	typ   types.Type
	input bool
	slots []ref
	// summary marks a node standing for a run of list nodes along the
	// pointer slot link; members holds, per summarized node, the terms of
	// its scalar slots (nil where a slot was not observed).
	summary bool
	link    int
	members [][]*solver.Term
	// kinds are, in a kinded graph, the kinds of a summary's nodes in
	// place of members (see kinded).
	kinds []int
	// runs holds, for an array in abstract form, the data of each run of
	// consecutive cells summarized (per run, per cell, its terms).
	runs [][][]*solver.Term
	// lengths are the symbolic lengths of the slices over an array.
	lengths []*solver.Term
	// singles holds, for an array in abstract form, the positions among
	// its slots of each single cell's scalars (a cell no run took).
	singles [][]int
	// content is an array's cells by index, when every index is a
	// constant: what summarize lays out in abstract form, with its
	// groups of indices lying as rel says.
	content *arrayContent
	rel     order
}

// Graph is a state in canonical form.
type Graph struct {
	roots []ref
	nodes []node
	pc    []*solver.Term
	// summarized reports that summarize replaced some nodes.
	summarized bool
	// garbage is where the roots of input objects no other root reaches
	// begin (see Canonical).
	garbage int
	// shapeHash and closed cache shape, once shapeDone.
	shapeHash         uint64
	closed, shapeDone bool
	// apart renames the graph's symbols apart, once it is stored and
	// compared (see renamingOf).
	apart *apart
}

// Canonical returns the canonical form of the state whose roots (the live
// values of every frame, then the globals, in a fixed order) are given,
// with h its heap and pc its path condition. Input objects not reachable
// from the roots follow as extra roots: they are the alias candidates of
// later lazy initializations, so they are part of the state.
//
// hints name the roots that index arrays (see IndexHint), for the
// abstract layout of arrays.
func Canonical(h *heap.Heap, roots []heap.Value, pc []*solver.Term, hints []IndexHint) *Graph {
	b := &builder{h: h, g: &Graph{pc: pc}, index: map[heap.ObjID]int{}}
	start := make([]int, len(roots))
	for k, v := range roots {
		start[k] = len(b.g.roots)
		b.g.roots = b.flatten(v, b.g.roots)
	}
	b.drain()
	b.addMarkers(roots, start, hints)
	b.g.garbage = len(b.g.roots)
	for _, id := range h.InputObjects() {
		if _, seen := b.index[id]; !seen {
			b.g.roots = append(b.g.roots, ref{kind: nodeRef, node: b.nodeOf(id)})
			b.drain()
		}
	}
	return b.g
}

type builder struct {
	h     *heap.Heap
	g     *Graph
	index map[heap.ObjID]int
	objs  []heap.ObjID // per node
	queue []int
}

func (b *builder) nodeOf(id heap.ObjID) int {
	if i, ok := b.index[id]; ok {
		return i
	}
	obj := b.h.Object(id)
	i := len(b.g.nodes)
	b.index[id] = i
	b.objs = append(b.objs, id)
	b.g.nodes = append(b.g.nodes, node{typ: obj.Type, input: obj.Input, link: -1})
	b.queue = append(b.queue, i)
	return i
}

// drain fills the slots of the nodes met so far, in the order met.
func (b *builder) drain() {
	for len(b.queue) > 0 {
		i := b.queue[0]
		b.queue = b.queue[1:]
		obj := b.h.Object(b.objs[i])
		slots := b.flatten(obj.Val, nil)
		b.g.nodes[i].slots = slots
		if a, ok := obj.Val.(*heap.Array); ok {
			b.g.nodes[i].content = b.content(a)
		}
	}
}

// flatten appends the leaves of v to out, in a fixed order for values of
// one type.
func (b *builder) flatten(v heap.Value, out []ref) []ref {
	switch x := v.(type) {
	case heap.Scalar:
		return append(out, ref{kind: scalarRef, term: x.T})
	case heap.Nil:
		return append(out, ref{kind: nilRef})
	case heap.Ptr:
		return append(out, ref{kind: nodeRef, node: b.nodeOf(x.Obj), path: x.Path})
	case heap.SymPtr:
		info := b.h.Sym(x.ID)
		switch {
		case info.Nilness == heap.IsNil:
			return append(out, ref{kind: nilRef})
		case info.Target != 0:
			return append(out, ref{kind: nodeRef, node: b.nodeOf(info.Target)})
		case info.Func != nil && info.Func.Given != nil:
			// An input function taken to be an ordering: that function.
			return b.flatten(*info.Func.Given, out)
		}
		r := ref{kind: absent, nonNil: info.Nilness == heap.NotNil}
		for _, id := range info.Unlike {
			r.unlike = append(r.unlike, b.nodeOf(id))
		}
		return append(out, r)
	case heap.Struct:
		for _, f := range x.Fields {
			out = b.flatten(f, out)
		}
		return out
	case heap.InputRef:
		return b.input(x, out)
	case heap.Tuple:
		for _, e := range x.Elems {
			out = b.flatten(e, out)
		}
		return out
	case heap.Str:
		return append(out, ref{kind: constRef, key: "s:" + x.S})
	case heap.Iface:
		if x.Type == nil {
			return append(out, ref{kind: constRef, key: "type:nil"})
		}
		out = append(out, ref{kind: constRef, key: "type:" + types.TypeString(x.Type, nil)})
		return b.flatten(x.V, out)
	case heap.Slice:
		if x.Store.Obj == 0 {
			out = append(out, ref{kind: nilRef})
		} else {
			i := b.nodeOf(x.Store.Obj)
			out = append(out, ref{kind: nodeRef, node: i, path: x.Store.Path})
			if x.Store.Path == "" && x.Len.IsSymbol() {
				b.g.nodes[i].lengths = append(b.g.nodes[i].lengths, x.Len)
			}
		}
		for _, t := range []*solver.Term{x.Off, x.Len, x.Cap, x.Nil} {
			out = append(out, ref{kind: scalarRef, term: t})
		}
		return out
	case *heap.Array:
		return b.array(x, out)
	case heap.Func:
		out = append(out, ref{kind: constRef, key: fmt.Sprintf("func:%p", x.Fn)})
		for _, e := range x.Env {
			out = b.flatten(e, out)
		}
		return out
	}
	// Strings with symbolic bytes, maps and symbolic interfaces are
	// compared by identity: a version of them matches only itself.
	key, same := identityKey(v)
	return append(out, ref{kind: constRef, key: key, same: same})
}

// input flattens an input placeholder: the value observed there, its
// fields for a struct, or absent.
func (b *builder) input(x heap.InputRef, out []ref) []ref {
	if v, ok := b.h.Input(heap.Loc{Obj: x.Obj, Path: x.Path}); ok {
		return b.flatten(v, out)
	}
	if st, ok := heap.Under(x.Type).(*types.Struct); ok {
		for i := range st.NumFields() {
			out = b.flatten(heap.FieldOf(x, i, st.Field(i).Type()), out)
		}
		return out
	}
	return append(out, ref{kind: absent})
}

// array flattens an array version by identity, with the input cells
// observed in it so far (they decide later reads).
func (b *builder) array(a *heap.Array, out []ref) []ref {
	var key strings.Builder
	fmt.Fprintf(&key, "array:%d", a.ID)
	cells := b.h.InputCells(a)
	fmt.Fprintf(&key, "/%d", len(cells))
	out = append(out, ref{kind: constRef, key: key.String()})
	for _, c := range cells {
		out = append(out, ref{kind: scalarRef, term: c.Index})
		out = b.flatten(c.Val, out)
	}
	return out
}
