// Package cow is the copy-on-write by which forked paths share their
// state. A search forks a path's state at every branch and explores one
// copy after the other; most copies write little before they fork again,
// so what they hold is shared until one of them writes it. Four ways
// serve the path state, each for data written in its own way:
//
//   - Owned bits, for maps and slices written often (the heap's objects
//     and memos, the goroutines' channels, timers and race shadows, a
//     frame's register chunks): a fork clears the bits of both copies,
//     and each copies what it writes first (Put, Owned.Own).
//   - Replacement, for maps written seldom (what a path compared with
//     nil, its package variables): a write makes a new map (With), and
//     no bits are kept.
//   - A count of sharers, for the frames of a stack below its top, which
//     the last holder writes in place (ssaexec's frame.sharers).
//   - Capacity-capped slices, for what only grows (the path condition,
//     the trace, the goroutines' transitions): a fork caps the slice at
//     its length, so that an append of either copy copies.
//
// It imports nothing of gosym.
package cow

import "maps"

// Owned has a bit for each map or slice of a state that forks share:
// set, the state may write it in place, being its own copy.
type Owned uint64

// Own reports whether the holder of o owned what bit names, and marks it
// owned: where it did not, the caller makes it its own copy first.
func (o *Owned) Own(bit Owned) bool {
	owned := *o&bit != 0
	*o |= bit
	return owned
}

// Put sets k to v in *m, the map bit names, first making *m the copy of
// the holder of o unless o says it is already.
func Put[M ~map[K]V, K comparable, V any](o *Owned, bit Owned, m *M, k K, v V) {
	if !o.Own(bit) {
		*m = maps.Clone(*m)
		if *m == nil {
			*m = make(M)
		}
	}
	(*m)[k] = v
}

// With returns a copy of m with k set to v, for a map that forked states
// share and never write in place.
func With[M ~map[K]V, K comparable, V any](m M, k K, v V) M {
	c := maps.Clone(m)
	if c == nil {
		c = make(M)
	}
	c[k] = v
	return c
}
