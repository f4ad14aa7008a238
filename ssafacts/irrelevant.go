package ssafacts

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// irrelevant returns the values of fn no panic and no branch can depend
// on (see Func.Irrelevant).
func irrelevant(fn *ssa.Function) map[ssa.Value]bool {
	relevant := map[ssa.Value]bool{}
	var mark func(v ssa.Value)
	mark = func(v ssa.Value) {
		if v == nil || relevant[v] {
			return
		}
		relevant[v] = true
		if instr, ok := v.(ssa.Instruction); ok && isPure(instr) {
			for _, op := range instr.Operands(nil) {
				mark(*op)
			}
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr.(type) {
			case *ssa.Return, *ssa.DebugRef:
				continue
			}
			if isPure(instr) {
				continue
			}
			for _, op := range instr.Operands(nil) {
				mark(*op)
			}
		}
	}
	out := map[ssa.Value]bool{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if v, ok := instr.(ssa.Value); ok && !relevant[v] {
				out[v] = true
			}
		}
	}
	for _, p := range fn.Params {
		if !relevant[p] {
			out[p] = true
		}
	}
	return out
}

// isPure reports whether instr computes a value from its operands without
// any effect or possible panic: its operands matter only if its value does.
func isPure(instr ssa.Instruction) bool {
	switch in := instr.(type) {
	case *ssa.BinOp:
		switch in.Op {
		case token.QUO, token.REM, token.SHL, token.SHR:
			return false // may panic on the divisor or shift count
		}
		return true
	case *ssa.UnOp:
		return in.Op != token.MUL && in.Op != token.ARROW
	case *ssa.Phi, *ssa.Convert, *ssa.ChangeType, *ssa.Extract:
		return true
	}
	return false
}
