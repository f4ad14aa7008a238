package api

// Shelf keeps lists. Its fields are exported, so a caller writes any
// Shelf; but the lists it points to are made by NewList and changed by
// List's methods, so gosym builds them so too.
type Shelf struct {
	Label string
	Main  *List
	Spare []*FixedList
}

// Top returns the first value of the main list. First's stale tail
// reaches it through a list that Append then RemoveFirst left behind.
func (s *Shelf) Top() int {
	if s.Main == nil {
		return 0
	}
	v, _ := s.Main.First()
	return v
}

// Ratio divides 100 by the main list's count, which is 0 for a new list.
func Ratio(s Shelf) int {
	return 100 / s.Main.n // want div-zero "^integer divide by zero" nil-deref "^nil dereference: s.Main is nil$"
}

// Spares counts the spare lists that hold values. A list with a tail
// and no head, which no calls make, is latent; a nil spare, which a
// caller writes, is not.
func (s *Shelf) Spares() int {
	n := 0
	for _, l := range s.Spare {
		if l.tail != nil && l.head == nil { // want nil-deref "^nil dereference: l is nil$"
			panic("corrupt spare") // want latent panic "^panic: corrupt spare$"
		}
		if l.head != nil {
			n++
		}
	}
	return n
}

// Walk is a cursor a caller keeps in a struct of its own.
type Walk struct {
	At *Cursor
}

// Here returns the value under the walk's cursor: Value's nil node, for a
// cursor of an empty list, reaches it through a cursor (*List).Cursor
// made.
func (w Walk) Here() int {
	if w.At == nil {
		return 0
	}
	return w.At.Value()
}

// Ledger holds lists by value. A caller fills it with copies of lists
// the API made (Ledger{Open: *l}); its fields are exported, so it is
// built field by field, and each List in it is a copy of one NewList and
// List's methods built.
type Ledger struct {
	Open   List
	Closed []List
}

// Mean divides total by the open list's count, which is 0 for a new list.
func (g Ledger) Mean(total int) int {
	if g.Open.n < 0 {
		panic("negative count") // want latent panic "^panic: negative count$"
	}
	return total / g.Open.n // want div-zero "^integer divide by zero"
}

// Peek reads the open list's first value, which a stale tail (Append,
// then RemoveFirst) makes First dereference a nil head.
func (g *Ledger) Peek() int {
	v, _ := g.Open.First()
	return v
}

// Oldest returns the first value of the first closed list; a new list
// has no head.
func (g *Ledger) Oldest() int {
	if len(g.Closed) == 0 {
		return 0
	}
	return g.Closed[0].head.val // want nil-deref `^nil dereference: g.Closed\[0\].head is nil`
}

// Piles holds a stack by value; a Stack's zero value is where every
// stack starts, so a Piles literal that leaves it out holds a stack a
// caller can have.
type Piles struct {
	Main Stack
}

// Top peeks at the main stack, empty in a zero Piles.
func (p *Piles) Top() string {
	return p.Main.Peek()
}
