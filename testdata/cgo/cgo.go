// Package cgo calls into C. gosym executes its Go code, not its C code:
// a call into C returns any value of its result type, and may write what
// it is handed, so that a panic resting on what it returned or wrote may
// not happen (assumed, shown with -assumed), while the package's pure Go
// is analysed as in a package without C.
package cgo

/*
#include <stdlib.h>

int counter;

static int twice(int x) { return 2 * x; }
static void bump(int *p) { (*p)++; }
*/
import "C"

import "unsafe"

// table is set by the package's initialization, which cgo's variables
// do not stop.
var table = []int{1, 2, 3}

// Pick is pure Go.
func Pick(s []int, i int) int {
	return s[i] // want index `^index out of range \[0\] with length 0 \(s\[i\]\)$`
}

// Entry reads the table initialization set: index 3 is past its end.
func Entry(i int) int {
	if i < 0 || i > 3 {
		return 0
	}
	return table[i] // want index `^index out of range \[3\] with length 3 \(table\[i\]\)$`
}

// Halve divides by what C returned (0 for x = 0): gosym does not run C,
// so the panic rests on C's result (assumed).
func Halve(x int) int {
	return 100 / int(C.twice(C.int(x)))
}

// Scale calls C, then panics on its Go input alone: a finding.
func Scale(xs []int, x int) int {
	y := int(C.twice(C.int(x)))
	return xs[3] * y // want index `^index out of range \[3\] with length 0 \(xs\[3\]\)$`
}

// Bump divides by a variable C was handed a pointer to: C may have
// written it (assumed).
func Bump() int {
	var n C.int
	C.bump(&n)
	return 10 / int(n)
}

// Count divides by C's variable, which C sets (assumed).
func Count() int {
	return 10 / int(C.counter)
}

// Label converts to C and back and frees: no panic.
func Label(s string) int {
	cs := C.CString(s)
	defer C.free(unsafe.Pointer(cs))
	return len(C.GoString(cs)) - len(s)
}
