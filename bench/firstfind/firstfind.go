// Package firstfind holds six small bugs of the kinds a fuzzer and gosym
// both look for, in lists, trees, slices, maps and arithmetic: the
// firstfind table of bench times how soon each tool reports each one,
// gosym from its start and go test -fuzz from its build (see
// firstfind_test.go for the fuzz targets).
package firstfind

// Node is a singly linked list node.
type Node struct {
	Val  int
	Next *Node
}

// SecondToLast returns the value before the last one. It forgets the
// list of one node.
func SecondToLast(head *Node) int {
	if head == nil {
		return 0
	}
	n := head
	for n.Next.Next != nil {
		n = n.Next
	}
	return n.Val
}

// Tree is a binary search tree node.
type Tree struct {
	Key         int
	Left, Right *Tree
}

// Insert adds k below t and returns the root.
func Insert(t *Tree, k int) *Tree {
	if t == nil {
		return &Tree{Key: k}
	}
	if k < t.Key {
		t.Left = Insert(t.Left, k)
	} else {
		t.Right = Insert(t.Right, k)
	}
	return t
}

// MinDepth returns the number of nodes on the shortest path from t down
// to a leaf. It takes a node with one child for a leaf's parent on both
// sides.
func MinDepth(t *Tree) int {
	if t.Left == nil && t.Right == nil {
		return 1
	}
	if t.Left == nil || t.Right == nil {
		return 1 + min(MinDepth(t.Left), MinDepth(t.Right))
	}
	return 1 + min(MinDepth(t.Left), MinDepth(t.Right))
}

// WindowSums returns the sums of the windows of k consecutive elements.
// Its last window reaches one past the end.
func WindowSums(a []int, k int) []int {
	if k <= 0 || k > len(a) {
		return nil
	}
	s := 0
	for i := 0; i < k; i++ {
		s += a[i]
	}
	out := []int{s}
	for i := 0; i+k <= len(a); i++ {
		s += a[i+k] - a[i]
		out = append(out, s)
	}
	return out
}

// Cache remembers values by key; its zero value is ready to use, it
// says, but only short keys are stored in a map it makes.
type Cache struct {
	short map[string]int
	long  map[string]int
}

// Put stores v under key.
func (c *Cache) Put(key string, v int) {
	if len(key) < 4 {
		if c.short == nil {
			c.short = map[string]int{}
		}
		c.short[key] = v
		return
	}
	c.long[key] = v
}

// Ring is a ring buffer of ints.
type Ring struct {
	Buf   []int
	Start int
}

// At returns the element i places after the start. An empty ring
// divides by zero.
func (r Ring) At(i int) int {
	if i < 0 {
		return 0
	}
	return r.Buf[(r.Start+i)%len(r.Buf)]
}

// Third returns a[i+3], checking the bound with an addition that can
// wrap.
func Third(a []int, i int) int {
	if i+3 < len(a) && i >= 0 {
		return a[i+3]
	}
	return -1
}
