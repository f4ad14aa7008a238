package ssafacts

import (
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

// Numbering numbers a function's values by their addresses: every SSA
// value is a pointer. It is a table of its own, open addressing on the
// address's Fibonacci hash, at most half full: the engine looks up a
// frame's register for nearly every operand of every instruction, which
// through a map on the interface was a tenth of a search's time and
// through a Go map on the address still 5 to 8%.
type Numbering struct {
	slots []numberSlot // a power of two of them
	shift uint         // 64 - log2(len(slots))
	count int
}

type numberSlot struct {
	addr  unsafe.Pointer // nil: free
	index int
}

// NumberValues numbers vs, which are distinct, in order.
func NumberValues(vs []ssa.Value) *Numbering {
	size, shift := 2, uint(63)
	for size < 2*len(vs) {
		size, shift = size*2, shift-1
	}
	n := &Numbering{slots: make([]numberSlot, size), shift: shift, count: len(vs)}
	for i, v := range vs {
		a := addressOf(v)
		h := n.home(a)
		for n.slots[h].addr != nil {
			h = (h + 1) & (len(n.slots) - 1)
		}
		n.slots[h] = numberSlot{a, i}
	}
	return n
}

// Len returns how many values n numbers.
func (n *Numbering) Len() int { return n.count }

// Lookup returns the number of v.
func (n *Numbering) Lookup(v ssa.Value) (int, bool) {
	a := addressOf(v)
	for h := n.home(a); ; h = (h + 1) & (len(n.slots) - 1) {
		switch n.slots[h].addr {
		case a:
			return n.slots[h].index, true
		case nil:
			return 0, false
		}
	}
}

// home is a's first slot.
func (n *Numbering) home(a unsafe.Pointer) int {
	return int(uint64(uintptr(a)) * 0x9e3779b97f4a7c15 >> n.shift)
}

// addressOf returns the address v points to: the data word of the
// interface, which for the pointer types that implement ssa.Value is the
// pointer itself. Through reflect, this took 40% of a lookup.
func addressOf(v ssa.Value) unsafe.Pointer {
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[1]
}
