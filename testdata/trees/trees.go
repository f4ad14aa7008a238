// Package trees is a binary search tree of ints, written as a textbook
// writes one: loops that descend it, and recursions over it.
package trees

// Node is a node of a binary search tree.
type Node struct {
	Key         int
	Left, Right *Node
}

// Tree is a binary search tree; its zero value is an empty tree.
type Tree struct {
	root *Node
	size int
}

// Insert adds k, and reports whether it was not there yet.
func (t *Tree) Insert(k int) bool {
	p := &t.root
	for *p != nil {
		switch n := *p; {
		case k < n.Key:
			p = &n.Left
		case k > n.Key:
			p = &n.Right
		default:
			return false
		}
	}
	*p = &Node{Key: k}
	t.size++
	return true
}

// Contains reports whether k is in the tree.
func (t *Tree) Contains(k int) bool {
	n := t.root
	for n != nil {
		if k == n.Key {
			return true
		}
		if k < n.Key {
			n = n.Left
		} else {
			n = n.Right
		}
	}
	return false
}

// Min returns the smallest key. It forgets the empty tree.
func (t *Tree) Min() int {
	n := t.root
	for n.Left != nil { // want nil-deref "^nil dereference: n is nil$"
		n = n.Left
	}
	return n.Key
}

// Height is the number of nodes on the longest path from n down.
func Height(n *Node) int {
	if n == nil {
		return 0
	}
	return 1 + max(Height(n.Left), Height(n.Right))
}

// Size counts the nodes below n, n included.
func Size(n *Node) int {
	if n == nil {
		return 0
	}
	return 1 + Size(n.Left) + Size(n.Right)
}

// Floor returns the largest key at most k below n, and whether there is
// one.
func Floor(n *Node, k int) (int, bool) {
	for n != nil {
		if n.Key == k {
			return k, true
		}
		if k < n.Key {
			n = n.Left
			continue
		}
		if f, ok := Floor(n.Right, k); ok {
			return f, true
		}
		return n.Key, true
	}
	return 0, false
}

// Spread divides the root's key by the key three left steps below it:
// it panics only on a tree four levels deep.
func Spread(n *Node) int {
	if n == nil || n.Left == nil || n.Left.Left == nil || n.Left.Left.Left == nil {
		return 0
	}
	return n.Key / n.Left.Left.Left.Key // want div-zero "^integer divide by zero"
}
