// Package users calls package lists, whose bodies the analyzer does not
// have here: it uses the facts computed for lists.
package users

import "lists"

// Queue is a queue over a list.
type Queue struct {
	first *lists.Node
}

// Newest returns the value of the last node: an empty queue has a nil
// first node, and lists.Last panics whenever its head is nil.
func (q *Queue) Newest() int { // want Newest:`panics when nil: q \(nil-deref\)`
	return lists.Last(q.first).Val // want `q.first is nil, and lists.Last panics whenever its head is nil \(nil dereference: head is nil at lists.go:58:11\) \(nil-deref\)`
}

// NewestOr checks for an empty queue first. What lists.Last returns is
// not known, so the dereference of it is not reported.
func (q *Queue) NewestOr(def int) int { // want NewestOr:`panics when nil: q \(nil-deref\)`
	if q.first == nil {
		return def
	}
	return lists.Last(q.first).Val
}

// NewestOf leaves a nil head to its caller, as a dereference of it
// would; its fact comes from lists.Last's.
func NewestOf(head *lists.Node) *lists.Node { // want NewestOf:`panics when nil: head \(nil-deref\)`
	return lists.Last(head)
}

// AfterNewest has no fact to use: lists.Tail handles nil.
func AfterNewest(q *Queue) *lists.Node { // want AfterNewest:`panics when nil: q \(nil-deref\)`
	return lists.Tail(q.first)
}

// History holds the values seen, none at first.
type History struct {
	vals []int
}

// Oldest returns the first value seen: an empty history has nil values,
// and lists.First panics whenever its slice is nil.
func (h *History) Oldest() int { // want Oldest:`panics when nil: h \(nil-deref\)`
	return lists.First(h.vals) // want `h.vals is nil, and lists.First panics whenever its vals is nil \(index out of range \[0\] with length 0 \(vals\[0\]\) at lists.go:[0-9]+:[0-9]+\) \(index\)`
}

// OldestOr checks for an empty history first: a slice of length 0 is
// the only nil one.
func (h *History) OldestOr(def int) int { // want OldestOr:`panics when nil: h \(nil-deref\)`
	if len(h.vals) == 0 {
		return def
	}
	return lists.First(h.vals)
}

// Tally counts words in a map it never makes: the zero Tally's is nil.
type Tally struct {
	counts map[string]int
}

// Add counts w: the zero Tally's nil map makes lists.Bump panic.
func (t *Tally) Add(w string) { // want Add:`panics when nil: t \(nil-deref\)`
	lists.Bump(t.counts, w) // want `t.counts is nil, and lists.Bump panics whenever its counts is nil \(assignment to entry in nil map \(counts\) at lists.go:[0-9]+:[0-9]+\) \(nil-map\)`
}

// Bucket picks one of n buckets for key: no bucket when n is 0.
func Bucket(key, n int) int { // want Bucket:`panics when zero: n \(div-zero\)`
	return lists.Mod(key, n) // want `n is 0, and lists.Mod panics whenever its b is 0 \(integer divide by zero: b is 0 at lists.go:[0-9]+:[0-9]+\) \(div-zero\)`
}

// Letter returns the first letter of name, which may be empty.
func Letter(name string) byte { // want Letter:`panics when zero: name \(index\)`
	return lists.Initial(name) // want `name is "", and lists.Initial panics whenever its s is "" \(index out of range \[0\] with length 0 \(s\[0\]\) at lists.go:[0-9]+:[0-9]+\) \(index\)`
}
