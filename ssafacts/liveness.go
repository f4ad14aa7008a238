package ssafacts

import "golang.org/x/tools/go/ssa"

// livePoint is a position in a function: a block and the index of the
// next instruction, in the entry function's frame or not.
type livePoint struct {
	block *ssa.BasicBlock
	pc    int
	entry bool
}

// LiveAt returns the values of the function that are live before
// instruction pc of block b: some path from there uses them before the
// function defines them again. They come in the order of Values. In the
// entry function's frame (entry), a parameter stays live while code
// ahead mentions it.
//
// Liveness must be exact here, not "used somewhere later": an outer
// loop's variable that the next outer iteration redefines is dead inside
// the inner loop, and keeping it would tell apart states that differ
// only in it.
func (f *Func) LiveAt(b *ssa.BasicBlock, pc int, entry bool) []ssa.Value {
	at := livePoint{b, pc, entry}
	f.mu.Lock()
	vs, ok := f.live[at]
	f.mu.Unlock()
	if ok {
		return vs
	}
	vs = f.liveAt(at)
	f.mu.Lock()
	f.live[at] = vs
	f.mu.Unlock()
	return vs
}

func (f *Func) liveAt(at livePoint) []ssa.Value {
	fn := f.fn
	live := f.liveOut()[at.block.Index]
	later := map[ssa.Value]bool{}
	for v := range live {
		later[v] = true
	}
	instrs := at.block.Instrs
	for i := len(instrs) - 1; i >= at.pc && i >= 0; i-- {
		if v, ok := instrs[i].(ssa.Value); ok {
			delete(later, v)
		}
		if _, phi := instrs[i].(*ssa.Phi); !phi {
			addOperands(later, instrs[i])
		}
	}
	if at.entry {
		// The entry function's parameters root the input heap: each
		// stays while code ahead mentions it, even only as where a loop
		// variable started, so that the loop's iterations reach the
		// input objects in the same order.
		mentioned := mentionedFrom(at.block)
		for _, p := range fn.Params {
			later[p] = later[p] || mentioned[p]
		}
	}
	var vs []ssa.Value
	for _, v := range f.Values() {
		if later[v] {
			vs = append(vs, v)
		}
	}
	return vs
}

// mentionedFrom returns the values that the instructions of b and of the
// blocks reachable from it use, phis included.
func mentionedFrom(b *ssa.BasicBlock) map[ssa.Value]bool {
	used := map[ssa.Value]bool{}
	seen := map[*ssa.BasicBlock]bool{b: true}
	stack := []*ssa.BasicBlock{b}
	for len(stack) > 0 {
		blk := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, instr := range blk.Instrs {
			addOperands(used, instr)
		}
		for _, next := range blk.Succs {
			if !seen[next] {
				seen[next] = true
				stack = append(stack, next)
			}
		}
	}
	return used
}

// addOperands adds the local values instr uses to set.
func addOperands(set map[ssa.Value]bool, instr ssa.Instruction) {
	for _, op := range instr.Operands(nil) {
		if isLocal(*op) {
			set[*op] = true
		}
	}
}

// isLocal reports whether v is a value of its function's frame, not a
// constant, global or function.
func isLocal(v ssa.Value) bool {
	switch v.(type) {
	case nil, *ssa.Const, *ssa.Global, *ssa.Function, *ssa.Builtin:
		return false
	}
	return true
}

// liveOut returns, per block of fn, the values live at its end: the
// classic backward fixpoint, where a phi's operand is used at the end of
// the predecessor it comes from.
func liveOut(fn *ssa.Function) []map[ssa.Value]bool {
	n := len(fn.Blocks)
	in := make([]map[ssa.Value]bool, n)
	out := make([]map[ssa.Value]bool, n)
	for i := range n {
		in[i], out[i] = map[ssa.Value]bool{}, map[ssa.Value]bool{}
	}
	for changed := true; changed; {
		changed = false
		for i := n - 1; i >= 0; i-- {
			b := fn.Blocks[i]
			for _, s := range b.Succs {
				changed = addAll(out[i], in[s.Index]) || changed
				changed = addPhiEdges(out[i], s, b) || changed
			}
			live := map[ssa.Value]bool{}
			for v := range out[i] {
				live[v] = true
			}
			for k := len(b.Instrs) - 1; k >= 0; k-- {
				instr := b.Instrs[k]
				if v, ok := instr.(ssa.Value); ok {
					delete(live, v)
				}
				if _, phi := instr.(*ssa.Phi); !phi {
					addOperands(live, instr)
				}
			}
			changed = addAll(in[i], live) || changed
		}
	}
	return out
}

// addPhiEdges adds to set the operands that the phis of succ take along
// the edge from pred, reporting whether it grew.
func addPhiEdges(set map[ssa.Value]bool, succ, pred *ssa.BasicBlock) bool {
	grew := false
	for _, instr := range succ.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		for j, p := range succ.Preds {
			if v := phi.Edges[j]; p == pred && isLocal(v) && !set[v] {
				set[v] = true
				grew = true
			}
		}
	}
	return grew
}

// addAll adds src to dst, reporting whether dst grew.
func addAll(dst, src map[ssa.Value]bool) bool {
	grew := false
	for v := range src {
		if !dst[v] {
			dst[v] = true
			grew = true
		}
	}
	return grew
}
