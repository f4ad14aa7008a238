// Package window is the command's testdata/manifest/window: functions
// that panic under conditions over their arguments, facts that package
// app's calls use.
package window

// At returns s[i]; i must be an index of s.
func At(s []int, i int) int { // want At:`panics when nil: s \(index\); panics when uint\(i\) >= uint\(len\(s\)\) \(index\)`
	return s[i] // want `index out of range \[0\] with length 0 \(s\[i\]\) \(index\)`
}

// Span returns s[lo:hi]; 0 <= lo <= hi <= cap(s) must hold.
func Span(s []byte, lo, hi int) []byte { // want Span:`panics when uint\(cap\(s\)\) < uint\(hi\) \|\| uint\(hi\) < uint\(lo\) \(slice-bounds\)`
	return s[lo:hi] // want `slice bounds out of range \[:1\] with capacity 0 \(s\) \(slice-bounds\)`
}

// Clamp returns x limited to [lo, hi], which must not be empty.
func Clamp(x, lo, hi int) int { // want Clamp:`panics when hi < lo \(panic\)`
	if lo > hi {
		panic("window: empty range") // want `panic: window: empty range \(panic\)`
	}
	return min(max(x, lo), hi)
}

// Every returns every step-th element of s; step must be positive.
func Every(s []int, step int) []int { // want Every:`panics when zero: step \(panic\); panics when step <= 0 \(panic\)`
	if step <= 0 {
		panic("window: step must be positive") // want `panic: window: step must be positive \(panic\)`
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
func Mixed(s []int, n int) int { // want Mixed:`^panics when n < 0 \(panic\)$`
	if n < 0 {
		panic("window: negative n") // want `panic: window: negative n \(panic\)`
	}
	if len(s) > 0 && s[0] == n {
		panic("window: n found first") // want `panic: window: n found first \(panic\)`
	}
	return n
}

// Check panics when ok is false: a condition on a bool.
func Check(ok bool, what string) { // want Check:`panics when !ok \(panic\)`
	if !ok {
		panic("window: check failed") // want `panic: window: check failed \(panic\)`
	}
}
