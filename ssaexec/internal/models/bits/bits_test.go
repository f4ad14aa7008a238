package bits

import (
	"math"
	stdbits "math/bits"
	"testing"
)

// values are inputs at every length: each power of two, its neighbours,
// and the extremes.
func values() []uint64 {
	out := []uint64{0, math.MaxUint64}
	for i := range 64 {
		p := uint64(1) << i
		out = append(out, p-1, p, p+1, p|p>>1, ^p)
	}
	return out
}

// TestAgreesWithMathBits checks each model against math/bits on the
// values, at each width.
func TestAgreesWithMathBits(t *testing.T) {
	for _, x := range values() {
		check := func(name string, got, want int) {
			t.Helper()
			if got != want {
				t.Errorf("%s(%#x) = %d, want %d", name, x, got, want)
			}
		}
		check("Len64", Len64(x), stdbits.Len64(x))
		check("Len", Len(uint(x)), stdbits.Len(uint(x)))
		check("Len32", Len32(uint32(x)), stdbits.Len32(uint32(x)))
		check("Len16", Len16(uint16(x)), stdbits.Len16(uint16(x)))
		check("Len8", Len8(uint8(x)), stdbits.Len8(uint8(x)))
		check("LeadingZeros", LeadingZeros(uint(x)), stdbits.LeadingZeros(uint(x)))
		check("LeadingZeros64", LeadingZeros64(x), stdbits.LeadingZeros64(x))
		check("LeadingZeros32", LeadingZeros32(uint32(x)), stdbits.LeadingZeros32(uint32(x)))
		check("LeadingZeros16", LeadingZeros16(uint16(x)), stdbits.LeadingZeros16(uint16(x)))
		check("LeadingZeros8", LeadingZeros8(uint8(x)), stdbits.LeadingZeros8(uint8(x)))
		check("TrailingZeros64", TrailingZeros64(x), stdbits.TrailingZeros64(x))
		check("TrailingZeros", TrailingZeros(uint(x)), stdbits.TrailingZeros(uint(x)))
		check("TrailingZeros32", TrailingZeros32(uint32(x)), stdbits.TrailingZeros32(uint32(x)))
		check("TrailingZeros16", TrailingZeros16(uint16(x)), stdbits.TrailingZeros16(uint16(x)))
		check("TrailingZeros8", TrailingZeros8(uint8(x)), stdbits.TrailingZeros8(uint8(x)))
	}
}
