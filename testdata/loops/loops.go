// Package loops holds loops over lists and slices of any length: with
// subsumption at loop heads their searches finish, where bounds alone cut
// them.
package loops

// Node is a singly linked list node.
type Node struct {
	Elem int
	Next *Node
}

// Sum adds the elements of a list.
func Sum(l *Node) int {
	s := 0
	for n := l; n != nil; n = n.Next {
		s += n.Elem
	}
	return s
}

// Find returns the first node holding v.
func Find(l *Node, v int) *Node {
	for n := l; n != nil; n = n.Next {
		if n.Elem == v {
			return n
		}
	}
	return nil
}

// Reverse reverses a list in place.
func Reverse(l *Node) *Node {
	var prev *Node
	for l != nil {
		next := l.Next
		l.Next = prev
		prev, l = l, next
	}
	return prev
}

// Insert inserts v into a sorted list, keeping it sorted.
func Insert(l *Node, v int) *Node {
	n := &Node{Elem: v}
	if l == nil || v <= l.Elem {
		n.Next = l
		return n
	}
	cur := l
	for cur.Next != nil && cur.Next.Elem < v {
		cur = cur.Next
	}
	n.Next = cur.Next
	cur.Next = n
	return l
}

// RemoveLast removes the last node of a list of at least two nodes:
// cur.Next.Next is safe because the loop stops where cur.Next is last.
func RemoveLast(l *Node) {
	if l == nil || l.Next == nil {
		return
	}
	cur := l
	for cur.Next.Next != nil {
		cur = cur.Next
	}
	cur.Next = nil
}

// Length counts the nodes of a list.
func Length(l *Node) int {
	n := 0
	for ; l != nil; l = l.Next {
		n++
	}
	return n
}

// SumSlice adds the elements of a slice.
func SumSlice(a []int) int {
	s := 0
	for _, v := range a {
		s += v
	}
	return s
}

// Max returns the largest element of a non-empty slice.
func Max(a []int) int {
	m := a[0] // want index `^index out of range \[0\] with length 0 \(a\[0\]\)$`
	for i := 1; i < len(a); i++ {
		if a[i] > m {
			m = a[i]
		}
	}
	return m
}
