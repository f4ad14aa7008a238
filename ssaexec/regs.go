package ssaexec

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/internal/cow"
	"github.com/gosym/gosym/ssafacts"
)

// registers are a frame's SSA values. The top frame is copied at every
// fork, so each function's values are numbered once (in the order of
// ssafacts.Func.Values) and a frame keeps them in that order, in chunks that forked
// frames share until one of them writes there: a path runs a few
// instructions between forks, and copying every value at each fork was
// a tenth of all the memory a search allocated.
type registers struct {
	index  *ssafacts.Numbering // the function's numbering, shared
	chunks []*regChunk         // nil until a value in it is bound
	owned  cow.Owned           // bit i: chunks[i] is this frame's alone
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

func newRegisters(index *ssafacts.Numbering) registers {
	return registers{index: index, chunks: make([]*regChunk, (index.Len()+chunkSize-1)/chunkSize)}
}

// get returns v's value and whether it was computed.
func (r *registers) get(v ssa.Value) (heap.Value, bool) {
	i, ok := r.index.Lookup(v)
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
	i, ok := r.index.Lookup(v)
	if !ok {
		panic("ssaexec: binding " + v.Name() + ", not a value of the frame's function")
	}
	n := i / chunkSize
	if n >= 64 || !r.owned.Own(1<<n) {
		c := new(regChunk)
		if old := r.chunks[n]; old != nil {
			*c = *old
		}
		r.chunks[n] = c
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
