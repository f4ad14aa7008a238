// Package gosym_test checks the shape of the module: which of its
// packages each may import, that each says what it is, and how long its
// files and how large its types may grow.
package gosym_test

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/packages"
)

const module = "github.com/gosym/gosym/"

// allowedImports lists, for each package of the module, the packages of
// the module it may import, bottom to top: the solver, the result records,
// the SSA facts and the core of partial-order reduction import nothing of
// gosym; the heap and the search's budget, bounds and passes sit on the
// solver; the abstraction and the witness writer on the heap; the engine
// (ssaexec) on all of them; reports read only results; the tools on top
// put the rest together. A package not listed here fails the test, so that
// a new one takes its place in the layering deliberately.
var allowedImports = map[string][]string{
	"solver":   nil,
	"result":   nil,
	"ssafacts": nil,
	"dpor":     nil,
	// Tests of ssaexec and report import it.
	"internal/testset": nil,
	// Tests of ssaexec and witness import it.
	"internal/ssasrc": nil,
	"internal/cow":    nil,
	"heap":            {"internal/cow", "solver"},
	"search":          {"solver"},
	"abstraction":     {"heap", "solver"},
	"witness":         {"heap"},
	"ssaexec":         {"abstraction", "dpor", "heap", "internal/cow", "result", "search", "solver", "ssafacts", "witness"},
	"report":          {"result"},
	"oracle":          {"abstraction", "result", "solver", "ssaexec"},
	"analyzer":        {"result", "solver", "ssaexec"},

	"cmd/gosym":               {"abstraction", "heap", "report", "result", "solver", "ssaexec"},
	"cmd/gosym-vet":           {"analyzer"},
	"golangci":                {"analyzer"},
	"fuzz":                    {"abstraction", "heap", "oracle", "report", "result", "ssaexec"},
	"bench":                   {"abstraction", "bench/internal/peers", "bench/internal/realcode", "heap", "result", "solver", "ssaexec"},
	"bench/internal/realcode": {"report", "result", "ssaexec"},
	"bench/internal/peers":    nil,
}

// leafPrefixes are the trees of packages that are not part of gosym but
// its inputs: the seed papers' benchmark programs and the library models
// the engine loads as source. They may import only the assert module.
var leafPrefixes = []string{"bench/", "ssaexec/internal/models/"}

// TestLayering checks that no package imports one of the module it may
// not (tests aside: a test may use what sits above its package).
func TestLayering(t *testing.T) {
	t.Parallel()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedImports}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < len(allowedImports) {
		t.Fatalf("loaded %d packages, fewer than the %d the table lists", len(pkgs), len(allowedImports))
	}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.PkgPath, e)
		}
		if p.PkgPath+"/" == module {
			continue // this test's own package
		}
		name := strings.TrimPrefix(p.PkgPath, module)
		got := gosymImports(p)
		allowed, listed := allowedImports[name]
		if !listed {
			if !isLeaf(name) {
				t.Errorf("%s is not in allowedImports: give it its place in the layering", name)
				continue
			}
			allowed = []string{"assert"}
		}
		var extra []string
		for _, imp := range got {
			if !slices.Contains(allowed, imp) {
				extra = append(extra, imp)
			}
		}
		if len(extra) > 0 {
			t.Errorf("%s imports %v, which its layer may not (allowed: %v)", name, extra, allowed)
		}
	}
}

// TestLayeringTable checks the table itself: every package it lists
// exists, and what it allows are packages it lists, so that the table
// says the whole order.
func TestLayeringTable(t *testing.T) {
	t.Parallel()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	exists := map[string]bool{}
	for _, p := range pkgs {
		exists[strings.TrimPrefix(p.PkgPath, module)] = true
	}
	var missing []string
	for name, allowed := range allowedImports {
		if !exists[name] {
			missing = append(missing, name)
		}
		for _, imp := range allowed {
			if _, ok := allowedImports[imp]; !ok {
				missing = append(missing, name+" -> "+imp)
			}
		}
	}
	slices.Sort(missing)
	if diff := cmp.Diff([]string(nil), missing); diff != "" {
		t.Errorf("allowedImports names packages that do not exist (-want +got):\n%s", diff)
	}
}

// TestPackageComments checks that every package of the module says, in a
// package comment, what it is: the layering above says where it sits.
func TestPackageComments(t *testing.T) {
	t.Parallel()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		if p.PkgPath+"/" == module {
			continue
		}
		documented := false
		for _, file := range p.GoFiles {
			f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.PackageClauseOnly|parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			// A command's comment starts with what it does, a library's
			// with "Package name".
			if f.Doc != nil && (f.Name.Name == "main" || strings.HasPrefix(f.Doc.Text(), "Package "+f.Name.Name+" ")) {
				documented = true
			}
		}
		if !documented {
			t.Errorf("%s has no package comment (\"Package %s ...\")", p.PkgPath, p.Name)
		}
	}
}

// gosymImports returns the packages of the module p imports, sorted and
// relative to the module.
func gosymImports(p *packages.Package) []string {
	var out []string
	for path := range p.Imports {
		if rel, ok := strings.CutPrefix(path, module); ok {
			out = append(out, rel)
		}
	}
	slices.Sort(out)
	return out
}

func isLeaf(name string) bool {
	for _, prefix := range leafPrefixes {
		if strings.HasPrefix(name, prefix) {
			return true
		}
	}
	return false
}

// maxFileLines bounds the length of a Go file of the module, tests
// included, so that each file is about one thing a reader can hold.
const maxFileLines = 800

// TestFileLengths checks that no Go file of the module, outside the
// testdata packages (whose size is their subject's), is longer than
// maxFileLines.
func TestFileLengths(t *testing.T) {
	t.Parallel()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles, Tests: true}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, p := range pkgs {
		for _, file := range p.GoFiles {
			if seen[file] || strings.Contains(filepath.ToSlash(file), "/testdata/") {
				continue
			}
			seen[file] = true
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if n := bytes.Count(data, []byte("\n")); n > maxFileLines {
				t.Errorf("%s has %d lines, more than %d: split it along a seam", file, n, maxFileLines)
			}
		}
	}
	if len(seen) < 100 {
		t.Errorf("read %d files, fewer than the module has", len(seen))
	}
}

// maxMethods bounds the methods declared on one type of the module, so
// that a reader can hold what a type does; a type that needs more is
// split along what its methods may touch (see ssaexec's machine.go).
const maxMethods = 120

// manyMethods are the types over maxMethods, with why they are left so.
var manyMethods = map[string]string{
	"heap.Heap": "the engine's one interface to a path's memory (objects, lazy initialization, slices, strings, maps, views, renamings), one file per concern; not yet layered as ssaexec's explorer is",
}

// maxFields bounds a struct's fields, unless its doc comment says why it
// needs more in a paragraph that starts with manyFieldsWhy.
const maxFields = 25

const manyFieldsWhy = "Its fields are many because"

// TestTypeSizes checks that no type of the module, outside the testdata
// packages, declares more than maxMethods methods or, without saying why,
// more than maxFields fields.
func TestTypeSizes(t *testing.T) {
	t.Parallel()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	var over []string
	for _, p := range pkgs {
		rel := strings.TrimPrefix(p.PkgPath, module)
		if isLeaf(rel) {
			continue
		}
		for _, f := range p.Syntax {
			for _, decl := range f.Decls {
				gen, ok := decl.(*ast.GenDecl)
				if !ok || gen.Tok != token.TYPE {
					continue
				}
				for _, spec := range gen.Specs {
					spec := spec.(*ast.TypeSpec)
					name := p.Name + "." + spec.Name.Name
					if n := methodCount(p.TypesInfo.Defs[spec.Name]); n > maxMethods {
						over = append(over, fmt.Sprintf("%s: %d methods", name, n))
					}
					st, ok := spec.Type.(*ast.StructType)
					if !ok || fieldCount(st) <= maxFields {
						continue
					}
					doc := gen.Doc
					if spec.Doc != nil {
						doc = spec.Doc
					}
					if doc == nil || !strings.Contains(strings.Join(strings.Fields(doc.Text()), " "), manyFieldsWhy) {
						t.Errorf("%s has %d fields, more than %d, and its doc comment does not say why (%q)", name, fieldCount(st), maxFields, manyFieldsWhy)
					}
				}
			}
		}
	}
	var want []string
	for name := range manyMethods {
		want = append(want, name)
	}
	slices.Sort(want)
	slices.Sort(over)
	var got []string
	for _, o := range over {
		got = append(got, strings.Split(o, ":")[0])
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("types over %d methods (-listed in manyMethods +found):\n%s\nfound: %v", maxMethods, diff, over)
	}
}

// methodCount is the number of methods declared on the type obj names.
func methodCount(obj types.Object) int {
	if named, ok := obj.Type().(*types.Named); ok {
		return named.NumMethods()
	}
	return 0
}

// fieldCount is the number of fields st declares, each name of a list
// counting once.
func fieldCount(st *ast.StructType) int {
	n := 0
	for _, f := range st.Fields.List {
		n += max(len(f.Names), 1)
	}
	return n
}
