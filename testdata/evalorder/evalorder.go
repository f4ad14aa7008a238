// Package evalorder holds assignments whose left-hand side and right-hand
// side can both panic. The spec leaves their order open; gc evaluates the
// right-hand side first, and a witness must panic as the compiled code does.
package evalorder

// Node is a list cell.
type Node struct {
	Next *Node
	Val  int
	Vals []int
}

// Field divides before it loads n.Next.
func Field(n *Node, x int) {
	n.Next.Val = 7 % x // want div-zero "^integer divide by zero: x is 0$" nil-deref "^nil dereference: n.Next is nil$"
}

// Element divides before it loads n.Vals and checks i.
func Element(n *Node, i, x int) {
	n.Vals[i] = 7 / x // want div-zero "^integer divide by zero: x is 0$" index "^index out of range \\[0\\] with length 0 \\(n.Vals\\[i\\]\\)$"
}

// Call calls before it loads n.Next.
func Call(n *Node, x int) {
	n.Next.Val = quotient(x) // want nil-deref "^nil dereference: n.Next is nil$"
}

func quotient(x int) int {
	return 7 / x // want div-zero "^integer divide by zero: x is 0$"
}

// Earlier loads q.Next in the statement before the division: that load
// stays first. (A nil q is a nil parameter, left out by default.)
func Earlier(q *Node, x int) {
	p := q.Next
	y := 7 / x // want div-zero "^integer divide by zero: x is 0$"
	p.Val = y  // want nil-deref "^nil dereference: p is nil$"
}
