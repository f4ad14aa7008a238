// Package inner has a list whose nodes only it can build.
package inner

// List is a list of ints.
type List struct{ head *node }

type node struct {
	val  int
	next *node
}

// Second returns the second value of l, or 0 when l is empty. It forgets
// the list of one value, but nothing in the package's API adds a value to
// a List: the panic is latent.
func (l *List) Second() int {
	if l.head == nil {
		return 0
	}
	return l.head.next.val // want latent nil-deref "^nil dereference: l.head.next is nil$"
}

// Mean returns sum / n.
func Mean(sum, n int) int {
	return sum / n // want div-zero "^integer divide by zero: n is 0$"
}
