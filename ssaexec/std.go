package ssaexec

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/types"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"
)

// The standard library: the packages in stdExecuted are loaded with their
// source. A call into one of them runs the callee's SSA when the callee is
// exact (see stdLibrary.exact); otherwise it is modelled like a call
// without a body (fresh results, the path approximated). A few functions
// written in assembly or linked from the runtime run Go models instead.

// modelPrefix starts the import paths of gosym's model packages, and the
// names of their files.
const modelPrefix = "gosym-models/"

// isModelPath reports whether an import path or file name is one of
// gosym's models.
func isModelPath(path string) bool { return strings.HasPrefix(path, modelPrefix) }

// intrinsic returns the name of the model intrinsic fn is, or "".
func intrinsic(fn *ssa.Function) string {
	if fn.Pkg == nil || !isModelPath(fn.Pkg.Pkg.Path()) {
		return ""
	}
	if _, ok := intrinsics[fn.Name()]; ok {
		return fn.Name()
	}
	return ""
}

// stdLibrary is what a loaded program knows of the standard library.
type stdLibrary struct {
	// models maps a standard function's full name to the model run in
	// its place.
	models map[string]*ssa.Function
	// loaded are the standard packages loaded with source that the
	// patterns did not name.
	loaded map[*ssa.Package]bool

	// afterFunc is the model the goroutine of a time.AfterFunc timer
	// runs (see timers.go); goPanic, the goroutine of go panic(v).
	afterFunc, goPanic *ssa.Function

	mu    sync.Mutex
	exact map[*ssa.Function]bool
}

// newStdLibrary builds the models into prog and records which packages
// are the standard library's.
func newStdLibrary(prog *ssa.Program, loaded []*ssa.Package) (*stdLibrary, error) {
	l := &stdLibrary{models: map[string]*ssa.Function{}, loaded: map[*ssa.Package]bool{}, exact: map[*ssa.Function]bool{}}
	byPath := map[string]*ssa.Package{}
	for _, p := range loaded {
		l.loaded[p] = true
		byPath[p.Pkg.Path()] = p
	}
	for path, src := range modelPackages {
		if byPath[path] == nil {
			continue // analysed itself: its own code runs
		}
		pkg, err := buildModelPackage(prog, path, src)
		if err != nil {
			return nil, err
		}
		for name, m := range pkg.Members {
			// A model stands for the function of the same name, or
			// T_M for the method M of T; the model package's own
			// helpers stand for nothing.
			if fn, ok := m.(*ssa.Function); ok && name != "init" && modelled(byPath[path], name) && mirrors(fn, byPath[path], name) {
				l.models[path+"."+name] = fn
			}
		}
	}
	timers, err := buildModelPackage(prog, "time", timeModels)
	if err != nil {
		return nil, err
	}
	l.afterFunc = timers.Func("afterFunc")
	gostmt, err := buildModelPackage(prog, "gostmt", gostmtModels)
	if err != nil {
		return nil, err
	}
	l.goPanic = gostmt.Func("goPanic")
	for name, fallback := range pureFallbacks {
		path, fn, _ := strings.Cut(name, ".")
		if real := byPath[path]; real != nil && real.Func(fn) != nil && real.Func(fallback) != nil {
			l.models[name] = real.Func(fallback)
		}
	}
	return l, nil
}

// buildModelPackage type-checks the models of the standard package path
// and adds them to prog as a package of their own.
func buildModelPackage(prog *ssa.Program, path, src string) (*ssa.Package, error) {
	f, err := parser.ParseFile(prog.Fset, modelPrefix+path+".go", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Implicits:  map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Scopes:     map[ast.Node]*types.Scope{},
		Instances:  map[*ast.Ident]types.Instance{},
	}
	files := []*ast.File{f}
	pkg, err := (&types.Config{Importer: unsafeOnly{}}).Check(modelPrefix+path, prog.Fset, files, info)
	if err != nil {
		return nil, err
	}
	sp := prog.CreatePackage(pkg, files, info, false)
	sp.Build()
	return sp, nil
}

// unsafeOnly is the importer of the models, which import nothing but
// unsafe.
type unsafeOnly struct{}

func (unsafeOnly) Import(path string) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	return nil, fmt.Errorf("a model imports %s: models import only unsafe", path)
}

// isStd reports whether fn is a function of the standard library or one
// of gosym's models of it.
func (l *stdLibrary) isStd(fn *ssa.Function) bool {
	if l == nil {
		return false
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	return fn.Pkg != nil && (l.loaded[fn.Pkg] || isModelPath(fn.Pkg.Pkg.Path()))
}

// resolve returns the function a call of fn runs, and whether it runs at
// all (false: modelled as unknown).
func (l *stdLibrary) resolve(fn *ssa.Function) (*ssa.Function, bool) {
	if l == nil || packageOf(fn) == nil || !l.loaded[packageOf(fn)] {
		return fn, fn.Blocks != nil
	}
	if m, ok := l.models[calleeName(fn)]; ok {
		return m, true
	}
	if fn.Name() == "init" && skippedInits[fn.Pkg.Pkg.Path()] {
		return fn, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return fn, l.isExact(fn, map[*ssa.Function]bool{})
}

// isExact reports whether running fn (a function of the standard library)
// is exact: it and what it calls have bodies or models, and use nothing
// gosym does not model (floating point, unsafe).
// Calls through interfaces and function values are the caller's code and
// do not count. visiting holds the functions being checked, which are
// taken to be exact while they are.
func (l *stdLibrary) isExact(fn *ssa.Function, visiting map[*ssa.Function]bool) bool {
	if ok, known := l.exact[fn]; known {
		return ok
	}
	if visiting[fn] {
		return true
	}
	visiting[fn] = true
	ok := fn.Blocks != nil && l.bodyExact(fn, visiting)
	delete(visiting, fn)
	l.exact[fn] = ok
	return ok
}

func (l *stdLibrary) bodyExact(fn *ssa.Function, visiting map[*ssa.Function]bool) bool {
	roundTrips := unsafeRoundTrips(fn)
	for _, b := range liveBlocks(fn) {
		for _, instr := range b.Instrs {
			switch instr.(type) {
			case *ssa.Convert, *ssa.DebugRef:
				if roundTrips {
					continue
				}
			}
			if !l.instrExact(instr, visiting) {
				return false
			}
		}
	}
	return true
}

func (l *stdLibrary) instrExact(instr ssa.Instruction, visiting map[*ssa.Function]bool) bool {
	switch in := instr.(type) {
	case *ssa.Range: // its iterator's type is an unsafe.Pointer inside SSA
		return typeModelled(in.X.Type())
	case *ssa.Next:
		return true
	case ssa.CallInstruction:
		if b, ok := in.Common().Value.(*ssa.Builtin); ok {
			return modelledBuiltins[b.Name()]
		}
		callee := in.Common().StaticCallee()
		if callee == nil {
			return true
		}
		if _, modelled := l.models[calleeName(callee)]; modelled {
			return true
		}
		if isPackageInit(callee) {
			// Another package's initialization runs where it can; where
			// it cannot, its variables are inputs (see explorer.enter).
			return true
		}
		if intrinsic(callee) != "" || isTimeNative(callee) {
			return true
		}
		if callee.Pkg != nil && !l.loaded[callee.Pkg] && !l.isStd(callee) {
			return false
		}
		return l.isExact(callee, visiting)
	}
	var ops []*ssa.Value
	for _, op := range instr.Operands(ops) {
		if *op != nil && !typeModelled((*op).Type()) {
			return false
		}
	}
	if v, ok := instr.(ssa.Value); ok && !typeModelled(v.Type()) {
		return false
	}
	return true
}

// unsafeRoundTrips reports whether fn is a method of sync/atomic's
// Pointer, whose conversions to and from unsafe.Pointer are of one typed
// pointer, which gosym models (see explorer.unsafeConvert).
func unsafeRoundTrips(fn *ssa.Function) bool {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	recv := fn.Signature.Recv()
	if recv == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "sync/atomic" {
		return false
	}
	ptr, ok := recv.Type().(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := ptr.Elem().(*types.Named)
	return ok && named.Obj().Name() == "Pointer"
}

// liveBlocks returns the blocks of fn reachable from its entry (and its
// Recover block) when an If on a constant takes only its one branch: the
// code under "if race.Enabled", which uses unsafe, never runs.
func liveBlocks(fn *ssa.Function) []*ssa.BasicBlock {
	seen := map[*ssa.BasicBlock]bool{}
	var live []*ssa.BasicBlock
	var visit func(b *ssa.BasicBlock)
	visit = func(b *ssa.BasicBlock) {
		if b == nil || seen[b] {
			return
		}
		seen[b] = true
		live = append(live, b)
		succs := b.Succs
		if br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			if c, ok := br.Cond.(*ssa.Const); ok && c.Value != nil {
				if constant.BoolVal(c.Value) {
					succs = succs[:1]
				} else {
					succs = succs[1:]
				}
			}
		}
		for _, next := range succs {
			visit(next)
		}
	}
	if len(fn.Blocks) > 0 {
		visit(fn.Blocks[0])
	}
	visit(fn.Recover)
	return live
}

// calleeName is the key of fn's model in stdLibrary.models: its package
// path and name, T_M for a method M of the named type T (or *T), an
// instantiation named by its generic function (whose model is generic
// too).
func calleeName(fn *ssa.Function) string {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Pkg == nil {
		return ""
	}
	if recv := fn.Signature.Recv(); recv != nil {
		named := namedOf(recv.Type())
		if named == nil {
			return ""
		}
		return fn.Pkg.Pkg.Path() + "." + named.Obj().Name() + "_" + fn.Name()
	}
	return fn.Pkg.Pkg.Path() + "." + fn.Name()
}

// modelled reports whether the package real has what a model named name
// stands for: a function of that name, or, for T_M, a method M of its
// type T.
func modelled(real *ssa.Package, name string) bool {
	if _, ok := real.Members[name].(*ssa.Function); ok {
		return true
	}
	typ, method, ok := strings.Cut(name, "_")
	if t, isType := real.Members[typ].(*ssa.Type); ok && isType {
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t.Type()), true, real.Pkg, method)
		_, isMethod := obj.(*types.Func)
		return isMethod
	}
	return false
}

// mirrors reports whether a model of the method T_M whose receiver is a
// pointer to a type of the model package (a mirror of T, see the sync
// models) has T's shape, field by field. A mirror written for another Go
// release than the one loaded would read the wrong fields: its models are
// left out, and the real methods run, or are modelled as unexecuted.
func mirrors(model *ssa.Function, real *ssa.Package, name string) bool {
	typ, _, _ := strings.Cut(name, "_")
	realType, isMethod := real.Members[typ].(*ssa.Type)
	params := model.Signature.Params()
	if _, isFunc := real.Members[name].(*ssa.Function); isFunc || !isMethod || params.Len() == 0 {
		return true
	}
	ptr, ok := params.At(0).Type().(*types.Pointer)
	if !ok {
		return true
	}
	mirror, ok := ptr.Elem().(*types.Named)
	if !ok || mirror.Obj().Pkg() != model.Pkg.Pkg {
		return true
	}
	return sameShape(mirror.Underlying(), realType.Type().Underlying())
}

// sameShape reports whether values of types a and b are laid out alike in
// gosym's heap: structs with fields of the same shapes, arrays of one
// length, and the same kind of everything else.
func sameShape(a, b types.Type) bool {
	a, b = a.Underlying(), b.Underlying()
	switch a := a.(type) {
	case *types.Struct:
		b, ok := b.(*types.Struct)
		if !ok || a.NumFields() != b.NumFields() {
			return false
		}
		for i := range a.NumFields() {
			if !sameShape(a.Field(i).Type(), b.Field(i).Type()) {
				return false
			}
		}
		return true
	case *types.Array:
		b, ok := b.(*types.Array)
		return ok && a.Len() == b.Len() && sameShape(a.Elem(), b.Elem())
	case *types.Basic:
		b, ok := b.(*types.Basic)
		return ok && a.Kind() == b.Kind()
	}
	return reflect.TypeOf(a) == reflect.TypeOf(b)
}

// typeModelled reports whether values of type t are modelled: not
// complex numbers or unsafe pointers.
func typeModelled(t types.Type) bool {
	if u, ok := t.Underlying().(*types.Basic); ok {
		return u.Info()&types.IsComplex == 0 && u.Kind() != types.UnsafePointer
	}
	return true
}

// syncType reports whether t is a named type of the syncPackages.
func syncType(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && syncPackages[n.Obj().Pkg().Path()]
}
