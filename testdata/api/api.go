// Package api holds types whose state only their methods set: gosym must
// build them through the package's API (constructors, zero values the
// documentation calls usable, call sequences) and report as latent the
// panics that need a state no caller can build.
package api

// List is a singly linked list of ints that keeps a pointer to its last
// node. Make one with NewList.
type List struct {
	head, tail *node
	n          int
}

type node struct {
	val  int
	next *node
}

// NewList returns an empty list.
func NewList() *List { return &List{} }

// Append adds v at the end.
func (l *List) Append(v int) {
	nd := &node{val: v}
	if l.tail == nil {
		l.head, l.tail = nd, nd
	} else {
		l.tail.next = nd
		l.tail = nd
	}
	l.n++
}

// RemoveFirst removes the first value, and forgets to clear the tail when
// the list becomes empty: the stale tail makes First dereference a nil
// head after Append, RemoveFirst.
func (l *List) RemoveFirst() (int, bool) {
	if l.head == nil {
		return 0, false
	}
	v := l.head.val
	l.head = l.head.next
	l.n--
	return v, true
}

// First returns the first value; it trusts the tail to say whether the
// list is empty.
func (l *List) First() (int, bool) {
	if l.tail == nil {
		return 0, false
	}
	return l.head.val, true // want nil-deref "^nil dereference: l.head is nil$" nil-deref "^nil dereference: l.head is nil$" nil-deref "^nil dereference: l.head is nil$" nil-deref "^nil dereference: l.head is nil$"
}

// Len returns the number of values; a hand-built list with a negative
// count makes it panic, which no sequence of calls can do.
func (l *List) Len() int {
	if l.n < 0 {
		panic("negative length") // want latent panic "^panic: negative length$"
	}
	return l.n
}

// FixedList is List with RemoveFirst clearing the tail.
type FixedList struct {
	head, tail *node
}

// NewFixedList returns an empty list.
func NewFixedList() *FixedList { return &FixedList{} }

// Append adds v at the end.
func (l *FixedList) Append(v int) {
	nd := &node{val: v}
	if l.tail == nil {
		l.head, l.tail = nd, nd
	} else {
		l.tail.next = nd
		l.tail = nd
	}
}

// RemoveFirst removes the first value.
func (l *FixedList) RemoveFirst() (int, bool) {
	if l.head == nil {
		return 0, false
	}
	v := l.head.val
	l.head = l.head.next
	if l.head == nil {
		l.tail = nil
	}
	return v, true
}

// First returns the first value. A hand-built list with a tail and no
// head makes it panic; no sequence of calls builds one.
func (l *FixedList) First() (int, bool) {
	if l.tail == nil {
		return 0, false
	}
	return l.head.val, true // want latent nil-deref "^nil dereference: l.head is nil$"
}

// Stack has no constructor: its zero value is where every stack starts.
type Stack struct{ items []string }

// Push adds v on top.
func (s *Stack) Push(v string) { s.items = append(s.items, v) }

// Peek returns the top through a helper that does not check for an empty
// stack.
func (s *Stack) Peek() string { return s.top() }

func (s *Stack) top() string {
	return s.items[len(s.items)-1] // want index `^index out of range \[-1\]` index `^index out of range \[-1\]`
}

// Ring is a fixed ring of four slots. NewRing makes it; its methods keep
// pos within the ring.
type Ring struct {
	buf []int
	pos int
}

// NewRing returns a ring of four zero slots.
func NewRing() *Ring { return &Ring{buf: make([]int, 4)} }

// Put writes v at the current slot and moves on.
func (r *Ring) Put(v int) {
	r.buf[r.pos] = v // want latent index "^index out of range"
	r.pos = (r.pos + 1) % len(r.buf)
}

// Counter counts words. The zero value is ready to use.
type Counter struct {
	counts map[string]int
	total  int
}

// NewCounter returns an empty counter.
func NewCounter() *Counter { return &Counter{counts: map[string]int{}} }

// Add counts w once; the zero value's map is nil, which the doc comment
// says is a usable counter.
func (c *Counter) Add(w string) {
	c.counts[w]++ // want nil-map "^assignment to entry in nil map"
	c.total++
}

// Table maps names to numbers. Make one with NewTable: its zero value has
// no map.
type Table struct{ rows map[string]int }

// NewTable returns an empty table.
func NewTable() *Table { return &Table{rows: map[string]int{}} }

// Set stores v under k; a zero Table panics, but callers must use NewTable.
func (t *Table) Set(k string, v int) {
	t.rows[k] = v // want latent nil-map "^assignment to entry in nil map"
}

// Sum adds the values of a list. Its parameter is built through the API
// like a receiver.
func Sum(l *FixedList) int {
	total := 0
	for n := l.head; n != nil; n = n.next {
		total += 100 / n.val // want div-zero "^integer divide by zero"
	}
	return total
}

// FirstOf returns the first value of a list. Its parameter has the
// package's name, which a witness outside the package must leave to the
// package.
func FirstOf(api *List) int {
	v, _ := api.First()
	return v
}

// Sorted is a list of ints kept in the order of a comparison; make one
// with NewSorted.
type Sorted struct {
	less func(a, b int) bool
	vals []int
}

// NewSorted returns an empty list ordered by less.
func NewSorted(less func(a, b int) bool) *Sorted { return &Sorted{less: less} }

// Ascending orders ints from the smallest: the package offers it for
// NewSorted.
func Ascending(a, b int) bool { return a < b }

// Insert adds v after the values less than it.
func (s *Sorted) Insert(v int) {
	i := 0
	for i < len(s.vals) && s.less(s.vals[i], v) { // want latent nil-func "^call of nil function: s.less is nil$"
		i++
	}
	s.vals = append(s.vals, 0)
	copy(s.vals[i+1:], s.vals[i:])
	s.vals[i] = v
}

// Gap divides by the difference of the two smallest values. Equal ones
// need two insertions that ran the comparison.
func (s *Sorted) Gap() int {
	return 100 / (s.vals[1] - s.vals[0]) // want index `^index out of range \[1\] with length 0` div-zero "^integer divide by zero"
}

// Vec is an immutable vector of ints: its methods return new vectors.
// Make one with EmptyVec.
type Vec struct {
	vals []int
}

// EmptyVec returns the vector without values.
func EmptyVec() Vec { return Vec{} }

// With returns v with x added at the end; v is unchanged.
func (v Vec) With(x int) Vec {
	return Vec{vals: append(v.vals[:len(v.vals):len(v.vals)], x)}
}

// Ratio divides the next-to-last value by the last; a vector of fewer
// than two values has ratio 0.
func (v Vec) Ratio() int {
	n := len(v.vals)
	if n < 2 {
		return 0
	}
	return v.vals[n-2] / v.vals[n-1] // want div-zero "^integer divide by zero"
}

// Set is a sorted set of keys of any type under a comparison function,
// as gods' containers are; make one with NewSet. The package offers no
// comparison, so the witness writes one out.
type Set struct {
	compare func(a, b any) int
	keys    []any
}

// NewSet returns an empty set ordered by compare.
func NewSet(compare func(a, b any) int) *Set { return &Set{compare: compare} }

// Add inserts k in order, unless the set holds it.
func (s *Set) Add(k any) {
	i := 0
	for ; i < len(s.keys); i++ {
		c := s.compare(s.keys[i], k) // want latent nil-func "^call of nil function: s.compare is nil$"
		if c == 0 {
			return
		}
		if c > 0 {
			break
		}
	}
	s.keys = append(s.keys, nil)
	copy(s.keys[i+1:], s.keys[i:])
	s.keys[i] = k
}

// Gap divides by the room between the two smallest int keys: two keys
// next to each other leave none, which only a real ordering tells.
func (s *Set) Gap() int {
	return 100 / (s.keys[1].(int) - s.keys[0].(int) - 1) // want div-zero "^integer divide by zero" index `^index out of range \[1\] with length 0` latent type-assert "^interface conversion: interface is nil, not int \\(s.keys\\[1\\]\\)$" latent type-assert "^interface conversion: interface is nil, not int \\(s.keys\\[0\\]\\)$"
}

// Sizer has a size.
type Sizer interface{ Capacity() int }

// box is the package's own Sizer, which it does not export.
type box struct{ n int }

// Capacity returns the box's size.
func (b *box) Capacity() int { return b.n } // want latent nil-deref "^nil dereference: b is nil"

// SizerOf returns a box of size n as a Sizer: never a nil one.
func SizerOf(n int) Sizer { return &box{n: n} }

// TotalSize adds the sizes. A nil Sizer makes it panic, which any caller
// can pass; a nil *box, which no caller can name, is latent.
func TotalSize(ss []Sizer) int {
	total := 0
	for _, s := range ss {
		total += s.Capacity() // want nil-deref "^nil dereference: method Capacity called on nil interface s$"
	}
	return total
}

// Cursor walks a List; get one from (*List).Cursor.
type Cursor struct{ at *node }

// Cursor returns a cursor at the list's first value.
func (l *List) Cursor() *Cursor { return &Cursor{at: l.head} }

// Value returns the value under the cursor. It forgets that a cursor of
// an empty list is at no value: l := NewList(); l.Cursor().Value().
func (c *Cursor) Value() int { return c.at.val } // want nil-deref "^nil dereference: c.at is nil" nil-deref "^nil dereference: c.at is nil"

// Bag holds values; walk them with an iterator from (*Bag).From.
type Bag struct{ vals []int }

// NewBag returns an empty bag.
func NewBag() *Bag { return &Bag{} }

// Add puts v in the bag.
func (b *Bag) Add(v int) { b.vals = append(b.vals, v) }

// From returns an iterator over the bag's values from index i on, which
// it keeps within 0 and the bag's length.
func (b *Bag) From(i int) *BagIter { return &BagIter{b: b, next: min(max(i, 0), len(b.vals))} }

// BagIter walks a Bag. Its zero value walks no bag.
type BagIter struct {
	b    *Bag
	next int
}

// Skip passes over up to n values. For a huge n, it.next+n wraps around
// and leaves the iterator at a negative index.
func (it *BagIter) Skip(n int) {
	if n > 0 {
		it.next = min(it.next+n, len(it.b.vals)) // want latent nil-deref "^nil dereference: it.b is nil"
	}
}

// Peek returns the value the iterator is at, trusting that a value is
// left: an iterator at the bag's end makes it panic. One whose bag is
// nil, which only a hand-built iterator has, is latent.
func (it *BagIter) Peek() int {
	return it.b.vals[it.next] // want index "^index out of range" latent nil-deref "^nil dereference: it.b is nil"
}

// Done reports whether the iterator is at the bag's end. Its check of the
// index fails after Skip wrapped around: a bug only a sequence of calls on
// the bag and then the iterator reaches (Add, From(1), Skip(MaxInt)).
func (it *BagIter) Done() bool {
	if it.next < 0 {
		panic("iterator overflow") // want panic "^panic: iterator overflow$"
	}
	return it.next >= len(it.b.vals) // want latent nil-deref "^nil dereference: it.b is nil"
}

// Find returns a cursor at the first value v in the list, or nil when
// there is none: the nil is the caller's to check, as a nil argument is.
func (l *List) Find(v int) *Cursor {
	for n := l.head; n != nil; n = n.next {
		if n.val == v {
			return &Cursor{at: n}
		}
	}
	return nil
}

// Advance moves the cursor on and reports whether it is at a value. It
// means to take a nil cursor (Find's) for one at the end, but its check
// says && for ||.
func (c *Cursor) Advance() bool {
	if c == nil && c.at == nil { // want nil-deref "^nil dereference: c is nil \\(compared with nil"
		return false
	}
	c.at = c.at.next // want nil-deref "^nil dereference: c.at is nil"
	return c.at != nil
}

// Gap is how far the value under to lies above the one under from. Each
// cursor may come from an empty list, to's with from's at a value too.
func Gap(from, to *Cursor) int {
	return to.at.val - from.at.val // want nil-deref "^nil dereference: to.at is nil" nil-deref "^nil dereference: from.at is nil"
}
