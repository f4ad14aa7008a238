// Package lists has list code for the analyzer's tests.
package lists

import "strconv"

// Node is a list node.
type Node struct {
	Val  int
	Next *Node
}

// ThreeBug returns the value of the fourth node of a three-node list.
func ThreeBug(head *Node) int {
	count := 0
	for cur := head; cur != nil; cur = cur.Next {
		count++
	}
	if count == 3 {
		return head.Next.Next.Next.Val // want `nil dereference: head.Next.Next.Next is nil \(nil-deref\)`
	}
	return 0
}

// Sum adds the values of the list: no panic.
func Sum(head *Node) int {
	s := 0
	for n := head; n != nil; n = n.Next {
		s += n.Val
	}
	return s
}

// Parse divides by a parsed number. What strconv.Atoi returns is not
// known here (its body is another package's), so the panic resting on it
// is left out.
func Parse(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0
	}
	return 100 / n
}

// Div divides by b: callers check it.
func Div(a, b int) int {
	return a / b //gosym:ignore callers check b != 0
}

// Mod takes the remainder of a by b: every call with a zero b panics, a
// fact other packages use.
func Mod(a, b int) int { // want Mod:`panics when zero: b \(div-zero\)`
	return a % b // want `integer divide by zero: b is 0 \(div-zero\)`
}

// Last returns the last node of a list: every call with a nil head
// panics, a fact other packages use.
func Last(head *Node) *Node { // want Last:`panics when nil: head \(nil-deref\)`
	for head.Next != nil {
		head = head.Next
	}
	return head
}

// Tail returns the list after its head: nil for a nil list.
func Tail(head *Node) *Node {
	if head == nil {
		return nil
	}
	return head.Next
}

// Count counts the nodes, under a malformed directive, which is reported
// and not applied.
//
/* want `gosym: //gosym:k: want a positive integer, got "many" \(not applied\)` */ //gosym:k many
func Count(head *Node) int {
	n := 0
	for ; head != nil; head = head.Next {
		n++
	}
	return n
}

// First returns the first value: every call with a nil slice panics, a
// fact other packages use.
func First(vals []int) int { // want First:`panics when nil: vals \(index\)`
	return vals[0] // want `index out of range \[0\] with length 0 \(vals\[0\]\) \(index\)`
}

// Bump adds one to counts[k]: every call with a nil map panics, a fact
// other packages use.
func Bump(counts map[string]int, k string) { // want Bump:`panics when nil: counts \(nil-map\)`
	counts[k]++
}

// Initial returns the first byte of s: every call with "" panics.
func Initial(s string) byte { // want Initial:`panics when zero: s \(index\)`
	return s[0] // want `index out of range \[0\] with length 0 \(s\[0\]\) \(index\)`
}
