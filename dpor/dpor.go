// Package dpor is the core of gosym's exploration of schedules: dynamic
// partial-order reduction (Flanagan and Godefroid, "Dynamic partial-order
// reduction for model checking software", POPL 2005) and the race check
// on the schedules it explores (Flanagan and Freund's FastTrack epochs,
// PLDI 2009). It knows scheduling decisions (Node), what an operation
// touches (Access) and whether two operations are dependent, the
// operations of a path (Transition) with their vector clocks (VClock),
// and what the accesses of a location left (Shadow, Epoch). Locations
// are opaque: an object number and a path in it. What a goroutine does
// and when it blocks is the engine's.
//
// It imports nothing of gosym.
package dpor

import (
	"go/token"
	"slices"
)

// Node is a scheduling decision of a path, shared by the paths that
// go on from it: they add to its backtrack set as they find races.
type Node struct {
	// Enabled holds the goroutines that could run their operation, the
	// incumbent first; Backtrack those the search runs, Done those it
	// ran.
	Enabled, Backtrack, Done []int
	// Incumbent is the goroutine that ran last, -1 if it cannot go on:
	// running another is a preemption, of which the path had taken
	// Preemptions.
	Incumbent, Preemptions int
	// Pos is where the decision is made, for the bound's record; Cut
	// says the bound left a goroutine out here.
	Pos token.Pos
	Cut bool
}

// Add puts goroutine id in n's backtrack set, or, where it could not run
// at n, every goroutine that could.
func (n *Node) Add(id int) {
	if !slices.Contains(n.Enabled, id) {
		for _, e := range n.Enabled {
			n.Add(e)
		}
		return
	}
	if !slices.Contains(n.Backtrack, id) {
		n.Backtrack = append(n.Backtrack, id)
	}
}

// Next returns the goroutine n runs next, in the order of Enabled, or
// false once it ran each of its backtrack set.
func (n *Node) Next() (int, bool) {
	for _, id := range n.Enabled {
		if slices.Contains(n.Backtrack, id) && !slices.Contains(n.Done, id) {
			n.Done = append(n.Done, id)
			return id, true
		}
	}
	return 0, false
}

// Access is what an operation touches: a channel, or a variable (a
// semaphore, an atomic), the location Path of object Obj, written or
// only read; Any, where it is not known yet, stands for everything.
type Access struct {
	Obj   int
	Path  string
	Write bool
	Any   bool
	// Takes is, for a receive from a buffered channel, 1 + the index of
	// the Transition that sent the value it takes (0: none). The send
	// happens before the receive, as Go's memory model has it: the two
	// are no race to reverse.
	Takes int
}

// Dependent reports whether two operations touching a and b may give a
// different result in the other order.
func Dependent(a, b []Access) bool {
	for _, p := range a {
		for _, q := range b {
			if (p.Write || q.Write) && (p.Any || q.Any || p.Obj == q.Obj && p.Path == q.Path) {
				return true
			}
		}
	}
	return false
}

// Transition is an operation goroutine G ran on a path, touching Acc,
// chosen at Node (nil where no decision was made).
type Transition struct {
	G    int
	Acc  []Access
	Node *Node
	// Clock is what happened before it and it (see VClock).
	Clock VClock
}

// VClock maps a goroutine's id to the index, in the path's transitions,
// of its last operation known to have happened before.
type VClock []int

// Get returns the index of goroutine id's last operation known to have
// happened before, -1 for none.
func (c VClock) Get(id int) int {
	if id < len(c) {
		return c[id]
	}
	return -1
}

// Join returns the clock of what happened before c or d.
func (c VClock) Join(d VClock) VClock {
	out := make(VClock, max(len(c), len(d)))
	for i := range out {
		out[i] = max(c.Get(i), d.Get(i))
	}
	return out
}

// With returns c where goroutine id's last operation is Transition n.
func (c VClock) With(id, n int) VClock {
	out := c.Join(nil)
	for len(out) <= id {
		out = append(out, -1)
	}
	out[id] = n
	return out
}

// TakesFrom reports whether the receive acc describes takes the value
// Transition j sent.
func TakesFrom(acc []Access, j int) bool {
	return len(acc) == 1 && acc[0].Takes == j+1
}

// Preempts reports whether running goroutine id at n is a preemption.
func (n *Node) Preempts(id int) bool { return n.Incumbent >= 0 && id != n.Incumbent }

// Record appends to trans the operation goroutine g is about to run,
// touching acc, chosen at node, and returns the new transitions and g's
// new clock: g's clock clock joined with those of the earlier
// operations it depends on, and of the send whose value it takes.
func Record(trans []Transition, g int, clock VClock, acc []Access, node *Node) ([]Transition, VClock) {
	c := clock
	for _, t := range trans {
		if Dependent(t.Acc, acc) {
			c = c.Join(t.Clock)
		}
	}
	for _, a := range acc {
		if a.Takes > 0 {
			c = c.Join(trans[a.Takes-1].Clock)
		}
	}
	c = c.With(g, len(trans))
	return append(trans, Transition{G: g, Acc: acc, Node: node, Clock: c}), c
}

// LastRace returns the index in trans of the last operation of another
// goroutine that nothing orders before goroutine g's next operation (g's
// clock being clock) and that races with it, as races says; -1 if there
// is none. FG05's update tries g first at that operation's node.
func LastRace(trans []Transition, g int, clock VClock, races func(j int, t *Transition) bool) int {
	for j := len(trans) - 1; j >= 0; j-- {
		t := &trans[j]
		if t.G != g && clock.Get(t.G) < j && races(j, t) {
			return j
		}
	}
	return -1
}

// Epoch is an access of a location: its goroutine G, that goroutine's
// last operation's index then, At, and where, Pos.
type Epoch struct {
	G, At int
	Pos   token.Pos
}

// Shadow is what a location's accesses left: the last write, and the
// last read of each goroutine since. It is never changed in place.
type Shadow struct {
	Write *Epoch
	Reads []Epoch
}

// Holds reports whether sh already keeps an access like now: the same
// goroutine's, in the same epoch, and a write only where it is the last
// access.
func (sh *Shadow) Holds(now Epoch, write bool) bool {
	if sh == nil {
		return false
	}
	same := func(e *Epoch) bool { return e.G == now.G && e.At == now.At }
	if write {
		return sh.Write != nil && same(sh.Write) && len(sh.Reads) == 0
	}
	return slices.ContainsFunc(sh.Reads, func(e Epoch) bool { return same(&e) }) || sh.Write != nil && same(sh.Write)
}

// ReadsBut returns reads without goroutine id's, in a new slice.
func ReadsBut(reads []Epoch, id int) []Epoch {
	out := make([]Epoch, 0, len(reads)+1)
	for _, e := range reads {
		if e.G != id {
			out = append(out, e)
		}
	}
	return out
}

// Unordered reports whether the access e and the next one of goroutine
// g, whose clock is clock, are unordered: another goroutine's, and no
// operation of it after e happened before clock.
func (e *Epoch) Unordered(g int, clock VClock) bool { return e.G != g && clock.Get(e.G) <= e.At }
