// Package foreign panics in code of another package it calls.
package foreign

import "github.com/gosym/gosym/testdata/foreign/inner"

// Average returns the mean of xs, and panics on none.
func Average(xs []int) int {
	sum := 0
	for _, x := range xs {
		sum += x
	}
	return inner.Mean(sum, len(xs)) // want div-zero `^len\(xs\) is 0, and inner.Mean panics whenever its n is 0 \(integer divide by zero: n is 0 at inner.go:24:13\)$`
}
