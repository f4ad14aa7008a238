package strs

import "math/bits"

// lenTab holds how many bits each number below 8 needs, as bits.Len8's
// table does for numbers below 256.
const lenTab = "\x00\x01\x02\x02\x03\x03\x03\x03"

// PerBit divides by the bit length of x's low three bits, read from a
// constant table at a symbolic index: zero only when they are all zero.
func PerBit(x uint8) int {
	return 12 / int(lenTab[x&7]) // want div-zero `^integer divide by zero: int\(lenTab\[x & 7\]\) is 0$`
}

// Digits divides by bits.Len64(x): math/bits reads its table at a
// symbolic index after three branches, and gosym's model of it is one
// term.
func Digits(x uint64) int {
	return 64 / bits.Len64(x) // want div-zero `^integer divide by zero: bits.Len64\(x\) is 0$`
}

// Histogram counts x's bit length in a table of eight: a length of 8
// or more is beyond it. bits.Len32 is one term over x's bits, not a
// path per length.
func Histogram(x uint32) int {
	var counts [8]int
	counts[bits.Len32(x)]++ // want index `^index out of range \[\d+\] with length 8 \(counts\[bits.Len32\(x\)\]\)$`
	return counts[0]
}

// Lowest names the lowest of the four flags set in f: a flag above the
// four, or none at all (eight trailing zeros), is beyond the names.
func Lowest(f uint8) string {
	names := [...]string{"read", "write", "exec", "sticky"}
	return names[bits.TrailingZeros8(f)] // want index `^index out of range \[\d+\] with length 4 \(names\[bits.TrailingZeros8\(f\)\]\)$`
}
