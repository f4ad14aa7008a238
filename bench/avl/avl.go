// Package avl ports AvlTree, the AVL tree of Weiss's textbook that the
// Kiasan paper (Deng, Lee and Robby, lazier# initialization, Table I) checks
// through insert.
package avl

// Node is a node of a Tree. Its height is that of the subtree it roots: 1
// for a leaf, and 0 stands for the empty subtree.
type Node struct {
	elem        int
	height      int
	left, right *Node
}

// Tree is an AVL tree of distinct ints: a binary search tree in which the
// heights of every node's two subtrees differ by at most one. The zero value
// is an empty tree.
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

// Insert adds x to t and reports whether it was absent. A tree holds each
// element once, so inserting a present element leaves t unchanged.
func (t *Tree) Insert(x int) bool {
	var added bool
	t.root, added = insert(t.root, x)
	return added
}

// insert returns the subtree n with x added and rebalanced, and whether x
// was absent.
func insert(n *Node, x int) (*Node, bool) {
	if n == nil {
		return &Node{elem: x, height: 1}, true
	}
	var added bool
	switch {
	case x < n.elem:
		n.left, added = insert(n.left, x)
	case x > n.elem:
		n.right, added = insert(n.right, x)
	default:
		return n, false
	}
	return rebalance(n), added
}

func height(n *Node) int {
	if n == nil {
		return 0
	}
	return n.height
}

// fixHeight recomputes n's height from its children's, which must be
// correct already.
func fixHeight(n *Node) {
	n.height = 1 + max(height(n.left), height(n.right))
}

// rebalance restores the AVL property at n after one of its subtrees grew
// by one level, and returns the new root of the subtree.
func rebalance(n *Node) *Node {
	switch d := height(n.left) - height(n.right); {
	case d > 1:
		// An inner grandchild that is the taller one would end up on
		// the same side after a single rotation, so it is first
		// rotated outward (the double rotation).
		if height(n.left.left) < height(n.left.right) {
			n.left = rotateLeft(n.left)
		}
		return rotateRight(n)
	case d < -1:
		if height(n.right.right) < height(n.right.left) {
			n.right = rotateRight(n.right)
		}
		return rotateLeft(n)
	}
	fixHeight(n)
	return n
}

// rotateRight lifts n's left child above n.
func rotateRight(n *Node) *Node {
	l := n.left
	n.left = l.right
	l.right = n
	fixHeight(n)
	fixHeight(l)
	return l
}

// rotateLeft lifts n's right child above n.
func rotateLeft(n *Node) *Node {
	r := n.right
	n.right = r.left
	r.left = n
	fixHeight(n)
	fixHeight(r)
	return r
}

// repOK is the class invariant: the nodes form a tree in strict search-tree
// order, every stored height is right, and every node is balanced.
func (t *Tree) repOK() bool {
	return ordered(t.root, nil, nil) && balanced(t.root)
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

// balanced reports whether the heights stored under the tree n are right and
// differ by at most one between siblings. Once the children are known to
// be right, their stored heights can stand for the real ones.
func balanced(n *Node) bool {
	if n == nil {
		return true
	}
	hl, hr := height(n.left), height(n.right)
	return balanced(n.left) && balanced(n.right) &&
		n.height == 1+max(hl, hr) && hl-hr <= 1 && hr-hl <= 1
}
