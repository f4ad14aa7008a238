// Package lists holds singly linked list code with and without nil
// dereferences past the end of the list.
package lists

// Node is a singly linked list node.
type Node struct {
	Val  int
	Next *Node
}

// InsertSorted inserts v into the ascending list at head and returns the
// new head. It walks past the last node when v is larger than every value.
func InsertSorted(head *Node, v int) *Node {
	n := &Node{Val: v}
	if head == nil || v < head.Val {
		n.Next = head
		return n
	}
	cur := head
	for cur.Next.Val < v { // want nil-deref "^nil dereference: cur.Next is nil$"
		cur = cur.Next
	}
	n.Next = cur.Next
	cur.Next = n
	return head
}

// InsertSortedFixed is InsertSorted with the end of the list checked.
func InsertSortedFixed(head *Node, v int) *Node {
	n := &Node{Val: v}
	if head == nil || v < head.Val {
		n.Next = head
		return n
	}
	cur := head
	for cur.Next != nil && cur.Next.Val < v {
		cur = cur.Next
	}
	n.Next = cur.Next
	cur.Next = n
	return head
}

// ThreeBug counts the nodes, and for a list of exactly three nodes reads a
// fourth.
func ThreeBug(head *Node) int {
	count := 0
	for cur := head; cur != nil; cur = cur.Next {
		count++
	}
	if count == 3 {
		return head.Next.Next.Next.Val // want nil-deref "^nil dereference: head.Next.Next.Next is nil$"
	}
	return count
}

// SelfLoop reads three links ahead of a node that links to itself, which
// is always the node itself.
func SelfLoop(n *Node) int {
	if n == nil || n.Next != n {
		return 0
	}
	return n.Next.Next.Next.Val
}

// Second returns the second value. It never compares head with nil: a nil
// head is its caller's mistake and is left out by default, but a missing
// second node is its own.
func Second(head *Node) int {
	return head.Next.Val // want nil-deref "^nil dereference: head.Next is nil$"
}

// ValueOrZero compares n with nil and then dereferences it on the nil
// branch.
func ValueOrZero(n *Node) int {
	if n == nil {
		return n.Val // want nil-deref `^nil dereference: n is nil \(compared with nil in n == nil at lists.go:76:7\)$`
	}
	return 0
}

// Length counts nodes recursively; cyclic inputs are cut by the recursion
// bound.
func Length(n *Node) int {
	if n == nil {
		return 0
	}
	return 1 + Length(n.Next)
}

// Last returns the last node's value through a helper that does not check
// for an empty tail.
func Last(head *Node) int {
	if head == nil {
		return 0
	}
	return valueAfter(head)
}

func valueAfter(n *Node) int {
	return n.Next.Val // want nil-deref "^nil dereference: n.Next is nil$"
}

// CycleBug panics when a second node links back to the first.
func CycleBug(head *Node) int {
	if head == nil || head.Next == nil || head.Next == head {
		return 0
	}
	if head.Next.Next == head {
		panic("cycle") // want panic "^panic: cycle$"
	}
	return 1
}

// SharedTail panics when two different lists share their second node.
func SharedTail(a, b *Node) int {
	if a == nil || b == nil || a == b || a.Next == nil {
		return 0
	}
	if a.Next == b.Next {
		panic("shared") // want panic "^panic: shared$"
	}
	return 1
}
