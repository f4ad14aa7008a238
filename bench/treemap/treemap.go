// Package treemap ports TreeMap, the red-black tree of java.util.TreeMap
// (JDK 1.5) that the Kiasan paper (Deng, Lee and Robby, lazier#
// initialization, Tables I and II) checks through get, put and remove. As in
// the JDK, nodes link to their parents, rebalancing walks up those links,
// and a size field is kept alongside the tree.
package treemap

// Node is an entry of a Map. A node that is not red is black, as the nil
// leaves are.
type Node struct {
	key, value          int
	red                 bool
	left, right, parent *Node
}

// Map is an ordered map from int to int kept as a red-black tree. The zero
// value is an empty map.
type Map struct {
	root *Node
	size int
}

// Len returns the number of entries in m.
func (m *Map) Len() int {
	return m.size
}

// Get returns the value m maps key to; ok is false if key is absent.
func (m *Map) Get(key int) (value int, ok bool) {
	if n := m.find(key); n != nil {
		return n.value, true
	}
	return 0, false
}

func (m *Map) find(key int) *Node {
	n := m.root
	for n != nil {
		switch {
		case key < n.key:
			n = n.left
		case key > n.key:
			n = n.right
		default:
			return n
		}
	}
	return nil
}

// Put maps key to value. It returns the value key had before; replaced is
// false if key was absent.
func (m *Map) Put(key, value int) (old int, replaced bool) {
	var parent *Node
	for n := m.root; n != nil; {
		parent = n
		switch {
		case key < n.key:
			n = n.left
		case key > n.key:
			n = n.right
		default:
			old, n.value = n.value, value
			return old, true
		}
	}
	e := &Node{key: key, value: value, parent: parent}
	switch {
	case parent == nil:
		m.root = e
	case key < parent.key:
		parent.left = e
	default:
		parent.right = e
	}
	m.size++
	m.fixAfterInsert(e)
	return 0, false
}

// Remove deletes key from m. It returns the value key had; removed is false
// if key was absent.
func (m *Map) Remove(key int) (old int, removed bool) {
	n := m.find(key)
	if n == nil {
		return 0, false
	}
	old = n.value
	m.delete(n)
	return old, true
}

// delete unlinks n from the tree and rebalances it.
func (m *Map) delete(n *Node) {
	m.size--
	if n.left != nil && n.right != nil {
		// A node with two children keeps its place and takes its
		// successor's entry; the successor, which has no left child, is
		// the node unlinked instead.
		s := n.right
		for s.left != nil {
			s = s.left
		}
		n.key, n.value = s.key, s.value
		n = s
	}
	child := n.left
	if child == nil {
		child = n.right
	}
	switch {
	case child != nil:
		child.parent = n.parent
		m.replace(n, child)
		n.left, n.right, n.parent = nil, nil, nil
		// Taking a black node out of a path leaves it one black short;
		// the child stands in for it.
		if !n.red {
			m.fixAfterDelete(child)
		}
	case n.parent == nil:
		m.root = nil
	default:
		// A leaf is rebalanced while still in the tree, standing in for
		// the empty subtree that replaces it, because the fix-up needs
		// its parent and sibling.
		if !n.red {
			m.fixAfterDelete(n)
		}
		if n.parent != nil {
			m.replace(n, nil)
			n.parent = nil
		}
	}
}

// replace puts r where n hangs from its parent, or at the root. It does not
// set r's parent.
func (m *Map) replace(n, r *Node) {
	switch p := n.parent; {
	case p == nil:
		m.root = r
	case p.left == n:
		p.left = r
	default:
		p.right = r
	}
}

// The fix-ups step to parents and siblings that may be missing; these
// helpers read a nil node as a black leaf with no links, as the JDK's do.

func isRed(n *Node) bool { return n != nil && n.red }

func setRed(n *Node, red bool) {
	if n != nil {
		n.red = red
	}
}

func parentOf(n *Node) *Node {
	if n == nil {
		return nil
	}
	return n.parent
}

func leftOf(n *Node) *Node {
	if n == nil {
		return nil
	}
	return n.left
}

func rightOf(n *Node) *Node {
	if n == nil {
		return nil
	}
	return n.right
}

// fixAfterInsert restores the red-black invariants after x was added as a
// leaf. A new node is red, so black heights stay equal and only a red
// parent can be wrong: a red uncle lets the colors move up a level, a black
// one is fixed by at most two rotations.
func (m *Map) fixAfterInsert(x *Node) {
	x.red = true
	for x != nil && x != m.root && x.parent.red {
		p, g := parentOf(x), parentOf(parentOf(x))
		if p == leftOf(g) {
			if y := rightOf(g); isRed(y) {
				setRed(p, false)
				setRed(y, false)
				setRed(g, true)
				x = g
				continue
			}
			if x == rightOf(p) {
				x = p
				m.rotateLeft(x)
			}
			setRed(parentOf(x), false)
			setRed(parentOf(parentOf(x)), true)
			m.rotateRight(parentOf(parentOf(x)))
		} else {
			if y := leftOf(g); isRed(y) {
				setRed(p, false)
				setRed(y, false)
				setRed(g, true)
				x = g
				continue
			}
			if x == leftOf(p) {
				x = p
				m.rotateRight(x)
			}
			setRed(parentOf(x), false)
			setRed(parentOf(parentOf(x)), true)
			m.rotateLeft(parentOf(parentOf(x)))
		}
	}
	m.root.red = false
}

// fixAfterDelete restores the red-black invariants when the paths through x
// are one black node short. A red x absorbs the shortage by turning black;
// otherwise x's sibling lends a black node through recoloring and rotation,
// or, when it has none to spare, the shortage moves up to x's parent.
func (m *Map) fixAfterDelete(x *Node) {
	for x != m.root && !isRed(x) {
		if x == leftOf(parentOf(x)) {
			sib := rightOf(parentOf(x))
			if isRed(sib) {
				setRed(sib, false)
				setRed(parentOf(x), true)
				m.rotateLeft(parentOf(x))
				sib = rightOf(parentOf(x))
			}
			if !isRed(leftOf(sib)) && !isRed(rightOf(sib)) {
				setRed(sib, true)
				x = parentOf(x)
				continue
			}
			if !isRed(rightOf(sib)) {
				setRed(leftOf(sib), false)
				setRed(sib, true)
				m.rotateRight(sib)
				sib = rightOf(parentOf(x))
			}
			setRed(sib, isRed(parentOf(x)))
			setRed(parentOf(x), false)
			setRed(rightOf(sib), false)
			m.rotateLeft(parentOf(x))
		} else {
			sib := leftOf(parentOf(x))
			if isRed(sib) {
				setRed(sib, false)
				setRed(parentOf(x), true)
				m.rotateRight(parentOf(x))
				sib = leftOf(parentOf(x))
			}
			if !isRed(rightOf(sib)) && !isRed(leftOf(sib)) {
				setRed(sib, true)
				x = parentOf(x)
				continue
			}
			if !isRed(leftOf(sib)) {
				setRed(rightOf(sib), false)
				setRed(sib, true)
				m.rotateLeft(sib)
				sib = leftOf(parentOf(x))
			}
			setRed(sib, isRed(parentOf(x)))
			setRed(parentOf(x), false)
			setRed(leftOf(sib), false)
			m.rotateRight(parentOf(x))
		}
		x = m.root
	}
	setRed(x, false)
}

// rotateLeft lifts p's right child into p's place, p becoming its left
// child.
func (m *Map) rotateLeft(p *Node) {
	if p == nil {
		return
	}
	r := p.right
	p.right = r.left
	if r.left != nil {
		r.left.parent = p
	}
	r.parent = p.parent
	m.replace(p, r)
	r.left = p
	p.parent = r
}

// rotateRight lifts p's left child into p's place, p becoming its right
// child.
func (m *Map) rotateRight(p *Node) {
	if p == nil {
		return
	}
	l := p.left
	p.left = l.right
	if l.right != nil {
		l.right.parent = p
	}
	l.parent = p.parent
	m.replace(p, l)
	l.right = p
	p.parent = l
}

// repOK is the class invariant: the nodes form a tree in strict key order
// whose parent links mirror its child links; the root is black, no red node
// has a red child, every path from a node down to a leaf has as many black
// nodes as any other, and size counts the nodes.
func (m *Map) repOK() bool {
	if m.root != nil && (m.root.parent != nil || m.root.red) {
		return false
	}
	if !ordered(m.root, nil, nil) {
		return false
	}
	_, count, ok := redBlack(m.root, 0)
	return ok && count == m.size
}

// ordered reports whether every key under n lies strictly between the keys
// of lo and hi, the nearest ancestors that n hangs to the right and to the
// left of (nil for no bound). The strict bounds also rule out cycles and
// shared nodes, so the walk always ends: a node reached along two paths
// would have to lie on both sides of the node where the paths part, and a
// node reached again from itself would have to lie strictly beside itself.
func ordered(n, lo, hi *Node) bool {
	if n == nil {
		return true
	}
	if lo != nil && n.key <= lo.key || hi != nil && n.key >= hi.key {
		return false
	}
	return ordered(n.left, lo, n) && ordered(n.right, n, hi)
}

// redBlack checks the tree n for parent links and colors, and returns its
// black height (counting the nil leaves) and its number of nodes. want is
// the black height n must have, or 0 for any: the left subtree's height is
// what the right one must have, so that a right subtree that cannot match
// is given up at the first path through it that is too short or too long,
// not after it was explored whole. This prunes the search over input trees
// (the invariant is assumed at entry) without changing which trees pass.
func redBlack(n *Node, want int) (blackHeight, count int, ok bool) {
	if n == nil {
		return 1, 0, want == 0 || want == 1
	}
	if !childOK(n, n.left) || !childOK(n, n.right) {
		return 0, 0, false
	}
	below := want
	if want != 0 && !n.red {
		if below = want - 1; below < 1 {
			return 0, 0, false
		}
	}
	lh, lc, ok := redBlack(n.left, below)
	if !ok {
		return 0, 0, false
	}
	_, rc, ok := redBlack(n.right, lh)
	if !ok {
		return 0, 0, false
	}
	if !n.red {
		lh++
	}
	return lh, lc + rc + 1, true
}

// childOK reports whether c, a child of p, links back to p and is not a
// red child of a red node.
func childOK(p, c *Node) bool {
	return c == nil || c.parent == p && !(p.red && c.red)
}
