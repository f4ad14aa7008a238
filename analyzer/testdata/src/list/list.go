// Package list has a function that panics on a nil argument, which it
// leaves to its callers: by itself, the panic is no finding.
package list

// Node is a list node.
type Node struct {
	Next *Node
	Val  int
}

// Last returns the last node of the list that starts at n, which must not
// be nil.
func Last(n *Node) *Node { // want Last:`panics when nil: n \(nil-deref\)`
	for n.Next != nil {
		n = n.Next
	}
	return n
}

// Value returns n's value, or 0 for a nil n.
func Value(n *Node) int {
	if n == nil {
		return 0
	}
	return n.Val
}
