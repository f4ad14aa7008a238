package app

import "github.com/gosym/gosym/testdata/manifest/window"

// Pick passes an index it does not check.
func Pick(xs []int, n int) int {
	return window.At(xs, n) // want index `^xs is nil, and window.At panics whenever its s is nil \(index out of range \[0\] with length 0 \(s\[i\]\) at window.go:8:10\)$`
}

// Final means to pass the last index, but passes the length.
func Final(xs []int) int {
	if len(xs) == 0 {
		return 0
	}
	return window.At(xs, len(xs)) // want index `^len\(xs\) and xs can make window.At's uint\(i\) >= uint\(len\(s\)\) hold, and it panics whenever that holds \(index out of range at window.go:8:10\)$`
}

// PickChecked checks the index first: no call meets At's condition.
func PickChecked(xs []int, n int) int {
	if n < 0 || n >= len(xs) {
		return 0
	}
	return window.At(xs, n)
}

// Limit swaps Clamp's bounds when lo is above hi.
func Limit(x, lo, hi int) int {
	return window.Clamp(x, hi, lo) // want panic `^lo and hi can make window.Clamp's hi < lo hold, and it panics whenever that holds \(panic: window: empty range at window.go:19:8\)$`
}

// Percent clamps to a range of constants: Clamp's condition never holds.
func Percent(x int) int {
	return window.Clamp(x, 0, 100)
}

// Sample takes every n-th element of xs, for an n it does not check.
func Sample(xs []int, n int) []int {
	if len(xs) < 2 {
		return nil
	}
	return window.Every(xs, n) // want panic `^n is 0, and window.Every panics whenever its step is 0 \(panic: window: step must be positive at window.go:27:8\)$`
}

// Found passes a nonnegative n: Mixed's first panic cannot happen, and
// its second is no condition of its arguments.
func Found(xs []int, n int) int {
	if n < 0 {
		return 0
	}
	return window.Mixed(xs, n)
}

// Positive checks that n is positive with window.Check, which panics
// when it is not.
func Positive(n int) int {
	window.Check(n > 0, "n") // want panic `^n > 0 can make window.Check's !ok hold, and it panics whenever that holds \(panic: window: check failed at window.go:59:8\)$`
	return n
}
