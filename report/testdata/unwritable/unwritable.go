// Package unwritable panics on an input it cannot write itself: its type
// and fields belong to another package, which does not export them.
package unwritable

import "github.com/gosym/gosym/testdata/foreign/inner"

// SecondOf returns the second value of l, or 0 for no list.
func SecondOf(l *inner.List) int {
	if l == nil {
		return 0
	}
	return l.Second()
}
