package ssaexec

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/witness"
)

// invokeMethod calls a method through an interface: the dynamic type of
// the receiver selects the method.
func (x *explorer) invokeMethod(s *state, spec callSpec, call *ssa.Call) []alt {
	recv, d := s.heap.Use(spec.callee)
	if d != nil {
		return x.decide(s, d)
	}
	var origin heap.Origin
	if sym, ok := recv.(heap.SymIface); ok {
		origin = s.heap.Iface(sym.ID).Origin
	}
	static := heap.Under(spec.operand.Type()).(*types.Interface)
	iv, alts, ok := x.concreteIface(s, recv, static)
	if !ok {
		return alts
	}
	if iv.Type == nil {
		note, left := x.entryPolicy(s, origin, "invalid memory address or nil pointer dereference")
		if !left {
			x.panicked(s, result.NilDeref, fmt.Sprintf("nil dereference: method %s called on nil interface %s%s",
				spec.method.Name(), x.describeAt(s, spec.operand, spec.pos), note), spec.pos)
		}
		return nil
	}
	if iv.Type == runtimeErrorType {
		s.runtimeErrorMethod(spec.method.Name(), iv.V, call)
		return nil
	}
	prog := x.fn.Prog
	sel := prog.MethodSets.MethodSet(iv.Type).Lookup(spec.method.Pkg(), spec.method.Name())
	if sel == nil {
		s.unsupported(fmt.Sprintf("method %s of %s", spec.method.Name(), iv.Type))
		return nil
	}
	fn := prog.MethodValue(sel)
	args := append([]heap.Value{iv.V}, spec.args...)
	return x.enter(s, fn, nil, args, call)
}

// maxCandidates bounds the dynamic types a method call on an input
// interface explores; the rest are cut and recorded as a bound.
const maxCandidates = 8

// candidates returns the program's types that implement iface and have a
// method set gosym can call into: named types declared in the analysed
// packages and pointers to them, in a stable order. cut reports that more
// existed than the bound allows.
func (x *subject) candidates(iface *types.Interface) (ts []types.Type, cut bool) {
	if x.named == nil {
		x.named = programTypes(x.fn.Prog, x.std, packageOf(x.fn))
		x.implementors = map[*types.Interface][]types.Type{}
	}
	// Asked at every comparison of an input interface: each answer is
	// a walk over the program's types.
	ts, ok := x.implementors[iface]
	if !ok {
		for _, t := range x.named {
			if types.Implements(t, iface) {
				ts = append(ts, t)
			}
		}
		x.implementors[iface] = ts
	}
	if len(ts) > maxCandidates {
		return ts[:maxCandidates:maxCandidates], true
	}
	return slices.Clip(ts), false
}

// ownInterface narrows iface, the interface an input interface value sym
// is used as, to the value's own: its dynamic type implements both. An
// io.Writer asserted to io.StringWriter holds no type with WriteString
// alone; a reflect.Type converted to any (a sync.Map key) holds only
// reflect.Types.
func (x *subject) ownInterface(s *state, sym heap.SymIface, iface *types.Interface) *types.Interface {
	static := s.heap.Iface(sym.ID).Static
	if static == nil {
		return iface
	}
	own, ok := heap.Under(static).(*types.Interface)
	if !ok {
		return iface
	}
	return x.meet(iface, own)
}

// meet returns the interface of the types that implement both a and b.
func (x *subject) meet(a, b *types.Interface) *types.Interface {
	if types.Identical(a, b) {
		return a
	}
	key := [2]*types.Interface{a, b}
	if m, ok := x.meets[key]; ok {
		return m
	}
	m := types.NewInterfaceType(nil, []types.Type{a, b}).Complete()
	if x.meets == nil {
		x.meets = map[[2]*types.Interface]*types.Interface{}
	}
	x.meets[key] = m
	return m
}

// programTypes lists the named non-interface types of the program's
// packages with source, and pointers to them: first those of the entry's
// package, then those of the other packages loaded for analysis, then the
// standard library's, so that the candidates the bound keeps are the
// ones the user's code most likely holds. gosym's models declare none.
func programTypes(prog *ssa.Program, lib *stdLibrary, entry *ssa.Package) []types.Type {
	var out []types.Type
	var pkgs []*ssa.Package
	for _, p := range prog.AllPackages() {
		if !isModelPath(p.Pkg.Path()) {
			pkgs = append(pkgs, p)
		}
	}
	rank := func(p *ssa.Package) int {
		switch {
		case p == entry:
			return 0
		case lib == nil || !lib.loaded[p]:
			return 1
		}
		return 2
	}
	sort.Slice(pkgs, func(i, j int) bool {
		ri, rj := rank(pkgs[i]), rank(pkgs[j])
		return ri < rj || ri == rj && pkgs[i].Pkg.Path() < pkgs[j].Pkg.Path()
	})
	for _, p := range pkgs {
		var names []string
		for name, m := range p.Members {
			if t, ok := m.(*ssa.Type); ok && !types.IsInterface(t.Type()) {
				if n, ok := t.Type().(*types.Named); ok && n.TypeParams().Len() == 0 {
					names = append(names, name)
				}
			}
		}
		sort.Strings(names)
		for _, name := range names {
			t := p.Members[name].(*ssa.Type).Type()
			out = append(out, t, types.NewPointer(t))
		}
	}
	return out
}

// concreteIface returns an interface operand with a known dynamic type,
// choosing among the candidates that implement iface when it is an
// undecided input.
func (x *machine) concreteIface(s *state, v heap.Value, iface *types.Interface) (heap.Iface, []alt, bool) {
	sym, isSym := v.(heap.SymIface)
	if !isSym {
		iv, ok := v.(heap.Iface)
		if !ok {
			s.unsupported(fmt.Sprintf("interface value %T", v))
		}
		return iv, nil, ok
	}
	cands, cut := x.candidates(x.ownInterface(s, sym, iface))
	iv, d := s.heap.Concrete(v, cands, cut)
	if d != nil {
		return heap.Iface{}, x.decide(s, d), false
	}
	return iv, nil, true
}

// typeAssert is x.(T) and x.(T) with comma-ok.
func (x *machine) typeAssert(s *state, in *ssa.TypeAssert) []alt {
	v, d := x.use(s, in.X)
	if d != nil {
		return x.decide(s, d)
	}
	var ok bool
	var asserted heap.Value
	if target, isIface := heap.Under(in.AssertedType).(*types.Interface); isIface {
		iv, alts, done := x.concreteIface(s, v, target)
		if !done {
			return alts
		}
		ok = iv.Type != nil && types.Implements(iv.Type, target)
		asserted = iv
	} else {
		is, d := s.heap.HasType(v, in.AssertedType)
		if d != nil {
			return x.decide(s, d)
		}
		ok = is
		if ok {
			iv, _ := s.heap.Concrete(v, nil, false)
			asserted = iv.V
		}
	}
	if in.CommaOk {
		if !ok {
			asserted = heap.Zero(x.ctx, in.AssertedType)
			if _, isIface := heap.Under(in.AssertedType).(*types.Interface); isIface {
				asserted = heap.Iface{}
			}
		}
		s.set(in, heap.Tuple{Elems: []heap.Value{asserted, heap.Scalar{T: x.ctx.Bool(ok)}}})
		return nil
	}
	if !ok {
		if m, isCheck := methodValueCheck(in); isCheck {
			x.nilMethodValue(s, in, v, m)
			return nil
		}
		x.panicked(s, result.TypeAssert, x.assertMessage(s, in, v), in.Pos())
		return nil
	}
	s.set(in, asserted)
	return nil
}

// methodValueCheck reports whether in is the nil check of a method value
// i.M of an interface, and returns M's name. go/ssa checks that i is not
// nil with i.(I), at the selector, and binds the method right after it
// (a MakeClosure at the same position); Go panics there with a nil
// dereference. A caller's own x.(I) sits at its parenthesis.
func methodValueCheck(in *ssa.TypeAssert) (method string, ok bool) {
	if in.CommaOk || !in.Pos().IsValid() || !types.Identical(in.X.Type(), in.AssertedType) {
		return "", false
	}
	for _, instr := range in.Block().Instrs {
		mc, isClosure := instr.(*ssa.MakeClosure)
		if isClosure && mc.Pos() == in.Pos() && len(mc.Bindings) == 1 && mc.Bindings[0] == in.X {
			return strings.TrimSuffix(mc.Fn.Name(), "$bound"), true
		}
	}
	return "", false
}

// nilMethodValue ends s with the nil dereference of a method value of the
// nil interface v, under the entry policy.
func (x *subject) nilMethodValue(s *state, in *ssa.TypeAssert, v heap.Value, method string) {
	var origin heap.Origin
	if sym, ok := v.(heap.SymIface); ok {
		origin = s.heap.Iface(sym.ID).Origin
	}
	note, left := x.entryPolicy(s, origin, "invalid memory address or nil pointer dereference")
	if left {
		return
	}
	x.panicked(s, result.NilDeref, fmt.Sprintf("nil dereference: method value %s of nil interface %s%s",
		method, x.describeAt(s, in.X, in.Pos()), note), in.Pos())
}

// assertMessage says why a type assertion failed, in the runtime's words.
func (x *subject) assertMessage(s *state, in *ssa.TypeAssert, v heap.Value) string {
	q := witness.PackageQualifier(x.fn)
	static := types.TypeString(in.X.Type(), q)
	want := types.TypeString(in.AssertedType, q)
	dyn := "nil"
	if iv, ok := v.(heap.Iface); ok && iv.Type != nil {
		dyn = types.TypeString(iv.Type, q)
	}
	if sym, ok := v.(heap.SymIface); ok {
		if info := s.heap.Iface(sym.ID); info.Dyn != nil {
			dyn = types.TypeString(info.Dyn, q)
		}
	}
	if dyn == "nil" {
		return fmt.Sprintf("interface conversion: interface is nil, not %s (%s)", want, x.describeAt(s, in.X, in.Pos()))
	}
	return fmt.Sprintf("interface conversion: %s is %s, not %s (%s)", static, dyn, want, x.describeAt(s, in.X, in.Pos()))
}

// ifaceCompare is == and != on interface values: nil comparisons decide
// nilness; two known values are equal when their types and values are.
func (x *explorer) ifaceCompare(s *state, in *ssa.BinOp, a, b heap.Value) []alt {
	if in.Op != token.EQL && in.Op != token.NEQ {
		s.unsupported(fmt.Sprintf("operator %s on interfaces", in.Op))
		return nil
	}
	var eq bool
	if bi, ok := b.(heap.Iface); ok && bi.Type == nil {
		isNil, _, d := s.heap.IfaceIsNil(a)
		if d != nil {
			return x.decide(s, d)
		}
		eq = isNil
	} else if ai, ok := a.(heap.Iface); ok && ai.Type == nil {
		isNil, _, d := s.heap.IfaceIsNil(b)
		if d != nil {
			return x.decide(s, d)
		}
		eq = isNil
	} else {
		ai, alts, ok := x.comparedIface(s, a, in.X.Type())
		if !ok {
			return alts
		}
		bi, alts, ok := x.comparedIface(s, b, in.Y.Type())
		if !ok {
			return alts
		}
		switch {
		case ai.Type == nil || bi.Type == nil:
			eq = ai.Type == bi.Type // nil equals only nil
		case !types.Identical(ai.Type, bi.Type):
			eq = false
		default:
			return x.compareDynamic(s, in, ai, bi)
		}
	}
	if in.Op == token.NEQ {
		eq = !eq
	}
	s.set(in, heap.Scalar{T: x.ctx.Bool(eq)})
	return nil
}

// comparedIface returns an operand of == on interfaces with its dynamic
// type known. An undecided input chooses among nil, the types of the
// program that implement its interface, and for comparison's sake int,
// string and, for an interface any slice satisfies, []int, which Go
// cannot compare.
func (x *machine) comparedIface(s *state, v heap.Value, t types.Type) (heap.Iface, []alt, bool) {
	return x.dynamicOf(s, v, t, nil)
}

// dynamicOf is comparedIface with the candidate types that keep allows
// (all, for a nil keep); leaving one out is a cut, recorded as a bound.
func (x *machine) dynamicOf(s *state, v heap.Value, t types.Type, keep func(types.Type) bool) (heap.Iface, []alt, bool) {
	sym, isSym := v.(heap.SymIface)
	if !isSym {
		iv, ok := v.(heap.Iface)
		if !ok {
			s.unsupported(fmt.Sprintf("interface value %T", v))
		}
		return iv, nil, ok
	}
	iface := x.ownInterface(s, sym, heap.Under(t).(*types.Interface))
	var cands []types.Type
	for _, basic := range comparisonTypes {
		if types.Implements(basic, iface) {
			cands = append(cands, basic)
		}
	}
	named, cut := x.candidates(iface)
	cands = append(cands, named...)
	if keep != nil {
		kept := cands[:0:0]
		for _, t := range cands {
			if keep(t) {
				kept = append(kept, t)
			}
		}
		cut = cut || len(kept) < len(cands)
		cands = kept
	}
	iv, d := s.heap.Concrete(v, cands, cut)
	if d != nil {
		return heap.Iface{}, x.decide(s, d), false
	}
	return iv, nil, true
}

// comparisonTypes are the dynamic types an input interface compared with
// == may have besides the program's named types.
var comparisonTypes = []types.Type{types.Typ[types.Int], types.Typ[types.String], types.NewSlice(types.Typ[types.Int])}

// compareDynamic compares the values of two interfaces of one dynamic
// type, which panics where Go cannot compare values of that type.
func (x *explorer) compareDynamic(s *state, in *ssa.BinOp, a, b heap.Iface) []alt {
	if !types.Comparable(a.Type) {
		// The runtime names a type by its package's name.
		x.runtimePanic(s, "comparing uncomparable type "+types.TypeString(a.Type, witness.ExternalQualifier), in.Pos())
		return nil
	}
	if isString(a.Type) {
		av, d := s.heap.Use(a.V)
		if d != nil {
			return x.decide(s, d)
		}
		bv, d := s.heap.Use(b.V)
		if d != nil {
			return x.decide(s, d)
		}
		return x.stringOp(s, in, av, bv)
	}
	r, d, ok := x.equalValues(s, a.V, b.V, a.Type)
	if d != nil {
		return x.decide(s, d)
	}
	if !ok {
		s.unsupported("comparison of interfaces holding " + a.Type.String())
		return nil
	}
	if in.Op == token.NEQ {
		r = x.ctx.Not(r)
	}
	s.set(in, heap.Scalar{T: r})
	return nil
}
