package ssaexec

import (
	"go/token"
	"slices"

	"github.com/gosym/gosym/heap"
	"golang.org/x/tools/go/ssa"
)

// Package initialization has no inputs: Go runs it one way. Where it
// branches on, or lets pass its references to, code gosym does not run,
// exploring it both ways would give the entry one run per guess (2^n for
// n such branches: go/types' initialization calls unicode.IsUpper for
// each predeclared name) and make every later path rest on the guess, so
// that all of the entry's panics were left out as assumed. Initialization
// is cut there instead (see abandonInit): the variables it has not set,
// and those the rest of it may still change, become inputs.

// inInit reports whether s is running its package's initialization (not
// a call of a sequence that builds an entry parameter).
func (s *state) inInit() bool {
	return s.pkgInit.running && (s.seq == nil || !s.seq.running)
}

// Why initialization stops where it rests on unexecuted code.
const (
	initBranchesOnUnexecuted = "it branches on what code gosym does not run returned"
	initRestsOnUnexecuted    = "what it does next rests on code gosym does not run"
)

// initGuess reports, for a step of initialization, why taking its
// alternatives would guess what unexecuted code did, or "". A step that
// took such a guess by itself (a pointer passed to unexecuted code) marks
// the path assumed, which explore checks before the next step.
func initGuess(alts []alt) string {
	if len(alts) < 2 {
		return ""
	}
	for _, a := range alts {
		if a.external {
			return initRestsOnUnexecuted
		}
		if a.guard != nil && !a.guard.IsConst() && a.guard.MentionsSymbol(heap.ExternalPrefix) {
			return initBranchesOnUnexecuted
		}
	}
	return ""
}

// laterWritten returns the package variables that the rest of the
// initialization frames may write: those whose address the code left to
// run in them, or in the functions it calls, uses other than to load the
// variable. A variable initialization set before it was cut keeps its
// value only if nothing after the cut could change it. Calls through
// function values and interfaces are not followed.
func laterWritten(frames []*frame) map[*ssa.Global]bool {
	w := &writes{globals: map[*ssa.Global]bool{}, funcs: map[*ssa.Function]bool{}}
	for i, f := range frames {
		from := f.pc
		if i < len(frames)-1 {
			from++ // a caller's pc is the call, which is running
		}
		w.rest(f.block, from)
		for _, d := range f.defers {
			if fn, ok := d.operand.(*ssa.Function); ok {
				w.function(fn)
			}
		}
	}
	return w.globals
}

type writes struct {
	globals map[*ssa.Global]bool
	funcs   map[*ssa.Function]bool
}

func (w *writes) function(fn *ssa.Function) {
	if fn == nil || w.funcs[fn] || fn.Blocks == nil {
		return
	}
	w.funcs[fn] = true
	for _, b := range fn.Blocks {
		w.block(b, 0)
	}
	for _, anon := range fn.AnonFuncs {
		w.function(anon)
	}
}

// rest adds what the code from instruction from of block b on writes:
// the rest of b and every block control can reach from it, b whole if a
// loop leads back to it.
func (w *writes) rest(b *ssa.BasicBlock, from int) {
	w.block(b, from)
	seen := map[*ssa.BasicBlock]bool{}
	queue := slices.Clone(b.Succs)
	for len(queue) > 0 {
		next := queue[0]
		queue = queue[1:]
		if seen[next] {
			continue
		}
		seen[next] = true
		w.block(next, 0)
		queue = append(queue, next.Succs...)
	}
}

func (w *writes) block(b *ssa.BasicBlock, from int) {
	for _, in := range b.Instrs[min(from, len(b.Instrs)):] {
		w.instruction(in)
	}
}

func (w *writes) instruction(in ssa.Instruction) {
	if call, ok := in.(ssa.CallInstruction); ok {
		w.function(call.Common().StaticCallee())
	}
	if load, ok := in.(*ssa.UnOp); ok && load.Op == token.MUL {
		return // reads the variable
	}
	for _, op := range in.Operands(nil) {
		if g, ok := (*op).(*ssa.Global); ok {
			w.globals[g] = true
		}
		if fn, ok := (*op).(*ssa.Function); ok {
			w.function(fn) // a closure or function value made here
		}
	}
}
