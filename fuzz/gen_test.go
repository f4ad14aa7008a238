package fuzz

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/gosym/gosym/ssaexec"
)

// TestGenerateTypeChecks type-checks the programs of many random byte
// strings: Generate promises code that compiles, which Check relies on.
func TestGenerateTypeChecks(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 500 {
		data := make([]byte, r.IntN(300))
		for j := range data {
			data[j] = byte(r.Uint32())
		}
		p, err := Generate(data, "")
		if err != nil {
			t.Fatal(err)
		}
		if err := typeCheck(p.Source); err != nil {
			t.Fatalf("program %d does not type-check: %v\n%s", i, err, p.Source)
		}
	}
}

func typeCheck(src string) error {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "gen.go", src, 0)
	if err != nil {
		return err
	}
	conf := types.Config{Importer: importer.Default()}
	_, err = conf.Check(Package, fset, []*ast.File{file}, nil)
	return err
}

// TestGenerateDeterministic checks that the same bytes give the same
// program, inputs included: a corpus entry must replay the same way.
func TestGenerateDeterministic(t *testing.T) {
	data := []byte("the same bytes, the same program")
	a, err := Generate(data, "X")
	if err != nil {
		t.Fatal(err)
	}
	b, err := Generate(data, "X")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(a, b, cmpopts.IgnoreUnexported(ssaexec.Config{})); diff != "" {
		t.Errorf("two programs from the same bytes differ (-first +second):\n%s", diff)
	}
}

// TestGenerateEmpty pins the program of no bytes: every choice is the
// first, the simplest.
func TestGenerateEmpty(t *testing.T) {
	p, err := Generate(nil, "")
	if err != nil {
		t.Fatal(err)
	}
	want := `package fuzzgen

type Node struct {
	Next *Node
	Val  int
}

func F0(p, q *Node, a, b int) int {
	n, m := p, q
	x, y := a, b
	x = x
	_, _ = n, m
	return x - y
}
`
	if diff := cmp.Diff(want, p.Source); diff != "" {
		t.Errorf("program of no bytes (-want +got):\n%s", diff)
	}
	if p.Config.K != 3 || !p.Config.NilParams || p.Config.Refine {
		t.Errorf("config of no bytes: k %d, NilParams %v, Refine %v; want the defaults with NilParams", p.Config.K,
			p.Config.NilParams, p.Config.Refine)
	}
}

// TestGenerateNames checks that a program's name suffixes its file, type
// and functions, so that programs can share a package.
func TestGenerateNames(t *testing.T) {
	// The configuration's four bytes, the shape, a helper; the zeros
	// past the end make one function of the simplest body each.
	p, err := Generate([]byte{0, 0, 0, 0, 0, 1}, "S1")
	if err != nil {
		t.Fatal(err)
	}
	got := []string{p.File(), p.NodeType(), p.Helper()}
	got = append(got, p.Funcs...)
	want := []string{"genS1.go", "NodeS1", "helpS1", "FS10"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("names (-want +got):\n%s", diff)
	}
	for _, name := range got[1:] {
		if !strings.Contains(p.Source, name) {
			t.Errorf("source does not name %s:\n%s", name, p.Source)
		}
	}
}
