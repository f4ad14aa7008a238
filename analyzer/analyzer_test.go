package analyzer

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestAnalyzer checks the diagnostics against the want comments of
// testdata/src/lists, and the input given with the first.
func TestAnalyzer(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), Analyzer, "lists")
	want := "input that panics: head := &Node{Next: &Node{Next: &Node{Next: nil}}}; ThreeBug(head)"
	found := false
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if len(d.Related) != 1 {
				t.Errorf("%s: %d related entries, want the input", d.Message, len(d.Related))
				continue
			}
			found = found || d.Related[0].Message == want
		}
	}
	if !found {
		t.Errorf("no diagnostic with the related information %q", want)
	}
}

// TestVetTool builds cmd/gosym-vet and runs go vet -vettool with it on a
// module of its own.
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
	}
	if err := os.MkdirAll(mod, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(mod, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	vet := exec.Command("go", "vet", "-vettool="+tool, "./...")
	vet.Dir = mod
	out, err := vet.CombinedOutput()
	if err == nil {
		t.Fatalf("go vet succeeded; want it to fail on the finding:\n%s", out)
	}
	want := "v.go:8:10: index out of range [0] with length 0 (a[0]) (index)"
	if !strings.Contains(string(out), want) {
		t.Errorf("go vet output lacks %q:\n%s", want, out)
	}
}
