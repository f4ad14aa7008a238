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

// TestGenerateConstructs pins the programs of byte strings chosen to pick
// each of the later constructs: predicates, recursive helpers,
// goroutines and channels, and where goroutines are not started (in a
// loop, which would start one per iteration, or in the helper, whose
// goroutines the runner could not tell from its caller's). Each string
// configures the defaults, a list (or a tree), one function and its
// statements; the program is shown from after its node type.
func TestGenerateConstructs(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"a switch chain of predicates with a panicking case and default", []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 1, 1, 1, 1, 4, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 4, 0, 0, 4, 0, 0, 6, 2}, `func F0(p, q *Node, a, b int) int {
	n, m := p, q
	x, y := a, b
	switch {
	case pred1(byte(y)):
		x = x
	case pred0(y):
		panic("boom")
	default:
		panic("boom")
	}
	_, _ = n, m
	return x - y
}

func pred1(c byte) bool {
	return c >= 'a' && c <= 'z' || c == '_'
}

func pred0(x int) bool {
	return x > -3 || x%2 == 0
}
`},
		{"a byte predicate of a constant takes a variable", []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 5, 1, 1, 6, 2, 0, 0, 1, 5, 0, 0, 0, 0, 0, 0}, `func F0(p, q *Node, a, b int) int {
	n, m := p, q
	x, y := a, b
	if pred1(byte(a)) {
		x = x
	}
	_, _ = n, m
	return x - y
}

func pred1(c byte) bool {
	return c >= '0' && c <= '9' && c != '-'
}
`},
		{"a walk over a tree that panics", []byte{0, 0, 0, 0, 1, 0, 0, 0, 0, 11, 0, 2, 0, 1, 2, 1, 0, 0, 1, 1}, `func F0(p, q *Node, a, b int) int {
	n, m := p, q
	x, y := a, b
	x = walk(m, 3)
	_, _ = n, m
	return x - y
}

func walk(n *Node, d int) int {
	if n == nil || d == 0 {
		return 0
	}
	if n.Val < 0 {
		panic("boom")
	}
	return n.Val + walk(n.Left, d-1) + walk(n.Right, d-1)
}
`},
		{"a count over an int that panics", []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 11, 0, 1, 1, 5, 2, 1, 4, 1, 0}, `func F0(p, q *Node, a, b int) int {
	n, m := p, q
	x, y := a, b
	x = count(x, 2)
	_, _ = n, m
	return x - y
}

func count(x, d int) int {
	if d == 0 || x >= 1 {
		return x
	}
	if x == 42 {
		panic("boom")
	}
	return count(x/2, d-1) + 1
}
`},
		{"a goroutine of a closure that writes a field and panics", []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 12, 1, 1, 0, 0, 0, 0, 0, 1, 1, 3, 1, 0, 0}, `func F0(p, q *Node, a, b int) int {
	n, m := p, q
	x, y := a, b
	go func() {
		n.Val = x
		if q.Next == nil {
			panic("boom")
		}
	}()
	_, _ = n, m
	return x - y
}
`},
		{"a goroutine of the helper, and a channel polled by a select", []byte{0, 0, 0, 0, 0, 0, 0, 0, 1, 12, 0, 1, 0, 0, 4, 3, 1, 1, 2, 3, 13, 0, 0, 1, 2, 0}, `func F0(p, q *Node, a, b int) int {
	n, m := p, q
	x, y := a, b
	go spawn(p, b)
	ch1 := make(chan int)
	go func() {
		ch1 <- y
	}()
	select {
	case x = <-ch1:
	default:
	}
	_, _ = n, m
	return x - y
}

func spawn(n *Node, v int) {
	if v > -3 {
		panic("boom")
	}
	n.Val = v - 7
}
`},
		{"an unbuffered channel nobody receives from", []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 13, 0, 0, 1, 0}, `func F0(p, q *Node, a, b int) int {
	n, m := p, q
	x, y := a, b
	ch1 := make(chan int)
	go func() {
		ch1 <- y
	}()
	_, _ = n, m
	return x - y
}
`},
		{"no goroutine in a loop", []byte{0, 0, 0, 0, 0, 0, 0, 0, 1, 5, 0, 0, 0, 12, 12}, `func F0(p, q *Node, a, b int) int {
	n, m := p, q
	x, y := a, b
	for i1 := 0; i1 < 1; i1++ {
		x = x
	}
	x = x
	_, _ = n, m
	return x - y
}
`},
		{"no goroutine in the helper", []byte{0, 0, 0, 0, 0, 1, 0, 0, 12}, `func help(p, q *Node, a, b int) int {
	n, m := p, q
	x, y := a, b
	x = x
	_, _ = n, m
	return x - y
}

func F0(p, q *Node, a, b int) int {
	n, m := p, q
	x, y := a, b
	x = x
	_, _ = n, m
	return x - y
}
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Generate(tt.data, "")
			if err != nil {
				t.Fatal(err)
			}
			_, got, _ := strings.Cut(p.Source, "\n}\n\n")
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("program (-want +got):\n%s", diff)
			}
		})
	}
}

// TestGenerateReaches checks that random bytes reach every construct,
// and that a program's predicates are often called from several places,
// which is what procedure summaries need.
func TestGenerateReaches(t *testing.T) {
	markers := []string{"switch {", "func pred0", "func pred1", "func walk", "func count", "go func() {", "go spawn",
		"make(chan int)", "make(chan int, 1)", "= <-ch1", "select {", "defer func() {", "for i1"}
	r := rand.New(rand.NewPCG(3, 4))
	seen := map[string]int{}
	reused := 0
	for range 300 {
		data := make([]byte, 30+r.IntN(200))
		for j := range data {
			data[j] = byte(r.Uint32())
		}
		p, err := Generate(data, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range markers {
			if strings.Contains(p.Source, m) {
				seen[m]++
			}
		}
		if strings.Count(p.Source, "pred0(") > 2 { // the definition and two calls
			reused++
		}
	}
	var missing []string
	for _, m := range markers {
		if seen[m] == 0 {
			missing = append(missing, m)
		}
	}
	if diff := cmp.Diff([]string(nil), missing); diff != "" {
		t.Errorf("constructs no program of 300 has (-want +got):\n%s\nseen: %v", diff, seen)
	}
	if reused < 30 {
		t.Errorf("%d programs of 300 call pred0 twice, want 30 or more", reused)
	}
}

// TestGenerateCorpusKept checks that the constructs added to the
// generator leave the programs of the corpus as they were: the
// store-order entry, whose bytes are all below the number of old
// choices, still makes the program that found its bug.
func TestGenerateCorpusKept(t *testing.T) {
	p, err := Generate([]byte("\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x01\x00\x03\x00\x00\x00\x01\x04"), "")
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
	n.Next.Val = (x % y)
	_, _ = n, m
	return x - y
}
`
	if diff := cmp.Diff(want, p.Source); diff != "" {
		t.Errorf("store-order's program (-want +got):\n%s", diff)
	}
}
