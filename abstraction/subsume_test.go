package abstraction

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/solver"
)

// nodeType is type Node struct { Elem int; Next *Node }.
func nodeType() types.Type {
	obj := types.NewTypeName(token.NoPos, nil, "Node", nil)
	named := types.NewNamed(obj, nil, nil)
	named.SetUnderlying(types.NewStruct([]*types.Var{
		types.NewField(token.NoPos, nil, "Elem", types.Typ[types.Int], false),
		types.NewField(token.NoPos, nil, "Next", types.NewPointer(named), false),
	}, nil))
	return named
}

// list builds a list of allocated nodes holding elems and returns the
// pointer to its first node (or nil).
func list(h *heap.Heap, t types.Type, elems []*solver.Term) heap.Value {
	var next heap.Value = heap.Nil{}
	for i := len(elems) - 1; i >= 0; i-- {
		p := h.Alloc(t)
		if d := h.Store(heap.Ptr{Obj: p.Obj, Path: heap.Path("").Field(0)}, heap.Scalar{T: elems[i]}); d != nil {
			panic("store needed a decision")
		}
		if d := h.Store(heap.Ptr{Obj: p.Obj, Path: heap.Path("").Field(1)}, next); d != nil {
			panic("store needed a decision")
		}
		next = p
	}
	return next
}

func TestCheck(t *testing.T) {
	c := solver.NewContext()
	defer c.Close()
	typ := nodeType()
	x := c.FreshBV("x", 64)
	n := func(v uint64) *solver.Term { return c.BV(64, v) }
	// state is a list plus a scalar root.
	type state struct {
		elems  []*solver.Term
		scalar *solver.Term
	}
	tests := []struct {
		name          string
		stored, fresh state
		mode          Mode
		subsumed      bool
	}{
		{"same list", state{[]*solver.Term{n(1), n(2)}, n(0)}, state{[]*solver.Term{n(1), n(2)}, n(0)}, Exact, true},
		{"other scalar", state{[]*solver.Term{n(1)}, n(0)}, state{[]*solver.Term{n(1)}, n(1)}, Exact, false},
		{"symbolic scalar covers a constant", state{[]*solver.Term{n(1)}, x}, state{[]*solver.Term{n(1)}, n(7)}, Exact, true},
		{"constant does not cover a symbolic scalar", state{[]*solver.Term{n(1)}, n(7)}, state{[]*solver.Term{n(1)}, x}, Exact, false},
		{"longer list, exactly", state{[]*solver.Term{n(1), n(2), n(2)}, n(0)}, state{[]*solver.Term{n(1), n(2), n(2), n(2)}, n(0)}, Exact, false},
		{"longer list, abstractly", state{[]*solver.Term{n(1), n(2), n(2)}, n(0)}, state{[]*solver.Term{n(1), n(2), n(2), n(2)}, n(0)}, Abstract, true},
		{"summarized data differs", state{[]*solver.Term{n(1), n(2), n(2)}, n(0)}, state{[]*solver.Term{n(1), n(2), n(3), n(2)}, n(0)}, Abstract, false},
		{"shorter list", state{[]*solver.Term{n(1), n(2)}, n(0)}, state{[]*solver.Term{n(1)}, n(0)}, Abstract, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := c.NewSolver()
			table := NewTable(tt.mode, c, s)
			graph := func(st state) *Graph {
				h := heap.New(c, heap.Config{})
				return Canonical(h, []heap.Value{list(h, typ, st.elems), heap.Scalar{T: st.scalar}}, nil, nil)
			}
			stored, fresh := graph(tt.stored), graph(tt.fresh)
			if covered, _, _ := table.Check("p", stored); covered {
				t.Fatal("the first state is subsumed by nothing")
			}
			covered, abstractOnly, _ := table.Check("p", fresh)
			if covered != tt.subsumed {
				t.Errorf("subsumed = %v, want %v\nstored: %s\nnew:    %s", covered, tt.subsumed, stored, fresh)
			}
			if covered && abstractOnly != (tt.mode == Abstract) {
				t.Errorf("abstract only = %v in mode %s", abstractOnly, tt.mode)
			}
			if covered, _, _ := table.Check("q", graph(tt.fresh)); covered {
				t.Error("a state at another point is subsumed")
			}
		})
	}
}

func TestParseMode(t *testing.T) {
	for _, m := range []Mode{Off, Exact, Abstract} {
		got, err := ParseMode(m.String())
		if err != nil || got != m {
			t.Errorf("ParseMode(%q) = %v, %v", m, got, err)
		}
	}
	if _, err := ParseMode("some"); err == nil {
		t.Error("ParseMode accepted an unknown mode")
	}
}

// dnodeType is type DNode struct { Val int; Prev, Next *DNode }.
func dnodeType() types.Type {
	obj := types.NewTypeName(token.NoPos, nil, "DNode", nil)
	named := types.NewNamed(obj, nil, nil)
	named.SetUnderlying(types.NewStruct([]*types.Var{
		types.NewField(token.NoPos, nil, "Val", types.Typ[types.Int], false),
		types.NewField(token.NoPos, nil, "Prev", types.NewPointer(named), false),
		types.NewField(token.NoPos, nil, "Next", types.NewPointer(named), false),
	}, nil))
	return named
}

// dlist builds a doubly linked list of n nodes holding 1, with back links
// mirroring the next links unless broken is the index of a node whose
// back link is nil, and returns its first node.
func dlist(h *heap.Heap, t types.Type, n, broken int) heap.Value {
	c := h.Context()
	field := func(p heap.Ptr, i int) heap.Ptr { return heap.Ptr{Obj: p.Obj, Path: heap.Path("").Field(i)} }
	store := func(p heap.Ptr, v heap.Value) {
		if d := h.Store(p, v); d != nil {
			panic("store needed a decision")
		}
	}
	nodes := make([]heap.Ptr, n)
	for i := range nodes {
		nodes[i] = h.Alloc(t)
		store(field(nodes[i], 0), heap.Scalar{T: c.BV(64, 1)})
	}
	for i, p := range nodes {
		var prev, next heap.Value = heap.Nil{}, heap.Nil{}
		if i > 0 && i != broken {
			prev = nodes[i-1]
		}
		if i+1 < n {
			next = nodes[i+1]
		}
		store(field(p, 1), prev)
		store(field(p, 2), next)
	}
	return nodes[0]
}

func TestDoublyLinked(t *testing.T) {
	c := solver.NewContext()
	defer c.Close()
	typ := dnodeType()
	tests := []struct {
		name          string
		stored, fresh int // lengths
		broken        int // node of the fresh list with a nil back link
		subsumed      bool
	}{
		{"longer list", 3, 5, -1, true},
		{"broken back link", 3, 5, 3, false},
		{"shorter list", 4, 2, -1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			table := NewTable(Abstract, c, c.NewSolver())
			graph := func(n, broken int) *Graph {
				h := heap.New(c, heap.Config{})
				return Canonical(h, []heap.Value{dlist(h, typ, n, broken)}, nil, nil)
			}
			table.Check("p", graph(tt.stored, -1))
			if covered, _, _ := table.Check("p", graph(tt.fresh, tt.broken)); covered != tt.subsumed {
				t.Errorf("subsumed = %v, want %v", covered, tt.subsumed)
			}
		})
	}
	if !IsListType(typ) || IsListType(types.Typ[types.Int]) {
		t.Error("IsListType misclassifies")
	}
}

// TestUnlikeReference checks subsumption over an unresolved reference
// compared unequal to objects: an unobserved reference covers it, and it
// covers nil and a reference compared unequal to the matching objects,
// but neither an unobserved one nor one it could not be.
func TestUnlikeReference(t *testing.T) {
	c := solver.NewContext()
	defer c.Close()
	typ := nodeType()
	// Each kind of reference is made by choices on a fresh one compared
	// with the two input objects: none taken, "not" the first, "not" the
	// second, "not" both, nil, or the first.
	const (
		unobserved = "unobserved"
		notFirst   = "unlike the first"
		notSecond  = "unlike the second"
		notBoth    = "unlike both"
		isNil      = "nil"
		first      = "the first"
	)
	tests := []struct {
		stored, fresh string
		subsumed      bool
	}{
		{unobserved, notFirst, true},
		{notFirst, unobserved, false},
		{notFirst, notFirst, true},
		{notFirst, notSecond, false},
		{notBoth, notFirst, false},
		{notBoth, notBoth, true},
		{notFirst, isNil, true},
		{notFirst, first, false},
	}
	for _, tt := range tests {
		t.Run(tt.stored+" covers "+tt.fresh, func(t *testing.T) {
			table := NewTable(Exact, c, c.NewSolver())
			graph := func(kind string) *Graph {
				h := heap.New(c, heap.Config{Mode: heap.LazierSharp, K: 3})
				h.NewArgs(types.NewTuple())
				in := []heap.Value{heap.Ptr{Obj: h.NewInputObject(typ, 0)}, heap.Ptr{Obj: h.NewInputObject(typ, 0)}}
				ref := h.FreshRef(typ)
				compare := func(with heap.Value, choice int) {
					_, d := h.SamePtr(ref, with)
					d.Choices[choice].Apply(h)
				}
				switch kind {
				case notFirst:
					compare(in[0], 1)
				case notSecond:
					compare(in[1], 1)
				case notBoth:
					compare(in[0], 1)
					compare(in[1], 1)
				case first:
					compare(in[0], 0)
				case isNil:
					_, _, d := h.IsNilPtr(ref)
					d.Choices[0].Apply(h)
				}
				return Canonical(h, append(in, ref), nil, nil)
			}
			stored, fresh := graph(tt.stored), graph(tt.fresh)
			table.Check("p", stored)
			if covered, _, _ := table.Check("p", fresh); covered != tt.subsumed {
				t.Errorf("subsumed = %v, want %v\nstored: %s\nnew:    %s", covered, tt.subsumed, stored, fresh)
			}
		})
	}
}

// TestUnlikeInSummary checks that a node an unresolved reference was
// compared unequal to stays out of list summaries: a summary would not
// say which of its nodes the reference is not.
func TestUnlikeInSummary(t *testing.T) {
	c := solver.NewContext()
	defer c.Close()
	typ := nodeType()
	tests := []struct {
		name          string
		stored, fresh [2]int // a list's length, and which node the reference is not
		subsumed      bool
	}{
		{"a longer list, unequal to the same node", [2]int{4, 1}, [2]int{5, 1}, true},
		{"a longer list, unequal to a later node", [2]int{4, 1}, [2]int{5, 3}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			table := NewTable(Abstract, c, c.NewSolver())
			graph := func(list [2]int) *Graph {
				h := heap.New(c, heap.Config{Mode: heap.LazierSharp, K: 3})
				h.NewArgs(types.NewTuple())
				nodes := make([]heap.Ptr, list[0])
				for i := range nodes {
					nodes[i] = heap.Ptr{Obj: h.NewInputObject(typ, 0)}
				}
				for i, n := range nodes {
					var next heap.Value = heap.Nil{}
					if i+1 < len(nodes) {
						next = nodes[i+1]
					}
					h.Store(heap.Ptr{Obj: n.Obj, Path: heap.Path("").Field(0)}, heap.Scalar{T: c.BV(64, 1)})
					h.Store(heap.Ptr{Obj: n.Obj, Path: heap.Path("").Field(1)}, next)
				}
				ref := h.FreshRef(typ)
				_, d := h.SamePtr(ref, nodes[list[1]])
				d.Choices[1].Apply(h)
				return Canonical(h, []heap.Value{nodes[0], ref}, nil, nil)
			}
			table.Check("p", graph(tt.stored))
			if covered, _, _ := table.Check("p", graph(tt.fresh)); covered != tt.subsumed {
				t.Errorf("subsumed = %v, want %v", covered, tt.subsumed)
			}
		})
	}
}
