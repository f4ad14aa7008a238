package abstraction

import (
	"encoding/binary"
	"fmt"
	"go/types"
	"hash/fnv"
	"slices"
)

// index finds, among the states stored at one program point, those that
// may subsume a state: the candidates that subsumes then compares.
//
// A stored graph in which every location is observed (closed) matches
// only graphs of exactly its shape: subsumes pairs every reference of
// one with a reference of the same kind, path and key in the other, and
// every node with a node of the same type and layout. Such graphs are
// found by a hash of that shape, so that a check compares a state with
// the few stored states of its shape instead of all those of the point.
// A stored graph with an unobserved location matches graphs of other
// shapes there; those are kept by the kinds of their roots, as before.
type index struct {
	byShape map[uint64][]*Entry
	// bySig holds the open graphs whose roots are all observed, by the
	// kinds of their roots (see signature).
	bySig map[string][]*Entry
	// wild holds graphs with an unobserved root, which may match graphs
	// of any signature.
	wild []*Entry
}

func newIndex() *index {
	return &index{byShape: map[uint64][]*Entry{}, bySig: map[string][]*Entry{}}
}

// add files e, whose graph (exact or abstract, as this index holds) is g.
func (ix *index) add(e *Entry, g *Graph) {
	if shape, closed := g.shape(); closed {
		ix.byShape[shape] = append(ix.byShape[shape], e)
		return
	}
	if sig, wild := signature(g); wild {
		ix.wild = append(ix.wild, e)
	} else {
		ix.bySig[sig] = append(ix.bySig[sig], e)
	}
}

// candidates returns the stored entries that may subsume g, newest first
// (often the same path's previous iteration). A graph with an unobserved
// location can only be subsumed by another such graph: an observed
// location of the stored one matches only an observed one.
func (ix *index) candidates(g *Graph) []*Entry {
	sig, _ := signature(g)
	var out []*Entry
	if shape, closed := g.shape(); closed {
		out = append(out, ix.byShape[shape]...)
	}
	out = append(out, ix.bySig[sig]...)
	out = append(out, ix.wild...)
	slices.SortFunc(out, func(a, b *Entry) int { return b.seq - a.seq })
	return out
}

// shape returns a hash of g's shape, and whether g is closed: no location
// of it is unobserved. Graphs that subsumes matches, one of them closed,
// have the same shape: the hash covers what subsumes compares exactly
// (the kinds of references, their paths and keys, the types and layout
// of nodes, and which node each reference reaches, in the order the
// matcher walks them), and leaves out the scalars it compares by
// implication and the length of summaries.
func (g *Graph) shape() (uint64, bool) {
	if g.shapeDone {
		return g.shapeHash, g.closed
	}
	w := &shapeWriter{g: g, order: filled(len(g.nodes)), closed: true}
	for _, r := range g.roots {
		w.ref(r)
	}
	g.shapeHash, g.closed, g.shapeDone = w.sum(), w.closed, true
	return g.shapeHash, g.closed
}

// shapeWriter encodes a graph's shape depth first, as matcher walks it,
// for hashing.
type shapeWriter struct {
	g      *Graph
	buf    []byte
	order  []int // per node, when it was first met, or -1
	met    int
	closed bool
}

func (w *shapeWriter) sum() uint64 {
	f := fnv.New64a()
	f.Write(w.buf)
	return f.Sum64()
}

func (w *shapeWriter) int(n int) {
	w.buf = binary.AppendVarint(w.buf, int64(n))
}

func (w *shapeWriter) str(s string) {
	w.int(len(s))
	w.buf = append(w.buf, s...)
}

func (w *shapeWriter) ref(r ref) {
	w.int(int(r.kind))
	switch r.kind {
	case absent:
		w.closed = false
	case constRef:
		w.str(r.key)
	case nodeRef:
		w.str(string(r.path))
		w.node(r.node)
	}
}

func (w *shapeWriter) node(i int) {
	if w.order[i] >= 0 {
		w.int(w.order[i])
		return
	}
	w.order[i] = w.met
	w.met++
	w.int(-1)
	n := w.g.nodes[i]
	w.str(typeKey(n.typ))
	flags := 0
	if n.input {
		flags |= 1
	}
	if n.summary {
		flags |= 2
	}
	w.int(flags)
	w.int(n.link)
	w.int(len(n.runs))
	w.int(len(n.slots))
	for _, s := range n.slots {
		w.ref(s)
	}
}

// typeKey is a key that identical types share: a named type's name and
// package, another type's kind. (Type strings would differ between a
// type and an alias of it.)
func typeKey(t types.Type) string {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		obj := t.Origin().Obj()
		if obj.Pkg() == nil {
			return obj.Name()
		}
		return obj.Pkg().Path() + "." + obj.Name()
	default:
		return fmt.Sprintf("%T", t)
	}
}
