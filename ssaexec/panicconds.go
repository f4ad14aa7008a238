package ssaexec

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/solver"
)

// PanicCond records that every call of a function whose arguments meet a
// condition panics, whatever its other inputs: the function was run with
// the condition assumed at entry, and every path of it was explored to a
// panic, no bound, abstraction, unsupported construct or unexecuted call
// in the way (as for NilPanic). It is the latent part of the function's
// summary that a caller can make manifest ("panics whenever
// uint(i) >= uint(len(s))").
type PanicCond struct {
	// Atoms are the values of the arguments the condition reads, its
	// holes in order.
	Atoms []CondAtom
	// Cond is the condition, over the atoms.
	Cond solver.Formula
	// Text is the condition in Go's syntax, over the parameters' names.
	Text string
	// Kind is the panics' kind: Panic when they are of several kinds.
	Kind result.Kind
	// Cause says what panics: the runtime's words for a runtime error
	// whose message holds the input's values, else one panic's message.
	// Pos is where one of the panics is.
	Cause string
	Pos   token.Position
	// Want holds the texts one of which the panic prints (Finding.Want),
	// or nothing when gosym cannot say.
	Want []string
}

// CondAtom is one value of an argument that a PanicCond reads.
type CondAtom struct {
	// Param is the parameter's index among the SSA function's
	// parameters (a method's receiver is 0).
	Param int
	// Part is which of its values: "" for a number's or a bool's own,
	// "len" or "cap" for a slice's or a string's length or capacity,
	// "nil" for whether a slice is nil.
	Part string
}

// maxCondCandidates bounds the conditions a function's PanicConds run
// tries: each costs a run of the function.
const maxCondCandidates = 3

// condRun is how a PanicConds run runs the entry: collecting candidate
// conditions from its panicking paths, or assuming one at entry.
type condRun struct {
	assume *PanicCond
	// candidates are the conditions a run without assume collected.
	candidates []PanicCond
}

// atom is a value of an argument a condition may read, with its term.
type atom struct {
	part string
	term *solver.Term
}

// atomsOf returns the values of v that conditions read: a number's or a
// bool's own, a slice's nil flag, length and capacity, a string's length.
func atomsOf(c *solver.Context, v heap.Value) []atom {
	switch x := v.(type) {
	case heap.Scalar:
		return []atom{{"", x.T}}
	case heap.Slice:
		if x.Nil == nil || x.Len == nil || x.Cap == nil {
			return nil
		}
		return []atom{{"nil", x.Nil}, {"len", x.Len}, {"cap", x.Cap}}
	case heap.SymStr:
		return []atom{{"len", x.Len}}
	case heap.Str:
		return []atom{{"len", c.BV(64, uint64(len(x.S)))}}
	}
	return nil
}

// atomName writes an atom of parameter name as Go does.
func atomName(name, part string) string {
	switch part {
	case "nil":
		return name + " == nil"
	case "":
		return name
	}
	return part + "(" + name + ")"
}

// PanicConds returns conditions over fn's parameters (numbers, bools, and
// the lengths, capacities and nil-ness of slices and strings) under which
// every call of fn panics. Candidates are read off the paths of a run of
// fn that panicked: the part of each path condition over those values
// alone. Each is then proved by a run of fn with it assumed at entry, its
// receiver invariant not assumed, in which every path panics. A function
// a //gosym:ignore directive names has none.
func (p *Program) PanicConds(fn *ssa.Function, cfg Config) []PanicCond {
	if !slices.ContainsFunc(fn.Params, hasAtoms) {
		return nil
	}
	run := factConfig(cfg)
	run.condRun = &condRun{}
	var out []PanicCond
	p.Analyze(fn, run)
	for _, cand := range run.condRun.candidates {
		run.condRun = &condRun{assume: &cand}
		if pc, ok := provenCond(p.Analyze(fn, run), cand); ok {
			out = append(out, pc)
		}
	}
	return out
}

// hasAtoms reports whether a parameter has values a condition may read.
func hasAtoms(p *ssa.Parameter) bool {
	switch u := heap.Under(p.Type()).(type) {
	case *types.Slice:
		return true
	case *types.Basic:
		return u.Info()&(types.IsInteger|types.IsBoolean|types.IsString) != 0
	}
	return false
}

// factConfig is cfg for a run that computes a fact: every panic counts,
// none rests on an assumption, nothing is drawn.
func factConfig(cfg Config) Config {
	cfg.NilParams, cfg.Assumed, cfg.Refine = true, false, false
	cfg.Pictures, cfg.Invariants = false, false
	return cfg
}

// provenCond reads a PanicCond off the result of a run with cand assumed
// at entry, if every path of it panicked.
func provenCond(r *result.FuncResult, cand PanicCond) (PanicCond, bool) {
	if !allPanicked(r) {
		return PanicCond{}, false
	}
	first := r.Findings[0]
	cand.Kind, cand.Pos, cand.Cause = first.Kind, first.Pos, first.Message
	if words, ok := runtimeMessages[first.Kind]; ok && first.Kind != result.Panic && first.Kind != result.NilDeref {
		cand.Cause = words // its message holds the witness's values
	}
	for _, f := range r.Findings {
		if f.Kind != cand.Kind {
			cand.Kind = result.Panic
		}
		want := f.Want
		if f.Kind == result.Index || f.Kind == result.SliceBounds {
			want = []string{runtimeMessages[f.Kind]} // without the values
		}
		if len(want) == 0 {
			cand.Want = nil
			break
		}
		cand.Want = append(cand.Want, want...)
	}
	slices.Sort(cand.Want)
	cand.Want = slices.Compact(cand.Want)
	return cand, true
}

// allPanicked reports whether every path of a fact's run was explored to
// a panic, with nothing in the way: no bound, abstraction, unsupported
// construct, unexecuted call or ignored panic.
func allPanicked(r *result.FuncResult) bool {
	covered := r.Status == result.Failed && r.Paths == 0 && r.Cut == 0 && r.Refined == 0 &&
		r.Assumed == 0 && r.Subsumption.Abstract == 0 && len(r.BoundsHit) == 0 &&
		len(r.UnsupportedConstructs) == 0 && len(r.NotExecuted) == 0 && len(r.Approximated) == 0
	return covered && len(r.Findings) > 0 && !ignoredPanics(r)
}

// collectCond adds to the run's candidates, for a path that panicked
// in a PanicConds run, the part of its condition over the parameters'
// atoms alone, if there is one.
func (x *machine) collectCond(s *state) {
	if x.cfg.condRun == nil || x.cfg.condRun.assume != nil || s.assumed || len(x.cfg.condRun.candidates) >= maxCondCandidates {
		return
	}
	args := x.entryArgs(s)
	holes, atoms, names := x.entryAtoms(args)
	var conj []*solver.Term
	for _, c := range s.pc[min(s.entryPC, len(s.pc)):] {
		if onlyOver(x.ctx.Symbols(c), holes) {
			conj = append(conj, c)
		}
	}
	if len(conj) == 0 {
		return
	}
	cond := x.ctx.And(conj...)
	// Only the atoms the condition reads are its holes.
	used := map[any]int{}
	var usedAtoms []CondAtom
	var usedNames []string
	for _, sym := range x.ctx.Symbols(cond) {
		i := holes[sym.Identity()]
		used[sym.Identity()] = len(usedAtoms)
		usedAtoms, usedNames = append(usedAtoms, atoms[i]), append(usedNames, names[i])
	}
	f, ok := x.ctx.Encode(cond, used)
	if !ok {
		return
	}
	text := f.Format(usedNames)
	if slices.ContainsFunc(x.cfg.condRun.candidates, func(c PanicCond) bool { return c.Text == text }) || x.saysZero(args, holes, names, text) {
		return
	}
	x.cfg.condRun.candidates = append(x.cfg.condRun.candidates, PanicCond{Atoms: usedAtoms, Cond: f, Text: text})
}

// saysZero reports whether a condition only says that a parameter is nil
// or zero, which NilPanics tries. args are the entry's arguments, holes
// and names their atoms (see entryAtoms).
func (x *evaluator) saysZero(args []heap.Value, holes map[any]int, names []string, text string) bool {
	for _, v := range args {
		if z, ok := zeroValue(x.ctx, v); ok {
			if f, ok := x.ctx.Encode(z, holes); ok && f.Format(names) == text {
				return true
			}
		}
	}
	return false
}

// onlyOver reports whether every symbol is one of the holes.
func onlyOver(syms []*solver.Term, holes map[any]int) bool {
	for _, s := range syms {
		if _, ok := holes[s.Identity()]; !ok {
			return false
		}
	}
	return len(syms) > 0
}

// entryArgs returns the entry's arguments, as bound: nil for one not
// bound yet.
func (x *subject) entryArgs(s *state) []heap.Value {
	args := make([]heap.Value, len(x.fn.Params))
	for i, p := range x.fn.Params[:min(s.bound, len(args))] {
		if v, d := s.heap.Load(argLoc(s, i), p.Type()); d == nil {
			args[i] = v
		}
	}
	return args
}

// entryAtoms returns the atoms of the entry's arguments that are symbols
// (numbered as holes), with their names.
func (x *machine) entryAtoms(args []heap.Value) (holes map[any]int, atoms []CondAtom, names []string) {
	holes = map[any]int{}
	for i, v := range args {
		for _, a := range atomsOf(x.ctx, v) {
			if !a.term.IsSymbol() {
				continue
			}
			holes[a.term.Identity()] = len(atoms)
			atoms = append(atoms, CondAtom{Param: i, Part: a.part})
			names = append(names, atomName(x.fn.Params[i].Name(), a.part))
		}
	}
	return holes, atoms, names
}

// argLoc is where entry parameter i is kept.
func argLoc(s *state, i int) heap.Ptr {
	return heap.Ptr{Obj: s.heap.Args(), Path: heap.Path("").Field(i)}
}

// assumedCond is the condition a PanicConds run assumes at entry, over
// the parameters bound before the last, and last, the last one's value.
func (x *machine) assumedCond(s *state, last heap.Value) *solver.Term {
	args := x.entryArgs(s)
	args[len(args)-1] = last
	cond, ok := decodeCond(x.ctx, *x.cfg.condRun.assume, args)
	if !ok {
		return x.ctx.Bool(false)
	}
	return cond
}

// decodeCond builds pc's condition over args, the arguments of a call;
// ok is false if one lacks an atom it reads.
func decodeCond(c *solver.Context, pc PanicCond, args []heap.Value) (*solver.Term, bool) {
	holes := make([]*solver.Term, len(pc.Atoms))
	for i, a := range pc.Atoms {
		if a.Param >= len(args) {
			return nil, false
		}
		of := atomsOf(c, args[a.Param])
		j := slices.IndexFunc(of, func(b atom) bool { return b.part == a.Part })
		if j < 0 {
			return nil, false
		}
		holes[i] = of[j].term
	}
	cond, err := c.Decode(pc.Cond, holes)
	return cond, err == nil
}

// condMessage says which arguments can meet the callee's condition and
// what the callee then does.
func (x *subject) condMessage(s *state, fn *ssa.Function, pc PanicCond, call *ssa.Call) string {
	var args []string
	for _, a := range pc.Atoms {
		arg := fmt.Sprintf("its argument %d", a.Param+1)
		if call != nil && a.Param < len(call.Call.Args) {
			arg = x.describeAt(s, call.Call.Args[a.Param], call.Pos())
		}
		if !slices.Contains(args, arg) {
			args = append(args, arg)
		}
	}
	return fmt.Sprintf("%s can make %s's %s hold, and it panics whenever that holds (%s at %s)",
		strings.Join(args, " and "), FuncName(fn), pc.Text, pc.Cause, shortPos(pc.Pos))
}
