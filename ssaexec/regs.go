package ssaexec

import (
	"reflect"
	"slices"
	"unsafe"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
)

// registers are a frame's SSA values. The top frame is copied at every
// fork, so each function's values are numbered once (in funcValues'
// order) and a frame keeps them in that order, in chunks that forked
// frames share until one of them writes there: a path runs a few
// instructions between forks, and copying every value at each fork was
// a tenth of all the memory a search allocated.
type registers struct {
	index  *numbering  // the function's numbering, shared
	chunks []*regChunk // nil until a value in it is bound
	owned  uint64      // bit i: chunks[i] is this frame's alone
}

// regChunk holds chunkSize consecutive values, and in set a bit for each
// bound one (a call without results binds nil). owned has a bit for the
// first 64 chunks; past them (functions of over 512 values), a chunk is
// copied at every write. Keeping the bits apart makes a chunk 136 bytes
// instead of 192: chunks are most of what a search allocates.
type regChunk struct {
	vals [chunkSize]heap.Value
	set  uint8
}

const chunkSize = 8

// numbering numbers a function's values by their addresses: every SSA
// value is a pointer. It is a table of its own, open addressing on the
// address's Fibonacci hash, at most half full: registers are looked up
// for nearly every operand of every instruction, which through a map on
// the interface was a tenth of a search's time and through a Go map on
// the address still 5 to 8%.
type numbering struct {
	slots []numberSlot // a power of two of them
	shift uint         // 64 - log2(len(slots))
	count int
}

type numberSlot struct {
	addr  unsafe.Pointer // nil: free
	index int
}

// newNumbering numbers addrs, which are distinct and not nil, in order.
func newNumbering(addrs []unsafe.Pointer) *numbering {
	size, shift := 2, uint(63)
	for size < 2*len(addrs) {
		size, shift = size*2, shift-1
	}
	n := &numbering{slots: make([]numberSlot, size), shift: shift, count: len(addrs)}
	for i, a := range addrs {
		h := n.home(a)
		for n.slots[h].addr != nil {
			h = (h + 1) & (len(n.slots) - 1)
		}
		n.slots[h] = numberSlot{a, i}
	}
	return n
}

// home is a's first slot.
func (n *numbering) home(a unsafe.Pointer) int {
	return int(uint64(uintptr(a)) * 0x9e3779b97f4a7c15 >> n.shift)
}

// lookup returns the number of the value at a.
func (n *numbering) lookup(a unsafe.Pointer) (int, bool) {
	for h := n.home(a); ; h = (h + 1) & (len(n.slots) - 1) {
		switch n.slots[h].addr {
		case a:
			return n.slots[h].index, true
		case nil:
			return 0, false
		}
	}
}

// addressOf returns the address v points to.
func addressOf(v ssa.Value) unsafe.Pointer {
	return reflect.ValueOf(v).UnsafePointer()
}

// numbering returns fn's numbering of its values, made on first use.
func (x *explorer) numbering(fn *ssa.Function) *numbering {
	if n, ok := x.numberings[fn]; ok {
		return n
	}
	var addrs []unsafe.Pointer
	for _, v := range funcValues(fn) {
		addrs = append(addrs, addressOf(v))
	}
	n := newNumbering(addrs)
	x.numberings[fn] = n
	return n
}

func newRegisters(index *numbering) registers {
	return registers{index: index, chunks: make([]*regChunk, (index.count+chunkSize-1)/chunkSize)}
}

// get returns v's value and whether it was computed.
func (r *registers) get(v ssa.Value) (heap.Value, bool) {
	i, ok := r.index.lookup(addressOf(v))
	if !ok {
		return nil, false
	}
	c := r.chunks[i/chunkSize]
	if c == nil {
		return nil, false
	}
	j := i % chunkSize
	return c.vals[j], c.set&(1<<j) != 0
}

// set binds v, a value of the frame's function, to val.
func (r *registers) set(v ssa.Value, val heap.Value) {
	i, ok := r.index.lookup(addressOf(v))
	if !ok {
		panic("ssaexec: binding " + v.Name() + ", not a value of the frame's function")
	}
	n := i / chunkSize
	if n >= 64 || r.owned&(1<<n) == 0 {
		c := new(regChunk)
		if old := r.chunks[n]; old != nil {
			*c = *old
		}
		r.chunks[n] = c
		if n < 64 {
			r.owned |= 1 << n
		}
	}
	c, j := r.chunks[n], i%chunkSize
	c.vals[j] = val
	c.set |= 1 << j
}

// clone returns a copy of r that shares its chunks; from now on both copy
// a chunk before writing it.
func (r *registers) clone() registers {
	r.owned = 0
	return registers{index: r.index, chunks: slices.Clone(r.chunks)}
}

// at returns v's value, or nil if it was not computed.
func (r *registers) at(v ssa.Value) heap.Value {
	val, _ := r.get(v)
	return val
}

// funcValues returns the values a frame of fn binds: its free variables,
// parameters, then its value instructions in block order.
func funcValues(fn *ssa.Function) []ssa.Value {
	var vs []ssa.Value
	for _, fv := range fn.FreeVars {
		vs = append(vs, fv)
	}
	for _, p := range fn.Params {
		vs = append(vs, p)
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if v, ok := in.(ssa.Value); ok {
				vs = append(vs, v)
			}
		}
	}
	return vs
}
