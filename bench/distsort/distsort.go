// Package distsort ports the distributed sort of singly linked lists with
// which the first seed paper, generalized symbolic execution for model
// checking and testing (Khurshid, Păsăreanu and Visser, TACAS 2003,
// section 6 and its Figure 7), shows model checking of threads and
// symbolic inputs together. Sort starts one goroutine per adjacent pair
// of nodes, the i-th allowed i swaps; each swap holds the locks of both
// nodes, as the Java methods are synchronized on them. After its swaps, a
// goroutine asserts that its pair is in order: the paper's checker finds
// an input list and a schedule that break the assertion.
//
// The figure's text does not say whether a goroutine counts the swaps it
// tried or those it made; here it tries maxSwaps times, so every
// goroutine ends.
package distsort

import (
	"sync"

	"github.com/gosym/gosym/assert"
)

// Node is a list node with its lock.
type Node struct {
	mu   sync.Mutex
	Elem int
	Next *Node
}

// List is a singly linked list of ints.
type List struct {
	Header *Node
}

// repOK is Sort's precondition: the list is acyclic.
func (l *List) repOK() bool {
	visited := map[*Node]bool{}
	for n := l.Header; n != nil; n = n.Next {
		if visited[n] {
			return false
		}
		visited[n] = true
	}
	return true
}

// Sort sorts the list in ascending order, it means to: it starts a
// goroutine per adjacent pair of nodes and returns without waiting.
func (l *List) Sort() {
	if l.Header == nil {
		return
	}
	maxSwaps := 1
	for current := l.Header; current.Next != nil; current = current.Next {
		go swapper(current, maxSwaps)
		maxSwaps++
	}
}

// swapper tries maxSwaps swaps of current's pair, then asserts the pair
// is in order.
func swapper(current *Node, maxSwaps int) {
	for i := 0; i < maxSwaps; i++ {
		current.swapElem()
	}
	assert.Assert(current.inOrder(), "a pair is out of order after its swaps") // want assert "^assertion failed: a pair is out of order after its swaps$"
}

// swapElem swaps the elements of n and the next node if they are out of
// order, holding both locks, and reports whether it did.
func (n *Node) swapElem() bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.Next.mu.Lock()
	defer n.Next.mu.Unlock()
	if n.Elem > n.Next.Elem {
		n.Elem, n.Next.Elem = n.Next.Elem, n.Elem
		return true
	}
	return false
}

// inOrder reports whether n's element is at most the next one's.
func (n *Node) inOrder() bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.Next.mu.Lock()
	defer n.Next.mu.Unlock()
	return n.Elem <= n.Next.Elem
}
