package ssaexec

import (
	"go/token"
	"go/types"
	"sync"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/gosym/gosym/heap"
)

// Waits nothing can end. A goroutine blocked on a channel or a Cond that
// the entry's caller can reach (a package variable's) ends its path as a
// bound: another goroutine of the caller may wake it (see allBlocked).
// Some such waits no one can end: the program has no code that could,
// and the caller cannot name what it waits on. Those are deadlocks, or
// leaks once the entry returned.
//
// The caller cannot name an object that only unexported package
// variables reach, where every use the program makes of those variables
// (of what it loads from them, the fields and elements of that, the
// parameters it passes that to) keeps the object inside: no such value
// is returned, converted to an interface or to unsafe.Pointer, bound in a
// closure, stored outside, or passed to a function gosym has no body of,
// but to the methods of package sync. Code that could reach the object
// is then only those uses: neither reflection, nor an interface's
// method, nor the runtime, nor a function gosym does not execute can get
// at it. A Cond is woken only by a Signal or a Broadcast among those
// uses. A channel, more conservatively, only if no code of the program
// sends on, closes or receives from (whichever ends the wait) a channel
// of its type, nor can reflection.

// waitFacts are what the program's code says of who can end a wait,
// computed once per Program, when a path first needs them.
type waitFacts struct {
	prog *ssa.Program
	once sync.Once
	// uses lists the instructions that use each package variable.
	uses map[*ssa.Global][]ssa.Instruction
	// sends and recvs are the element types of the channels the program
	// sends on or closes, and receives from; anyChan says reflection or
	// generic code may do either on any channel.
	sends, recvs []types.Type
	anyChan      bool
	// fromUnsafe are the types the program converts unsafe.Pointers to.
	fromUnsafe []types.Type

	mu       sync.Mutex
	verdicts map[*ssa.Global][]verdict
}

// verdict is what the uses of a package variable let happen to a target.
type verdict struct {
	t        waitTarget
	released bool // the target may get out of the variable's uses
	woken    bool // a use may end a wait on it
}

// waitTarget is what a goroutine waits on: a Cond, or a channel of
// elements elem, which a holder ends the wait on by sending (or closing),
// if send, else by receiving.
type waitTarget struct {
	cond bool
	elem types.Type
	send bool
}

// build indexes the program's code.
func (f *waitFacts) build() {
	f.uses = map[*ssa.Global][]ssa.Instruction{}
	f.verdicts = map[*ssa.Global][]verdict{}
	for fn := range ssautil.AllFunctions(f.prog) {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				f.index(in)
			}
		}
	}
}

// index records what in does to package variables and channels.
func (f *waitFacts) index(in ssa.Instruction) {
	for _, op := range in.Operands(nil) {
		switch v := (*op).(type) {
		case *ssa.Global:
			f.uses[v] = append(f.uses[v], in)
		case *ssa.Function:
			f.anyChan = f.anyChan || reflectChanOp(v)
		}
	}
	switch in := in.(type) {
	case *ssa.Send:
		f.chanOp(in.Chan.Type(), true)
	case *ssa.UnOp:
		if in.Op == token.ARROW {
			f.chanOp(in.X.Type(), false)
		}
	case *ssa.Select:
		for _, st := range in.States {
			f.chanOp(st.Chan.Type(), st.Dir == types.SendOnly)
		}
	case *ssa.Call:
		if b, ok := in.Call.Value.(*ssa.Builtin); ok && b.Name() == "close" {
			f.chanOp(in.Call.Args[0].Type(), true)
		}
	case *ssa.Convert:
		if isUnsafePointer(in.X.Type()) {
			f.fromUnsafe = append(f.fromUnsafe, in.Type())
		}
	}
}

// chanOp records a send (or close) or a receive on a channel of type t.
func (f *waitFacts) chanOp(t types.Type, send bool) {
	ch, ok := t.Underlying().(*types.Chan)
	if !ok || hasTypeParam(ch.Elem()) {
		f.anyChan = true
		return
	}
	if send {
		f.sends = append(f.sends, ch.Elem())
	} else {
		f.recvs = append(f.recvs, ch.Elem())
	}
}

// reflectChanOp reports whether fn is one of reflect's operations on a
// channel.
func reflectChanOp(fn *ssa.Function) bool {
	obj := fn.Object()
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != "reflect" {
		return false
	}
	switch obj.Name() {
	case "Send", "TrySend", "Close", "Recv", "TryRecv", "Select":
		return true
	}
	return false
}

// hasTypeParam reports whether t mentions a type parameter.
func hasTypeParam(t types.Type) bool {
	found := false
	var visit func(t types.Type)
	seen := map[types.Type]bool{}
	visit = func(t types.Type) {
		if found || seen[t] {
			return
		}
		seen[t] = true
		switch t := types.Unalias(t).(type) {
		case *types.TypeParam:
			found = true
		case *types.Named:
			for i := 0; i < t.TypeArgs().Len(); i++ {
				visit(t.TypeArgs().At(i))
			}
		default:
			if u, ok := t.(interface{ Elem() types.Type }); ok {
				visit(u.Elem())
			}
			if m, ok := t.(*types.Map); ok {
				visit(m.Key())
			}
			if s, ok := t.(*types.Struct); ok {
				for i := 0; i < s.NumFields(); i++ {
					visit(s.Field(i).Type())
				}
			}
		}
	}
	visit(t)
	return found
}

// chanWoken reports whether some code of the program may end a wait on a
// channel of t's elements: send on or close one, or receive.
func (f *waitFacts) chanWoken(t waitTarget) bool {
	if f.anyChan {
		return true
	}
	ops := f.recvs
	if t.send {
		ops = f.sends
	}
	for _, e := range ops {
		if types.Identical(e, t.elem) {
			return true
		}
	}
	return false
}

// verdictOn returns what the uses of g let happen to target t, once.
func (f *waitFacts) verdictOn(g *ssa.Global, t waitTarget) verdict {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, v := range f.verdicts[g] {
		if v.t.cond == t.cond && v.t.send == t.send && (t.cond || types.Identical(v.t.elem, t.elem)) {
			return v
		}
	}
	w := &useWalk{f: f, t: t, derived: map[ssa.Value]bool{}, holds: map[types.Type]bool{}}
	v := w.run(g)
	f.verdicts[g] = append(f.verdicts[g], v)
	return v
}

// unwakeable says why nothing can end w, the wait of a goroutine of s, if
// nothing can: w waits on a Cond or on channels that only unexported
// package variables reach, whose uses keep them in and cannot end the
// wait, and no code of the program can end a wait on a channel of theirs.
func (x *subject) unwakeable(s *state, w *waiting) (string, bool) {
	f := x.cfg.waits
	if f == nil || w.timer {
		return "", false
	}
	f.once.Do(f.build)
	if w.onSema {
		t := waitTarget{cond: true}
		if !w.servable || !x.keptIn(s, f, w.sema.Obj, t) {
			return "", false
		}
		return "no code of the program calls Signal or Broadcast on its Cond", true
	}
	if len(w.cases) == 0 {
		return "", false // on a nil channel: allBlocked says so already
	}
	var t waitTarget
	sends := 0
	for _, c := range w.cases {
		ch := s.g.chans[c.ch]
		if ch == nil || ch.timer != 0 {
			return "", false
		}
		t = waitTarget{elem: ch.elem, send: !c.send}
		if f.chanWoken(t) || !x.keptIn(s, f, c.ch, t) {
			return "", false
		}
		if c.send {
			sends++
		}
	}
	return chanWhy(t, len(w.cases), sends), true
}

// chanWhy says why no code ends a wait on n channels, sends of them
// sends, the last one t.
func chanWhy(t waitTarget, n, sends int) string {
	switch {
	case n == 1 && t.send:
		return "no code of the program sends on or closes a chan " + types.TypeString(t.elem, shortQualifier)
	case n == 1:
		return "no code of the program receives from a chan " + types.TypeString(t.elem, shortQualifier)
	case sends == 0:
		return "no code of the program sends on or closes a channel of its cases' types"
	case sends == n:
		return "no code of the program receives from a channel of its cases' types"
	}
	return "no code of the program sends on, closes or receives from a channel of its cases' types"
}

// shortQualifier names a package by its name.
func shortQualifier(p *types.Package) string { return p.Name() }

// keptIn reports whether object o of s, made by the code under analysis,
// which the entry's caller holds nothing of and no code forges from an
// unsafe.Pointer, is reached by package variables, each unexported with
// no use that lets o out or ends a wait on it (t), or too narrow to end
// one (an exported receive-only view of a channel).
func (x *subject) keptIn(s *state, f *waitFacts, o heap.ObjID, t waitTarget) bool {
	obj := s.heap.Object(o)
	if obj == nil || obj.Input || obj.External || s.heap.Reaches(x.callerRoots(s), o) {
		return false
	}
	forged := &useWalk{t: t, holds: map[types.Type]bool{}, direct: true}
	for _, u := range f.fromUnsafe {
		if forged.mayHold(u) {
			return false
		}
	}
	kept, holds := false, &useWalk{t: t, holds: map[types.Type]bool{}}
	for g, p := range s.globals {
		if !s.heap.Reaches([]heap.Value{p}, o) {
			continue
		}
		kept = true
		if !holds.mayHold(g.Type()) {
			continue // a receive-only view of a channel a receive waits on
		}
		if token.IsExported(g.Name()) {
			return false
		}
		if v := f.verdictOn(g, t); v.released || v.woken {
			return false
		}
	}
	return kept
}

// stuckForever ends s, whose goroutines all ended or block, where one of
// them waits for what nothing can end: the entry's goroutine is
// deadlocked, or another leaks after the entry returned. Else it reports
// false.
func (x *subject) stuckForever(s *state) bool {
	g := s.g
	if !g.entryDone {
		if why, ok := x.unwakeable(s, g.gs[g.index(0)].wait); ok {
			x.deadlock(s, why)
			return true
		}
		return false
	}
	if !x.cfg.Leaks {
		return false
	}
	for i, r := range g.gs {
		if !r.blocked() {
			continue
		}
		if why, ok := x.unwakeable(s, r.wait); ok {
			x.leak(s, i, why)
			return true
		}
	}
	return false
}

// useWalk follows the values derived from a package variable that may
// hold a target: its address, what is loaded from it, the addresses and
// values of its parts, the fresh objects stored into it, the parameters
// they are passed to.
type useWalk struct {
	f       *waitFacts
	t       waitTarget
	derived map[ssa.Value]bool
	queue   []ssa.Value
	// holds memoizes mayHold.
	holds map[types.Type]bool
	// direct says mayHold looks only at what a value holds itself, not
	// through interfaces, functions or unsafe.Pointers.
	direct bool
	v      verdict
}

// run returns what the uses of g let happen to the target: first the
// values derived from g are collected, then each of their uses is
// checked, knowing all of them.
func (w *useWalk) run(g *ssa.Global) verdict {
	w.v.t = w.t
	w.derive(g)
	for len(w.queue) > 0 {
		v := w.queue[0]
		w.queue = w.queue[1:]
		for _, in := range w.usesOf(v) {
			w.deriveFrom(v, in)
		}
	}
	for v := range w.derived {
		w.checkValue(v)
		for _, in := range w.usesOf(v) {
			if !w.v.released {
				w.check(v, in)
			}
		}
	}
	return w.v
}

// usesOf returns the instructions that use v.
func (w *useWalk) usesOf(v ssa.Value) []ssa.Instruction {
	if g, ok := v.(*ssa.Global); ok {
		return w.f.uses[g]
	}
	if refs := v.Referrers(); refs != nil {
		return *refs
	}
	return nil
}

// derive adds v to the derived values, if it may hold the target.
func (w *useWalk) derive(v ssa.Value) {
	if v == nil || w.derived[v] || !w.mayHold(v.Type()) {
		return
	}
	w.derived[v] = true
	w.queue = append(w.queue, v)
}

// deriveFrom derives what in, a use of the derived v, makes of it.
func (w *useWalk) deriveFrom(v ssa.Value, in ssa.Instruction) {
	switch in := in.(type) {
	case *ssa.UnOp:
		if !isCondLocker(in) {
			w.derive(in)
		}
	case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Field, *ssa.Index, *ssa.Slice, *ssa.Lookup,
		*ssa.Phi, *ssa.Extract, *ssa.ChangeType, *ssa.TypeAssert, *ssa.Range, *ssa.Next, *ssa.Select:
		w.derive(in.(ssa.Value))
	case *ssa.Store:
		if in.Addr == v && justMade(in.Val) {
			w.derive(in.Val)
		}
	case *ssa.MapUpdate:
		if in.Map == v && justMade(in.Value) {
			w.derive(in.Value)
		}
	case ssa.CallInstruction:
		c := in.Common()
		if fn := c.StaticCallee(); fn != nil && fn.Blocks != nil && !inSync(fn) && !c.IsInvoke() {
			for i, a := range c.Args {
				if a == v && i < len(fn.Params) {
					w.derive(fn.Params[i])
				}
			}
		}
	}
}

// isCondLocker reports whether in loads the Locker of a Cond: every
// value stored there is checked not to hold the target (see checkStore),
// so what is loaded is not derived.
func isCondLocker(in *ssa.UnOp) bool {
	fa, ok := in.X.(*ssa.FieldAddr)
	if in.Op != token.MUL || !ok {
		return false
	}
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	return ok && isSyncCond(ptr.Elem()) && ptr.Elem().Underlying().(*types.Struct).Field(fa.Field).Name() == "L"
}

// justMade reports whether v is an object just made: stored into a
// variable's memory, it is held there only.
func justMade(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Alloc, *ssa.MakeChan, *ssa.MakeMap, *ssa.MakeSlice:
		return true
	case *ssa.Call:
		return isSyncFunc(v.Call.StaticCallee(), "NewCond")
	}
	return false
}

// checkValue checks a derived value itself: a Cond made by NewCond holds
// its Locker, which must not hold the target.
func (w *useWalk) checkValue(v ssa.Value) {
	if c, ok := v.(*ssa.Call); ok && isSyncFunc(c.Call.StaticCallee(), "NewCond") && w.mayHold(uninterfaced(c.Call.Args[0])) {
		w.v.released = true
	}
}

// check checks in, a use of the derived v: it must keep what v holds
// among the derived values, and it may end a wait on the target.
func (w *useWalk) check(v ssa.Value, in ssa.Instruction) {
	switch in := in.(type) {
	case *ssa.UnOp:
		if in.Op == token.ARROW && w.isTarget(v.Type()) && !w.t.send {
			w.v.woken = true
		}
	case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Field, *ssa.Index, *ssa.Slice, *ssa.Lookup,
		*ssa.Phi, *ssa.Extract, *ssa.ChangeType, *ssa.TypeAssert, *ssa.Range, *ssa.Next,
		*ssa.BinOp, *ssa.DebugRef:
	case *ssa.Store:
		w.keep(in.Addr, in.Val)
	case *ssa.MapUpdate:
		w.keep(in.Map, in.Key)
		w.keep(in.Map, in.Value)
	case *ssa.Send:
		w.keep(in.Chan, in.X)
		if in.Chan == v && w.isTarget(v.Type()) && w.t.send {
			w.v.woken = true
		}
	case *ssa.Select:
		for _, st := range in.States {
			w.keep(st.Chan, st.Send)
			if st.Chan == v && w.isTarget(v.Type()) && w.t.send == (st.Dir == types.SendOnly) {
				w.v.woken = true
			}
		}
	case ssa.CallInstruction:
		w.checkCall(v, in.Common())
	default:
		w.v.released = true
	}
}

// keep checks that val, stored into the memory of addr, stays among the
// derived values: addr is derived where val is, and a value stored into
// a derived place that may hold the target is derived itself (justMade).
func (w *useWalk) keep(addr, val ssa.Value) {
	if val == nil {
		return
	}
	if w.derived[val] && !w.derived[addr] || !w.derived[val] && w.derived[addr] && w.mayHold(uninterfaced(val)) {
		w.v.released = true
	}
}

// uninterfaced is the type of what v holds: the concrete operand's, for
// a conversion to an interface.
func uninterfaced(v ssa.Value) types.Type {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		return mi.X.Type()
	}
	return v.Type()
}

// checkCall checks a call that uses the derived v: a method of package
// sync keeps its receiver (and a Cond's Signal or Broadcast wakes it), a
// function with a body is followed through its parameters (see
// deriveFrom), and close, len and cap keep a channel.
func (w *useWalk) checkCall(v ssa.Value, c *ssa.CallCommon) {
	if b, ok := c.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "close":
			w.v.woken = w.v.woken || w.isTarget(v.Type()) && w.t.send
		case "len", "cap":
		default:
			w.v.released = true
		}
		return
	}
	fn := c.StaticCallee()
	switch {
	case fn == nil || c.IsInvoke() || c.Value == v:
		w.v.released = true
	case inSync(fn):
		w.v.woken = w.v.woken || w.t.cond && (isSyncFunc(fn, "Signal") || isSyncFunc(fn, "Broadcast"))
	case fn.Blocks == nil:
		w.v.released = true
	}
}

// inSync reports whether fn is a function or method of package sync.
func inSync(fn *ssa.Function) bool {
	obj := fn.Object()
	return obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == "sync"
}

// isSyncFunc reports whether fn is package sync's function or method
// name.
func isSyncFunc(fn *ssa.Function, name string) bool {
	return fn != nil && inSync(fn) && fn.Object().Name() == name
}

// isSyncCond reports whether t is sync.Cond.
func isSyncCond(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" && n.Obj().Name() == "Cond"
}

// isTarget reports whether t is the target's type: sync.Cond, or a
// channel of its elements on which a holder can end the wait.
func (w *useWalk) isTarget(t types.Type) bool {
	if w.t.cond {
		return isSyncCond(t)
	}
	ch, ok := t.Underlying().(*types.Chan)
	if !ok || !types.Identical(ch.Elem(), w.t.elem) {
		return false
	}
	if w.t.send {
		return ch.Dir() != types.RecvOnly
	}
	return ch.Dir() != types.SendOnly
}

// mayHold reports whether a value of type t may hold the target, or a
// reference to it: any interface, function or unsafe.Pointer may, unless
// direct.
func (w *useWalk) mayHold(t types.Type) bool {
	if h, ok := w.holds[t]; ok {
		return h
	}
	h := w.reaches(t, map[types.Type]bool{})
	w.holds[t] = h
	return h
}

// reaches reports whether t, or a type its values hold, not in seen, is
// the target's or may hold anything.
func (w *useWalk) reaches(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if w.isTarget(t) {
		return true
	}
	switch t := types.Unalias(t).(type) {
	case *types.Basic:
		return t.Kind() == types.UnsafePointer && !w.direct
	case *types.Named:
		return w.reaches(t.Underlying(), seen)
	case *types.Pointer:
		return w.reaches(t.Elem(), seen)
	case *types.Slice:
		return w.reaches(t.Elem(), seen)
	case *types.Array:
		return w.reaches(t.Elem(), seen)
	case *types.Chan:
		return w.reaches(t.Elem(), seen)
	case *types.Map:
		return w.reaches(t.Key(), seen) || w.reaches(t.Elem(), seen)
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			if w.reaches(t.Field(i).Type(), seen) {
				return true
			}
		}
		return false
	case *types.Tuple:
		for i := 0; i < t.Len(); i++ {
			if w.reaches(t.At(i).Type(), seen) {
				return true
			}
		}
		return false
	}
	return !w.direct // interfaces, functions, type parameters
}

// becauseOf is why, as a message ends with it.
func becauseOf(why string) string {
	if why == "" {
		return ""
	}
	return ": " + why
}
