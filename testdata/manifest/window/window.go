// Package window has functions that panic under conditions over their
// arguments: each panic is a finding here, with the input that meets the
// condition, and at each call in package app that can meet it.
package window

// At returns s[i]; i must be an index of s.
func At(s []int, i int) int {
	return s[i] // want index `^index out of range \[0\] with length 0 \(s\[i\]\)$`
}

// Span returns s[lo:hi]; 0 <= lo <= hi <= cap(s) must hold.
func Span(s []byte, lo, hi int) []byte {
	return s[lo:hi] // want slice-bounds `^slice bounds out of range \[:1\] with capacity 0 \(s\)$`
}

// Clamp returns x limited to [lo, hi], which must not be empty.
func Clamp(x, lo, hi int) int {
	if lo > hi {
		panic("window: empty range") // want panic `^panic: window: empty range$`
	}
	return min(max(x, lo), hi)
}

// Every returns every step-th element of s; step must be positive.
func Every(s []int, step int) []int {
	if step <= 0 {
		panic("window: step must be positive") // want panic `^panic: window: step must be positive$`
	}
	var out []int
	for i := 0; i < len(s); i += step {
		out = append(out, s[i])
	}
	return out
}

// Get returns s[i], and whether i is an index of s: it never panics.
func Get(s []int, i int) (int, bool) {
	if i < 0 || i >= len(s) {
		return 0, false
	}
	return s[i], true
}

// Mixed panics on a negative n, and otherwise only for some contents of
// s: no condition over n and s's length alone decides the second.
func Mixed(s []int, n int) int {
	if n < 0 {
		panic("window: negative n") // want panic `^panic: window: negative n$`
	}
	if len(s) > 0 && s[0] == n {
		panic("window: n found first") // want panic `^panic: window: n found first$` panic `^panic: window: n found first$`
	}
	return n
}

// Check panics when ok is false: a condition on a bool.
func Check(ok bool, what string) {
	if !ok {
		panic("window: check failed") // want panic `^panic: window: check failed$`
	}
}
