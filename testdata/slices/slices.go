// Package slices holds slice and array code with index, slice-bounds and
// make-size panics, each beside a correct neighbour.
package slices

// Search returns the index of x in the ascending a, or -1. hi starts one
// past the end, so mid can reach len(a).
func Search(a []int, x int) int {
	lo, hi := 0, len(a)
	for lo <= hi {
		mid := lo + (hi-lo)/2
		if a[mid] == x { // want index `^index out of range \[\d+\] with length \d+ \(a\[mid\]\)$`
			return mid
		}
		if a[mid] < x {
			lo = mid + 1
		} else {
			hi = mid - 1
		}
	}
	return -1
}

// SearchFixed starts hi at the last index.
func SearchFixed(a []int, x int) int {
	lo, hi := 0, len(a)-1
	for lo <= hi {
		mid := lo + (hi-lo)/2
		if a[mid] == x {
			return mid
		}
		if a[mid] < x {
			lo = mid + 1
		} else {
			hi = mid - 1
		}
	}
	return -1
}

// InsertionSort runs its outer loop one step too far.
func InsertionSort(a []int) {
	for i := 1; i <= len(a); i++ {
		for j := i; j > 0 && a[j-1] > a[j]; j-- { // want index `^index out of range \[1\] with length 1 \(a\[j\]\)$`
			a[j-1], a[j] = a[j], a[j-1]
		}
	}
}

// InsertionSortFixed stops at the last element.
func InsertionSortFixed(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j-1] > a[j]; j-- {
			a[j-1], a[j] = a[j], a[j-1]
		}
	}
}

// Stack is a stack of ints on a slice.
type Stack struct{ items []int }

// Push adds v on top.
func (s *Stack) Push(v int) { s.items = append(s.items, v) }

// Pop removes the top, and panics on an empty stack.
func (s *Stack) Pop() int {
	v := s.items[len(s.items)-1] // want index `^index out of range \[-1\] \(s.items\[len\(s.items\) - 1\]\)$`
	s.items = s.items[:len(s.items)-1]
	return v
}

// TryPop reports an empty stack instead.
func (s *Stack) TryPop() (int, bool) {
	if len(s.items) == 0 {
		return 0, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

// Average divides by the length, which may be zero.
func Average(a []int) int {
	sum := 0
	for _, v := range a {
		sum += v
	}
	return sum / len(a) // want div-zero `^integer divide by zero: len\(a\) is 0$`
}

// AverageFixed returns 0 for no values.
func AverageFixed(a []int) int {
	if len(a) == 0 {
		return 0
	}
	sum := 0
	for _, v := range a {
		sum += v
	}
	return sum / len(a)
}

// ClearTail zeroes w[1] through a subslice that shares w's store, and
// then divides by it.
func ClearTail(w []int) int {
	if len(w) < 2 || w[1] == 0 {
		return 0
	}
	tail := w[1:]
	tail[0] = 0
	return 100 / w[1] // want div-zero `^integer divide by zero: w\[1\] is 0$`
}

// ClearTailCopy zeroes a copy of the tail, which leaves w alone.
func ClearTailCopy(w []int) int {
	if len(w) < 2 || w[1] == 0 {
		return 0
	}
	tail := append([]int(nil), w[1:]...)
	tail[0] = 0
	return 100 / w[1]
}

// Window returns a[i:i+n]; its bounds check overflows for huge i and n.
func Window(a []int, i, n int) []int {
	if i < 0 || n < 0 || i+n > len(a) {
		return nil
	}
	return a[i : i+n] // want slice-bounds `^slice bounds out of range \[:-\d+\] \(a\)$`
}

// WindowFixed checks without overflowing.
func WindowFixed(a []int, i, n int) []int {
	if i < 0 || n < 0 || i > len(a) || n > len(a)-i {
		return nil
	}
	return a[i : i+n]
}

// Zeros makes n zeros; a negative n panics (so does one too large to
// allocate).
func Zeros(n int) []int {
	return make([]int, n) // want make-len `^makeslice: len out of range \(n\)$`
}

// ZerosFixed clamps n to [0, 1<<20].
func ZerosFixed(n int) []int {
	return make([]int, min(max(n, 0), 1<<20))
}

// Grid holds four cells in an array.
type Grid struct{ cells [4]int }

// At reads a cell at an unchecked index.
func (g *Grid) At(i int) int {
	return g.cells[i] // want index `^index out of range \[(-\d+\]|\d+\] with length 4) \(g.cells\[i\]\)$`
}

// AtFixed checks the index.
func (g *Grid) AtFixed(i int) int {
	if i < 0 || i >= len(g.cells) {
		return 0
	}
	return g.cells[i]
}

// Person has a name.
type Person struct{ Name string }

// FirstName reads the first person, who may be nil.
func FirstName(people []*Person) string {
	if len(people) == 0 {
		return ""
	}
	return people[0].Name // want nil-deref `^nil dereference: people\[0\] is nil$`
}

// ArrayCopy changes a copy of an array, which leaves the original alone.
func ArrayCopy(a [3]int) int {
	b := a
	b[0] = 0
	if a[0] == 0 {
		return 1
	}
	return 100 / a[0]
}

// Sum adds the values of a[lo:hi] after checking the bounds.
func Sum(a []int, lo, hi int) int {
	if lo < 0 || hi > len(a) || lo > hi {
		return 0
	}
	s := 0
	for _, v := range a[lo:hi] {
		s += v
	}
	return s
}

// Reset clears the slice and then divides by its first element.
func Reset(a []int) int {
	if len(a) == 0 {
		return 0
	}
	clear(a)
	return 10 / a[0] // want div-zero `^integer divide by zero: a\[0\] is 0$`
}

// Spare reads the spare capacity append may leave after the elements: it
// is zero.
func Spare(n int) int {
	var out []int
	out = append(out, n)
	full := out[:cap(out)]
	if len(full) > 1 {
		return 10 / (full[1] + 1)
	}
	return 0
}

// SameCell compares the addresses of two elements, equal exactly when the
// indices are.
func SameCell(a []int, i, j int) int {
	if i < 0 || j < 0 || i >= len(a) || j >= len(a) {
		return 0
	}
	if &a[i] == &a[j] {
		return 10 / (i - j) // want div-zero `^integer divide by zero: i - j is 0$`
	}
	return 10 / (i - j)
}

// Header reads a four-byte header: a shorter packet panics.
func Header(p []byte) byte {
	h := (*[4]byte)(p) // want slice-bounds `^cannot convert slice with length \d to array or pointer to array with length 4 \(p\)$`
	return h[3]
}

// HeaderOK checks the length first: no finding.
func HeaderOK(p []byte) [4]byte {
	if len(p) < 4 {
		return [4]byte{}
	}
	return [4]byte(p)
}

// ThroughArray writes through an array pointer into the slice, so the
// divisor is 5: no finding.
func ThroughArray(s []int) int {
	if len(s) < 3 {
		return 0
	}
	a := (*[2]int)(s[1:])
	a[1] = 5
	return 10 / s[2]
}

// ToArray converts to an array, a copy: zeroing the slice afterwards
// does not change it, but the copy may hold a zero.
func ToArray(s []int) int {
	if len(s) < 2 {
		return 0
	}
	v := [2]int(s)
	s[1] = 7
	return 10 / v[1] // want div-zero `^integer divide by zero: v\[1\] is 0$`
}

// Grown reslices, by a negative h, a slice that append grew from no
// capacity: the capacity the runtime chose is unknown but valid, never
// negative.
func Grown(e []int, h int) int {
	if cap(e) != 0 || h >= 0 {
		return 0
	}
	e = append(e, 0)
	return len(e[:h]) // want slice-bounds `^slice bounds out of range \[:-1\] \(e\)$`
}

// Buffer makes room for n elements: a negative n is no capacity, which
// the runtime words otherwise than a bad length.
func Buffer(n int) []int {
	return make([]int, 0, n) // want make-len `^makeslice: cap out of range \(n\)$`
}

// Three appends to a slice nothing else refers to: whether each one fits
// or grows its store shows in the capacity alone, so they take one path.
func Three(a, b, c int) []int {
	var out []int
	out = append(out, a)
	out = append(out, b)
	out = append(out, c)
	return out
}

// Through appends twice through a pointer: the cell that held the old
// slice is overwritten, so again nothing else refers to its store.
func Through(p *[]int) {
	*p = append(*p, 1)
	*p = append(*p, 2)
}

// Kept appends to s while s stays in use: whether the append wrote s's
// store is seen through s, so it is a branch.
func Kept(a int) ([]int, []int) {
	var s []int
	s = append(s, a)
	t := append(s, 1)
	return s, t
}

// Overwritten appends twice to one slice with room to spare: the second
// append writes the cell the first one did, and t sees it.
func Overwritten(a int) int {
	var s []int
	s = append(s, a)
	t := append(s, 1)
	_ = append(s, 2)
	return 10 / (t[1] - 2) // want div-zero `^integer divide by zero: t\[1\] - 2 is 0$`
}

// PushSpare pushes onto a full stack: the grown store's room past the
// elements holds zeros, whatever the input's spare room held, so the
// divisor is 1: no finding.
func (s *Stack) PushSpare(v int) int {
	full := len(s.items) == cap(s.items)
	s.items = append(s.items, v)
	if room := s.items[len(s.items):cap(s.items)]; full && len(room) > 0 {
		return 10 / (room[0] + 1)
	}
	return 0
}

// Offset returns the entry of table at x counted from 1000. An x below
// 1000 wraps round to a huge index, which the runtime prints unsigned.
func Offset(table []int, x uint) int {
	return table[x-1000] // want index `^index out of range \[[0-9]+\] with length [0-9]+ \(table\[x - 1000\]\)$`
}

// Frame reads a frame whose header must announce at least a mebibyte:
// the witness's slice is written with make, as a literal of that size
// would be one the compiler lays out in full.
func Frame(buf []byte) byte {
	if len(buf) < 1<<20 {
		return 0
	}
	return buf[len(buf)-1] / buf[0] // want div-zero `^integer divide by zero: buf\[0\] is 0$`
}
