// Package math holds the models gosym runs in place of the functions of
// the standard library's math that reinterpret a float's bits through
// unsafe, or that the compiler replaces by an instruction.
//
// gosym keeps a float as its IEEE 754 bits, so the conversions between a
// float and its bits change nothing: the intrinsics bitsOf64 and the like
// tell gosym so. squareRoot is the correctly rounded square root, which
// is what the instruction computes.
//
// The file is compiled into gosym (embedded) and type-checked on its own,
// so it imports nothing but unsafe.
package math

import "unsafe"

// bitsOf64 and the three below reinterpret a value's bits; run as Go,
// they do it through unsafe, as package math does.
func bitsOf64(f float64) uint64 { return *(*uint64)(unsafe.Pointer(&f)) }

func float64Of(b uint64) float64 { return *(*float64)(unsafe.Pointer(&b)) }

func bitsOf32(f float32) uint32 { return *(*uint32)(unsafe.Pointer(&f)) }

func float32Of(b uint32) float32 { return *(*float32)(unsafe.Pointer(&b)) }

// squareRoot is the square root rounded to nearest even, which gosym
// computes itself; the model package has no way to, as it imports nothing.
func squareRoot(x float64) float64 { panic("squareRoot is carried out by gosym") }

func Float64bits(f float64) uint64 { return bitsOf64(f) }

func Float64frombits(b uint64) float64 { return float64Of(b) }

func Float32bits(f float32) uint32 { return bitsOf32(f) }

func Float32frombits(b uint32) float32 { return float32Of(b) }

func Sqrt(x float64) float64 { return squareRoot(x) }
