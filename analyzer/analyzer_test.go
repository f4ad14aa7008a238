package analyzer

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestAnalyzer checks the diagnostics and facts against the want comments
// of testdata/src/lists and users (whose calls into lists use lists'
// facts), fifo (whose queue the API builds) and list and app (the
// command's testdata/manifest: a call in app makes manifest the panic
// list leaves to its callers, and calls in app meet conditions under
// which window's functions panic), and the inputs given with the
// diagnostics.
func TestAnalyzer(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), Analyzer, "lists", "users", "fifo", "list", "window", "app")
	var inputs []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if d.Category == "directive" {
				continue
			}
			if len(d.Related) != 1 {
				t.Errorf("%s: %d related entries, want the input", d.Message, len(d.Related))
				continue
			}
			inputs = append(inputs, d.Related[0].Message)
		}
	}
	want := []string{
		"input that panics: head := &Node{Next: &Node{Next: &Node{Next: nil}}}; ThreeBug(head)",
		"input that panics: Mod(0, 0)",
		"input that panics: First([]int{})",
		`input that panics: Initial("")`,
		"input that panics: q := &Queue{}; q.Newest()",
		"input that panics: h := &History{}; h.Oldest()",
		`input that panics: t := &Tally{}; t.Add("")`,
		"input that panics: Bucket(0, 0)",
		`input that panics: Letter("")`,
		"input that panics: q := New(); q.Pop()",
		"input that panics: At([]int{}, 0)",
		"input that panics: Span([]byte{}, 0, 1)",
		"input that panics: Clamp(0, 0, -1)",
		"input that panics: Every([]int{}, 0)",
		"input that panics: Mixed([]int{}, -1)",
		"input that panics: Mixed([]int{0}, 0)",
		`input that panics: Check(false, "")`,
		"input that panics: p := &Pair{B: nil}; Tail(p)",
		"input that panics: Pick(nil, 0)",
		"input that panics: Final([]int{0: 0})",
		"input that panics: Limit(0, 0, 1)",
		"input that panics: Sample([]int{12: 0}, 0)",
		"input that panics: Positive(0)",
	}
	if diff := cmp.Diff(want, inputs); diff != "" {
		t.Errorf("inputs (-want +got):\n%s", diff)
	}
}

// errorsOf collects what analysistest reports instead of failing.
type errorsOf []string

func (e *errorsOf) Errorf(format string, args ...any) { *e = append(*e, fmt.Sprintf(format, args...)) }

// TestAnalyzerLatent runs with -latent: the latent panic the default run
// leaves out is reported too, marked as latent, with its hand-built input;
// it is the one diagnostic the want comments do not expect.
func TestAnalyzerLatent(t *testing.T) {
	if err := Analyzer.Flags.Set("latent", "true"); err != nil {
		t.Fatal(err)
	}
	defer Analyzer.Flags.Set("latent", "false")
	var unexpected errorsOf
	results := analysistest.Run(&unexpected, analysistest.TestData(), Analyzer, "fifo")
	want := []string{`fifo.go:29:8: unexpected diagnostic: panic: corrupt queue (latent panic)`}
	var got []string
	for _, e := range unexpected {
		got = append(got, filepath.Base(e))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("diagnostics beyond the wants (-want +got):\n%s", diff)
	}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if strings.Contains(d.Message, "latent") && d.Related[0].Message != "input that panics: q := &Queue{items: []int{}, head: 1}; q.Len()" {
				t.Errorf("latent input %q", d.Related[0].Message)
			}
		}
	}
}

// TestVetTool builds cmd/gosym-vet and runs it, through go vet -vettool
// and on its own, on a module of two packages: the second calls the first,
// whose facts (a nil pointer's, a nil slice's) carry the panics across.
func TestVetTool(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the vet tool")
	}
	dir := t.TempDir()
	tool := filepath.Join(dir, "gosym-vet")
	build := exec.Command("go", "build", "-o", tool, "github.com/gosym/gosym/cmd/gosym-vet")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the vet tool: %v\n%s", err, out)
	}
	mod := filepath.Join(dir, "mod")
	files := map[string]string{
		"go.mod": "module example.com/vetme\n\ngo 1.22\n",
		"v.go":   "package vetme\n\n// First returns a[0].\nfunc First(a []int) int {\n\tif len(a) > 1 {\n\t\treturn a[1]\n\t}\n\treturn a[0]\n}\n",
		"list/list.go": "package list\n\n// Node is a list node.\ntype Node struct{ Next *Node }\n\n" +
			"// Last returns the last node.\nfunc Last(n *Node) *Node {\n\tfor n.Next != nil {\n\t\tn = n.Next\n\t}\n\treturn n\n}\n",
		"use/use.go": "package use\n\nimport \"example.com/vetme/list\"\n\n// Pair holds two lists.\ntype Pair struct{ A, B *list.Node }\n\n" +
			"// LastB returns the last node of B.\nfunc (p *Pair) LastB() *list.Node {\n\treturn list.Last(p.B)\n}\n",
		"list/head.go": "package list\n\n// Head returns vals[0].\nfunc Head(vals []int) int {\n\treturn vals[0]\n}\n",
		"use/hist.go": "package use\n\nimport \"example.com/vetme/list\"\n\n// Hist holds values.\ntype Hist struct{ Vals []int }\n\n" +
			"// Oldest returns the first value.\nfunc (h *Hist) Oldest() int {\n\treturn list.Head(h.Vals)\n}\n",
	}
	for name, text := range files {
		path := filepath.Join(mod, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{
		"v.go:8:10: index out of range [0] with length 0 (a[0]) (index)",
		"use.go:10:18: p.B is nil, and list.Last panics whenever its n is nil (nil dereference: n is nil at list.go:8:8) (nil-deref)",
		// A slice's fact makes the same round trip.
		"hist.go:10:18: h.Vals is nil, and list.Head panics whenever its vals is nil (index out of range [0] with length 0 (vals[0]) at head.go:5:13) (index)",
		"hist.go:9:16: \tinput that panics: h := &Hist{Vals: nil}; h.Oldest()",
	}
	for _, run := range []struct {
		name string
		cmd  *exec.Cmd
	}{
		{"go vet", exec.Command("go", "vet", "-vettool="+tool, "./...")},
		{"standalone", exec.Command(tool, "./...")},
	} {
		run.cmd.Dir = mod
		out, err := run.cmd.CombinedOutput()
		if err == nil {
			t.Errorf("%s succeeded; want it to fail on the findings:\n%s", run.name, out)
		}
		for _, w := range want {
			if !strings.Contains(string(out), w) {
				t.Errorf("%s output lacks %q:\n%s", run.name, w, out)
			}
		}
	}
}

// TestAnalyzerSolverChains runs the want comments under each of the
// solver's chains: validate would report a disagreement of the Go side
// with Z3 as an internal error, which no want expects.
func TestAnalyzerSolverChains(t *testing.T) {
	for _, chain := range []string{"validate", "nomodels", "z3"} {
		t.Run(chain, func(t *testing.T) {
			if err := Analyzer.Flags.Set("solver", chain); err != nil {
				t.Fatal(err)
			}
			defer Analyzer.Flags.Set("solver", "default")
			analysistest.Run(t, analysistest.TestData(), Analyzer, "lists", "users", "fifo")
		})
	}
	if err := Analyzer.Flags.Set("solver", "fast"); err == nil {
		t.Error("-solver=fast accepted")
	}
}
