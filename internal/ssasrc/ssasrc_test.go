package ssasrc

import "testing"

// TestBuild checks that a file's functions come out built, with the
// standard library's packages imported.
func TestBuild(t *testing.T) {
	pkg := Build(t, "package p\n\nimport \"strings\"\n\nfunc Upper(s string) string { return strings.ToUpper(s) }\n")
	fn := pkg.Func("Upper")
	if fn == nil || len(fn.Blocks) == 0 {
		t.Fatalf("Upper not built: %v", fn)
	}
	if got := pkg.Pkg.Path(); got != "example.com/p" {
		t.Errorf("package path %q, want example.com/p", got)
	}
}
