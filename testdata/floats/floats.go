// Package floats holds float32 and float64 code whose panics depend on
// IEEE 754 arithmetic: NaN, the infinities, negative zero, rounding, and
// conversions to integers, in range and out of it.
package floats

import "math"

// levels is set by the package's initialization, from float arithmetic.
var levels = float64(len(names)) * 2.5

var names = []string{"low", "mid", "high", "max"}

// Histogram counts values into equal-width buckets over [lo, hi).
type Histogram struct {
	Lo, Hi float64
	Counts []int
}

// Add counts x. The range test is false for NaN, so NaN reaches the
// conversion, which gives the smallest int.
func (h *Histogram) Add(x float64) {
	if x < h.Lo || x >= h.Hi || len(h.Counts) == 0 {
		return
	}
	i := int((x - h.Lo) / (h.Hi - h.Lo) * float64(len(h.Counts)))
	h.Counts[i]++ // want index "^index out of range \\[-9223372036854775808\\] \\(h.Counts\\[i\\]\\)$"
}

// AddChecked rejects NaN and clamps the bucket, but x-Lo and Hi-Lo can
// both overflow to +Inf, and Inf/Inf is NaN.
func (h *Histogram) AddChecked(x float64) {
	if !(x >= h.Lo && x < h.Hi) || len(h.Counts) == 0 {
		return
	}
	i := int((x - h.Lo) / (h.Hi - h.Lo) * float64(len(h.Counts)))
	if i >= len(h.Counts) {
		i = len(h.Counts) - 1
	}
	h.Counts[i]++ // want index "^index out of range \\[-9223372036854775808\\]"
}

// AddSafe also rejects a negative bucket.
func (h *Histogram) AddSafe(x float64) {
	if !(x >= h.Lo && x < h.Hi) || len(h.Counts) == 0 {
		return
	}
	i := int((x - h.Lo) / (h.Hi - h.Lo) * float64(len(h.Counts)))
	if i < 0 || i >= len(h.Counts) {
		return
	}
	h.Counts[i]++
}

// Cents converts dollars to cents. An out-of-range conversion gives the
// smallest int64 on amd64, negative for a positive amount.
func Cents(dollars float64) int64 {
	c := int64(dollars * 100)
	if c < 0 && dollars > 0 {
		panic("negative cents") // want panic "^panic: negative cents$"
	}
	return c
}

// Exact reports that a count survives the trip through float32, which
// has a 24-bit significand.
func Exact(n int32) float32 {
	f := float32(n)
	if int32(f) != n {
		panic("count changed in float32") // want panic "^panic: count changed in float32$"
	}
	return f
}

// Wide is Exact through float64, which every int32 survives.
func Wide(n int32) float64 {
	f := float64(n)
	if int32(f) != n {
		panic("count changed in float64")
	}
	return f
}

// Steps counts tenths up to 1. The sum of ten 0.1s is 0.9999999999999999.
func Steps() int {
	n := 0
	for x := 0.0; x < 1; x += 0.1 {
		n++
	}
	if n != 10 {
		panic("eleven steps") // want panic "^panic: eleven steps$"
	}
	return n
}

// Sign tells -0 from +0, which == cannot.
func Sign(x float64) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	case x != x:
		panic("NaN has no sign") // want panic "^panic: NaN has no sign$"
	case math.Signbit(x):
		panic("negative zero") // want panic "^panic: negative zero$"
	}
	return 0
}

// table has one entry per unit of distance.
var table [10]int

// Lookup indexes table by the length of (a, b): a long one, or NaN.
func Lookup(a, b float64) int {
	d := math.Sqrt(a*a + b*b)
	if d < 0 {
		return 0
	}
	return table[int(d)] // want index "^index out of range \\[(-9223372036854775808\\]|\\d\\d+\\] with length 10)"
}

// Level maps a fraction of the levels to a name, through the variable the
// initialization computed. NaN passes the range test.
func Level(frac float64) string {
	if frac < 0 || frac > 1 {
		return ""
	}
	return names[int(frac*levels)] // want index "^index out of range \\[-9223372036854775808\\]"
}

// Point is compared field by field, as floats: NaN differs from itself.
type Point struct{ X, Y float64 }

// Same panics when p differs from a copy of itself.
func Same(p Point) Point {
	q := p
	if p != q {
		panic("a point differs from its copy") // want panic "^panic: a point differs from its copy$"
	}
	return q
}

// Clamp limits x to [0, 1]; the builtin max and min carry NaN through.
func Clamp(x float64, buckets []int) int {
	c := min(max(x, 0), 1)
	if c != c {
		return -1
	}
	return buckets[int(c*float64(len(buckets)-1))] // want index "^index out of range \\[0\\] with length 0"
}

// Half divides without a panic: a float divided by zero is an infinity.
func Half(a, b float64) float64 {
	r := a / b
	if math.IsInf(r, 0) || math.IsNaN(r) {
		return 0
	}
	return r / 2
}

// Ratio is a float32 division that may be NaN, which it rejects.
func Ratio(a, b float32) int {
	r := a / b
	if r != r || r > 100 || r < 0 {
		return 0
	}
	return [101]int{}[int(r)]
}
