// Package aliasing holds code whose behaviour depends on whether two
// pointers are the same, and on value copies of structs.
package aliasing

// Item is a payload.
type Item struct{ N int }

// Box holds an item.
type Box struct{ Item *Item }

// Steal moves src's item into dst. When dst and src are the same box the
// item is cleared after the move and the read panics.
func Steal(dst, src *Box) int {
	if src.Item == nil {
		return 0
	}
	dst.Item = src.Item
	src.Item = nil
	return dst.Item.N // want nil-deref "^nil dereference: dst.Item is nil$"
}

// StealFixed clears src first, so aliasing does no harm.
func StealFixed(dst, src *Box) int {
	if src.Item == nil {
		return 0
	}
	it := src.Item
	src.Item = nil
	dst.Item = it
	return dst.Item.N
}

// Pair holds two boxes.
type Pair struct{ A, B *Box }

// CopyPair changes a copy of a struct; the original keeps its pointer.
func CopyPair(b *Box) int {
	if b == nil || b.Item == nil {
		return 0
	}
	p := Pair{A: b, B: b}
	q := p
	q.A = nil
	return p.A.Item.N
}

// SharedPair changes the struct through a pointer, which is not a copy.
func SharedPair(b *Box) int {
	if b == nil || b.Item == nil {
		return 0
	}
	p := &Pair{A: b, B: b}
	q := p
	q.A = nil
	return p.A.Item.N // want nil-deref "^nil dereference: p.A is nil$"
}

// Point is a pair of coordinates.
type Point struct{ X, Y int }

// Same divides by the difference of two points' X only when they differ,
// which struct comparison guarantees: no finding.
func Same(a, b Point) int {
	if a == b {
		return 0
	}
	if a.Y == b.Y {
		return 100 / (a.X - b.X)
	}
	return 1
}

// SameBug forgets that equal points can differ in Y only.
func SameBug(a, b Point) int {
	if a != b {
		return 100 / (a.X - b.X) // want div-zero `^integer divide by zero: a.X - b.X is 0$`
	}
	return 0
}
