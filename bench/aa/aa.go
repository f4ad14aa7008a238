// Package aa ports AATree, the AA tree (Andersson's simplified red-black
// tree) of Weiss's textbook that the Kiasan paper (Deng, Lee and Robby,
// lazier# initialization, Table I) checks through find and remove.
package aa

// Node is a node of a Tree. Its level plays the part of a red-black tree's
// black height; 0 stands for the empty subtree.
type Node struct {
	elem        int
	level       int
	left, right *Node
}

// Tree is an AA tree of distinct ints. The zero value is an empty tree.
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
		return &Node{elem: x, level: 1}, true
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
	return split(skew(n)), added
}

// Remove deletes x from t and reports whether it was present.
func (t *Tree) Remove(x int) bool {
	var removed bool
	t.root, removed = remove(t.root, x)
	return removed
}

// remove returns the subtree n without x and rebalanced, and whether x was
// in it.
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
	case n.left == nil:
		// Only level-1 nodes lack a left child, and the right child of
		// such a node, if any, is a level-1 leaf that can take its place.
		return n.right, true
	default:
		// Every node above level 1 has two children; it takes the
		// smallest element of its right subtree, which sits in a level-1
		// node that the case above unlinks.
		m := n.right
		for m.left != nil {
			m = m.left
		}
		n.elem = m.elem
		n.right, _ = remove(n.right, m.elem)
		removed = true
	}
	return rebalance(n), removed
}

func level(n *Node) int {
	if n == nil {
		return 0
	}
	return n.level
}

// rebalance restores the AA invariants at n after one of its subtrees lost
// a level. Losing a level can leave n two levels above a child; n then
// drops a level, taking a horizontal right child with it, and the skews and
// splits remove the horizontal links that this may have put on the wrong
// side or in a row, along the right spine where they can occur.
func rebalance(n *Node) *Node {
	want := min(level(n.left), level(n.right)) + 1
	if want >= n.level {
		return n
	}
	n.level = want
	if n.right != nil && n.right.level > want {
		n.right.level = want
	}
	n = skew(n)
	n.right = skew(n.right)
	if n.right != nil {
		n.right.right = skew(n.right.right)
	}
	n = split(n)
	n.right = split(n.right)
	return n
}

// skew turns a left horizontal link (a left child on n's level) into a
// right one by lifting the child above n.
func skew(n *Node) *Node {
	if n == nil || n.left == nil || n.left.level != n.level {
		return n
	}
	l := n.left
	n.left = l.right
	l.right = n
	return l
}

// split breaks two right horizontal links in a row by lifting the middle
// node above n, one level up.
func split(n *Node) *Node {
	if n == nil || n.right == nil || n.right.right == nil || n.right.right.level != n.level {
		return n
	}
	r := n.right
	n.right = r.left
	r.left = n
	r.level++
	return r
}

// repOK is the class invariant: the nodes form a tree in strict search-tree
// order, and the levels obey the AA rules.
func (t *Tree) repOK() bool {
	return ordered(t.root, nil, nil) && leveled(t.root)
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

// leveled reports whether the tree n obeys the AA rules: a left child is one
// level below its parent, a right child is on its parent's level or one
// below, and a right grandchild is below its grandparent (no two horizontal
// links in a row). With the empty subtree at level 0 these make leaves
// level 1 and give every node above level 1 two children.
func leveled(n *Node) bool {
	if n == nil {
		return true
	}
	return level(n.left) == n.level-1 &&
		(level(n.right) == n.level || level(n.right) == n.level-1) &&
		(n.right == nil || level(n.right.right) < n.level) &&
		leveled(n.left) && leveled(n.right)
}
