package ssaexec

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
)

// registers are a frame's SSA values. The top frame is copied at every
// fork, and a slice copies far faster than a map, so each function's
// values are numbered once (in funcValues' order) and a frame keeps them
// in that order.
type registers struct {
	index map[ssa.Value]int // the function's numbering, shared
	vals  []register
}

// register is one value; a call without results binds nil.
type register struct {
	val heap.Value
	set bool
}

// numbering returns fn's numbering of its values, made on first use.
func (x *explorer) numbering(fn *ssa.Function) map[ssa.Value]int {
	if n, ok := x.numberings[fn]; ok {
		return n
	}
	n := map[ssa.Value]int{}
	for _, v := range funcValues(fn) {
		n[v] = len(n)
	}
	x.numberings[fn] = n
	return n
}

func newRegisters(index map[ssa.Value]int) registers {
	return registers{index: index, vals: make([]register, len(index))}
}

// get returns v's value and whether it was computed.
func (r registers) get(v ssa.Value) (heap.Value, bool) {
	i, ok := r.index[v]
	if !ok {
		return nil, false
	}
	return r.vals[i].val, r.vals[i].set
}

// set binds v, a value of the frame's function, to val.
func (r registers) set(v ssa.Value, val heap.Value) {
	i, ok := r.index[v]
	if !ok {
		panic("ssaexec: binding " + v.Name() + ", not a value of the frame's function")
	}
	r.vals[i] = register{val, true}
}

func (r registers) clone() registers {
	return registers{index: r.index, vals: slices.Clone(r.vals)}
}

// at returns v's value, or nil if it was not computed.
func (r registers) at(v ssa.Value) heap.Value {
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
