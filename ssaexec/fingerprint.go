package ssaexec

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"io"
	"os"
	"slices"
	"sort"
	"sync"

	"golang.org/x/tools/go/ssa"
)

// Fingerprint is a hash of the code an entry function's analysis can
// read: equal fingerprints (under equal flags and the same gosym) give
// equal results, so a result can be reused while it holds.
type Fingerprint [sha256.Size]byte

// Fingerprints computes the fingerprints of a program's entry functions.
// A fingerprint covers, conservatively:
//   - the types of every package loaded (their declarations, method
//     signatures and doc comments): the inputs built, the candidates for
//     an interface input and the API plans read them (universeHash);
//   - the source text, SSA and positions of every function the entry
//     may execute: what it calls or refers to; every method whose name an
//     interface call names; for every type it meets, the type's methods
//     and the functions of its package whose results mention it (the
//     API's constructors and call sequences); for every function type it
//     meets, the exported functions of that type (offered as inputs); the
//     initialization of every package involved;
//   - the //gosym:ignore directives inside those functions.
//
// Editing a function's body therefore changes the fingerprints of the
// entries that may run it and of no other; editing a type changes them
// all. Safe for concurrent use.
type Fingerprints struct {
	prog *Program
	mu   sync.Mutex
	// universe hashes the types of all packages (computed once).
	universe *Fingerprint
	bodies   map[*ssa.Function]Fingerprint
	// succ holds each node's successors: a node is a function or a
	// type, and leads to what running it or building a value of it may
	// run (see successors).
	succ map[node][]node
	// makers holds methodsAndMakers by type; bySig the functions
	// of a signature, by its text.
	makers map[*types.Named][]*ssa.Function
	bySig  map[string][]*ssa.Function
	// byName lists the methods of the program's types by name;
	// exported lists the exported package-level functions with a
	// body. Both are built on first use.
	byName   map[string][]*ssa.Function
	exported []*ssa.Function
	files    map[string][]byte
	scc      sccs
}

// node is a vertex of the graph fingerprints hash: an *ssa.Function or
// a types.Type.
type node any

// sccs is the state of Tarjan's algorithm over the nodes, kept across
// entries: a node's hash, once known, covers everything it reaches.
type sccs struct {
	index, low map[node]int
	onStack    map[node]bool
	stack      []node
	next       int
	hash       map[node]Fingerprint
}

// Fingerprints returns a fingerprinter of p's functions.
func (p *Program) Fingerprints() *Fingerprints {
	return &Fingerprints{
		prog:   p,
		bodies: map[*ssa.Function]Fingerprint{},
		succ:   map[node][]node{},
		makers: map[*types.Named][]*ssa.Function{},
		bySig:  map[string][]*ssa.Function{},
		files:  map[string][]byte{},
		scc: sccs{index: map[node]int{}, low: map[node]int{}, onStack: map[node]bool{},
			hash: map[node]Fingerprint{}},
	}
}

// Of returns the fingerprint of entry (see Fingerprints).
func (f *Fingerprints) Of(entry *ssa.Function) Fingerprint {
	f.mu.Lock()
	defer f.mu.Unlock()
	h := sha256.New()
	u := f.universeHash()
	h.Write(u[:])
	fmt.Fprintf(h, "entry %s\n", entry)
	if _, done := f.scc.hash[entry]; !done {
		f.strongConnect(entry)
	}
	reach := f.scc.hash[entry]
	h.Write(reach[:])
	var out Fingerprint
	h.Sum(out[:0])
	return out
}

// strongConnect is Tarjan's algorithm from v. Each strongly connected
// component gets one hash, Merkle-style, over the bodies of its
// functions and the hashes of the components it leads to: a change in
// any function v reaches changes v's hash, and the hash does not depend
// on the order the graph is walked in.
func (f *Fingerprints) strongConnect(v node) {
	c := &f.scc
	c.index[v], c.low[v] = c.next, c.next
	c.next++
	c.stack = append(c.stack, v)
	c.onStack[v] = true
	for _, w := range f.successors(v) {
		if _, seen := c.index[w]; !seen {
			f.strongConnect(w)
			c.low[v] = min(c.low[v], c.low[w])
		} else if c.onStack[w] {
			c.low[v] = min(c.low[v], c.index[w])
		}
	}
	if c.low[v] != c.index[v] {
		return
	}
	var members []node
	for {
		w := c.stack[len(c.stack)-1]
		c.stack = c.stack[:len(c.stack)-1]
		c.onStack[w] = false
		members = append(members, w)
		if w == v {
			break
		}
	}
	inside := map[node]bool{}
	for _, m := range members {
		inside[m] = true
	}
	var sums []Fingerprint
	for _, m := range members {
		if fn, ok := m.(*ssa.Function); ok {
			sums = append(sums, f.body(fn))
		}
		for _, w := range f.successors(m) {
			if !inside[w] {
				sums = append(sums, c.hash[w])
			}
		}
	}
	slices.SortFunc(sums, func(a, b Fingerprint) int { return bytes.Compare(a[:], b[:]) })
	sums = slices.Compact(sums)
	h := sha256.New()
	for _, s := range sums {
		h.Write(s[:])
	}
	var sum Fingerprint
	h.Sum(sum[:0])
	for _, m := range members {
		c.hash[m] = sum
	}
}

// successors returns (and keeps) what running v, a function, or building
// a value of v, a type, may run (see Fingerprints).
func (f *Fingerprints) successors(v node) []node {
	if out, ok := f.succ[v]; ok {
		return out
	}
	var out []node
	seen := map[node]bool{} // most instructions repeat a few types
	add := func(n node) {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	addFuncs := func(fns ...*ssa.Function) {
		for _, fn := range fns {
			if fn != nil {
				add(fn)
			}
		}
	}
	addType := func(t types.Type) {
		if t == nil {
			return
		}
		if _, basic := t.(*types.Basic); !basic {
			add(t)
		}
	}
	switch v := v.(type) {
	case *ssa.Function:
		f.functionEdges(v, addFuncs, addType)
	case types.Type:
		f.typeEdges(v, addFuncs, addType)
	}
	f.succ[v] = out
	return out
}

// functionEdges adds what fn's code leads to: the functions it calls or
// refers to, the initialization of its package and of the packages of
// the globals it uses, the methods an interface call may run, and the
// types of its values.
func (f *Fingerprints) functionEdges(fn *ssa.Function, addFuncs func(...*ssa.Function), addType func(types.Type)) {
	// Its parameters and results, not its signature: that stands for
	// the functions of its type, which fn is not given.
	sig := fn.Signature
	if recv := sig.Recv(); recv != nil {
		addType(recv.Type())
	}
	addType(sig.Params())
	addType(sig.Results())
	if pkg := packageOf(fn); pkg != nil {
		addFuncs(pkg.Func("init"))
	}
	if o := fn.Origin(); o != nil {
		addFuncs(o)
	}
	for _, v := range fn.FreeVars {
		addType(v.Type())
	}
	var ops []*ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if v, ok := instr.(ssa.Value); ok {
				addType(v.Type())
			}
			if c, ok := instr.(ssa.CallInstruction); ok && c.Common().IsInvoke() {
				f.indexMethods()
				addFuncs(f.byName[c.Common().Method.Name()]...)
			}
			ops = instr.Operands(ops[:0])
			for _, op := range ops {
				if op == nil || *op == nil {
					continue
				}
				switch v := (*op).(type) {
				case *ssa.Function:
					addFuncs(v) // itself, not every function of its type
					continue
				case *ssa.Global:
					if v.Pkg != nil {
						addFuncs(v.Pkg.Func("init"))
					}
				}
				addType((*op).Type())
			}
		}
	}
}

// typeEdges adds what a value of type t leads to: a named type's
// methods and the functions of its package whose results mention it; the
// exported functions of a function type; the methods of an interface's
// method names; and the types t is made of.
func (f *Fingerprints) typeEdges(t types.Type, addFuncs func(...*ssa.Function), addType func(types.Type)) {
	switch t := t.(type) {
	case *types.Named:
		addFuncs(f.methodsAndMakers(t)...)
		addType(t.Underlying())
	case *types.Signature:
		addFuncs(f.functionsOfSignature(t)...)
	case *types.Interface:
		f.indexMethods()
		for m := range t.Methods() {
			addFuncs(f.byName[m.Name()]...)
		}
	}
	for _, c := range components(t) {
		addType(c)
	}
}

// components returns the types t is written with: the elements, keys,
// fields, parameters and results of a composite type, the type
// arguments of a named one (not its underlying type), the type an alias
// stands for.
func components(t types.Type) []types.Type {
	var out []types.Type
	switch t := t.(type) {
	case *types.Named:
		out = slices.Collect(t.TypeArgs().Types())
	case *types.Alias:
		out = append(out, types.Unalias(t))
	case *types.Map:
		out = append(out, t.Key(), t.Elem())
	case interface{ Elem() types.Type }: // pointer, slice, array, chan
		out = append(out, t.Elem())
	case *types.Struct:
		for field := range t.Fields() {
			out = append(out, field.Type())
		}
	case *types.Tuple:
		for v := range t.Variables() {
			out = append(out, v.Type())
		}
	case *types.Signature:
		out = append(out, t.Params(), t.Results())
	}
	return out
}

// methodsAndMakers returns the methods of named and of a pointer to it,
// and the functions of its package whose results mention it.
func (f *Fingerprints) methodsAndMakers(named *types.Named) []*ssa.Function {
	if fns, ok := f.makers[named]; ok {
		return fns
	}
	fns := f.newMethodsAndMakers(named)
	f.makers[named] = fns
	return fns
}

func (f *Fingerprints) newMethodsAndMakers(named *types.Named) []*ssa.Function {
	prog := f.prog.SSA
	var fns []*ssa.Function
	if named.TypeParams().Len() == 0 || named.TypeArgs().Len() > 0 {
		fns = f.methodsOf(named)
	}
	obj := named.Origin().Obj()
	if obj.Pkg() == nil {
		return fns
	}
	pkg := prog.Package(obj.Pkg())
	if pkg == nil {
		return fns
	}
	for _, m := range pkg.Members {
		if fn, ok := m.(*ssa.Function); ok && mentions(fn.Signature.Results(), named.Origin()) {
			fns = append(fns, fn)
		}
	}
	return fns
}

// mentions reports whether t names the type named anywhere in it, but
// in the underlying types of the named types it names.
func mentions(t types.Type, named *types.Named) bool {
	var walk func(t types.Type, depth int) bool
	walk = func(t types.Type, depth int) bool {
		if n, ok := t.(*types.Named); ok && n.Origin() == named {
			return true
		}
		if depth > 8 {
			return false
		}
		for _, c := range components(t) {
			if walk(c, depth+1) {
				return true
			}
		}
		return false
	}
	return walk(t, 0)
}

// functionsOfSignature returns the exported package-level functions a
// value of signature sig may be (see apiIndex.offeredFuncs).
func (f *Fingerprints) functionsOfSignature(sig *types.Signature) []*ssa.Function {
	if f.exported == nil {
		f.exported = []*ssa.Function{}
		for _, pkg := range f.prog.SSA.AllPackages() {
			for _, m := range pkg.Members {
				if fn, ok := m.(*ssa.Function); ok && fn.Object() != nil && fn.Object().Exported() && len(fn.Blocks) > 0 {
					f.exported = append(f.exported, fn)
				}
			}
		}
	}
	key := types.TypeString(sig, nil)
	if fns, ok := f.bySig[key]; ok {
		return fns
	}
	var fns []*ssa.Function
	for _, fn := range f.exported {
		if types.AssignableTo(fn.Signature, sig) {
			fns = append(fns, fn)
		}
	}
	f.bySig[key] = fns
	return fns
}

// methodsOf returns the methods of t and of a pointer to it.
func (f *Fingerprints) methodsOf(t types.Type) []*ssa.Function {
	prog := f.prog.SSA
	var fns []*ssa.Function
	for _, typ := range []types.Type{t, types.NewPointer(t)} {
		for sel := range prog.MethodSets.MethodSet(typ).Methods() {
			if fn := prog.MethodValue(sel); fn != nil {
				fns = append(fns, fn)
			}
		}
	}
	return fns
}

// indexMethods builds byName: the methods of the named types of all
// packages and of pointers to them.
func (f *Fingerprints) indexMethods() {
	if f.byName != nil {
		return
	}
	f.byName = map[string][]*ssa.Function{}
	prog := f.prog.SSA
	for _, pkg := range prog.AllPackages() {
		for _, m := range pkg.Members {
			t, ok := m.(*ssa.Type)
			if !ok {
				continue
			}
			if n, ok := t.Type().(*types.Named); ok && n.TypeParams().Len() > 0 {
				continue // its instances' methods are met through their types
			}
			for _, fn := range f.methodsOf(t.Type()) {
				f.byName[fn.Name()] = append(f.byName[fn.Name()], fn)
			}
		}
	}
}

// universeHash hashes the type declarations of all packages, with their
// methods' signatures and doc comments: a new or changed type can change
// what any entry builds, or the candidates of an interface input. The
// rest of a package's declarations reach a fingerprint through the code
// that uses them: constants and variables through the SSA, functions
// through the closure (see successors), whose sets are taken anew from
// each program.
func (f *Fingerprints) universeHash() Fingerprint {
	if f.universe != nil {
		return *f.universe
	}
	h := sha256.New()
	pkgs := f.prog.SSA.AllPackages()
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].Pkg.Path() < pkgs[j].Pkg.Path() })
	qualify := func(p *types.Package) string { return p.Path() }
	docs := f.prog.api.docs
	for _, pkg := range pkgs {
		fmt.Fprintf(h, "package %s\n", pkg.Pkg.Path())
		scope := pkg.Pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok {
				continue
			}
			io.WriteString(h, types.ObjectString(tn, qualify)+"\n"+docs[tn.Pos()])
			if named, ok := tn.Type().(*types.Named); ok {
				for m := range named.Methods() {
					io.WriteString(h, types.ObjectString(m, qualify)+"\n")
				}
			}
		}
	}
	var out Fingerprint
	h.Sum(out[:0])
	f.universe = &out
	return out
}

// body hashes fn's own code: its name, signature, position and source
// text, its SSA with the position of each instruction, and the
// //gosym:ignore directives on its lines.
func (f *Fingerprints) body(fn *ssa.Function) Fingerprint {
	if sum, ok := f.bodies[fn]; ok {
		return sum
	}
	h := sha256.New()
	fset := f.prog.Fset
	fmt.Fprintf(h, "func %s %s at %s\n", fn, fn.Signature, fset.Position(fn.Pos()))
	if syntax := fn.Syntax(); syntax != nil {
		from := syntax.Pos()
		if decl, ok := syntax.(*ast.FuncDecl); ok && decl.Doc != nil {
			from = decl.Doc.Pos() // its directives
		}
		f.writeSource(h, from, syntax.End())
	}
	for _, p := range fn.Params {
		fmt.Fprintf(h, "param %s %s\n", p.Name(), p.Type())
	}
	for _, b := range fn.Blocks {
		fmt.Fprintf(h, "block %d\n", b.Index)
		for _, instr := range b.Instrs {
			if v, ok := instr.(ssa.Value); ok {
				fmt.Fprintf(h, "%s = %s : %s", v.Name(), v.String(), v.Type())
			} else {
				io.WriteString(h, instr.String())
			}
			fmt.Fprintf(h, " @ %s\n", fset.Position(instr.Pos()))
		}
	}
	var sum Fingerprint
	h.Sum(sum[:0])
	f.bodies[fn] = sum
	return sum
}

// writeSource writes the source text between from and to, and the
// directives on those lines, to h.
func (f *Fingerprints) writeSource(h io.Writer, from, to token.Pos) {
	start, end := f.prog.Fset.Position(from), f.prog.Fset.Position(to)
	if !start.IsValid() || start.Filename != end.Filename {
		return
	}
	src, ok := f.files[start.Filename]
	if !ok {
		src, _ = os.ReadFile(start.Filename) // unreadable: the SSA stands for it
		f.files[start.Filename] = src
	}
	if start.Offset <= end.Offset && end.Offset <= len(src) {
		h.Write(src[start.Offset:end.Offset])
	}
	for line := start.Line; line <= end.Line; line++ {
		if why, ok := f.prog.ignoredLines[lineKey(start.Filename, line)]; ok {
			fmt.Fprintf(h, "ignore %d %s\n", line, why)
		}
	}
}
