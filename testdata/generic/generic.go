// Package generic holds a generic linked list.
package generic

import "github.com/gosym/gosym/testdata/foreign/inner"

// Element is a list element.
type Element[T any] struct {
	next  *Element[T]
	Value T
}

// List is a singly linked list of T.
type List[T any] struct {
	head *Element[T]
	n    int
}

// Front returns the first value; it forgets the empty list.
func (l *List[T]) Front() T {
	return l.head.Value // want nil-deref `^nil dereference: l.head is nil$`
}

// FrontOK reports an empty list.
func (l *List[T]) FrontOK() (T, bool) {
	if l.head == nil {
		var zero T
		return zero, false
	}
	return l.head.Value, true
}

// Push adds v at the front.
func (l *List[T]) Push(v T) {
	l.head = &Element[T]{next: l.head, Value: v}
	l.n++
}

// Second returns the value after the front: a list of one has none.
func (l *List[T]) Second() T {
	if l.head == nil {
		var zero T
		return zero
	}
	return l.head.next.Value // want nil-deref `^nil dereference: l.head.next is nil$` nil-deref `^nil dereference: l.head.next is nil$`
}

// SecondInt is Second of a list of ints, which instantiates it: the
// witnesses name List[int] and Element[int] as the package does. (Both
// SecondInt and the instance report Second's panic.)
func SecondInt(l *List[int]) int {
	if l == nil {
		return 0
	}
	return l.Second()
}

// Sum adds the values of a list of ints.
func Sum(l *List[int]) int {
	if l == nil {
		return 0
	}
	s := 0
	for e := l.head; e != nil; e = e.next {
		s += e.Value
	}
	return s
}

// Map applies f to a slice.
func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

// Lengths uses Map with strings.
func Lengths(xs []string) []int {
	return Map(xs, func(s string) int { return len(s) })
}

// Never is generic and never instantiated.
func Never[T comparable](a, b T) bool { return a == b }

// Last returns the last element of a slice of any element type; an empty
// slice panics. Never instantiated: analysed through S's core type.
func Last[S ~[]E, E any](s S) E {
	return s[len(s)-1] // want index `^index out of range \[-1\] \(s\[len\(s\) - 1\]\)$`
}

// Ordered is the types whose values < orders.
type Ordered interface {
	~int | ~int64 | ~string
}

// Tree holds ordered values in nodes of a given degree.
type Tree[T Ordered] struct {
	degree int
	free   *Pool[T]
}

// NewTree returns an empty tree. Its type argument is in no parameter,
// so a call names it: NewTree[int](1), whose degree it rejects.
func NewTree[T Ordered](degree int) *Tree[T] {
	if degree < 2 {
		panic("bad degree") // want panic `^panic: bad degree$`
	}
	return &Tree[T]{degree: degree, free: NewPool[T](degree)}
}

// Pool keeps nodes for reuse.
type Pool[T any] struct{ free []*T }

// NewPool returns a pool for up to n nodes: a negative n makes it panic,
// and so does a degree of NewTree too large to allocate. NewTree's call
// makes the instance NewPool[T], whose witness must instantiate the T.
func NewPool[T any](n int) *Pool[T] {
	return &Pool[T]{free: make([]*T, 0, n)} // want make-len `^makeslice: cap out of range` make-len `^makeslice: cap out of range`
}

// FirstOf returns the first of xs; an empty xs panics. Instantiated with
// another package's type (below), its witness names the type argument as
// code does: FirstOf[inner.List], not by its package's path. The panic is
// found from the instance and from FirstList.
func FirstOf[T any](xs []T) T {
	return xs[0] // want index `^index out of range \[0\] with length 0 \(xs\[0\]\)$` index `^index out of range \[0\] with length 0 \(xs\[0\]\)$`
}

// FirstList returns the first of ls.
func FirstList(ls []inner.List) inner.List { return FirstOf(ls) }

// Small is the signed integers of at most 16 bits.
type Small interface{ ~int8 | ~int16 }

// Add adds two small numbers, and panics where the sum wraps: 100 + 100
// does in an int8, the type a witness instantiates T with, but not in the
// int an untyped 100 would make it.
func Add[T Small](a, b T) T {
	if b > 0 && a+b < a {
		panic("wrapped") // want panic `^panic: wrapped$`
	}
	return a + b
}

// Head returns the first of xs; an empty xs panics. The witness's slice
// literal says what T is.
func Head[T Small](xs []T) T {
	return xs[0] // want index `^index out of range \[0\] with length 0 \(xs\[0\]\)$`
}
