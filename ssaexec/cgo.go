package ssaexec

import (
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
)

// Calls into C. The go command runs cgo on a package that imports "C"
// before type checking it, and go/packages hands over what cgo wrote:
// each file of the package rewritten, with //line comments that map its
// positions back to the user's file, and one file more, _cgo_gotypes.go,
// which has no such comments (its positions are in the go-build cache).
// That file declares a wrapper for each C function the package calls
// (C.f is _Cfunc_f, with its arguments passed to the C side through
// unsafe.Pointer and the result written there by C, which the body as
// Go reads does not show), C.CString and its kin, the checks of the
// pointers handed to C, and variables that hold the addresses of the C
// functions and variables, set by the package initializer through
// unsafe.Pointer conversions.
//
// gosym executes none of that file: a call into C is a call gosym does
// not execute, as one of a function without a body (fresh results,
// recorded as approximated, so that a panic resting on them is
// assumed); cgo's pointer checks do nothing; and the initializer skips
// the file's variable initializers. Those variables are read only by the
// wrappers, but C's variables (C.v is *_Cvar_v) are inputs.

// cgoFile returns the file cgo generated for pkg (_cgo_gotypes.go), or
// nil where pkg does not import "C". It is the file that declares cgo's
// pointer check, which cgo writes for every package it processes.
func cgoFile(pkg *ssa.Package) *token.File {
	if pkg == nil {
		return nil
	}
	for _, name := range []string{"_cgoCheckPointer", "_cgo_runtime_cgocall"} {
		if fn, ok := pkg.Members[name].(*ssa.Function); ok && fn.Pos().IsValid() {
			return pkg.Prog.Fset.File(fn.Pos())
		}
	}
	return nil
}

// inCgoFile reports whether pos lies in the file cgo generated for pkg.
func inCgoFile(pkg *ssa.Package, pos token.Pos) bool {
	if !pos.IsValid() {
		return false
	}
	f := cgoFile(pkg)
	return f != nil && pkg.Prog.Fset.File(pos) == f
}

// cgoGenerated reports whether fn is declared in the file cgo generated:
// a wrapper of C code, or one of cgo's helpers.
func cgoGenerated(fn *ssa.Function) bool {
	return fn.Pkg != nil && inCgoFile(fn.Pkg, fn.Pos())
}

// cgoCall runs a call of fn if fn is one that cgo generated, and reports
// whether it was: a call into C is a call gosym does not execute, whose
// results are fresh; the pointer checks do nothing, and _Cgo_ptr returns
// its argument.
func (x *machine) cgoCall(s *state, fn *ssa.Function, args []heap.Value, call *ssa.Call) bool {
	if !cgoGenerated(fn) {
		return false
	}
	switch {
	case cgoChecks[fn.Name()]:
		if call != nil {
			s.set(call, nil)
		}
	case fn.Name() == "_Cgo_ptr" && len(args) == 1:
		if call != nil {
			s.set(call, args[0])
		}
	default:
		x.unexecuted(s, cName(fn.Name()))
		x.external(s, "call into C ("+cName(fn.Name())+")", fn.Signature, call)
		if passesReferences(args) && !cgoReadOnly[fn.Name()] {
			// C may have written what the arguments reach.
			s.assumed = true
		}
	}
	return true
}

// cName writes the name of a function that cgo generated as the user's
// code names it: _Cfunc_twice is C.twice.
func cName(name string) string {
	switch name {
	case "_Cfunc__CMalloc", "_cgo_cmalloc":
		return "C.malloc"
	}
	for _, prefix := range []string{"_Cfunc_", "_C2func_", "_Cmacro_"} {
		if rest, ok := strings.CutPrefix(name, prefix); ok {
			return "C." + rest
		}
	}
	return name
}

// skipsCgoInit reports whether in, an instruction of frame f, is one of
// the package initializer's that sets a variable cgo generated: gosym
// does not run them (they take the addresses of C's symbols through
// unsafe.Pointer), and leaves the variables as cgoGlobal makes them.
func skipsCgoInit(f *frame, in ssa.Instruction) bool {
	return f.fn.Synthetic != "" && f.fn.Name() == "init" && f.fn.Signature.Recv() == nil &&
		inCgoFile(f.fn.Pkg, in.Pos())
}

// cgoGlobal makes the variable g on path s if cgo generated it, and
// reports whether it did. C.v is *_Cvar_v, which points to C's variable:
// an input, read as an unexecuted call's result is (approximated). The
// other variables are read only by code gosym does not run; they are
// inputs too.
func cgoGlobal(s *state, g *ssa.Global) (heap.Ptr, bool) {
	if g.Pkg == nil || !inCgoFile(g.Pkg, g.Pos()) {
		return heap.Ptr{}, false
	}
	elem := deref(g.Type())
	if name, ok := strings.CutPrefix(g.Name(), "_Cvar_"); ok {
		if ptr, isPtr := types.Unalias(elem).(*types.Pointer); isPtr {
			cell := s.heap.Alloc(elem)
			v := heap.Ptr{Obj: s.heap.NewExternalVariable(ptr.Elem(), "C variable C."+name)}
			if d := s.heap.Store(cell, v); d == nil {
				return cell, true
			}
		}
	}
	return heap.Ptr{Obj: s.heap.NewExternalVariable(elem, "variable "+g.RelString(nil))}, true
}

// cgoSpellings undo cgo's rewriting of the user's expressions, in the
// order given: the parentheses it puts around what it rewrote, then
// C.v, which it reads as *_Cvar_v, then the other names (C.f is
// _Cfunc_f, C.int _Ctype_int, C.N _Ciconst_N, C.malloc _Cfunc__CMalloc).
var cgoSpellings = []struct {
	re   *regexp.Regexp
	repl string
}{
	{regexp.MustCompile(`\((\*?_C[a-z2]+_\w+)\)`), "$1"},
	{regexp.MustCompile(`\*_Cvar_(\w+)`), "C.$1"},
	{regexp.MustCompile(`\b_Cfunc__CMalloc\b`), "C.malloc"},
	{regexp.MustCompile(`\b_C(?:type|iconst|fconst|sconst|var|fpvar|func|2func|macro)_(\w+)`), "C.$1"},
}

// cgoSpelling writes an expression of a file cgo rewrote as the user
// wrote it: int((_Cfunc_twice)(_Ctype_int(x))) is int(C.twice(C.int(x))).
func cgoSpelling(expr string) string {
	if !strings.Contains(expr, "_C") {
		return expr
	}
	for _, sp := range cgoSpellings {
		expr = sp.re.ReplaceAllString(expr, sp.repl)
	}
	return expr
}
