// Package probe holds types whose methods gosym first runs on hand-built
// values (a probe): where none of those makes a method panic, the values
// the package's API builds, which are among them, are not built. Where
// one does, the API's values decide whether a caller can reach it.
package probe

import "strconv"

// Queue is a first-in, first-out queue of ints.
type Queue struct {
	items []int
	head  int
}

// NewQueue returns an empty queue.
func NewQueue() *Queue { return &Queue{} }

// Push adds v at the back.
func (q *Queue) Push(v int) { q.items = append(q.items, v) }

// Cap returns how many items the queue holds without growing: no queue
// makes it panic.
func (q *Queue) Cap() int { return cap(q.items) }

// Reset empties the queue, keeping its storage.
func (q *Queue) Reset() {
	q.items = q.items[:0]
	q.head = 0
}

// Pop removes the front item. On an empty queue it indexes past the end,
// which a caller reaches: NewQueue, then Pop.
func (q *Queue) Pop() int {
	v := q.items[q.head] // want index "^index out of range \\[0\\] with length 0 \\(q.items\\[q.head\\]\\)$"
	q.head++
	return v
}

// Peek returns the front item, if any. Only a queue whose head is past
// its items makes it panic, and no call sequence builds one.
func (q *Queue) Peek() (int, bool) {
	if q.head == len(q.items) {
		return 0, false
	}
	return q.items[q.head], true // want latent index "^index out of range"
}

// Labels names ints by a function its constructor chooses.
type Labels struct {
	name  func(int) string
	cache map[int]string
}

// NewPercentLabels names each int as a percentage of 200 / n.
func NewPercentLabels() *Labels {
	return &Labels{name: percent, cache: map[int]string{}}
}

// percent divides by n, which may be 0.
func percent(n int) string {
	return strconv.Itoa(200/n) + "%" // want div-zero "^integer divide by zero: n is 0$"
}

// Label returns the name of n. Its own body cannot panic on a non-nil
// Labels, but the function NewPercentLabels stored does, for n == 0.
func (l *Labels) Label(n int) string {
	if s, ok := l.cache[n]; ok {
		return s
	}
	s := l.name(n) // want latent nil-func "^call of nil function: l.name is nil$"
	l.cache[n] = s // want latent nil-map "^assignment to entry in nil map \\(l.cache\\)$"
	return s
}

// Size returns how many names the labels remember.
func (l *Labels) Size() int { return len(l.cache) }
