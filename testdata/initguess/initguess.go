// Package initguess initializes its variables with code that depends on
// what gosym does not run: an environment variable, a decoder filling a
// struct through a pointer. Go runs initialization one way, so gosym does
// not guess which: it stops initialization at the first such dependence,
// and goes on with the variables set before it as they are, and the ones
// the rest of initialization sets or may change as inputs. The findings
// that rest only on the former are real; the others are assumptions.
package initguess

import (
	"encoding/json"
	"os"
	"strings"
)

// primes is set before the dependence and never written after it.
var primes = []int{2, 3, 5, 7}

// names is filled by a loop before the dependence.
var names = map[string]int{}

// limit is set before the dependence, and set again after it.
var limit = 10

// debug is set only after the dependence.
var debug bool

// settings is filled by a decoder gosym does not run.
var settings struct {
	Depth int
	Tags  []string
}

// counts is written through a closure that runs after the dependence.
var counts = make([]int, 4)

func init() {
	for i, n := range strings.Fields("zero one two three") {
		names[n] = i
	}
	if os.Getenv("INITGUESS_DEBUG") != "" {
		debug = true
	}
	limit = 20
	json.Unmarshal([]byte(`{"Depth": 2, "Tags": ["a"]}`), &settings)
	reset := func() { counts = nil }
	if debug {
		reset()
	}
}

// Prime returns the i-th of the first primes.
func Prime(i int) int {
	return primes[i] // want index `^index out of range \[-1\] \(primes\[i\]\)$`
}

// Rank divides by the rank of a name: "zero" has rank 0.
func Rank(name string, total int) int {
	r, ok := names[name]
	if !ok {
		return -1
	}
	return total / r // want div-zero `^integer divide by zero: r is 0$`
}

// Per divides by limit - 20: zero once initialization has run to its end,
// which gosym did not see, so the panic is an assumption.
func Per(n int) int {
	return n / (limit - 20)
}

// Tag reads a tag the decoder may have set: an assumption.
func Tag() string {
	return settings.Tags[0]
}

// Count reads a slot of counts, which a closure may have cleared.
func Count(i int) int {
	if i < 0 || i >= 4 {
		return 0
	}
	return counts[i]
}

// Clamp panics on an input its own code rejects, whatever the variables
// hold.
func Clamp(xs []int, n int) []int {
	return xs[:n] // want slice-bounds `^slice bounds out of range .* \(xs\)$`
}
