package ssaexec

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/abstraction"
	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/search"
	"github.com/gosym/gosym/ssafacts"
)

// step executes the next instruction of s (binding the entry parameters
// first). It returns the alternatives when the path branches.
func (x *explorer) step(s *state) []alt {
	if alts, ok := x.stepSequence(s); ok {
		return alts
	}
	if s.bound < len(x.fn.Params) && (s.seq == nil || !s.seq.running) {
		if k := x.paramSlot(s); k >= 0 {
			return x.startSlot(s, k)
		}
		return x.bindParam(s)
	}
	if s.g != nil && len(s.frames) == 0 {
		// The entry's goroutine ended after its receiver's invariant
		// held (see invariantAtExit): the others run on.
		return x.goroutineEnded(s)
	}
	if s.g != nil {
		if alts, took := x.schedule(s); took {
			return alts
		}
	}
	f := s.top()
	if f.unwinding {
		return x.unwind(s)
	}
	in := f.block.Instrs[f.pc]
	if skipsCgoInit(f, in) {
		advance(s)
		return nil
	}
	s.note(x, f.facts.InstrPos(f.block, f.pc))
	x.grace(s)
	return x.exec(s, in)
}

// exec gives the semantics of one SSA instruction, one case per kind, in
// the manner of x/tools' ssa/interp. Instructions that need a heap decision
// or a scalar case split return the alternatives; each one either completes
// the instruction or is followed by its execution again.
func (x *explorer) exec(s *state, instr ssa.Instruction) []alt {
	switch in := instr.(type) {
	case *ssa.DebugRef:
		advance(s)

	case *ssa.Alloc:
		s.set(in, s.heap.Alloc(deref(in.Type())))

	case *ssa.BinOp:
		return x.binOp(s, in)

	case *ssa.UnOp:
		return x.unOp(s, in)

	case *ssa.Convert:
		return x.convert(s, in)

	case *ssa.ChangeType:
		s.set(in, x.value(s, in.X))

	case *ssa.MakeInterface:
		s.set(in, heap.Iface{Type: in.X.Type(), V: x.value(s, in.X)})

	case *ssa.FieldAddr:
		t, alts, ok := x.deref(s, in.X, in.Pos())
		if !ok {
			return alts
		}
		s.set(in, heap.Ptr{Obj: t.Obj, Path: t.Path.Field(in.Field)})

	case *ssa.Field:
		v := x.value(s, in.X)
		switch v.(type) {
		case heap.Struct, heap.InputRef:
			s.set(in, heap.FieldOf(v, in.Field, in.Type()))
		default:
			s.unsupported(fmt.Sprintf("field of %s value", in.X.Type()))
		}

	case *ssa.Store:
		t, alts, ok := x.deref(s, in.Addr, in.Pos())
		if !ok {
			return alts
		}
		if g, isGlobal := in.Addr.(*ssa.Global); isGlobal && s.pkgInit.running {
			s.pkgInit.set = withMember(s.pkgInit.set, g)
		}
		if !selfAssignment(in) {
			x.access(s, t, true, in.Addr, in.Pos())
		}
		if store, off, isView := arrayView(s, t, in.Addr.Type()); isView {
			return x.storeView(s, store, off, in.Val)
		}
		if d := s.heap.Store(t, x.value(s, in.Val)); d != nil {
			return x.decide(s, d)
		}
		advance(s)

	case *ssa.Extract:
		tup, ok := x.value(s, in.Tuple).(heap.Tuple)
		if !ok {
			s.unsupported("extract from a non-tuple value")
			return nil
		}
		s.set(in, tup.Elems[in.Index])

	case *ssa.If:
		return x.ifInstr(s, in)

	case *ssa.Jump:
		x.jump(s, in.Block().Succs[0])

	case *ssa.Return:
		return x.ret(s, in)

	case *ssa.Call:
		return x.call(s, in)

	case *ssa.Panic:
		return x.panicInstr(s, in)

	case *ssa.IndexAddr:
		return x.indexAddr(s, in)

	case *ssa.Index:
		return x.index(s, in)

	case *ssa.SliceToArrayPointer:
		return x.sliceToArrayPointer(s, in)

	case *ssa.Slice:
		return x.sliceInstr(s, in)

	case *ssa.MakeSlice:
		return x.makeSlice(s, in)

	case *ssa.RunDefers:
		return x.runDefers(s)

	case *ssa.Range:
		return x.rangeInstr(s, in)

	case *ssa.Next:
		return x.next(s, in)

	case *ssa.MakeMap:
		s.makeMap(in)

	case *ssa.Lookup:
		if _, isMap := heap.Under(in.X.Type()).(*types.Map); !isMap {
			return x.stringIndex(s, in, in.X, in.Index)
		}
		return x.mapLookup(s, in)

	case *ssa.MapUpdate:
		return x.mapUpdate(s, in)

	case *ssa.TypeAssert:
		return x.typeAssert(s, in)

	case *ssa.ChangeInterface:
		s.set(in, x.value(s, in.X))

	case *ssa.Defer:
		x.deferInstr(s, in)

	case *ssa.MakeClosure:
		x.makeClosure(s, in)

	case *ssa.Go:
		return x.goInstr(s, in)

	case *ssa.MakeChan:
		return x.makeChan(s, in)

	case *ssa.Send:
		return x.sendInstr(s, in)

	case *ssa.Select:
		return x.selectInstr(s, in)

	default:
		s.unsupported(constructName(instr))
	}
	return nil
}

// constructName says in a user's words what an unmodelled instruction is.
func constructName(instr ssa.Instruction) string {
	switch in := instr.(type) {
	case *ssa.SliceToArrayPointer:
		return "slice to array conversion"
	case *ssa.MultiConvert:
		return "generic conversion"
	default:
		return fmt.Sprintf("instruction %T", in)
	}
}

func deref(t types.Type) types.Type {
	return heap.Under(t).(*types.Pointer).Elem()
}

// set binds the instruction's value and moves to the next instruction.
func (s *state) set(v ssa.Value, val heap.Value) {
	s.top().env.set(v, val)
	advance(s)
}

// advance moves to the next instruction of the current block.
func advance(s *state) {
	f := s.top()
	f.pc++
	f.checked = false
}

func (s *state) unsupported(construct string) {
	s.end = unsupported
	s.why = construct
}

// value returns the value of an SSA operand as it is, without observing it:
// transfers (phis, stores, arguments, results) never resolve anything.
func (x *evaluator) value(s *state, v ssa.Value) heap.Value {
	switch v := v.(type) {
	case *ssa.Const:
		return x.constant(v)
	case *ssa.Function:
		return heap.Func{Fn: v}
	case *ssa.Global:
		return s.global(v)
	}
	val, ok := s.top().env.get(v)
	if !ok {
		panic(fmt.Sprintf("ssaexec: no value for %s (%T) in %s", v.Name(), v, s.top().fn))
	}
	return val
}

// use returns an operand ready to be computed with: an unobserved input
// leaf is materialized, which may need a decision first.
func (x *evaluator) use(s *state, v ssa.Value) (heap.Value, *heap.Decision) {
	return s.heap.Use(x.value(s, v))
}

// constant returns c's value. A number's or a string's is made once: a
// search meets the same constants on every path, and each made a term
// and boxed it again.
func (x *evaluator) constant(c *ssa.Const) heap.Value {
	if v, ok := x.scalarConsts[c]; ok {
		return v
	}
	v := x.makeConstant(c)
	switch v.(type) {
	case heap.Scalar, heap.Str:
		x.scalarConsts[c] = v
	}
	return v
}

func (x *evaluator) makeConstant(c *ssa.Const) heap.Value {
	t := c.Type()
	switch {
	case c.Value == nil:
		return heap.Zero(x.ctx, t)
	case heap.IsBool(t):
		return heap.Scalar{T: x.ctx.Bool(constant.BoolVal(c.Value))}
	}
	if w, _, ok := heap.IntInfo(t); ok {
		v := constant.ToInt(c.Value)
		if u, exact := constant.Uint64Val(v); exact {
			return heap.Scalar{T: x.ctx.BV(w, u)}
		}
		i, _ := constant.Int64Val(v)
		return heap.Scalar{T: x.ctx.BV(w, uint64(i))}
	}
	if w, ok := heap.FloatWidth(t); ok {
		return heap.Scalar{T: x.ctx.BV(w, floatConstBits(c.Value, w))}
	}
	if c.Value.Kind() == constant.String {
		return heap.Str{S: constant.StringVal(c.Value)}
	}
	return heap.Opaque{Type: t, Why: "constant of type " + t.String()}
}

// floatConstBits rounds a constant to the float type of width w, as Go's
// conversion of a constant does (to nearest even), and returns its bits.
func floatConstBits(v constant.Value, w uint) uint64 {
	v = constant.ToFloat(v)
	if w == 32 {
		f, _ := constant.Float32Val(v)
		return uint64(math.Float32bits(f))
	}
	f, _ := constant.Float64Val(v)
	return math.Float64bits(f)
}

// decide turns a heap decision into alternatives that record each choice;
// the instruction then runs again on each path.
func (x *machine) decide(s *state, d *heap.Decision) []alt {
	if alts, ok := x.decideBuilt(s, d); ok {
		return alts
	}
	if d.Cut {
		x.cutPath(s, search.HeapBound(d.Bound), "")
	}
	if len(d.Choices) == 0 {
		s.end = dropped
		return nil
	}
	alts := make([]alt, len(d.Choices))
	for i := range d.Choices {
		alts[i] = alt{guard: d.Choices[i].Guard, partial: d.Cut, external: d.External, choice: &d.Choices[i]}
	}
	return alts
}

// deref resolves the pointer operand v of a dereferencing instruction at
// pos. ok is false when the instruction cannot complete on this path: it
// needs the returned alternatives first, or it panicked.
func (x *machine) deref(s *state, v ssa.Value, pos token.Pos) (heap.Ptr, []alt, bool) {
	pv, d := x.use(s, v)
	if d != nil {
		return heap.Ptr{}, x.decide(s, d), false
	}
	switch pv := pv.(type) {
	case heap.Nil, heap.Ptr, heap.SymPtr:
	case heap.Opaque:
		s.unsupported(pv.Why)
		return heap.Ptr{}, nil, false
	default:
		s.unsupported(fmt.Sprintf("dereference of a %s value", v.Type()))
		return heap.Ptr{}, nil, false
	}
	t, d := s.heap.Deref(pv)
	if d != nil {
		return heap.Ptr{}, x.decide(s, d), false
	}
	if t.IsNil {
		x.nilDeref(s, v, t.Origin, pos)
		return heap.Ptr{}, nil, false
	}
	return t.Ptr, nil, true
}

// nilDeref ends s with a nil dereference of v, unless the entry policy
// leaves it to the caller: a parameter's own nil value that the function
// never compared with nil.
func (x *subject) nilDeref(s *state, v ssa.Value, o heap.Origin, pos token.Pos) {
	if !pos.IsValid() {
		pos = x.posOf(s)
	}
	note, left := x.entryPolicy(s, o, "invalid memory address or nil pointer dereference")
	if left {
		return
	}
	x.panicked(s, result.NilDeref, fmt.Sprintf("nil dereference: %s is nil%s", x.describeAt(s, v, pos), note), pos)
}

// entryPolicy applies the entry policy to a panic on a nil value of origin
// o: a parameter's own nil value that the function never compared with nil
// is its caller's business, and the panic (with the runtime's message)
// goes on unreported. Otherwise it returns the note that names the
// comparison, if the value was compared.
func (x *subject) entryPolicy(s *state, o heap.Origin, runtimeMsg string) (note string, leftToCaller bool) {
	if !o.IsParam() {
		return "", false
	}
	chk, compared := s.compared[o.Param]
	if !compared {
		if x.cfg.NilParams {
			return "", false
		}
		x.raise(s, nil, true, runtimeError(runtimeMsg))
		return "", true
	}
	return fmt.Sprintf(" (compared with nil in %s at %s)", chk.expr, shortPos(x.fset.Position(chk.pos))), false
}

// panicked ends s with a finding of the given kind at pos; want, if
// given, overrides the texts the panic is expected to print (see
// Finding.Want).
func (x *subject) panicked(s *state, k result.Kind, msg string, pos token.Pos, want ...string) {
	x.panickedWith(s, k, pos, func(heap.Valuer) string { return msg }, want...)
}

// panickedWith ends s with a finding whose message needs the witness's
// values (an index and a length, say), rendered once the model is known.
func (x *subject) panickedWith(s *state, k result.Kind, pos token.Pos, render func(m heap.Valuer) string, want ...string) {
	x.panickedValue(s, k, pos, render, runtimeError(runtimeMessages[k]), want...)
}

// runtimePanic ends s with a runtime error that only its message tells
// apart ("comparing uncomparable type []int"), of kind Panic.
func (x *subject) runtimePanic(s *state, msg string, pos token.Pos) {
	x.panickedValue(s, result.Panic, pos, func(heap.Valuer) string { return "runtime error: " + msg }, runtimeError(msg), "runtime error: "+msg)
}

// runtimePanicWords is runtimePanic for a runtime error whose words do not
// begin with "runtime error: " (internal/runtime/maps's).
func (x *subject) runtimePanicWords(s *state, words string, pos token.Pos) {
	value := heap.Iface{Type: runtimeErrorType, V: heap.Str{S: words}}
	x.panickedValue(s, result.Panic, pos, func(heap.Valuer) string { return words }, value, words)
}

// panickedValue ends s with a finding whose panic carries value.
func (x *subject) panickedValue(s *state, k result.Kind, pos token.Pos, render func(m heap.Valuer) string, value heap.Value, want ...string) {
	if !pos.IsValid() {
		pos = x.posOf(s)
	}
	pos, within, pkg := x.userPos(s, pos)
	f := x.newFound(k, pos, pkg, within, func(m heap.Valuer) string { return render(m) + inSuffix(within) })
	f.want = want
	x.raise(s, f, false, value)
}

func (x *explorer) ifInstr(s *state, in *ssa.If) []alt {
	v, d := x.use(s, in.Cond)
	if d != nil {
		return x.decide(s, d)
	}
	sc, ok := v.(heap.Scalar)
	if !ok {
		s.unsupported(fmt.Sprintf("condition of type %s", in.Cond.Type()))
		return nil
	}
	cond := sc.T
	succ := in.Block().Succs
	if b, ok := cond.BoolValue(); ok {
		x.take(s, in, b)
		return nil
	}
	alts := []alt{
		{guard: cond, branch: in, taken: true},
		{guard: x.ctx.Not(cond), branch: in},
	}
	if loops := s.top().facts; x.cfg.Subsume == abstraction.Abstract && loops.Exits(in.Block(), succ[1]) && !loops.Exits(in.Block(), succ[0]) {
		// Leaving the loop first stores the states of shorter
		// iterations first: they are the general ones that abstract
		// subsumption matches longer ones against.
		alts[0], alts[1] = alts[1], alts[0]
	}
	return alts
}

// take follows the branch of in that b says.
func (x *explorer) take(s *state, in *ssa.If, b bool) {
	s.noteBranch(x, in, b)
	if b {
		x.jump(s, in.Block().Succs[0])
	} else {
		x.jump(s, in.Block().Succs[1])
	}
}

// jump moves control to block to, assigning its phis from the edge taken,
// and applies the loop bound when the edge is a back edge.
func (x *explorer) jump(s *state, to *ssa.BasicBlock) {
	f := s.top()
	from := f.block
	edge := slices.Index(to.Preds, from)
	n := 0
	var vals []heap.Value
	for _, instr := range to.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		vals = append(vals, x.value(s, phi.Edges[edge]))
		n++
	}
	for i, v := range vals {
		f.env.set(to.Instrs[i].(*ssa.Phi), v)
	}
	f.prev, f.block, f.pc, f.checked = from, to, n, false
	if ssafacts.IsLoopHead(to) {
		if x.atLoopHead(s); s.end != running {
			return
		}
	}
	x.countIteration(s, f, from, to)
}

// countIteration applies the loop bound: at a loop head reached by a back
// edge, an iteration that materialized no input counts against -loops,
// unless it also decided nothing symbolic, made no choice of schedule or
// select case, and the loop's variables (its head's phis) are constants.
// Such a loop computes over constants, its iteration is the path's only
// continuation, and it counts against initLoops: cutting it would leave
// the code after it unexplored for nothing. A loop whose variable is a pointer may be walking a cycle of
// input nodes, which never ends.
func (x *machine) countIteration(s *state, f *frame, from, to *ssa.BasicBlock) {
	if !ssafacts.IsLoopHead(to) {
		return
	}
	m := s.heap.Materialized
	c := f.loopCount(to)
	switch {
	case !to.Dominates(from):
		c.iters, c.fixed = 0, 0
	case c.matAt == m && c.pcAt == len(s.pc) && c.choicesAt == s.choices && x.constantPhis(s, to):
		c.fixed++
	case c.matAt == m:
		c.iters++
	}
	c.matAt, c.pcAt, c.choicesAt = m, len(s.pc), s.choices
	if c.iters > x.loopBound(s) || c.fixed > max(x.loopBound(s), initLoops) {
		s.cutBy(search.BoundLoops, "")
	}
}

// constantPhis reports whether the phis of block b hold constant numbers
// or strings in the top frame of s.
func (x *evaluator) constantPhis(s *state, b *ssa.BasicBlock) bool {
	for _, instr := range b.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		switch v := x.value(s, phi).(type) {
		case heap.Scalar:
			if !v.T.IsConst() {
				return false
			}
		case heap.Str:
		default:
			return false
		}
	}
	return true
}

// initLoops bounds the iterations of a loop in package initialization,
// which mostly fills tables from constants: such loops run to their end
// (one path each), and a loop over an input still stops. It also bounds
// the iterations that decide nothing symbolic, anywhere.
const initLoops = 1 << 12

// loopBound is the number of iterations a loop of s may take without
// observing a new input (Config.Loops, initLoops in initialization).
func (x *subject) loopBound(s *state) int {
	if s.pkgInit.running {
		return max(x.cfg.Loops, initLoops)
	}
	return x.cfg.Loops
}

func (x *explorer) ret(s *state, in *ssa.Return) []alt {
	var result heap.Value
	switch len(in.Results) {
	case 0:
	case 1:
		result = x.value(s, in.Results[0])
	default:
		elems := make([]heap.Value, len(in.Results))
		for i, r := range in.Results {
			elems[i] = x.value(s, r)
		}
		result = heap.Tuple{Elems: elems}
	}
	done := s.top()
	if done.postcondition {
		return x.invariantAtExit(s, result)
	}
	if done.seqCall {
		return x.seqReturn(s, result)
	}
	s.pop()
	if len(s.frames) == 0 && s.g != nil {
		if s.g.running().id == 0 {
			s.g.result, s.g.entryArgs = result, x.argsOf(done)
		}
		if s.g.running().id != 0 || !x.checksInvariant() {
			return x.goroutineEnded(s)
		}
	}
	if len(s.frames) == 0 {
		if x.checksInvariant() && done.fn == x.fn {
			x.enterPostcondition(s, done.env.at(x.fn.Params[0]), in.Pos())
			return nil
		}
		s.end = returned
		return nil
	}
	if done.precondition {
		if cond, ok := s.invariantResult(result); ok {
			return assume(s, cond, func(*state) {})
		}
		return nil
	}
	if done.call != nil {
		s.set(done.call, result)
	}
	if done.rec != nil {
		x.summaryExit(s, done.rec, result)
	}
	return nil
}

func (x *machine) panicInstr(s *state, in *ssa.Panic) []alt {
	msg := "panic: " + x.describeAt(s, in.X, in.Pos())
	v := x.value(s, in.X)
	isNil, _, d := s.heap.IfaceIsNil(v)
	if d != nil {
		return x.decide(s, d)
	}
	if isNil {
		// Since Go 1.21, panic(nil) panics with a *runtime.PanicNilError.
		v = panicNilError
	}
	text := ""
	if iface, ok := v.(heap.Iface); ok {
		if str, ok := iface.V.(heap.Str); ok {
			msg = "panic: " + str.S
			if types.Identical(iface.Type, types.Typ[types.String]) || isNil {
				text = str.S // what fmt.Sprint of the recovered value prints
			}
		}
	}
	pos := in.Pos()
	if !pos.IsValid() {
		pos = x.posOf(s)
	}
	pos, within, pkg := x.userPos(s, pos)
	msg += inSuffix(within)
	f := x.newFound(result.Panic, pos, pkg, within, func(heap.Valuer) string { return msg })
	f.explicit, f.panicText = true, text
	x.raise(s, f, false, v)
	return nil
}

// userPos moves a panic inside the standard library, or in a wrapper, to
// the call in the analysed code that led to it, and names the function
// called there (see Finding.Within).
func (x *subject) userPos(s *state, pos token.Pos) (at token.Pos, within, pkg string) {
	// Only the standard library's frames above the analysed code's top
	// one: code under analysis that the standard library called back (a
	// range-over-func body an iterator calls) panics at its own line.
	user := len(s.frames) - 1
	for user >= 0 && s.frames[user].std {
		user--
	}
	if user >= 0 && user < len(s.frames)-1 {
		if call := s.frames[user+1].call; call != nil {
			at := call.Pos()
			if !at.IsValid() {
				// A call the compiler made (of a range-over-func
				// iterator) is at the analysed code's line before it.
				at, _ = s.frames[user].lastPos()
			}
			return at, FuncName(s.frames[user+1].fn), pkgPathOf(s.frames[user].fn)
		}
	}
	if len(s.frames) > 0 && s.frames[0].std && s.g != nil && s.g.cur >= 0 && s.g.running().start.IsValid() {
		// A goroutine that runs only the standard library's code (go
		// cond.Signal(), go panic(v)): where the code under analysis
		// started it.
		within = FuncName(s.frames[0].fn)
		if isModelPath(pkgPathOf(s.frames[0].fn)) {
			within = ""
		}
		return s.g.running().start, within, pkgPathOf(x.fn)
	}
	// A wrapper has no line of its own; the runtime shows the caller's.
	i := len(s.frames) - 1
	for ; i > 0 && isWrapper(s.frames[i].fn) && s.frames[i].call != nil; i-- {
		pos, within = s.frames[i].call.Pos(), FuncName(s.frames[i].fn)
	}
	return pos, within, pkgPathOf(s.frames[i].fn)
}

// inSuffix is what a message says of Finding.Within.
func inSuffix(within string) string {
	if within == "" {
		return ""
	}
	return " (in " + within + ")"
}

// pkgPathOf returns the import path of fn's package, or "".
func pkgPathOf(fn *ssa.Function) string {
	if pkg := packageOf(fn); pkg != nil {
		return pkg.Pkg.Path()
	}
	return ""
}

// packageOf returns the package fn is declared in, that of its generic
// origin for an instance (which has none of its own), or nil.
func packageOf(fn *ssa.Function) *ssa.Package {
	if o := fn.Origin(); o != nil {
		return o.Pkg
	}
	return fn.Pkg
}

// selfAssignment reports whether the store writes back what was just
// loaded from its address (x = x): gc removes it, so no run of the
// compiled program writes there, and no race detector sees a write to
// race with.
func selfAssignment(st *ssa.Store) bool {
	load, ok := st.Val.(*ssa.UnOp)
	if !ok || load.Op != token.MUL || load.X != st.Addr || load.Block() != st.Block() {
		return false
	}
	instrs := st.Block().Instrs
	for i := slices.Index(instrs, ssa.Instruction(st)) - 1; i >= 0; i-- {
		switch instrs[i].(type) {
		case *ssa.DebugRef:
			continue // no code
		case *ssa.UnOp:
			return instrs[i] == ssa.Instruction(load)
		}
		return false
	}
	return false
}
