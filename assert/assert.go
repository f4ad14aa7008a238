// Package assert lets code state what gosym may assume and what it must
// prove. It has no dependencies, and costs a call when run normally.
//
//	func (s *Stack) Pop() int {
//		assert.Assume(len(s.items) > 0)   // gosym: only non-empty stacks
//		v := s.items[len(s.items)-1]
//		s.items = s.items[:len(s.items)-1]
//		assert.Assert(v >= 0, "negative value popped")
//		return v
//	}
//
// gosym explores only the paths on which each Assume holds, and reports a
// finding of kind assert, with an input, where an Assert can fail.
package assert

// Assume states a precondition: gosym explores only the paths on which
// cond holds. Run normally, it does nothing.
func Assume(cond bool) {}

// Assert states what must hold: gosym reports a finding where cond can be
// false. Run normally, it panics with "assertion failed: " and msg when
// cond is false.
func Assert(cond bool, msg string) {
	if !cond {
		panic("assertion failed: " + msg)
	}
}
