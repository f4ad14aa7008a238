package ssafacts

import "golang.org/x/tools/go/ssa"

// loops are a function's natural loops: for each block, by index, the
// head of the innermost loop it lies in (nil: none), and for each head
// the blocks of its loop.
type loops struct {
	inner  []*ssa.BasicBlock
	bodies map[*ssa.BasicBlock][]bool
}

// IsLoopHead reports whether b heads a natural loop: a back edge, from a
// block b dominates, enters it.
func IsLoopHead(b *ssa.BasicBlock) bool {
	for _, p := range b.Preds {
		if b.Dominates(p) {
			return true
		}
	}
	return false
}

// InnermostLoop returns the head of the innermost natural loop that block
// b of the function lies in, or nil.
func (f *Func) InnermostLoop(b *ssa.BasicBlock) *ssa.BasicBlock {
	return f.loops().inner[b.Index]
}

// Exits reports whether the edge from block b to succ leaves the
// innermost loop b lies in.
func (f *Func) Exits(b, succ *ssa.BasicBlock) bool {
	l := f.loops()
	h := l.inner[b.Index]
	return h != nil && !l.bodies[h][succ.Index]
}

// findLoops finds fn's natural loops. The loop of head h holds the blocks
// from which h is reached again through blocks h dominates: those that
// reach a back edge's source, walking predecessors that h dominates. Of
// the loops a block lies in, the innermost is the one whose head every
// other's dominates.
func findLoops(fn *ssa.Function) loops {
	l := loops{inner: make([]*ssa.BasicBlock, len(fn.Blocks)), bodies: map[*ssa.BasicBlock][]bool{}}
	for _, h := range fn.Blocks {
		if !IsLoopHead(h) {
			continue
		}
		body := loopBody(fn, h)
		l.bodies[h] = body
		for i, in := range body {
			if inner := l.inner[i]; in && (inner == nil || inner.Dominates(h)) {
				l.inner[i] = h
			}
		}
	}
	return l
}

// loopBody returns, by block index, the blocks of the natural loop of h.
func loopBody(fn *ssa.Function, h *ssa.BasicBlock) []bool {
	body := make([]bool, len(fn.Blocks))
	body[h.Index] = true
	var stack []*ssa.BasicBlock
	for _, p := range h.Preds {
		if h.Dominates(p) && !body[p.Index] {
			body[p.Index] = true
			stack = append(stack, p)
		}
	}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, p := range b.Preds {
			if !body[p.Index] && h.Dominates(p) {
				body[p.Index] = true
				stack = append(stack, p)
			}
		}
	}
	return body
}
