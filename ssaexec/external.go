package ssaexec

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
)

// ExternalWitness is a finding's witness written as code of the package's
// external test package (package p_test): it names the package's own
// declarations through the package's name, as a user of the package
// writes them, and uses only exported names.
type ExternalWitness struct {
	Setup []string
	Call  string
	// InvariantCheck: see Finding.InvariantCheck.
	InvariantCheck string
	// Imports lists the paths of the packages the code names, the
	// function's own among them.
	Imports []string
}

// writtenWitness is a finding's witness as one qualifier writes it.
type writtenWitness struct {
	setup                []string
	call, invariantCheck string
	unwritable           []string
	handBuilt            []string
	unnameable           []string
}

// writeWitness writes the witness of the panicking path s under model m,
// naming packages with q. No variable takes the name reserved (when not
// empty): the code refers to a package by it.
func (x *explorer) writeWitness(s *state, m heap.Valuer, q types.Qualifier, reserved string) writtenWitness {
	w := s.heap.WitnessWith(m, q, x.params, x.witnessOptions(s, q, reserved))
	out := writtenWitness{setup: w.Setup, unwritable: w.Unwritable, handBuilt: w.HandBuilt, unnameable: w.Unnameable}
	if s.seqLen() > 0 {
		// Nested values first: the input's literals name them.
		nested, stmts := x.sequenceStmts(s, w.CallArgs, w.UsedBuilt, q, reserved)
		out.setup = append(append(nested, out.setup...), stmts...)
	}
	// The counters of input functions' literals before all: they
	// depend on nothing, and the literals may be anywhere.
	out.setup = append(slices.Clip(w.Counters), out.setup...)
	args := w.Args
	if inv := s.finding.invariant; inv != "" {
		out.setup, out.invariantCheck = invariantCheck(x.fn, inv, out.setup, args, q)
	}
	out.call = callExpr(x.fn, args, q)
	if isAbstractGeneric(x.fn) {
		out.setup, out.call = representatives(x.fn, out.setup, out.call, q)
	}
	return out
}

// externalWitness writes the witness of s as code of the external test
// package, or says why it cannot be: the function, its receiver type or
// the invariant is not exported, the package is a command, or the input
// names the package's unexported types or fields. unnameable lists the
// unexported types (of any package) the input names: no user of the
// package can write such an input.
func (x *explorer) externalWitness(s *state, m heap.Valuer) (w *ExternalWitness, why, unnameable []string) {
	pkg := packageOf(x.fn)
	if pkg == nil {
		return nil, []string{"the function belongs to no package"}, nil
	}
	if reason := notExternal(x.fn, pkg, s.finding.invariant); reason != "" {
		return nil, []string{reason}, nil
	}
	imports := map[string]bool{}
	ext := x.writeWitness(s, m, recordingQualifier(externalQualifier, imports), pkg.Pkg.Name())
	if len(ext.unwritable) > 0 {
		return nil, ext.unwritable, ext.unnameable
	}
	return &ExternalWitness{Setup: ext.setup, Call: ext.call, InvariantCheck: ext.invariantCheck, Imports: sortedKeys(imports)}, nil, nil
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

// externalQualifier writes every package, the function's own too, by its
// name, as code of an external test package does.
func externalQualifier(p *types.Package) string { return p.Name() }
