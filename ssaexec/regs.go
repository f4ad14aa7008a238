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
	index *ssafacts.Numbering // the function's numbering, shared
	// A function of at most inlineChunks chunks keeps them in inline,
	// and a larger one in more: a frame is copied at most forks, and a
	// slice of its own was a second allocation at each copy. A chunk is
	// nil until a value in it is bound.
	inline [inlineChunks]*regChunk
	more   []*regChunk
	owned  cow.Owned // bit i: chunk i is this frame's alone
}

// inlineChunks is how many chunks a frame holds in place: the values of
// most functions.
const inlineChunks = 8

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
	r := registers{index: index}
	if n := (index.Len() + chunkSize - 1) / chunkSize; n > inlineChunks {
		r.more = make([]*regChunk, n)
	}
	return r
}

// chunk returns the place of chunk n.
func (r *registers) chunk(n int) **regChunk {
	if r.more != nil {
		return &r.more[n]
	}
	return &r.inline[n]
}

// get returns v's value and whether it was computed.
func (r *registers) get(v ssa.Value) (heap.Value, bool) {
	i, ok := r.index.Lookup(v)
	if !ok {
		return nil, false
	}
	c := *r.chunk(i / chunkSize)
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
	place := r.chunk(n)
	if n >= 64 || !r.owned.Own(1<<n) {
		c := new(regChunk)
		if old := *place; old != nil {
			*c = *old
		}
		*place = c
	}
	c, j := *place, i%chunkSize
	c.vals[j] = val
	c.set |= 1 << j
}

// clone returns a copy of r that shares its chunks; from now on both copy
// a chunk before writing it.
func (r *registers) clone() registers {
	r.owned = 0
	c := *r
	c.more = slices.Clone(r.more)
	return c
}

// at returns v's value, or nil if it was not computed.
func (r *registers) at(v ssa.Value) heap.Value {
	val, _ := r.get(v)
	return val
}
