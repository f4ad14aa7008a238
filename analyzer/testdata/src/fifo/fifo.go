// Package fifo has a type whose values only its API builds: the analyzer
// reports what a caller can reach, and the latent panics only with
// -latent.
package fifo

// Queue is a FIFO queue of ints; make one with New.
type Queue struct {
	items []int
	head  int
}

// New returns an empty queue.
func New() *Queue { return &Queue{} }

// Push adds x at the tail.
func (q *Queue) Push(x int) { q.items = append(q.items, x) } // want Push:`panics when nil: q \(nil-deref\)`

// Pop removes and returns the head; an empty queue makes it panic.
func (q *Queue) Pop() int { // want Pop:`panics when nil: q \(nil-deref\)`
	x := q.items[q.head] // want `index out of range \[0\] with length 0 \(q.items\[q.head\]\) \(index\)`
	q.head++
	return x
}

// Len is the number of ints queued. Only a hand-built queue has a head
// past its items.
func (q *Queue) Len() int { // want Len:`panics when nil: q \(nil-deref\)`
	if q.head > len(q.items) {
		panic("corrupt queue")
	}
	return len(q.items) - q.head
}
