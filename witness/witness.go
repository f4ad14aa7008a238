// Package witness writes a finding's witness as Go: the statements that
// build its input, the call that panics, and what else a test needs. The
// executor hands it data, a concrete input (heap.Input) and the calls
// that built the values the package's API makes (Sequence); it says, as
// it writes, whether the code compiles where it is meant to, and whether
// it writes by hand a value no caller can build (a latent finding).
package witness

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
)

// Entry is what a witness is written from: the function, its input on
// the panicking path, and how the path built the input.
type Entry struct {
	Fn *ssa.Function
	// Params are the entry's parameters as the input records them (a
	// method's receiver first): field i of Input.Args is parameter i.
	Params *types.Tuple
	Input  *heap.Input
	// Sequence, if set, holds the calls made before the entry to build
	// values through the package's API.
	Sequence *Sequence
	// Invariant, if not empty, names the receiver's invariant the finding
	// says is broken after the call.
	Invariant string
	// Generic, for generic code analysed abstractly, lists its type
	// parameters, which the witness replaces by types that satisfy them.
	Generic *Generic
	// MustBuild, if set, reports whether a value of struct type t cannot
	// be written as a literal, because its callers get it from the
	// package's API; unexported says whether the literal sets an
	// unexported field (one that sets none is a zero value with exported
	// fields set, which a caller can write).
	MustBuild func(t types.Type, unexported bool) bool
}

// Generic is how a witness instantiates generic code analysed
// abstractly: Params are the type parameters it substitutes; Instance
// says the function is an instance of a generic function at its own
// type parameters (whose call needs no type arguments).
type Generic struct {
	Params   []*types.TypeParam
	Instance bool
}

// Written is a witness as code: Setup builds the input, Call calls the
// function, and InvariantCheck, for a broken invariant, is the Go
// expression that evaluates it on the receiver after the call.
type Written struct {
	Setup          []string
	Call           string
	InvariantCheck string
	// Imports lists the paths of the packages the code names.
	Imports []string
	// Unwritable says why the code does not compile where it is meant
	// to: it names unexported types or fields of other packages.
	Unwritable []string
	// HandBuilt names the types whose values the code writes as literals
	// although Entry.MustBuild says a caller gets them from the package's
	// API: the input is one no caller can build.
	HandBuilt []string
	// Unnameable names the unexported types of other packages the code
	// names (a part of Unwritable).
	Unnameable []string
}

// Write writes the witness as code of the function's package.
func Write(e *Entry) Written {
	return write(e, PackageQualifier(e.Fn), "")
}

// PackageQualifier writes types as code inside fn's package does.
func PackageQualifier(fn *ssa.Function) types.Qualifier {
	var own *types.Package
	if pkg := packageOf(fn); pkg != nil {
		own = pkg.Pkg
	}
	return func(p *types.Package) string {
		if p == own {
			return ""
		}
		return p.Name()
	}
}

// External writes the witness as code of the package's external test
// package (package p_test), which names the package's own declarations
// through the package's name, as a user of the package does, and uses
// only exported names; or says why it cannot be, in why: the function,
// its receiver type or the invariant is not exported, the package is a
// command, or the input names unexported types or fields.
// w.Unnameable lists the unexported types (of any package) the input
// names then: no user of the package can write such an input.
func External(e *Entry) (w Written, why []string) {
	pkg := packageOf(e.Fn)
	if pkg == nil {
		return Written{}, []string{"the function belongs to no package"}
	}
	if reason := notExternal(e.Fn, pkg, e.Invariant); reason != "" {
		return Written{}, []string{reason}
	}
	w = write(e, ExternalQualifier, pkg.Pkg.Name())
	if len(w.Unwritable) > 0 {
		return Written{Unnameable: w.Unnameable}, w.Unwritable
	}
	return w, nil
}

// ExternalQualifier writes every package, the function's own too, by its
// name, as code of an external test package does.
func ExternalQualifier(p *types.Package) string { return p.Name() }

// write writes the witness, naming packages with q. No variable takes the
// name reserved (when not empty): the code refers to a package by it.
func write(e *Entry, q types.Qualifier, reserved string) Written {
	imports := map[string]bool{}
	q = recording(q, imports)
	opts := inputOptions{mustBuild: e.MustBuild, calls: []callArgs{{obj: e.Input.Args, params: e.Params}}}
	if reserved != "" {
		opts.reserved = []string{reserved}
	}
	seq := e.Sequence
	if seq != nil && len(seq.Calls) > 0 {
		seq.options(e.Fn, &opts, q, reserved)
	}
	in := writeInput(e.Input, q, opts)
	out := Written{Setup: in.setup, Unwritable: in.unwritable, HandBuilt: in.handBuilt, Unnameable: in.unnameable}
	if seq != nil && len(seq.Calls) > 0 {
		// Nested values first: the input's literals name them.
		nested, stmts := seq.statements(e.Fn, in.callArgs, in.usedBuilt, q, reserved)
		out.Setup = append(append(nested, out.Setup...), stmts...)
	}
	// The counters of input functions' literals before all: they
	// depend on nothing, and the literals may be anywhere.
	out.Setup = append(slices.Clip(in.counters), out.Setup...)
	args := in.args
	if e.Invariant != "" {
		out.Setup, out.InvariantCheck = invariantCheck(e.Fn, e.Invariant, out.Setup, args, q)
	}
	out.Call = callExpr(e.Fn, args, q)
	if e.Generic != nil {
		out.Setup, out.Call = representatives(e.Fn, e.Generic, out.Setup, out.Call, args, q)
	}
	for path := range imports {
		out.Imports = append(out.Imports, path)
	}
	sort.Strings(out.Imports)
	return out
}

// recording is q, noting in used the path of each package it names.
func recording(q types.Qualifier, used map[string]bool) types.Qualifier {
	return func(p *types.Package) string {
		name := q(p)
		if name != "" {
			used[p.Path()] = true
		}
		return name
	}
}

// notExternal says why no code outside fn's package can call fn as a
// witness does, or returns "".
func notExternal(fn *ssa.Function, pkg *ssa.Package, invariant string) string {
	if pkg.Pkg.Name() == "main" {
		return "package main cannot be imported"
	}
	obj := fn.Object()
	if obj == nil {
		return fmt.Sprintf("%s is synthetic", fn.Name())
	}
	if !obj.Exported() {
		return fmt.Sprintf("%s is not exported", obj.Name())
	}
	if recv := fn.Signature.Recv(); recv != nil {
		if named := namedOf(recv.Type()); named != nil && !named.Obj().Exported() {
			return fmt.Sprintf("type %s is not exported", named.Obj().Name())
		}
	}
	if invariant != "" && !token.IsExported(invariant) {
		return fmt.Sprintf("invariant %s is not exported", invariant)
	}
	return ""
}

// namedOf returns the named type t is or points to, or nil.
func namedOf(t types.Type) *types.Named {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, _ := types.Unalias(t).(*types.Named)
	return named
}

// packageOf returns the package of fn, or of the generic function it
// instantiates.
func packageOf(fn *ssa.Function) *ssa.Package {
	if o := fn.Origin(); o != nil {
		return o.Pkg
	}
	return fn.Pkg
}
