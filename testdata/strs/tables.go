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

// Digits divides by bits.Len64(x), which reads its table at a symbolic
// index after three branches.
func Digits(x uint64) int {
	return 64 / bits.Len64(x) // want div-zero `^integer divide by zero: bits.Len64\(x\) is 0$`
}
