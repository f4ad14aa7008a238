// Package textbook holds loops as textbooks and code reviews write them:
// scans with conditional counters, two-pointer loops, loops that write
// the slice they read, and list walks with a trailing pointer. None is
// written for gosym's abstraction; each correct one should end abstract
// or complete, and each bug should be found.
package textbook

// CountEqual counts the elements of a equal to x.
func CountEqual(a []int, x int) int {
	n := 0
	for i := 0; i < len(a); i++ {
		if a[i] == x {
			n++
		}
	}
	return n
}

// CountSigns counts the positive and the negative elements of a.
func CountSigns(a []int) (pos, neg int) {
	for _, v := range a {
		if v > 0 {
			pos++
		} else if v < 0 {
			neg++
		}
	}
	return pos, neg
}

// CountRuns counts the maximal runs of equal adjacent elements.
func CountRuns(a []int) int {
	if len(a) == 0 {
		return 0
	}
	runs := 1
	for i := 1; i < len(a); i++ {
		if a[i] != a[i-1] {
			runs++
		}
	}
	return runs
}

// LastIndex returns the index of the last x in a, or -1.
func LastIndex(a []int, x int) int {
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] == x {
			return i
		}
	}
	return -1
}

// LastIndexBuggy starts one past the end.
func LastIndexBuggy(a []int, x int) int {
	for i := len(a); i > 0; i-- {
		if a[i] == x { // want index `^index out of range \[1\] with length 1 \(a\[i\]\)$`
			return i
		}
	}
	return -1
}

// Reverse reverses a in place.
func Reverse(a []int) {
	for i, j := 0, len(a)-1; i < j; i, j = i+1, j-1 {
		a[i], a[j] = a[j], a[i]
	}
}

// IsPalindrome reports whether b reads the same both ways.
func IsPalindrome(b []byte) bool {
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		if b[i] != b[j] {
			return false
		}
	}
	return true
}

// IsPalindromeBuggy mirrors i at len(b)-i, one past the end.
func IsPalindromeBuggy(b []byte) bool {
	for i := 0; i < len(b)/2; i++ {
		if b[i] != b[len(b)-i] { // want index `^index out of range \[2\] with length 2 \(b\[len\(b\) - i\]\)$`
			return false
		}
	}
	return true
}

// Partition moves the elements of a below pivot to its front and
// returns how many there are (Hoare's scheme, both scans guarded).
func Partition(a []int, pivot int) int {
	lo, hi := 0, len(a)-1
	for lo <= hi {
		for lo <= hi && a[lo] < pivot {
			lo++
		}
		for lo <= hi && a[hi] >= pivot {
			hi--
		}
		if lo < hi {
			a[lo], a[hi] = a[hi], a[lo]
			lo++
			hi--
		}
	}
	return lo
}

// PartitionBuggy leaves out the guard of the first inner scan: when
// every element is below the pivot, it runs off the end.
func PartitionBuggy(a []int, pivot int) int {
	lo, hi := 0, len(a)-1
	for lo <= hi {
		for a[lo] < pivot { // want index `^index out of range \[1\] with length 1 \(a\[lo\]\)$`
			lo++
		}
		for lo <= hi && a[hi] >= pivot {
			hi--
		}
		if lo < hi {
			a[lo], a[hi] = a[hi], a[lo]
			lo++
			hi--
		}
	}
	return lo
}

// TwoSum returns the indices of two elements of the sorted a that add
// up to target, or -1, -1.
func TwoSum(a []int, target int) (int, int) {
	lo, hi := 0, len(a)-1
	for lo < hi {
		switch s := a[lo] + a[hi]; {
		case s == target:
			return lo, hi
		case s < target:
			lo++
		default:
			hi--
		}
	}
	return -1, -1
}

// PrefixSums replaces each element by the sum of those up to it.
func PrefixSums(a []int) {
	for i := 1; i < len(a); i++ {
		a[i] += a[i-1]
	}
}

// RemoveZeros moves the non-zero elements of a to its front, in order,
// and returns them.
func RemoveZeros(a []int) []int {
	w := 0
	for r := 0; r < len(a); r++ {
		if a[r] != 0 {
			a[w] = a[r]
			w++
		}
	}
	return a[:w]
}

// Dedup removes adjacent duplicates from a, in place.
func Dedup(a []int) []int {
	if len(a) == 0 {
		return a
	}
	w := 1
	for r := 1; r < len(a); r++ {
		if a[r] != a[w-1] {
			a[w] = a[r]
			w++
		}
	}
	return a[:w]
}

// Node is a singly linked list node.
type Node struct {
	Val  int
	Next *Node
}

// RemoveAll removes the nodes holding v and returns the new head.
func RemoveAll(head *Node, v int) *Node {
	var prev *Node
	for cur := head; cur != nil; cur = cur.Next {
		if cur.Val != v {
			prev = cur
			continue
		}
		if prev == nil {
			head = cur.Next
		} else {
			prev.Next = cur.Next
		}
	}
	return head
}

// RemoveAllBuggy forgets that the head itself may go.
func RemoveAllBuggy(head *Node, v int) *Node {
	var prev *Node
	for cur := head; cur != nil; cur = cur.Next {
		if cur.Val == v {
			prev.Next = cur.Next // want nil-deref `^nil dereference: prev is nil$`
		} else {
			prev = cur
		}
	}
	return head
}

// DeleteAll is RemoveAll as some write it: test for the match first.
func DeleteAll(head *Node, v int) *Node {
	var prev *Node
	for cur := head; cur != nil; cur = cur.Next {
		if cur.Val == v {
			if prev == nil {
				head = cur.Next
			} else {
				prev.Next = cur.Next
			}
		} else {
			prev = cur
		}
	}
	return head
}

// MaxIndex returns the index of the first largest element of a
// non-empty slice.
func MaxIndex(a []int) int {
	best := 0
	for i := 1; i < len(a); i++ {
		if a[i] > a[best] {
			best = i
		}
	}
	return best
}

// Above returns the elements of a greater than x, in order.
func Above(a []int, x int) []int {
	var out []int
	for _, v := range a {
		if v > x {
			out = append(out, v)
		}
	}
	return out
}

// Merge merges two sorted slices.
func Merge(a, b []int) []int {
	out := make([]int, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if a[i] <= b[j] {
			out = append(out, a[i])
			i++
		} else {
			out = append(out, b[j])
			j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// MergeBuggy takes from a once b is used up, without asking whether a
// is too.
func MergeBuggy(a, b []int) []int {
	out := make([]int, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		if j == len(b) || a[i] <= b[j] { // want index `^index out of range \[0\] with length 0 \(a\[i\]\)$`
			out = append(out, a[i])
			i++
		} else {
			out = append(out, b[j])
			j++
		}
	}
	return out
}
