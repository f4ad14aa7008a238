package ssaexec

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// changesMemory reports whether fn may change memory that existed before
// it was called: it stores, writes a map or a slice's elements through
// anything but what it allocated itself, or calls a function that may, or
// one it cannot see (an interface method, a function value, a function
// without a body that is handed a reference, outside the read-only
// standard packages). Symstra's observers, which it is not, never extend a
// call sequence: the state after one is the state before. Called with
// a.mu held.
//
// A function changes memory when some function it may call, itself
// included, writes: reachability in the call graph, so the answer does
// not depend on which functions were asked about before (a memo that
// answered a recursive call with a provisional false did).
func (a *apiIndex) changesMemory(fn *ssa.Function) bool {
	if v, ok := a.changes[fn]; ok {
		return v
	}
	seen := map[*ssa.Function]bool{}
	var reaches func(f *ssa.Function) bool
	reaches = func(f *ssa.Function) bool {
		if v, ok := a.changes[f]; ok {
			return v
		}
		if seen[f] {
			return false // the search answers for it where it began
		}
		seen[f] = true
		if writesMemory(f, reaches) {
			a.changes[f] = true // and so every caller on the way
			return true
		}
		return false
	}
	if reaches(fn) {
		return true
	}
	// Nothing the search reached writes, so neither does any function it
	// visited.
	for f := range seen {
		a.changes[f] = false
	}
	return false
}

// writesMemory reports whether fn writes memory its caller had, or calls a
// function that may: one that reaches says does, or one it cannot see.
func writesMemory(fn *ssa.Function, reaches func(*ssa.Function) bool) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Store:
				if !fresh(in.Addr) {
					return true
				}
			case *ssa.MapUpdate:
				if !fresh(in.Map) {
					return true
				}
			case *ssa.Send, *ssa.Go:
				return true
			case ssa.CallInstruction:
				if callWrites(in.Common(), reaches) {
					return true
				}
			}
		}
	}
	return false
}

// callWrites reports whether a call may change memory its caller had.
func callWrites(c *ssa.CallCommon, reaches func(*ssa.Function) bool) bool {
	if b, ok := c.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "copy", "clear", "delete", "append":
			// append writes in place within the capacity.
			return !fresh(c.Args[0])
		}
		return false
	}
	callee := c.StaticCallee()
	switch {
	case callee == nil:
		return true
	case callee.Blocks != nil:
		return reaches(callee)
	case readOnly(callee):
		return false
	}
	return handsReferences(c.Args)
}

// handsReferences reports whether a call's arguments may refer to memory.
func handsReferences(args []ssa.Value) bool {
	for _, v := range args {
		switch types.Unalias(v.Type()).Underlying().(type) {
		case *types.Basic:
		default:
			return true
		}
	}
	return false
}

// fresh reports whether the address or reference v is into an object the
// function allocated itself.
func fresh(v ssa.Value) bool {
	for {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.IndexAddr:
			v = x.X
		case *ssa.Slice:
			v = x.X
		case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap:
			return true
		default:
			return false
		}
	}
}
