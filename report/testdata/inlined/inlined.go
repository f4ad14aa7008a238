// Package inlined has a nil dereference in a method that gc inlines into
// its caller, where the optimized code checks for nil on the caller's
// line: its witness is confirmed only when compiled without optimization.
package inlined

type elem struct{ v int }

// List is a list of size elements, all first.
type List struct {
	first *elem
	size  int
}

type iter struct {
	l *List
	i int
	e *elem
}

func (it *iter) next() bool {
	it.i++
	if it.i >= it.l.size {
		return false
	}
	it.e = it.l.first
	return true
}

func (it *iter) value() int { return it.e.v }

// Each calls f with each value; a list whose size counts a nil first
// element panics in value.
func (l *List) Each(f func(int)) {
	it := &iter{l: l, i: -1}
	for it.next() {
		f(it.value())
	}
}
