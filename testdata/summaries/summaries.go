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

// Ratio calls ratio with a box whose contents depend on the branch: a
// summary of the first call must not answer the second, which reads a
// different b.v.
func Ratio(zero bool) int {
	b := &box{v: 1}
	if zero {
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

// NearNotThree calls near on both sides of a test of n: the call where
// n is 3 is the second one the search makes, and only it divides by
// zero.
func NearNotThree(n int) int {
	a := 1
	if n != 3 {
		a = 2
	}
	return near(n) + a
}

// NearBoth calls near on both sides of a test that says nothing of n:
// the summary of the first call answers the second, whose path then
// divides by what near returned.
func NearBoth(n int, b bool) int {
	a := 1
	if b {
		a = 2
	}
	r := near(n) + a
	if !b && r == -99 {
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

// Second calls second on both sides of a test of b, before anything
// reads the list: the summary of the first call answers the second,
// and the nodes it read are the second path's inputs too.
func Second(n *Node, b bool) int {
	if b {
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

// Clamp goes on after set under n > 5 and under n <= 5: the two returns
// leave the same memory, but what they know of n differs, so that one
// covering the other would miss the panic on n == 0.
func Clamp(n int) int {
	x := 0
	set(&x, n)
	if n == 0 {
		panic("n is zero") // want panic "^panic: n is zero$"
	}
	return x
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

// Flips calls flip under both values of flag: the summary of the call
// made with flag false answers the calls on other paths made with it
// false, and the one made with it true is run.
func Flips(f func() bool, set bool) {
	if f == nil {
		return
	}
	if set {
		flag = true
	} else {
		flag = false
	}
	flip(f)
	flip(f)
}
