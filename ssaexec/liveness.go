package ssaexec

import (
	"github.com/gosym/gosym/ssafacts"
	"golang.org/x/tools/go/ssa"
)

// liveValues returns the values of f's function that are live at f's
// position, in the entry's frame (entry) or another (see
// ssafacts.Func.LiveAt).
func liveValues(f *frame, entry bool) []ssa.Value {
	return f.facts.LiveAt(f.block, f.pc, entry)
}

// facts returns the SSA facts of fn, which the program keeps for every
// function analysed.
func (x *subject) facts(fn *ssa.Function) *ssafacts.Func { return x.prog.facts.Of(fn) }
