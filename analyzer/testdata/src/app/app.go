// Package app calls package list: one call can pass the nil that
// list.Last panics on, which makes its panic a finding at the call.
package app

import "list"

// Pair holds a list.
type Pair struct {
	A int
	B *list.Node
}

// Tail returns the value of the last node of p's list, which may be nil.
func Tail(p *Pair) int {
	if p == nil {
		return 0
	}
	return list.Last(p.B).Val // want `p.B is nil, and list.Last panics whenever its n is nil \(nil dereference: n is nil at list.go:14:8\) \(nil-deref\)`
}

// SafeTail checks the list first: no call passes nil.
func SafeTail(p *Pair) int {
	if p == nil || p.B == nil {
		return 0
	}
	return list.Last(p.B).Val
}

// Head passes a nil node to list.Value, which takes it.
func Head(p *Pair) int {
	if p == nil {
		return list.Value(nil)
	}
	return list.Value(p.B)
}
