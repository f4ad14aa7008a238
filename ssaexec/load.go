package ssaexec

import (
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/gosym/gosym/ssafacts"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// Program is a set of packages lowered to SSA.
type Program struct {
	Fset *token.FileSet
	SSA  *ssa.Program
	// Packages are the packages the patterns named, in load order.
	Packages []*ssa.Package
	// DirectiveErrors lists the malformed //gosym: comments, which are
	// not applied.
	DirectiveErrors []DirectiveError
	// ignoredLines maps "file:line" to the reason given there (see
	// Directives).
	ignoredLines map[string]string
	// waits are what the program's code says of who can end a wait (see
	// waits.go).
	waits waitFacts
	// std is what the program knows of the standard library (nil for a
	// program FromTypes built); api, what its packages offer to build
	// values of their types; inits, the ends of its packages'
	// initializations that entries share; apiSpaces, the states of
	// call sequences they share. The functions analysed at once share
	// them; Release frees them.
	std       *stdLibrary
	api       *apiIndex
	inits     *initTable
	apiSpaces *apiTable
	// facts are what the search reads of the SSA of the functions it
	// runs besides their instructions.
	facts *ssafacts.Facts
}

// LoadError lists the errors of packages that do not load or compile.
type LoadError struct {
	// Errors are the messages, each once, as the compiler gives them:
	// "file:line:col: message", or the message alone where it has no
	// position.
	Errors []string
	// Broken lists the import paths of the named packages left out
	// because they, or packages they import, have those errors.
	Broken []string
}

func (e *LoadError) Error() string {
	return strings.Join(e.Errors, "\n")
}

// Load loads the packages matching patterns (as the go command reads them,
// from dir) and builds their SSA. The packages of the same modules that
// they import (see moduleSiblings) and the standard packages gosym
// executes (stdExecuted) that they import, directly or not, are loaded
// with their source, other dependencies from export data, without
// function bodies.
//
// Where some of the named packages do not compile, Load returns the
// program of the others together with a *LoadError that lists the errors
// and the packages left out; where none can be analysed, the program is
// nil.
func Load(dir string, patterns ...string) (*Program, error) {
	expanded := expandPatterns(dir, patterns)
	roots, siblings, deps, err := moduleSiblings(dir, expanded)
	if err != nil {
		return nil, err
	}
	cfg := &packages.Config{
		Mode: packages.LoadSyntax,
		Dir:  dir,
	}
	// A standard package no loaded code imports is never called: loading
	// it would only cost time (parsing and building the ones gosym
	// executes took 0.3 s of the 0.5 s gosym spent on a small package
	// that imports none).
	var std []string
	for _, path := range stdExecuted {
		if deps[path] {
			std = append(std, path)
		}
	}
	pkgs, err := packages.Load(cfg, slices.Concat(expanded, siblings, std)...)
	if err != nil {
		return nil, err
	}
	if len(pkgs) == 0 {
		return nil, &LoadError{Errors: []string{fmt.Sprintf("no packages match %s", strings.Join(patterns, " "))}}
	}
	pkgs, loadErr := withoutBroken(pkgs, roots)
	if len(pkgs) == 0 {
		return nil, loadErr
	}
	prog, ssaPkgs := ssautil.Packages(pkgs, ssa.InstantiateGenerics|ssa.GlobalDebug)
	for i, p := range ssaPkgs {
		if p == nil {
			return nil, &LoadError{Errors: []string{"cannot build SSA for " + pkgs[i].PkgPath}}
		}
	}
	prog.Build()
	var named, stdPkgs []*ssa.Package
	for i, p := range ssaPkgs {
		switch path := pkgs[i].PkgPath; {
		case roots[path] || (!slices.Contains(stdExecuted, path) && !slices.Contains(siblings, path)):
			named = append(named, p)
		case slices.Contains(stdExecuted, path):
			stdPkgs = append(stdPkgs, p)
		}
	}
	lib, err := newStdLibrary(prog, stdPkgs)
	if err != nil {
		return nil, fmt.Errorf("gosym: building its models of the standard library: %v", err)
	}
	orderLikeGC(prog)
	if len(named) == 0 {
		if loadErr != nil {
			return nil, loadErr
		}
		return nil, &LoadError{Errors: []string{fmt.Sprintf("no packages match %s", strings.Join(patterns, " "))}}
	}
	p := &Program{Fset: prog.Fset, SSA: prog, Packages: named, waits: waitFacts{prog: prog}, std: lib, inits: newInitTable(), apiSpaces: newAPITable(), facts: ssafacts.New()}
	var files, all []*ast.File
	for i, sp := range ssaPkgs {
		if slices.Contains(named, sp) {
			files = append(files, pkgs[i].Syntax...)
		}
		all = append(all, pkgs[i].Syntax...)
	}
	p.readDirectives(files)
	// The standard packages gosym executes build their values through
	// their API too, and their doc comments say whose zero value is
	// usable (bytes.Buffer's).
	p.api = newAPIIndex(prog, typeDocs(all))
	if loadErr != nil {
		return p, loadErr
	}
	return p, nil
}

// withoutBroken returns the loaded packages that can be analysed: those
// that, with every package they import, have no errors. A *LoadError
// lists the errors, each once, and the named packages (roots) left out;
// it is nil when nothing was.
func withoutBroken(pkgs []*packages.Package, roots map[string]bool) ([]*packages.Package, *LoadError) {
	broken := map[*packages.Package]bool{}
	var brokenIn func(p *packages.Package) bool
	brokenIn = func(p *packages.Package) bool {
		if b, ok := broken[p]; ok {
			return b
		}
		broken[p] = len(p.Errors) > 0 // an import cycle is an error of its own
		for _, imp := range p.Imports {
			if brokenIn(imp) {
				broken[p] = true
			}
		}
		return broken[p]
	}
	var ok []*packages.Package
	le := &LoadError{}
	for _, p := range pkgs {
		if !brokenIn(p) {
			ok = append(ok, p)
		} else if roots[p.PkgPath] {
			le.Broken = append(le.Broken, p.PkgPath)
		}
	}
	seen := map[string]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, msg := range errorMessages(p) {
			if !seen[msg] {
				seen[msg] = true
				le.Errors = append(le.Errors, msg)
			}
		}
	})
	if len(le.Errors) == 0 {
		return ok, nil
	}
	return ok, le
}

// errorMessages renders p's errors without the "-: " go/packages puts
// before a message with no position. Where the type checker reported
// p's errors, the go command's report of the same failed compilation
// ("# path" and the compiler's lines) is left out: it says the same
// thing twice.
func errorMessages(p *packages.Package) []string {
	typeErrors := slices.ContainsFunc(p.Errors, func(e packages.Error) bool {
		return e.Kind == packages.TypeError || e.Kind == packages.ParseError
	})
	var msgs []string
	for _, e := range p.Errors {
		if typeErrors && e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# ") {
			continue
		}
		if e.Pos == "" || e.Pos == "-" {
			msgs = append(msgs, e.Msg)
		} else {
			msgs = append(msgs, e.Pos+": "+e.Msg)
		}
	}
	return msgs
}

// moduleSiblings returns the import paths of the packages that patterns
// match (roots), and of the packages of their modules that they import,
// directly or not, and that patterns do not match (siblings): those are
// the module's code, which runs where it is called, so they are loaded
// with their source, though not analysed.
// deps holds every package they import, directly or not, and
// themselves.
func moduleSiblings(dir string, patterns []string) (roots map[string]bool, siblings []string, deps map[string]bool, err error) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedModule | packages.NeedImports | packages.NeedDeps, Dir: dir}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, nil, nil, err
	}
	roots, modules, deps := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, p := range pkgs {
		roots[p.PkgPath] = true
		if p.Module != nil {
			modules[p.Module.Path] = true
		}
	}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		deps[p.PkgPath] = true
		if p.Module != nil && modules[p.Module.Path] && !roots[p.PkgPath] {
			siblings = append(siblings, p.PkgPath)
		}
	})
	sort.Strings(siblings)
	return roots, siblings, deps, nil
}

// FromTypes lowers one type-checked package to SSA, as an analysis pass
// has it: only its own functions have bodies; calls into its imports are
// modelled as unknown calls.
func FromTypes(fset *token.FileSet, pkg *types.Package, files []*ast.File, info *types.Info) *Program {
	prog := ssa.NewProgram(fset, ssa.GlobalDebug|ssa.InstantiateGenerics)
	created := map[*types.Package]bool{}
	var create func(imports []*types.Package)
	create = func(imports []*types.Package) {
		for _, imp := range imports {
			if !created[imp] {
				created[imp] = true
				prog.CreatePackage(imp, nil, nil, true)
				create(imp.Imports())
			}
		}
	}
	create(pkg.Imports())
	sp := prog.CreatePackage(pkg, files, info, false)
	sp.Build()
	orderLikeGC(prog)
	p := &Program{Fset: fset, SSA: prog, Packages: []*ssa.Package{sp}, api: newAPIIndex(prog, typeDocs(files)), inits: newInitTable(), apiSpaces: newAPITable(), facts: ssafacts.New()}
	p.readDirectives(files)
	return p
}

// Release frees what p keeps for the functions it analyses: its models
// of the standard library, its API index, and the shared ends of its
// packages' initializations and states of call sequences, with their Z3
// contexts, so that a process
// loading many programs does not keep them all. p's functions must not
// be analysed after.
func (p *Program) Release() {
	p.std, p.api, p.facts = nil, nil, nil
	if p.inits != nil {
		p.inits.release()
		p.inits = nil
	}
	if p.apiSpaces != nil {
		p.apiSpaces.release()
		p.apiSpaces = nil
	}
}

// IsLoadError reports whether err is a package loading or compile error.
func IsLoadError(err error) bool {
	var le *LoadError
	return errors.As(err, &le)
}

// Entries returns the entry functions of the program's packages: every
// exported function and method declared with a body (all declared ones when
// all is set), whose name matches run if run is not nil, in source order.
func (p *Program) Entries(all bool, run *regexp.Regexp) []*ssa.Function {
	var fns []*ssa.Function
	seen := map[*ssa.Function]bool{}
	add := func(fn *ssa.Function) {
		if fn == nil || seen[fn] || fn.Object() == nil {
			return
		}
		if isWrapper(fn) || cgoGenerated(fn) {
			return
		}
		if !all && !isExported(fn) {
			return
		}
		if run != nil && !run.MatchString(FuncName(fn)) {
			return
		}
		seen[fn] = true
		fns = append(fns, fn)
	}
	instances := p.instances()
	// A generic function is analysed through its instantiations in the
	// program, or, without any, with its type parameters left abstract.
	addOrInstances := func(fn *ssa.Function) {
		if fn == nil {
			return
		}
		if inst := instances[fn]; len(inst) > 0 {
			if all || isExported(fn) {
				for _, in := range inst {
					seen[in] = false
					add(in)
				}
			}
			return
		}
		add(fn)
	}
	for _, pkg := range p.Packages {
		for _, m := range pkg.Members {
			switch m := m.(type) {
			case *ssa.Function:
				if m.Name() != "init" {
					addOrInstances(m)
				}
			case *ssa.Type:
				p.addMethods(m, addOrInstances)
			}
		}
	}
	// Instantiations of one generic function share its position: their
	// names order them, since the members come in a map's order.
	sort.Slice(fns, func(i, j int) bool {
		a, b := p.Fset.Position(fns[i].Pos()), p.Fset.Position(fns[j].Pos())
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Offset != b.Offset {
			return a.Offset < b.Offset
		}
		return fns[i].String() < fns[j].String()
	})
	return fns
}

// instances maps each generic function of the program to its
// instantiations, in a stable order.
func (p *Program) instances() map[*ssa.Function][]*ssa.Function {
	out := map[*ssa.Function][]*ssa.Function{}
	for fn := range ssautil.AllFunctions(p.SSA) {
		if o := fn.Origin(); o != nil {
			out[o] = append(out[o], fn)
		}
	}
	for _, fns := range out {
		sort.Slice(fns, func(i, j int) bool { return fns[i].Name() < fns[j].Name() })
	}
	return out
}

// addMethods adds the methods declared on a named type (value and pointer
// receivers alike), generic ones included so that they get a status.
func (p *Program) addMethods(t *ssa.Type, add func(*ssa.Function)) {
	named, ok := t.Type().(*types.Named)
	if !ok {
		return
	}
	for i := 0; i < named.NumMethods(); i++ {
		add(p.SSA.FuncValue(named.Method(i)))
	}
}

func isExported(fn *ssa.Function) bool {
	if !ast.IsExported(fn.Name()) {
		return false
	}
	recv := fn.Signature.Recv()
	if recv == nil {
		return true
	}
	name := recv.Type().String()
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	return ast.IsExported(strings.TrimLeft(name, "*"))
}
