package ssaexec

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/gosym/gosym/result"
)

// fingerprintSource is a package with the ways one function's analysis
// reads another's code: calls, recursion, constants, a type's API, an
// interface call, a function-valued parameter, a package variable.
const fingerprintSource = `package fp

// Limit bounds Clamp.
const Limit = 10

type Node struct {
	Key         int
	Left, Right *Node
}

func Size(n *Node) int {
	if n == nil {
		return 0
	}
	return 1 + Size(n.Left) + Size(n.Right)
}

func Height(n *Node) int {
	if n == nil {
		return 0
	}
	return 1 + max(Height(n.Left), Height(n.Right))
}

func Clamp(x int) int {
	if x > Limit {
		return Limit
	}
	return x
}

func Scaled(x int) int { return 100 / helper(x) }

func helper(x int) int { return x - 3 }

// Stack has unexported state: callers get one from NewStack.
type Stack struct{ items []int }

func NewStack() *Stack { return &Stack{} }

func (s *Stack) Push(x int) { s.items = append(s.items, x) }

func (s *Stack) Top() int { return s.items[len(s.items)-1] }

type Shape interface{ Area() int }

type Square struct{ Side int }

func (q Square) Area() int { return q.Side * q.Side }

func Total(s Shape) int { return 10 / s.Area() }

func Apply(f func(int) int, x int) int { return f(x) }

func Twice(x int) int { return 2 * x }

var table = map[string]int{"a": 1}

func Lookup(k string) int { return table[k] }
`

// fingerprintsOf writes src as package fp in dir, loads it and returns
// each entry's fingerprint by name. Positions are part of a fingerprint:
// every load of one test is from one directory.
func fingerprintsOf(t *testing.T, dir, src string) map[string]Fingerprint {
	t.Helper()
	prog := loadModule(t, dir, "example.com/fp", map[string]string{"fp.go": src})
	prints := prog.Fingerprints()
	out := map[string]Fingerprint{}
	for _, fn := range prog.Entries(false, nil) {
		out[FuncName(fn)] = prints.Of(fn)
	}
	return out
}

func TestFingerprints(t *testing.T) {
	dir := t.TempDir()
	base := fingerprintsOf(t, dir, fingerprintSource)
	if again := fingerprintsOf(t, dir, fingerprintSource); !cmp.Equal(base, again) {
		t.Fatalf("the same code loaded again gave other fingerprints:\n%s", cmp.Diff(base, again))
	}
	all := slices.Sorted(func(yield func(string) bool) {
		for name := range base {
			if !yield(name) {
				return
			}
		}
	})
	tests := []struct {
		name      string
		old, new  string
		changed   []string // nil: all
		unchanged bool
	}{
		// Apply's function parameter is offered the package's
		// functions of its type: Clamp, Scaled and Twice.
		{name: "callee's body", old: "return x - 3", new: "return x - 4", changed: []string{"fp.Apply", "fp.Scaled"}},
		{name: "recursive function's body", old: "return 1 + Size(n.Left) + Size(n.Right)", new: "return Size(n.Left) + Size(n.Right) + 1",
			changed: []string{"fp.Size"}},
		{name: "a local renamed", old: "func Clamp(x int) int {\n\tif x > Limit {\n\t\treturn Limit\n\t}\n\treturn x",
			new: "func Clamp(y int) int {\n\tif y > Limit {\n\t\treturn Limit\n\t}\n\treturn y", changed: []string{"fp.Apply", "fp.Clamp"}},
		{name: "constant", old: "const Limit = 10", new: "const Limit = 11", changed: []string{"fp.Apply", "fp.Clamp"}},
		{name: "method in the type's call sequences", old: "s.items = append(s.items, x)", new: "s.items = append(s.items, x+0)",
			changed: []string{"(*fp.Stack).Push", "(*fp.Stack).Top", "fp.NewStack"}},
		{name: "method an interface call runs", old: "return q.Side * q.Side", new: "return q.Side * q.Side * 1",
			changed: []string{"(fp.Square).Area", "fp.Total"}},
		{name: "function offered to a function parameter", old: "return 2 * x", new: "return x + x",
			changed: []string{"fp.Apply", "fp.Twice"}},
		{name: "directive", old: "func Scaled(x int) int { return 100 / helper(x) }",
			new:     "func Scaled(x int) int { return 100 / helper(x) } //gosym:ignore callers pass x != 3",
			changed: []string{"fp.Apply", "fp.Scaled"}},
		// The initialization of the package runs before every entry, and
		// it holds the positions of table's initializer.
		{name: "a line added above a package variable", old: "func helper(x int) int { return x - 3 }",
			new: "func helper(x int) int {\n\treturn x - 3\n}"},
		{name: "package variable's initializer (the package's initialization runs before every entry)",
			old: `{"a": 1}`, new: `{"a": 2}`},
		{name: "new type", old: "type Shape interface", new: "type Circle struct{ R int }\n\nfunc (c Circle) Area() int { return 3 * c.R * c.R }\n\ntype Shape interface"},
		{name: "struct field", old: "Key         int", new: "Key         int64"},
		{name: "comment outside functions", old: "// Limit bounds Clamp.", new: "// Limit bounds what Clamp returns.", unchanged: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(fingerprintSource, tt.old) {
				t.Fatalf("the source has no %q", tt.old)
			}
			got := fingerprintsOf(t, dir, strings.Replace(fingerprintSource, tt.old, tt.new, 1))
			var changed []string
			for _, name := range all {
				if got[name] != base[name] {
					changed = append(changed, name)
				}
			}
			want := tt.changed
			switch {
			case tt.unchanged:
				want = nil
			case want == nil:
				want = all
			}
			slices.Sort(want)
			if diff := cmp.Diff(want, changed); diff != "" {
				t.Errorf("entries whose fingerprint changed (-want +got):\n%s", diff)
			}
		})
	}
}

// TestResultRoundTrip checks that a result read back from its encoding
// is the result written: what reports show of it, and what Merge ranks.
func TestResultRoundTrip(t *testing.T) {
	prog, err := Load("..", "./testdata/lists", "./testdata/trees")
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Release()
	cfg := deepConfig()
	cfg.Pictures = true // InputDot and PanicDot must survive too
	findings := 0
	for _, fn := range prog.Entries(false, nil) {
		r := prog.Analyze(fn, cfg)
		findings += len(r.Findings)
		data, err := result.Encode(r)
		if err != nil {
			t.Fatalf("%s: %v", r.Func, err)
		}
		back, err := result.Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", r.Func, err)
		}
		if diff := cmp.Diff(r, back, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s read back (-written +read):\n%s", r.Func, diff)
		}
	}
	if findings == 0 {
		t.Fatal("no findings: nothing of them was checked")
	}
	if _, err := result.Decode([]byte("not a result")); err == nil {
		t.Error("Decode accepted garbage")
	}
}

// loadModule writes files as the module named module in dir, loads its
// package and returns the program, released when the test ends.
func loadModule(t *testing.T, dir, module string, files map[string]string) *Program {
	t.Helper()
	files = maps.Clone(files)
	files["go.mod"] = "module " + module + "\n\ngo 1.22\n"
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	prog, err := Load(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(prog.Release)
	return prog
}
