// Package directives says things to gosym in //gosym: comments.
package directives

// First returns a[0]; its callers never pass an empty slice.
func First(a []int) int {
	return a[0] //gosym:ignore callers check len(a) > 0
}

// Second returns a[1].
func Second(a []int) int {
	//gosym:ignore callers pass pairs
	return a[1]
}

// Third returns a[2].
//
//gosym:ignore generated accessor
func Third(a []int) int {
	return a[2]
}

// Fourth returns the value four links on. Under the default bound (-k 3)
// the path that reads the fifth node is cut; the directive raises the
// bound, so that every path is explored.
//
//gosym:k 5
func Fourth(n *Node) int {
	if n == nil {
		return 0
	}
	return n.Next.Next.Next.Next.Val // want nil-deref "^nil dereference: n.Next is nil$" nil-deref "^nil dereference: n.Next.Next is nil$" nil-deref "^nil dereference: n.Next.Next.Next is nil$" nil-deref "^nil dereference: n.Next.Next.Next.Next is nil$"
}

// Node is a list node.
type Node struct {
	Val  int
	Next *Node
}
