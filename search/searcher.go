package search

// Searcher is the order in which a search takes up its pending work, as
// KLEE's Searcher selects the next state: Add hands it work, Next takes
// the work to do next.
type Searcher[T any] interface {
	// Add adds pending work.
	Add(t T)
	// Next removes and returns the work to do next; ok is false when
	// none is pending.
	Next() (t T, ok bool)
	// Len is how much work is pending.
	Len() int
}

// DepthFirst is the Searcher that takes the work added last first.
//
// It is gosym's only order, and not by default: the solver's assertion
// stack mirrors the path being explored (a scope is pushed before a
// branch's alternative and popped once all that follows from it is
// explored), so that each query adds a condition or two to what Z3 has
// already learnt. An order that jumps between paths would have the
// stack rebuilt at every jump; KLEE, whose solver starts each query from
// scratch, pays nothing for that and can pick any state.
type DepthFirst[T any] struct {
	pending []T
}

// Add pushes t.
func (d *DepthFirst[T]) Add(t T) { d.pending = append(d.pending, t) }

// Next pops the work added last.
func (d *DepthFirst[T]) Next() (t T, ok bool) {
	n := len(d.pending)
	if n == 0 {
		return t, false
	}
	t = d.pending[n-1]
	var zero T
	d.pending[n-1] = zero // what is done is not kept alive
	d.pending = d.pending[:n-1]
	return t, true
}

// Len is how much work is pending.
func (d *DepthFirst[T]) Len() int { return len(d.pending) }
