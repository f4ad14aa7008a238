package ssafacts

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// IndexVar is a value used as an index into an array value, directly or
// plus or minus a constant, or a phi that flows into one or takes one
// in: the variable of an outer loop whose inner loop indexes with it.
// Offset is the least constant added to it where it indexes, if that is
// positive: a range loop's index stands one before the cell it reads
// next.
type IndexVar struct {
	Index, Array ssa.Value
	Offset       int64
}

// indexVars returns fn's index variables (see Func.IndexVars), in the order of their uses and
// then of the phis that link them.
func indexVars(fn *ssa.Function) []IndexVar {
	var out []IndexVar
	at := map[[2]ssa.Value]int{} // (index, array) -> position in out
	note := func(index, array ssa.Value, offset int64) bool {
		key := [2]ssa.Value{index, array}
		if i, seen := at[key]; seen {
			out[i].Offset = min(out[i].Offset, offset)
			return false
		}
		at[key] = len(out)
		out = append(out, IndexVar{Index: index, Array: array, Offset: offset})
		return true
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			var arr, idx ssa.Value
			switch in := instr.(type) {
			case *ssa.IndexAddr:
				arr, idx = in.X, in.Index
			case *ssa.Index:
				arr, idx = in.X, in.Index
			default:
				continue
			}
			base, off := indexBase(idx)
			note(base, arr, max(off, 0))
		}
	}
	for grew := true; grew; {
		grew = false
		for _, phi := range phis(fn) {
			for i := 0; i < len(out); i++ {
				iv := out[i]
				for _, edge := range phi.Edges {
					edgeBase, _ := indexBase(edge)
					if iv.Index != phi && iv.Index != edgeBase {
						continue
					}
					for _, linked := range []ssa.Value{phi, edgeBase} {
						if _, seen := at[[2]ssa.Value{linked, iv.Array}]; !seen {
							grew = note(linked, iv.Array, 0) || grew
						}
					}
				}
			}
		}
	}
	return out
}

// phis returns fn's phis in block order.
func phis(fn *ssa.Function) []*ssa.Phi {
	var out []*ssa.Phi
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if phi, ok := instr.(*ssa.Phi); ok {
				out = append(out, phi)
			}
		}
	}
	return out
}

// indexBase strips conversions and the addition or subtraction of a
// constant from an index, and returns the constant added.
func indexBase(v ssa.Value) (ssa.Value, int64) {
	var off int64
	for {
		switch e := v.(type) {
		case *ssa.Convert:
			v = e.X
			continue
		case *ssa.BinOp:
			if e.Op == token.ADD || e.Op == token.SUB {
				if c, ok := e.Y.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Int {
					k, _ := constant.Int64Val(c.Value)
					if e.Op == token.SUB {
						k = -k
					}
					v, off = e.X, off+k
					continue
				}
				if c, ok := e.X.(*ssa.Const); ok && e.Op == token.ADD && c.Value != nil && c.Value.Kind() == constant.Int {
					k, _ := constant.Int64Val(c.Value)
					v, off = e.Y, off+k
					continue
				}
			}
		}
		return v, off
	}
}
