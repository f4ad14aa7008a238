// Package nilpanics has functions that do and do not panic whenever a
// pointer parameter is nil: the facts the analyzer exports for other
// packages (Program.NilPanics).
package nilpanics

import (
	"errors"
	"os"
)

// Node is a list node.
type Node struct {
	Val  int
	Next *Node
}

// Last returns the last node of a list: it panics whenever head is nil.
func Last(head *Node) *Node {
	for head.Next != nil {
		head = head.Next
	}
	return head
}

// Len counts the nodes: it handles nil.
func Len(head *Node) int {
	n := 0
	for ; head != nil; head = head.Next {
		n++
	}
	return n
}

// Second returns the second value: it panics whenever head is nil, and on
// a one-node list.
func Second(head *Node) int {
	return head.Next.Val // want nil-deref `^nil dereference: head.Next is nil$`
}

// Swap swaps the values of a and b: it panics whenever either is nil.
func Swap(a, b *Node) {
	a.Val, b.Val = b.Val, a.Val
}

// ValueOr returns the value of n, or def when n is nil.
func ValueOr(n *Node, def int) int {
	if n == nil {
		return def
	}
	return n.Val
}

// Checked panics with an error of its own when n is nil.
func Checked(n *Node) int {
	if n == nil {
		panic(errors.New("nilpanics: nil node")) // want panic `^panic: New\(\.\.\.\)$`
	}
	return n.Val
}

// Exit may end the program instead of panicking: what os.Getenv returns
// decides, and its body is not executed.
func Exit(n *Node) int {
	if os.Getenv("NILPANICS_EXIT") != "" {
		return 0
	}
	return n.Val
}

// Deep panics on a nil head only past the bound of the list it walks
// first.
func Deep(head, other *Node) int {
	for n := other; n != nil; n = n.Next {
		if n.Val == 42 {
			return 0
		}
	}
	return head.Val
}

// Tree is a binary tree that keeps its size.
type Tree struct {
	root *Node
	size int
}

func (t *Tree) repOK() bool { return t != nil && t.size >= 0 }

// Size returns the size: it panics whenever t is nil, even though its
// invariant rules a nil tree out (the invariant is not assumed for facts:
// a caller may break it).
func (t *Tree) Size() int { return t.size }

// Ignored dereferences n on a line whose panic a directive rules out.
func Ignored(n *Node) int {
	return n.Val //gosym:ignore callers never pass nil
}

// First returns the first of a: it panics whenever a is nil (or empty).
func First(a []int) int {
	return a[0] // want index `^index out of range \[0\] with length 0 \(a\[0\]\)$`
}

// FirstOr returns the first of a, or def for an empty a.
func FirstOr(a []int, def int) int {
	if len(a) == 0 {
		return def
	}
	return a[0]
}

// Pick returns a[i]: with a nil a, every i is out of range.
func Pick(a []int, i int) int {
	return a[i] // want index `^index out of range \[0\] with length 0 \(a\[i\]\)$`
}

// Count adds one to counts[k]: it panics whenever counts is nil, a
// parameter's own nil, which the command leaves to its callers.
func Count(counts map[string]int, k string) {
	counts[k]++
}

// Ratio divides a by b: it panics whenever b is 0.
func Ratio(a, b int) int {
	return a / b // want div-zero `^integer divide by zero: b is 0$`
}

// RatioOr divides a by a non-zero b, or returns def.
func RatioOr(a, b, def int) int {
	if b == 0 {
		return def
	}
	return a / b
}

// Initial returns the first byte of s: it panics whenever s is "".
func Initial(s string) byte {
	return s[0] // want index `^index out of range \[0\] with length 0 \(s\[0\]\)$`
}
