// Package funcs holds closures, function values, defer and recover.
package funcs

import "runtime"

// Node is a list node.
type Node struct {
	Val  int
	Next *Node
}

// Handler calls back through a function-typed field.
type Handler struct {
	OnEvent func(int) int
}

// Fire calls the callback, which may be missing.
func (h *Handler) Fire(n int) int {
	return h.OnEvent(n) // want nil-func `^call of nil function: h.OnEvent is nil$`
}

// FireSafe checks for a missing callback. The callback's result is
// unknown: the path is approximated.
func (h *Handler) FireSafe(n int) int {
	if h.OnEvent == nil {
		return 0
	}
	if h.OnEvent(n) > 0 {
		return 1
	}
	return 2
}

// counter returns a closure over its own count.
func counter() func() int {
	c := 0
	return func() int {
		c++
		return c
	}
}

// Twice panics when a counter's second call returns 2, which it always
// does: closures share their captured variable.
func Twice() int {
	next := counter()
	next()
	if next() == 2 {
		panic("two") // want panic `^panic: two$`
	}
	return 0
}

// Value reads the node after n.
func (n *Node) Value() int {
	return n.Next.Val // want nil-deref `^nil dereference: n.Next is nil$` nil-deref `^nil dereference: n.Next is nil$`
}

// MethodValue calls Value through a method value.
func MethodValue(n *Node) int {
	if n == nil {
		return 0
	}
	f := n.Value
	return f()
}

// Swallow recovers from the nil dereference it may cause: no finding.
func Swallow(n *Node) (v int) {
	defer func() {
		if r := recover(); r != nil {
			v = -1
		}
	}()
	if n == nil {
		return 0
	}
	return n.Next.Val
}

// Release panics if its flag is clear.
type Lock struct {
	held bool
	data *Node
}

func (l *Lock) release() {
	if !l.held {
		panic("release of unheld lock") // want panic `^panic: release of unheld lock$`
	}
	l.held = false
}

// Read reads the locked data and releases the lock on the way out, even
// when the read panics.
func (l *Lock) Read() int {
	if l == nil {
		return 0
	}
	l.held = true
	defer l.release()
	return l.data.Val // want nil-deref `^nil dereference: l.data is nil$`
}

// ReleaseTwice releases in a deferred call after releasing already.
func (l *Lock) ReleaseTwice() {
	if l == nil {
		return
	}
	l.held = true
	defer l.release()
	l.release()
}

// Order checks that deferred calls see the final values of captured
// variables: no finding.
func Order() int {
	x := 0
	defer func() {
		if x != 2 {
			panic("order")
		}
	}()
	x = 2
	return x
}

// Apply calls f; a nil f is its caller's mistake (left out by default).
func Apply(f func(int) int, x int) int {
	return f(x)
}

// ApplyOrZero compares f with nil and then calls it on the nil branch.
func ApplyOrZero(f func(int) int, x int) int {
	if f == nil {
		return f(x) // want nil-func `^call of nil function: f is nil \(compared with nil in f == nil at funcs.go:135:7\)$`
	}
	return 0
}

// SafeDiv turns a runtime panic into an error; a recovered value that is
// not a runtime error panics again, which cannot happen here.
func SafeDiv(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			re, ok := r.(runtime.Error)
			if !ok {
				panic(r)
			}
			err = re
			if re.Error() != "runtime error: integer divide by zero" {
				panic("unexpected message")
			}
		}
	}()
	return a / b, nil
}

// ErrorLen reads the recovered error's message and indexes past it.
func ErrorLen(a, b int) (n byte) {
	defer func() {
		if r := recover(); r != nil {
			msg := r.(error).Error()
			n = msg[len(msg)] // want index `^index out of range \[37\] with length 37 \(msg\[len\(msg\)\]\)$`
		}
	}()
	return byte(a / b)
}

// Notify reads the node after n when there is someone to tell.
func Notify(tell func(string), n *Node) int {
	if tell == nil {
		return 0
	}
	return n.Next.Val // want nil-deref `^nil dereference: n.Next is nil$`
}

// First returns the first of its values: it forgets that there may be
// none. The witness passes its slice with ...
func First(values ...int) int {
	return values[0] // want index `^index out of range \[0\] with length 0 \(values\[0\]\)$`
}

// Reset panics with nil to unwind to its caller's recover: since Go 1.21
// the recovered value is a *runtime.PanicNilError, not nil, so the caller
// takes it for a failure.
func Reset(n *Node) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			panic("reset failed: " + r.(error).Error()) // want panic `^panic: reset failed: panic called with nil argument$`
		}
		ok = true
	}()
	if n != nil {
		panic(nil)
	}
	return false
}

// Abort panics with whatever it is given: the panics of every reason are
// one finding, and its witness the smallest reason, nil.
func Abort(reason any) {
	panic(reason) // want panic `^panic: panic called with nil argument$`
}
