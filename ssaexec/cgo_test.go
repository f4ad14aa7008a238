package ssaexec

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCgoAssumed checks the findings -assumed shows in a package that
// calls into C: they name the call into C as the user wrote it, and
// their positions and traces, as those of its pure Go's findings, are in
// the user's file, not in the files cgo generated.
func TestCgoAssumed(t *testing.T) {
	cfg := deepConfig()
	cfg.Assumed = true
	src, _ := filepath.Abs("../testdata/cgo/cgo.go")
	want := map[string][]string{
		"cgo.Pick":  {"cgo.go:26:10", "index out of range [0] with length 0 (s[i])", ""},
		"cgo.Halve": {"cgo.go:40:13", "integer divide by zero: int(C.twice(C.int(x))) is 0", "call into C (C.twice)"},
		"cgo.Bump":  {"cgo.go:54:12", "integer divide by zero: int(n) is 0", "call into C (C.bump)"},
		"cgo.Count": {"cgo.go:59:12", "integer divide by zero: int(C.counter) is 0", "C variable C.counter"},
	}
	for name, w := range want {
		res := testdataProgram(t).analyze(entry(t, name), cfg)
		if len(res.Findings) != 1 {
			t.Errorf("%s: got %d findings, want 1", name, len(res.Findings))
			continue
		}
		f := res.Findings[0]
		got := []string{show(f).Posn, f.Message, strings.Join(f.Approximated, ",")}
		if diff := cmp.Diff(w, got); diff != "" {
			t.Errorf("%s: finding (-want +got):\n%s", name, diff)
		}
		for _, st := range f.Trace {
			if st.Pos.Filename != src {
				t.Errorf("%s: trace step at %s, want one in %s", name, st.Pos, src)
			}
		}
	}
}

// TestCgoEntries checks that the functions cgo generates (its wrappers
// of C functions and helpers) are no entries, even with -all.
func TestCgoEntries(t *testing.T) {
	var got []string
	for _, fn := range testdataProgram(t).Entries(true, nil) {
		if strings.HasPrefix(FuncName(fn), "cgo.") {
			got = append(got, FuncName(fn))
		}
	}
	want := []string{"cgo.Pick", "cgo.Entry", "cgo.Halve", "cgo.Scale", "cgo.Bump", "cgo.Count", "cgo.Label"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("entries (-want +got):\n%s", diff)
	}
}

func TestCgoSpelling(t *testing.T) {
	tests := map[string]string{
		"int((_Cfunc_twice)(_Ctype_int(x)))": "int(C.twice(C.int(x)))",
		"int((*_Cvar_counter))":              "int(C.counter)",
		"(_Cfunc__CMalloc)(n)":               "C.malloc(n)",
		"a[_Ciconst_N]":                      "a[C.N]",
		"(_C2func_open)(p)":                  "C.open(p)",
		"my_Ctype_z + 1":                     "my_Ctype_z + 1",
	}
	for in, want := range tests {
		if got := cgoSpelling(in); got != want {
			t.Errorf("cgoSpelling(%q) = %q, want %q", in, got, want)
		}
	}
}
