// Package bst ports BinarySearchTree, the unbalanced binary search tree of
// Weiss's textbook that the Kiasan paper (Deng, Lee and Robby, lazier#
// initialization, Table I) checks through find, findMin, insert and remove.
package bst

// Node is a node of a Tree.
type Node struct {
	elem        int
	left, right *Node
}

// Tree is a binary search tree of distinct ints. The zero value is an empty
// tree.
type Tree struct {
	root *Node
}

// Find reports whether x is in t.
func (t *Tree) Find(x int) bool {
	n := t.root
	for n != nil {
		switch {
		case x < n.elem:
			n = n.left
		case x > n.elem:
			n = n.right
		default:
			return true
		}
	}
	return false
}

// FindMin returns the smallest element of t; ok is false if t is empty.
func (t *Tree) FindMin() (x int, ok bool) {
	n := t.root
	if n == nil {
		return 0, false
	}
	for n.left != nil {
		n = n.left
	}
	return n.elem, true
}

// FindMax returns the largest element of t; ok is false if t is empty.
func (t *Tree) FindMax() (x int, ok bool) {
	n := t.root
	if n == nil {
		return 0, false
	}
	for n.right != nil {
		n = n.right
	}
	return n.elem, true
}

// Insert adds x to t and reports whether it was absent. A tree holds each
// element once, so inserting a present element leaves t unchanged.
func (t *Tree) Insert(x int) bool {
	var added bool
	t.root, added = insert(t.root, x)
	return added
}

// insert returns the subtree n with x added, and whether it was absent.
func insert(n *Node, x int) (*Node, bool) {
	if n == nil {
		return &Node{elem: x}, true
	}
	var added bool
	switch {
	case x < n.elem:
		n.left, added = insert(n.left, x)
	case x > n.elem:
		n.right, added = insert(n.right, x)
	}
	return n, added
}

// Remove deletes x from t and reports whether it was present.
func (t *Tree) Remove(x int) bool {
	var removed bool
	t.root, removed = remove(t.root, x)
	return removed
}

// remove returns the subtree n without x, and whether x was in it.
func remove(n *Node, x int) (*Node, bool) {
	if n == nil {
		return nil, false
	}
	var removed bool
	switch {
	case x < n.elem:
		n.left, removed = remove(n.left, x)
	case x > n.elem:
		n.right, removed = remove(n.right, x)
	case n.left != nil && n.right != nil:
		// A node with two children keeps its place and takes the
		// smallest element of its right subtree, the only element that
		// can stand between the two subtrees; that element's own node
		// has no left child and so is easy to unlink.
		m := n.right
		for m.left != nil {
			m = m.left
		}
		n.elem = m.elem
		n.right, _ = remove(n.right, m.elem)
		return n, true
	case n.left != nil:
		return n.left, true
	default:
		return n.right, true
	}
	return n, removed
}

// repOK is the class invariant: the nodes form a tree (no cycles, no node
// reachable twice) whose elements are in strict search-tree order.
func (t *Tree) repOK() bool {
	return ordered(t.root, nil, nil)
}

// ordered reports whether every element under n lies strictly between the
// elements of lo and hi, the nearest ancestors that n hangs to the right and
// to the left of (nil for no bound). The strict bounds also rule out cycles
// and shared nodes, so the walk always ends: a node reached along two paths
// would have to lie on both sides of the node where the paths part, and a
// node reached again from itself would have to lie strictly beside itself.
func ordered(n, lo, hi *Node) bool {
	if n == nil {
		return true
	}
	if lo != nil && n.elem <= lo.elem || hi != nil && n.elem >= hi.elem {
		return false
	}
	return ordered(n.left, lo, n) && ordered(n.right, n, hi)
}
