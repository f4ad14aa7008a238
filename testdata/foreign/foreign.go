// Package foreign panics on inputs it cannot write itself: their types
// and fields belong to another package, which does not export them.
package foreign

import "github.com/gosym/gosym/testdata/foreign/inner"

// SecondOf returns the second value of l, or 0 for no list.
func SecondOf(l *inner.List) int {
	if l == nil {
		return 0
	}
	return l.Second()
}

// Average returns the mean of xs, and panics on none.
func Average(xs []int) int {
	sum := 0
	for _, x := range xs {
		sum += x
	}
	return inner.Mean(sum, len(xs))
}
