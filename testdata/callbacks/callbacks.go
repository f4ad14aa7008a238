// Package callbacks calls the function values it is given. A function
// value is an input like any other: each call of it returns fresh values,
// and a panic that rests on them is a finding, whose witness passes a
// function literal that returns, call after call, what the path needed.
// A function the code takes for an ordering or an equality (a less, a
// cmp, an eq) is not arbitrary: it is a real one.
package callbacks

// Apply indexes xs by what f returns.
func Apply(xs []int, f func(int) int) int {
	return xs[f(len(xs))] // want index `^index out of range \[-?\d+\] with length \d+ \(xs\[f\(len\(xs\)\)\]\)$`
}

// Clamped checks what f returns before it indexes: no finding.
func Clamped(xs []int, f func(int) int) int {
	i := f(len(xs))
	if i < 0 || i >= len(xs) {
		return -1
	}
	return xs[i]
}

// Window slices buf from the first value next returns to the second.
// Both are checked against buf, but not against each other: a second
// value below the first panics, which needs the two calls' values in
// that order.
func Window(buf []byte, next func() int) []byte {
	lo := next()
	hi := next()
	if lo < 0 || hi < 0 || hi > len(buf) {
		return nil
	}
	return buf[lo:hi] // want slice-bounds `^slice bounds out of range \[[1-9]\d*:\d+\] \(buf\)$`
}

// Drain counts the values next gives until it says there are no more;
// a third value of 7 is fatal. Each call returns a fresh value.
func Drain(next func() (int, bool)) int {
	n := 0
	for {
		v, ok := next()
		if !ok {
			return n
		}
		n++
		if n == 3 && v == 7 {
			panic("third value is 7") // want panic `^panic: third value is 7$`
		}
	}
}

// Options configure Pad: the callback is a field of an input struct.
type Options struct {
	Width func(n int) int
}

// Pad returns the byte of s at the width opts.Width gives for it.
func Pad(s string, opts *Options) byte {
	if opts == nil || opts.Width == nil {
		return ' '
	}
	return s[opts.Width(len(s))] // want index `^index out of range \[-?\d+\] with length \d+ \(s\[opts.Width\(len\(s\)\)\]\)$`
}

// Counter counts hits by slot.
type Counter struct {
	Hits []int
}

// Record asks hook, which it hands the counter, for the slot to bump.
// hook could change the counter; it is taken to change nothing, as the
// witness's literal does.
func Record(c *Counter, hook func(*Counter) int) {
	if c == nil {
		return
	}
	c.Hits[hook(c)]++ // want index `^index out of range \[-?\d+\] with length \d+ \(c.Hits\[hook\(c\)\]\)$`
}

// Gap divides by how far a is above b, once less says a is not below
// b: equal values divide by zero. less is an ordering, and the witness
// passes a real one.
func Gap(a, b int, less func(a, b int) bool) int {
	if less(a, b) {
		return 0
	}
	return 100 / (a - b) // want div-zero `^integer divide by zero: a - b is 0$`
}

// Ordered panics where less says each of a and b is below the other,
// which no ordering does: no finding.
func Ordered(a, b int, less func(a, b int) bool) bool {
	if less(a, b) && less(b, a) {
		panic("less is not an ordering")
	}
	return less(a, b)
}

// Compare panics where cmp says a is below b and b below a: no finding.
func Compare(a, b int64, cmp func(x, y int64) int) int {
	if cmp(a, b) < 0 && cmp(b, a) < 0 {
		panic("cmp is not an ordering")
	}
	return cmp(a, b)
}

// Symmetric panics where eq says a equals b but not b a, which no
// equality does: no finding.
func Symmetric(a, b int, eq func(a, b int) bool) bool {
	if eq(a, b) != eq(b, a) {
		panic("eq is not symmetric")
	}
	return eq(a, b)
}

// ByName orders names: a named type of ordering says what its values are.
type ByName func(a, b string) bool

// First returns the first of two names under before, an ordering of
// strings by its type's name: a name both precede or follow is none.
func First(a, b string, before ByName) string {
	if before(a, b) && before(b, a) {
		panic("before is not an ordering")
	}
	if before(b, a) {
		return b
	}
	return a
}

// Item is a value no canonical order knows.
type Item struct{ Rank int }

// Top compares two items under less, which orders a type with no
// canonical order and which the package offers no function for: its
// calls are unknown calls, and the panic that rests on their results is
// assumed, as a panic on what an unexecuted call returned.
func Top(a, b *Item, less func(x, y *Item) bool) *Item {
	if less(a, b) && less(b, a) {
		panic("less is not an ordering")
	}
	return a
}

// Feed yields the values of a function; make one with NewFeed. The
// witness builds one through NewFeed, with a literal that returns the
// values in order.
type Feed struct {
	next func() int
}

// NewFeed returns a feed of what next returns.
func NewFeed(next func() int) *Feed { return &Feed{next: next} }

// Step indexes steps by how far the next value is below the one before.
func (f *Feed) Step(steps []int) int {
	a := f.next() // want latent nil-func `^call of nil function: f.next is nil$`
	b := f.next()
	if a <= b {
		return 0
	}
	return steps[a-b] // want index `^index out of range \[-?\d+\] with length \d+ \(steps\[a - b\]\)$`
}

// Meter reads a level from its probe. Its invariant is unexported, so
// the witness, written field by field, is a test in the package.
type Meter struct {
	probe  func() int
	levels []int
}

func (m *Meter) repOK() bool { return m != nil && m.probe != nil }

// Rise returns the level of the rise between two readings of the probe.
func (m *Meter) Rise() int {
	before := m.probe()
	after := m.probe()
	if after <= before {
		return 0
	}
	return m.levels[after-before] // want index `^index out of range \[\d+\] with length \d+ \(m.levels\[after - before\]\)$`
}

// Node is a list node whose Visit picks the node to go on with.
type Node struct {
	Val   int
	Visit func(n *Node) *Node
}

// Hop asks n.Visit where to go from n and, if it says n itself, where to
// go from there, and divides by that node's value. The witness's Visit
// returns n, so it is set once n is declared.
func Hop(n *Node) int {
	if n == nil || n.Visit == nil {
		return 0
	}
	if n.Visit(n) != n {
		return 0
	}
	return 10 / n.Visit(n).Val // want div-zero `^integer divide by zero: n.Visit\(n\).Val is 0$` nil-deref `^nil dereference: n.Visit\(n\) is nil$`
}
