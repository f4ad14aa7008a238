// Package partition ports the three programs of the paper on symbolic
// execution with abstract subsumption checking (Anand, Pasareanu and Visser's
// "Symbolic execution with abstraction"): the list find of its Figure 2, the
// list partition of Figure 8 and the quicksort array partition of Figure 9,
// each partition both fixed and with the paper's bug.
//
// The paper checks the list partition against a postcondition (its
// symCheck) and the array partition for array bounds. Here the
// postcondition is checked by the list partitions themselves, with a panic,
// so that the bug of ListPartitionBuggy is a panic as the array one is.
package partition

// Node is a node of a singly linked list of ints.
type Node struct {
	Elem int
	Next *Node
}

// Find returns the first node of the list at n whose element is greater
// than v, or nil if there is none. The list must be acyclic.
func (n *Node) Find(v int) *Node {
	for ; n != nil; n = n.Next {
		if n.Elem > v {
			return n
		}
	}
	return nil
}

// ListPartition moves the nodes of the list l whose elements are greater
// than v onto a second list, and returns the nodes left behind (those at
// most v, in their order) and the moved ones (in reverse order). No node is
// allocated. The list must be acyclic.
func ListPartition(l *Node, v int) (kept, moved *Node) {
	var prev *Node // the last node kept so far
	for curr := l; curr != nil; {
		next := curr.Next
		if curr.Elem > v {
			if prev != nil {
				prev.Next = next
			}
			if curr == l {
				l = next
			}
			curr.Next = moved
			moved = curr
		} else {
			prev = curr
		}
		curr = next
	}
	checkPartition(l, moved, v)
	return l, moved
}

// ListPartitionBuggy is ListPartition with the paper's bug: it unlinks a
// moved node from the node kept before it only when the moved node is not
// the last, so a last node greater than v stays on the kept list too.
//
// It panics (its postcondition check fails) exactly when the last element
// of l is greater than v and some element is at most v. The paper's
// counterexample is the smallest: two nodes, the first at most v and the
// second greater, such as ListPartitionBuggy(&Node{Elem: 0, Next:
// &Node{Elem: 1}}, 0).
func ListPartitionBuggy(l *Node, v int) (kept, moved *Node) {
	var prev *Node
	for curr := l; curr != nil; {
		next := curr.Next
		if curr.Elem > v {
			if prev != nil && next != nil {
				prev.Next = next
			}
			if curr == l {
				l = next
			}
			curr.Next = moved
			moved = curr
		} else {
			prev = curr
		}
		curr = next
	}
	checkPartition(l, moved, v)
	return l, moved
}

// checkPartition is the partitions' postcondition, the paper's symCheck:
// it panics unless every element of kept is at most v and every element of
// moved is greater.
func checkPartition(kept, moved *Node, v int) {
	for n := kept; n != nil; n = n.Next {
		if n.Elem > v {
			panic("partition: kept list holds an element greater than v") // want panic: ListPartitionBuggy keeps a greater element
		}
	}
	for n := moved; n != nil; n = n.Next {
		if n.Elem <= v {
			panic("partition: moved list holds an element not greater than v")
		}
	}
}

// ArrayPartition is the partition step of quicksort with a[0] as the pivot.
// It reorders a[1:] so that the elements at most the pivot come first, and
// returns k, the index of the first element greater than the pivot (len(a)
// if there is none): afterwards a[:k] holds the pivot and the elements at
// most it, and a[k:] those greater. The pivot stays at a[0].
func ArrayPartition(a []int) int {
	if len(a) == 0 {
		return 0
	}
	pivot := a[0]
	lo, hi := 1, len(a)-1
	for lo <= hi {
		for lo <= hi && a[lo] <= pivot {
			lo++
		}
		// a[0] is the pivot itself, so this scan stops there at the
		// latest and needs no bound check.
		for a[hi] > pivot {
			hi--
		}
		if lo < hi {
			a[lo], a[hi] = a[hi], a[lo]
		}
	}
	return lo
}

// ArrayPartitionBuggy is ArrayPartition with the paper's bug: the upward
// scan lacks its bound check, so nothing stops it at the end of a.
//
// It panics with an index out of range, a[len(a)], exactly when a has at
// least two elements and none after the first is greater than a[0]; the
// smallest such input is []int{0, 0}. (The paper assumes more than two
// elements and reports a four-element array.) Once the first pass has
// found an element greater than the pivot and swapped it up, that element
// stops every later scan.
func ArrayPartitionBuggy(a []int) int {
	if len(a) == 0 {
		return 0
	}
	pivot := a[0]
	lo, hi := 1, len(a)-1
	for lo <= hi {
		for a[lo] <= pivot { // want index: ArrayPartitionBuggy runs past the end
			lo++
		}
		for a[hi] > pivot {
			hi--
		}
		if lo < hi {
			a[lo], a[hi] = a[hi], a[lo]
		}
	}
	return lo
}
