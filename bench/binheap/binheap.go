// Package binheap ports BinaryHeap, the array-based binary heap of Weiss's
// textbook that the Kiasan paper (Deng, Lee and Robby, lazier#
// initialization, Table I) checks through insert.
package binheap

// Heap is a binary min-heap of ints kept in a slice, level by level: the
// children of items[i] are items[2i+1] and items[2i+2]. It may hold an
// element more than once. The zero value is an empty heap.
type Heap struct {
	items []int
}

// Len returns the number of elements in h.
func (h *Heap) Len() int {
	return len(h.items)
}

// Insert adds x to h.
func (h *Heap) Insert(x int) {
	h.items = append(h.items, x)
	// x moves up a hole, not by swaps: each larger parent moves down
	// once and x is written once, at the end.
	i := len(h.items) - 1
	for i > 0 {
		p := (i - 1) / 2
		if h.items[p] <= x {
			break
		}
		h.items[i] = h.items[p]
		i = p
	}
	h.items[i] = x
}

// DeleteMin removes and returns the smallest element of h; ok is false if h
// is empty.
func (h *Heap) DeleteMin() (x int, ok bool) {
	n := len(h.items)
	if n == 0 {
		return 0, false
	}
	x = h.items[0]
	last := h.items[n-1]
	h.items = h.items[:n-1]
	if n > 1 {
		h.percolateDown(last)
	}
	return x, true
}

// percolateDown puts x into the hole at the root and moves the hole down,
// past each smaller child, to where x fits.
func (h *Heap) percolateDown(x int) {
	i := 0
	for {
		c := 2*i + 1
		if c >= len(h.items) {
			break
		}
		if c+1 < len(h.items) && h.items[c+1] < h.items[c] {
			c++
		}
		if x <= h.items[c] {
			break
		}
		h.items[i] = h.items[c]
		i = c
	}
	h.items[i] = x
}

// repOK is the class invariant: no element is smaller than its parent.
func (h *Heap) repOK() bool {
	for i := 1; i < len(h.items); i++ {
		if h.items[(i-1)/2] > h.items[i] {
			return false
		}
	}
	return true
}
