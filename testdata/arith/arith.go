// Package arith holds integer code whose panics depend on exact wrapping
// arithmetic.
package arith

// CheckedInc panics when x+1 wraps around, which only x = MaxInt32 does.
func CheckedInc(x int32) int32 {
	y := x + 1
	if y < x {
		panic("overflow") // want panic "^panic: overflow$"
	}
	return y
}

// Average divides by a count that may be zero.
func Average(sum, n int) int {
	return sum / n // want div-zero "^integer divide by zero: n is 0$"
}

// SafeAverage checks the count first.
func SafeAverage(sum, n int) int {
	if n == 0 {
		return 0
	}
	return sum / n
}

// Bucket divides by a byte difference that wraps to zero only when
// hi == lo.
func Bucket(x int, hi, lo uint8) int {
	return x % int(hi-lo) // want div-zero `^integer divide by zero: int\(hi - lo\) is 0$`
}

// Scale shifts by a signed count, which panics when negative.
func Scale(x int, by int8) int {
	return x << by // want panic "^negative shift amount: by < 0$"
}

// Wide shifts by an unsigned count; counts past the width give zero.
func Wide(x uint16, by uint64) uint16 {
	if by >= 16 && x<<by != 0 {
		panic("shift too far")
	}
	return x << by
}

// Mid computes a midpoint that cannot overflow, and checks it.
func Mid(lo, hi uint32) uint32 {
	if lo > hi {
		return 0
	}
	m := lo + (hi-lo)/2
	if m < lo || m > hi {
		panic("midpoint out of range")
	}
	return m
}

// Slot returns the element i places after start in a circular buffer.
// An empty buffer divides by zero, and a negative start makes the
// remainder, and so the index, negative.
func Slot(buf []int, start, i int) int {
	if i < 0 {
		return 0
	}
	return buf[(start+i)%len(buf)] // want index `^index out of range \[-[0-9]+\] \(buf\[\(start \+ i\) % len\(buf\)\]\)$` div-zero `^integer divide by zero: len\(buf\) is 0$`
}

// Wrap returns i modulo n, from 0 to n-1 for a positive n.
func Wrap(i, n int) int {
	if n <= 0 {
		return 0
	}
	r := i % n
	if r < 0 {
		r += n
	}
	return r
}

// Area multiplies two positive sides and checks the product for
// overflow, which it can have.
func Area(w, h int32) int32 {
	a := w * h
	if w > 0 && h > 0 && a < 0 {
		panic("area overflows") // want panic "^panic: area overflows$"
	}
	return a
}
