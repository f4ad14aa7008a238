// Package dlist is a doubly linked list whose removal forgets the tail.
package dlist

// Node is a doubly linked list node.
type Node struct {
	Val        int
	Prev, Next *Node
}

// List is a doubly linked list.
type List struct {
	Head, Tail *Node
}

// Remove unlinks n from l. Removing the tail dereferences its nil Next.
func (l *List) Remove(n *Node) {
	if n.Prev != nil {
		n.Prev.Next = n.Next
	} else {
		l.Head = n.Next
	}
	n.Next.Prev = n.Prev // want nil-deref "^nil dereference: n.Next is nil$"
}

// RemoveFixed unlinks n from l, head and tail included.
func (l *List) RemoveFixed(n *Node) {
	if n.Prev != nil {
		n.Prev.Next = n.Next
	} else {
		l.Head = n.Next
	}
	if n.Next != nil {
		n.Next.Prev = n.Prev
	} else {
		l.Tail = n.Prev
	}
	n.Prev, n.Next = nil, nil
}

// PushFront inserts a new node with value v at the front of l.
func (l *List) PushFront(v int) {
	n := &Node{Val: v, Next: l.Head}
	if l.Head != nil {
		l.Head.Prev = n
	} else {
		l.Tail = n
	}
	l.Head = n
}

// Len counts the nodes from the head.
func (l *List) Len() int {
	n := 0
	for e := l.Head; e != nil; e = e.Next {
		n++
	}
	return n
}

// Check walks the list from the head and panics at a node whose back link
// is not the node before it.
func (l *List) Check() {
	var prev *Node
	for e := l.Head; e != nil; e = e.Next {
		if e.Prev != prev {
			panic("dlist: broken back link") // want panic `^panic: dlist: broken back link$`
		}
		prev = e
	}
}
