package abstraction

import (
	"testing"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/solver"
)

// TestKinds checks that a summary of list nodes whose data the path
// condition speaks of one by one (this one equals x, that one does not)
// covers another summary whose nodes are of its kinds, in any number and
// order, and no summary with a kind it lacks.
func TestKinds(t *testing.T) {
	c := solver.NewContext()
	defer c.Close()
	typ := nodeType()
	x := c.FreshBV("x", 64)
	// A state is a list of fresh elements, each with what the path
	// condition says of it: = (equals x), ! (does not) or < (below x).
	state := func(s *solver.Solver, kinds string) *Graph {
		h := heap.New(c, heap.Config{})
		var elems, pc []*solver.Term
		for _, k := range kinds {
			e := c.FreshBV("e", 64)
			elems = append(elems, e)
			switch k {
			case '=':
				pc = append(pc, c.Eq(e, x))
			case '!':
				pc = append(pc, c.Not(c.Eq(e, x)))
			case '<':
				pc = append(pc, c.Slt(e, x))
			}
		}
		for _, f := range pc {
			s.Assert(f)
		}
		return Canonical(h, []heap.Value{list(h, typ, elems), heap.Scalar{T: x}}, pc, nil)
	}
	tests := []struct {
		name          string
		stored, fresh string
		subsumed      bool
	}{
		{"the same kinds, in another order and number", "==!", "=!=!=", true},
		{"fewer kinds", "=!=!", "====", true},
		{"a kind the stored summary lacks", "===", "==!=", false},
		{"another kind", "=<<", "=!!", false},
		// The first node is a root's: compared as a scalar, not by kind.
		{"the first node differs", "!==", "===", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := c.NewSolver()
			table := NewTable(Abstract, c, s)
			s.Push()
			if covered, _, _ := table.Check("p", state(s, tt.stored)); covered {
				t.Fatal("the first state is subsumed by nothing")
			}
			s.Pop()
			s.Push()
			defer s.Pop()
			fresh := state(s, tt.fresh)
			covered, abstractOnly, _ := table.Check("p", fresh)
			if covered != tt.subsumed {
				t.Errorf("subsumed = %v, want %v (new state %s)", covered, tt.subsumed, fresh)
			}
			if covered && !abstractOnly {
				t.Error("covered exactly, want abstractly")
			}
		})
	}
}

// TestKindsRetained checks that a table retained for the next pass of a
// search numbers kinds as the table it comes from: its stored entries'
// kinds keep their meaning.
func TestKindsRetained(t *testing.T) {
	c := solver.NewContext()
	defer c.Close()
	typ := nodeType()
	x := c.FreshBV("x", 64)
	state := func(s *solver.Solver, equal bool, n int) *Graph {
		h := heap.New(c, heap.Config{})
		var elems, pc []*solver.Term
		for i := range n {
			e := c.FreshBV("e", 64)
			elems = append(elems, e)
			if i == 0 {
				continue // the first node's, a root's, is compared as a scalar
			}
			f := c.Eq(e, x)
			if !equal {
				f = c.Not(f)
			}
			pc = append(pc, f)
			s.Assert(f)
		}
		return Canonical(h, []heap.Value{list(h, typ, elems), heap.Scalar{T: x}}, pc, nil)
	}
	s := c.NewSolver()
	table := NewTable(Abstract, c, s)
	s.Push()
	_, _, e := table.Check("p", state(s, true, 3))
	e.Finish(true, false)
	s.Pop()
	retained := table.Retain()
	s.Push()
	defer s.Pop()
	if covered, _, _ := retained.Check("p", state(s, false, 4)); covered {
		t.Error("nodes that differ from x are covered by a summary of nodes equal to it")
	}
}
