// Package bits holds the models gosym runs in place of the functions of
// the standard library's math/bits that read a table at the value's
// bits: the lengths, the counts of leading and of trailing zeros.
//
// math/bits finds a length by comparing the value with 2^32, 2^16 and
// 2^8, a branch each, and reading len8tab at the byte left: run
// symbolically, that is eight paths, and an ite of 256 entries that every
// later check of the path carries to the solver (sort's pdqsort takes
// bits.Len of its length). The models' bitLength is one path and a chain
// of 64 tests of one bit each, from the highest down, which Z3 reads as a
// priority encoder. Two other forms were tried and cost Z3 more: arithmetic
// without branches that halves the width five times (adders and barrel
// shifters, several times what the table cost), and comparisons with the
// powers of two (a 64-bit comparator each). The models' results are
// math/bits' for every input (bits_test.go runs them as Go).
//
// The file is compiled into gosym (embedded) and type-checked on its own,
// so it imports nothing.
package bits

// bitLength is the number of bits x needs, 0 for 0. gosym computes it
// itself, as a chain of single-bit tests, and never runs this body, which
// is the tests'.
func bitLength(x uint64) int {
	n := 0
	for ; x != 0; x >>= 1 {
		n++
	}
	return n
}

func Len64(x uint64) int { return bitLength(x) }

func Len(x uint) int { return bitLength(uint64(x)) }

func Len32(x uint32) int { return bitLength(uint64(x)) }

func Len16(x uint16) int { return bitLength(uint64(x)) }

func Len8(x uint8) int { return bitLength(uint64(x)) }

func LeadingZeros(x uint) int { return 64 - bitLength(uint64(x)) }

func LeadingZeros64(x uint64) int { return 64 - bitLength(x) }

func LeadingZeros32(x uint32) int { return 32 - bitLength(uint64(x)) }

func LeadingZeros16(x uint16) int { return 16 - bitLength(uint64(x)) }

func LeadingZeros8(x uint8) int { return 8 - bitLength(uint64(x)) }

// The trailing zeros of x are the length of the ones below its lowest set
// bit, x&-x - 1: all of the width's bits where x is 0.

func TrailingZeros64(x uint64) int { return bitLength(x&-x - 1) }

func TrailingZeros(x uint) int { return bitLength(uint64(x&-x - 1)) }

func TrailingZeros32(x uint32) int { return bitLength(uint64(x&-x - 1)) }

func TrailingZeros16(x uint16) int { return bitLength(uint64(x&-x - 1)) }

func TrailingZeros8(x uint8) int { return bitLength(uint64(x&-x - 1)) }
