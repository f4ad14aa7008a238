// Package ssafacts computes what gosym's engine reads of a function's
// SSA besides its instructions: the order and numbering of its values,
// the values live at each point, its loops and the edges that leave
// them, the variables that index its arrays, the values no branch or
// panic depends on, and the source names of its values. Each fact is a
// function of the SSA alone, computed once, on first need, and kept for
// the program, so that the functions analysed in a run share it and the
// order in which they ask makes no difference. It is safe for concurrent
// use.
//
// It imports nothing of gosym.
package ssafacts

import (
	"go/ast"
	"go/token"
	"sync"

	"golang.org/x/tools/go/ssa"
)

// Facts holds the facts of one program's functions and files.
type Facts struct {
	mu    sync.Mutex
	funcs map[*ssa.Function]*Func
	// lines holds each file's line starts (see LineStarts).
	lines sync.Map // *token.File -> []int
}

// New returns an empty table of facts.
func New() *Facts {
	return &Facts{funcs: map[*ssa.Function]*Func{}}
}

// Of returns the facts of fn.
func (f *Facts) Of(fn *ssa.Function) *Func {
	f.mu.Lock()
	defer f.mu.Unlock()
	facts := f.funcs[fn]
	if facts == nil {
		facts = newFunc(fn)
		f.funcs[fn] = facts
	}
	return facts
}

// LineStarts returns the offsets at which file's lines start. It reads
// file's table once: token.File takes a mutex for every read of it.
func (f *Facts) LineStarts(file *token.File) []int {
	if starts, ok := f.lines.Load(file); ok {
		return starts.([]int)
	}
	starts, _ := f.lines.LoadOrStore(file, file.Lines())
	return starts.([]int)
}

// Func holds the facts of one function, each computed on first need but
// the positions, which every search of the function reads.
type Func struct {
	fn         *ssa.Function
	values     func() []ssa.Value
	numbering  func() *Numbering
	liveOut    func() []map[ssa.Value]bool
	loops      func() loops
	indexVars  func() []IndexVar
	irrelevant func() map[ssa.Value]bool
	names      func() map[ssa.Value][]ast.Expr
	positions  [][]token.Pos // by block and instruction

	mu   sync.Mutex
	live map[livePoint][]ssa.Value
}

func newFunc(fn *ssa.Function) *Func {
	f := &Func{fn: fn, live: map[livePoint][]ssa.Value{}}
	f.values = sync.OnceValue(func() []ssa.Value { return values(fn) })
	f.numbering = sync.OnceValue(func() *Numbering { return NumberValues(f.Values()) })
	f.liveOut = sync.OnceValue(func() []map[ssa.Value]bool { return liveOut(fn) })
	f.loops = sync.OnceValue(func() loops { return findLoops(fn) })
	f.indexVars = sync.OnceValue(func() []IndexVar { return indexVars(fn) })
	f.irrelevant = sync.OnceValue(func() map[ssa.Value]bool { return irrelevant(fn) })
	f.names = sync.OnceValue(func() map[ssa.Value][]ast.Expr { return sourceNames(fn) })
	f.positions = positions(fn)
	return f
}

// Values returns the function's values: its free variables, its
// parameters, then the values its instructions define, in block order.
func (f *Func) Values() []ssa.Value { return f.values() }

// Numbering returns the numbering of the function's values, in the
// order of Values.
func (f *Func) Numbering() *Numbering { return f.numbering() }

// IndexVars returns the function's index variables, in the order of their
// uses and then of the phis that link them.
func (f *Func) IndexVars() []IndexVar { return f.indexVars() }

// Irrelevant returns the values of the function that no panic and no
// branch can depend on: they only flow, through operations that cannot
// panic, into the function's results. States that differ in them have
// the same future findings, so subsumption leaves them out (a counter
// that is only returned no longer tells iterations apart).
func (f *Func) Irrelevant() map[ssa.Value]bool { return f.irrelevant() }

// Names returns, for each value the source names, the expressions that
// name it (from the function's debug references).
func (f *Func) Names() map[ssa.Value][]ast.Expr { return f.names() }

// InstrPos returns the position of instruction i of block b, as its Pos
// method does. The engine reads it at every step, and a debug
// reference's Pos walks down its source expression.
func (f *Func) InstrPos(b *ssa.BasicBlock, i int) token.Pos { return f.positions[b.Index][i] }

// positions returns the positions of fn's instructions, by block.
func positions(fn *ssa.Function) [][]token.Pos {
	out := make([][]token.Pos, len(fn.Blocks))
	for i, b := range fn.Blocks {
		out[i] = make([]token.Pos, len(b.Instrs))
		for j, in := range b.Instrs {
			out[i][j] = in.Pos()
		}
	}
	return out
}

// values lists fn's values in the order Values gives.
func values(fn *ssa.Function) []ssa.Value {
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

// sourceNames maps fn's values to the expressions that name them.
func sourceNames(fn *ssa.Function) map[ssa.Value][]ast.Expr {
	names := map[ssa.Value][]ast.Expr{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ref, ok := instr.(*ssa.DebugRef)
			if !ok {
				continue
			}
			// An address is named by the expression it is the address of
			// only where it is not the value of another (&x.f): then an
			// element address &a[i] reads as a[i].
			if _, isElem := ref.X.(*ssa.IndexAddr); !ref.IsAddr || isElem {
				names[ref.X] = append(names[ref.X], ref.Expr)
			}
		}
	}
	return names
}
