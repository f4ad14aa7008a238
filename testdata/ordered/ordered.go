// Package ordered holds generic code over cmp.Ordered, analysed without a
// caller's type arguments: a type parameter stands for a type of its
// constraint's type set (int for cmp.Ordered), so < orders its values and
// witnesses name a type argument that satisfies the constraint.
package ordered

import "cmp"

// Rank counts the elements of sorted below x. It trusts an element at
// least as large as x to end the slice, and reads past the end when none
// does.
func Rank[T cmp.Ordered](sorted []T, x T) int {
	if len(sorted) == 0 {
		return 0
	}
	i := 0
	for sorted[i] < x { // want index "^index out of range \\[\\d\\] with length \\d \\(sorted\\[i\\]\\)$"
		i++
	}
	return i
}

// RankChecked stops at the end.
func RankChecked[T cmp.Ordered](sorted []T, x T) int {
	i := 0
	for i < len(sorted) && sorted[i] < x {
		i++
	}
	return i
}

// Tree is a binary search tree.
type Tree[K cmp.Ordered, V any] struct {
	root *node[K, V]
	size int
}

type node[K cmp.Ordered, V any] struct {
	key         K
	val         V
	left, right *node[K, V]
}

// Put adds or replaces key's value.
func (t *Tree[K, V]) Put(key K, val V) {
	p := &t.root
	for *p != nil {
		switch {
		case key < (*p).key:
			p = &(*p).left
		case key > (*p).key:
			p = &(*p).right
		default:
			(*p).val = val
			return
		}
	}
	*p = &node[K, V]{key: key, val: val}
	t.size++
}

// Floor returns the largest key at most key. It forgets that no key may
// be that small.
func (t *Tree[K, V]) Floor(key K) K {
	var best *node[K, V]
	for n := t.root; n != nil; {
		if n.key <= key {
			best, n = n, n.right
		} else {
			n = n.left
		}
	}
	return best.key // want nil-deref "^nil dereference: best is nil$"
}

// Interval is a closed range of ordered values.
type Interval[T cmp.Ordered] struct{ Lo, Hi T }

// Clamp limits x to the interval, which must not be inverted.
func Clamp[T cmp.Ordered](iv Interval[T], x T) T {
	if iv.Hi < iv.Lo {
		panic("inverted interval") // want panic "^panic: inverted interval$"
	}
	return min(max(x, iv.Lo), iv.Hi)
}

// Node types of two kinds of list.
type A struct{ next *A }
type B struct{ next *B }

// Next follows a link of either kind, after checking it: NilAway once
// reported a nil dereference here.
func Next[T *A | *B](p T) bool {
	if p == nil {
		return false
	}
	return true
}
