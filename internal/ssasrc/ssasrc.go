// Package ssasrc builds the text of one Go file as an SSA package, for
// tests that need a few functions of their own in SSA form rather than
// a testdata package loaded from disk. It imports nothing of gosym.
package ssasrc

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// Build type-checks src, the file p.go of package example.com/p, with
// the standard library's export data, and builds it as SSA; the test
// fails if it does not compile.
func Build(t testing.TB, src string) *ssa.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset,
		types.NewPackage("example.com/p", "p"), []*ast.File{f}, ssa.BuilderMode(0))
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}
