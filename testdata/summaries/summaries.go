// Package summaries has calls that procedure summaries answer, and calls
// that look alike to a careless summary but do not go on alike: what the
// callee reads differs, what the path knows of its argument differs, or
// its paths return the same memory under different conditions. Each
// finding is found with summaries on and off.
package summaries

// box holds a divisor.
type box struct{ v int }

// ratio divides by what b holds.
func ratio(b *box) int {
	return 100 / b.v // want div-zero "^integer divide by zero: b.v is 0$"
}

// Ratio calls ratio on three paths with boxes that differ in what ratio
// reads: the summary of the second call (which returns) must not answer
// the third, which divides by zero.
func Ratio(k int) int {
	b := &box{v: 2}
	switch k {
	case 0:
	case 1:
		b.v = 1
	default:
		b.v = 0
	}
	return ratio(b)
}

// near divides by n-3 when n is below 5.
func near(n int) int {
	if n < 5 {
		return 100 / (n - 3) // want div-zero "^integer divide by zero: n - 3 is 0$" div-zero "^integer divide by zero: n - 3 is 0$"
	}
	return 0
}

// NearNotThree calls near on three paths: the second call's path knows
// n is not 3, and only the third's lets it be, so the summary of the
// second must not answer the third.
func NearNotThree(n int) int {
	a := 1
	switch {
	case n > 10:
		a = 2
	case n != 3:
		a = 3
	}
	return near(n) + a
}

// NearAll calls near on three paths that a test says nothing of n
// about: the second call is recorded (a call with its key was made
// before), and its summary answers the third, whose path then goes on
// with what near returned.
func NearAll(n, k int) int {
	a := 1
	switch k {
	case 0:
		a = 2
	case 1:
		a = 3
	}
	r := near(n) + a
	if a == 1 && r == -99 {
		panic("near returned -100") // want panic "^panic: near returned -100$"
	}
	return r
}

// Node is a list node.
type Node struct {
	Next *Node
	V    int
}

// second returns the value of n's second node, or 0.
func second(n *Node) int {
	if n == nil || n.Next == nil {
		return 0
	}
	return n.Next.V
}

// Second calls second on three paths, before anything reads the list:
// the summary of the second call answers the third, and the nodes its
// paths read are the third path's inputs too.
func Second(n *Node, k int) int {
	switch k {
	case 0:
		return 10 / (second(n) - 3) // want div-zero "^integer divide by zero: second\\(n\\) - 3 is 0$"
	case 1:
		return 10 / (second(n) - 2) // want div-zero "^integer divide by zero: second\\(n\\) - 2 is 0$"
	}
	return 10 / (second(n) - 1) // want div-zero "^integer divide by zero: second\\(n\\) - 1 is 0$"
}

// set writes 1 into *p whichever way n compares with 5.
func set(p *int, n int) {
	if n > 5 {
		*p = 1
	} else {
		*p = 1
	}
}

// Clamp calls set on two paths, the second of which is recorded. Its
// two returns leave the same memory, but what they know of n differs:
// one covering the other would miss the panic on n == 0 that follows.
func Clamp(n int, first bool) int {
	x, y := 0, 1
	if first {
		y = 2
	}
	set(&x, n)
	if n == 0 {
		if first {
			panic("n is zero on the first path") // want panic "^panic: n is zero on the first path$"
		}
		panic("n is zero on the second path") // want panic "^panic: n is zero on the second path$"
	}
	return x + y
}

// ask calls f.
func ask(f func() int) int { return f() }

// Twice calls ask twice on one path: each call of f returns a new input,
// so the two results may differ.
func Twice(f func() int) {
	if f == nil {
		return
	}
	if ask(f) != ask(f) {
		panic("answers differ") // want panic "^panic: answers differ$"
	}
}

// flag is a package variable that flip reads and writes.
var flag bool

// flip sets flag to a choice of f's and then back, and panics where the
// choice was to set it while it was set already.
func flip(f func() bool) {
	old := flag
	if f() {
		if old {
			panic("set twice") // want panic "^panic: set twice$"
		}
		flag = true
	}
	flag = old
}

// Flips calls flip twice under each value of flag: the paths that
// return from the first call alike go on as one, and the calls made
// from states that agree on flag are answered by summaries.
func Flips(f func() bool, k int) {
	if f == nil {
		return
	}
	switch k {
	case 0, 1:
		flag = true
	default:
		flag = false
	}
	flip(f)
	flip(f)
}

// limit returns v, or hi where v is above it.
func limit(v, hi int) int {
	if v > hi {
		return hi
	}
	return v
}

// Pick divides by the element of xs that k picks, limited to 10. Each
// case reads another element, so the states its call of limit starts
// from differ, but only in names: the summary of the second call
// answers the third, renamed, and the third's division by zero is found
// through it, with the third element as its witness.
func Pick(xs []int, k int) int {
	switch k {
	case 0:
		return 100 / limit(xs[0], 10) // want div-zero "^integer divide by zero: limit\\(xs\\[0\\], 10\\) is 0$" index `^index out of range \[0\] with length 0 \(xs\[0\]\)$`
	case 1:
		return 100 / limit(xs[1], 10) // want div-zero "^integer divide by zero: limit\\(xs\\[1\\], 10\\) is 0$" index `^index out of range \[1\] with length 0 \(xs\[1\]\)$`
	}
	return 100 / limit(xs[2], 10) // want div-zero "^integer divide by zero: limit\\(xs\\[2\\], 10\\) is 0$" index `^index out of range \[2\] with length 0 \(xs\[2\]\)$`
}

// Counter counts.
type Counter struct{ n int }

// bump adds one to c's count and returns the count before.
func bump(c *Counter) int {
	old := c.n
	c.n++
	return old
}

// Bumps bumps the counter k picks, once its count is known not to be
// negative. The calls' states differ only in names, and the summary of
// the second answers the third, renamed: its write too, which the
// division after reads (without it, the divisor would never be 0).
func Bumps(a, b, c *Counter, k int) int {
	switch k {
	case 0:
		if a.n < 0 {
			return 0
		}
		old := bump(a)
		return 10 / (a.n - old - 1) // want div-zero "^integer divide by zero: a.n - old - 1 is 0$"
	case 1:
		if b.n < 0 {
			return 0
		}
		old := bump(b)
		return 10 / (b.n - old - 1) // want div-zero "^integer divide by zero: b.n - old - 1 is 0$"
	}
	if c.n < 0 {
		return 0
	}
	old := bump(c)
	return 10 / (c.n - old - 1) // want div-zero "^integer divide by zero: c.n - old - 1 is 0$"
}

// triple returns three times v: one path.
func triple(v int) int { return 3 * v }

// Triple3 triples the three elements of xs one after another, on one
// path, and divides by their sum. Its second call of triple is recorded,
// and the path that returns from it waits until every path of the call
// has returned: then the summary is complete, and answers the third
// call, renamed. Had the path gone on at once, the third call would
// have come before the summary it needs.
func Triple3(xs []int) int {
	if len(xs) != 3 {
		return 0
	}
	s := triple(xs[0]) + triple(xs[1]) + triple(xs[2])
	return 100 / s // want div-zero "^integer divide by zero: s is 0$"
}

// cell holds a value.
type cell struct{ v int }

// wrap makes a cell holding v.
func wrap(v int) *cell { return &cell{v: v} }

// Wrap3 wraps the three elements of xs one after another, on one path.
// The summary of the second call answers the third, renamed, and the
// cell that call made is made again, numbered after every object the
// path made: the three stay distinct cells.
func Wrap3(xs []int) int {
	if len(xs) != 3 {
		return 0
	}
	a, b, c := wrap(xs[0]), wrap(xs[1]), wrap(xs[2])
	if b == c {
		panic("one cell") // never: each call makes its own
	}
	c.v++
	return 100 / (a.v + b.v + c.v) // want div-zero "^integer divide by zero: a.v \\+ b.v \\+ c.v is 0$"
}

// Tree is a node of a binary tree.
type Tree struct{ Left, Right *Tree }

// height is the number of nodes on the longest path down from t.
func height(t *Tree) int {
	if t == nil {
		return 0
	}
	return 1 + max(height(t.Left), height(t.Right))
}

// Cyclic takes the height of t, then panics if t's left child points
// back to t. It never does: on such a t, height recurses until the
// recursion bound cuts the path. Calls of height on sibling paths are
// summarized, and one whose left child was read as nil must not answer
// one whose left child points back: the two states differ only in what
// their paths read of an input, which the heap keeps apart from the
// objects.
func Cyclic(t *Tree) int {
	h := height(t)
	if t != nil && t.Left != nil && t.Left.Left == t {
		panic("a cycle has no height")
	}
	return h
}
