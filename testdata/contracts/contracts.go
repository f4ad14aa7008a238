// Package contracts states what gosym may assume (assert.Assume, a
// receiver's repOK) and what it must prove (assert.Assert). Each buggy
// function has a correct twin.
package contracts

import (
	"math"

	"github.com/gosym/gosym/assert"
)

// Stack is a stack of ints.
type Stack struct{ items []int }

// Top returns the top of a stack its callers keep non-empty.
func (s *Stack) Top() int {
	assert.Assume(len(s.items) > 0)
	return s.items[len(s.items)-1]
}

// TopUnchecked assumes the same, without saying so.
func (s *Stack) TopUnchecked() int {
	return s.items[len(s.items)-1] // want index `^index out of range \[-1\] \(s.items\[len\(s.items\) - 1\]\)$`
}

// Abs returns |x|. It forgets that the negation of the smallest int64
// overflows.
func Abs(x int64) int64 {
	if x < 0 {
		x = -x
	}
	assert.Assert(x >= 0, "Abs is negative") // want assert "^assertion failed: Abs is negative$"
	return x
}

// AbsClamped returns |x|, clamping the one value whose negation
// overflows.
func AbsClamped(x int64) int64 {
	if x == math.MinInt64 {
		return math.MaxInt64
	}
	if x < 0 {
		x = -x
	}
	assert.Assert(x >= 0, "AbsClamped is negative")
	return x
}

// Ring is a ring buffer of the n values from buf[head] on, wrapping
// around.
type Ring struct {
	buf     []int
	head, n int
}

// repOK is the ring's invariant, which gosym assumes on entry to its
// methods.
func (r *Ring) repOK() bool {
	return r != nil && len(r.buf) > 0 && 0 <= r.head && r.head < len(r.buf) && 0 <= r.n && r.n <= len(r.buf)
}

// Oldest returns the oldest value, or 0 when the ring is empty. Under the
// invariant it cannot index out of range.
func (r *Ring) Oldest() int {
	if r.n == 0 {
		return 0
	}
	return r.buf[r.head]
}

// Newest returns the newest value, or 0 when the ring is empty. It
// forgets to wrap around.
func (r *Ring) Newest() int {
	if r.n == 0 {
		return 0
	}
	return r.buf[r.head+r.n-1] // want index `^index out of range \[9\] with length 9 \(r.buf\[r.head \+ r.n - 1\]\)$`
}

// NewestWrapped is Newest with the wrap-around.
func (r *Ring) NewestWrapped() int {
	if r.n == 0 {
		return 0
	}
	return r.buf[(r.head+r.n-1)%len(r.buf)]
}

// Push adds v as the newest value, overwriting the oldest when the ring
// is full. It forgets to wrap head around, which breaks the invariant.
func (r *Ring) Push(v int) {
	if r.n < len(r.buf) {
		r.buf[(r.head+r.n)%len(r.buf)] = v
		r.n++
		return
	}
	r.buf[r.head] = v
	r.head++
}

// PushWrapped is Push with the wrap-around.
func (r *Ring) PushWrapped(v int) {
	if r.n < len(r.buf) {
		r.buf[(r.head+r.n)%len(r.buf)] = v
		r.n++
		return
	}
	r.buf[r.head] = v
	r.head = (r.head + 1) % len(r.buf)
}
