// Package globals reads package-level variables, set by initialization.
package globals

import "os"

var cache = map[int]int{}

var limit = 10

var table [4]*int

// Remember writes to a map made at initialization: no finding.
func Remember(k, v int) {
	cache[k] = v
}

// Scaled divides by a variable set at initialization: no finding.
func Scaled(x int) int {
	return x / limit
}

// Slot reads an entry of a table that initialization left empty.
func Slot(i int) int {
	if i < 0 || i >= len(table) {
		return 0
	}
	return *table[i] // want nil-deref `^nil dereference: table\[i\] is nil$`
}

// SetLimit changes the divisor: a later Scaled may divide by zero, but
// each function starts from the initialized state.
func SetLimit(n int) { limit = n }

// Client uses another package's variable, which its own initialization
// sets: a nil reading of it would be an assumption, not a finding.
func Client() int {
	return len(os.Args[0])
}

// Hook only sets another package's variable, as an initializer that
// installs a hook does: nothing it holds is read, so nothing is assumed.
func Hook() {
	os.Args = []string{"gosym"}
}
