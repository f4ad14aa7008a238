package abstraction

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/solver"
)

// TestRetain checks which entries outlive a pass: those whose
// continuations were all explored, and, of those, what they then cover.
func TestRetain(t *testing.T) {
	c := solver.NewContext()
	defer c.Close()
	typ := nodeType()
	n := func(v uint64) *solver.Term { return c.BV(64, v) }
	graph := func(elems ...uint64) *Graph {
		h := heap.New(c, heap.Config{})
		terms := make([]*solver.Term, len(elems))
		for i, e := range elems {
			terms[i] = n(e)
		}
		return Canonical(h, []heap.Value{list(h, typ, terms)}, nil, nil)
	}
	type outcome struct {
		Covered, AbstractOnly bool
	}
	tests := []struct {
		name   string
		finish func(e *Entry) // nil: left open
		want   outcome
	}{
		{"complete", func(e *Entry) { e.Finish(true, false) }, outcome{true, false}},
		{"complete but approximated", func(e *Entry) { e.Finish(true, true) }, outcome{true, true}},
		{"cut by a bound", func(e *Entry) { e.Finish(false, false) }, outcome{false, false}},
		{"still open", nil, outcome{false, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			table := NewTable(Exact, c, c.NewSolver())
			covered, _, e := table.Check("p", graph(1, 2))
			if covered || e == nil {
				t.Fatalf("the first state: covered %v, entry %v", covered, e)
			}
			if tt.finish != nil {
				tt.finish(e)
			}
			next := table.Retain()
			covered, abstractOnly, by := next.Check("p", graph(1, 2))
			if diff := cmp.Diff(tt.want, outcome{covered, abstractOnly}); diff != "" {
				t.Errorf("after Retain (-want +got):\n%s", diff)
			}
			if covered && by != e {
				t.Error("covered by another entry than the retained one")
			}
			if next.Checks != 1 {
				t.Errorf("the retained table counts %d checks, want only its own 1", next.Checks)
			}
		})
	}
}

// TestShapeIndex checks that a state is compared only with stored states
// of its shape, and with those that have unobserved locations, which
// match other shapes.
func TestShapeIndex(t *testing.T) {
	c := solver.NewContext()
	defer c.Close()
	typ := nodeType()
	graph := func(length int) *Graph {
		h := heap.New(c, heap.Config{})
		terms := make([]*solver.Term, length)
		for i := range terms {
			terms[i] = c.BV(64, uint64(i))
		}
		return Canonical(h, []heap.Value{list(h, typ, terms)}, nil, nil)
	}
	// open has an unobserved parameter *Node for its root.
	open := func() *Graph {
		h := heap.New(c, heap.Config{})
		ptr := types.NewPointer(typ)
		args := h.NewArgs(types.NewTuple(types.NewVar(token.NoPos, nil, "p", ptr)))
		return Canonical(h, []heap.Value{heap.InputRef{Obj: args, Path: heap.Path("").Field(0), Type: ptr}}, nil, nil)
	}
	ix := newIndex()
	var stored []*Entry
	for i, g := range []*Graph{graph(1), graph(2), graph(2), open()} {
		e := &Entry{exact: g, seq: i + 1}
		ix.add(e, g)
		stored = append(stored, e)
	}
	seqs := func(es []*Entry) []int {
		var out []int
		for _, e := range es {
			out = append(out, e.seq)
		}
		return out
	}
	tests := []struct {
		name string
		g    *Graph
		want []int
	}{
		{"two nodes: its shape, newest first, and the open one", graph(2), []int{4, 3, 2}},
		{"one node", graph(1), []int{4, 1}},
		{"three nodes: only the open one", graph(3), []int{4}},
		{"open: only the open one", open(), []int{4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, seqs(ix.candidates(tt.g))); diff != "" {
				t.Errorf("candidates (-want +got):\n%s", diff)
			}
		})
	}
	if _, closed := stored[3].exact.shape(); closed {
		t.Error("a graph with an unobserved location is closed")
	}
}
