// Package initcut initializes its variables with code gosym does not model
// (complex numbers) and loops over another package's map. Initialization
// stops at the unmodelled construct; the entries still run, from the
// variables it set, and the ones it did not set are inputs, so what rests
// on them is an assumption, not a finding.
package initcut

import "github.com/gosym/gosym/testdata/initcut/codes"

var slots = 4

var byCode = invert(codes.Names)

// special is filled by a loop of more iterations than -loops allows a
// loop that observes no input: initialization runs such loops to the end.
var special = mark(`\.+*?()|[]{}^$`)

// levels is a list built by a loop: to subsumption at the loop head, its
// later iterations look like the earlier ones, which must not stop
// initialization.
var levels = chain(12)

var ratio = complex(float64(len(byCode)), 3)

var fallback = map[int]string{0: "unknown"}

func invert(m map[string]int) map[int]string {
	out := map[int]string{}
	for k, v := range m {
		out[v] = k
	}
	return out
}

func mark(chars string) [128]bool {
	var set [128]bool
	for i := 0; i < len(chars); i++ {
		set[chars[i]] = true
	}
	return set
}

// Width is 2 for the bytes QuoteMeta escapes and 1 for the others; it
// divides by whether the byte is special, set by initialization.
func Width(c byte) int {
	if c >= 128 {
		return 1
	}
	n := 0
	if special[c] {
		n = 1
	}
	return 1 + 1/n // want div-zero `^integer divide by zero: n is 0$`
}

type level struct {
	n    int
	next *level
}

func chain(n int) *level {
	var head *level
	for i := 1; i <= n; i++ {
		head = &level{n: i, next: head}
	}
	return head
}

// Share divides by how far the top level is from 12, which it is.
func Share(total int) int {
	return total / (levels.n - 12) // want div-zero `^integer divide by zero: levels.n - 12 is 0$`
}

// Bucket spreads a code over the slots, set before initialization stopped.
func Bucket(code int) int {
	return code % (slots - 4) // want div-zero `^integer divide by zero: slots - 4 is 0$`
}

// Name looks a code up in the inverted table: a code the table lacks
// gives "", and indexing it panics.
func Name(code int) byte {
	return byCode[code][0] // want index `^index out of range \[0\] with length 0`
}

// Fallback reads a table initialization never set: nothing can be said
// of it, so its nil map is an assumption.
func Fallback(code int) {
	fallback[code] = "?"
}

// Table is a fixed table, whatever initialization did.
var table [3]int

// Get indexes the table.
func Get(i int) int {
	return table[i] // want index `^index out of range \[-1\] \(table\[i\]\)$`
}
