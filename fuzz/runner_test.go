package fuzz

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// goroutineSource is a program whose goroutines panic after the call
// returned (FR0 where a >= 1, FR1 where p is nil), and whose entry also
// panics, before its goroutine does, where a is 2.
const goroutineSource = `package fuzzgen

type NodeR struct {
	Next *NodeR
	Val  int
}

func FR0(p, q *NodeR, a, b int) int {
	go func() {
		if a >= 1 {
			panic("boom") // goroutine
		}
	}()
	if a == 2 {
		panic("boom") // entry
	}
	return a
}

func FR1(p, q *NodeR, a, b int) int {
	go func() {
		p.Val = a // nil p
	}()
	return a
}
`

// TestRunConcreteGoroutines runs the runner on calls whose goroutines
// crash it: each crash is the panic of the call that started the
// goroutine, the calls after it still run, a goroutine's panic after its
// call's own is left out, and a function's calls after maxCrashes
// crashes are dropped.
func TestRunConcreteGoroutines(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	p := &Program{Name: "R", Shape: Shape{"Next"}, Funcs: []string{"FR0", "FR1"}, Source: goroutineSource}
	if err := writeModule(dir, []*Program{p}); err != nil {
		t.Fatal(err)
	}
	call := func(fn string, a int) Call { return Call{Func: fn, Input: &Input{P: -1, Q: -1, A: a}} }
	calls := []Call{call("FR0", 0), call("FR0", 1), call("FR1", 0), call("FR0", 0), call("FR0", 2),
		call("FR0", 1), call("FR0", 1), call("FR0", 1), call("FR0", 0)}
	outs, err := runConcrete(dir, calls)
	if err != nil {
		t.Fatal(err)
	}
	line := func(marker string) int {
		for i, l := range strings.Split(goroutineSource, "\n") {
			if strings.Contains(l, marker) {
				return i + 1
			}
		}
		t.Fatalf("no line %q", marker)
		return 0
	}
	inGoroutine := Outcome{Panicked: true, File: p.File(), Line: line("// goroutine"), Value: "boom", Goroutine: true}
	nilDeref := Outcome{Panicked: true, File: p.File(), Line: line("// nil p"), Runtime: true,
		Value: "runtime error: invalid memory address or nil pointer dereference", Goroutine: true}
	inEntry := Outcome{Panicked: true, File: p.File(), Line: line("// entry"), Value: "boom"}
	want := []Outcome{{}, inGoroutine, nilDeref, {}, inEntry, inGoroutine, inGoroutine, {Dropped: true}, {Dropped: true}}
	if diff := cmp.Diff(want, outs); diff != "" {
		t.Errorf("outcomes (-want +got):\n%s", diff)
	}
}

// TestGoroutinePanic reads the runtime's reports of the runner's end.
func TestGoroutinePanic(t *testing.T) {
	const dir = "/tmp/x/001"
	tests := []struct {
		name, report string
		want         *crash
	}{
		{"an explicit panic", `panic: boom

goroutine 7 [running]:
fuzzgen.F0.func1()
	/tmp/x/001/gen.go:12 +0x25
created by fuzzgen.F0 in goroutine 1
	/tmp/x/001/gen.go:10 +0x85
`, &crash{Outcome{Panicked: true, File: "gen.go", Line: 12, Value: "boom", Goroutine: true}, "F0"}},
		{"a runtime error in a helper, inlined", `panic: runtime error: invalid memory address or nil pointer dereference
[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x4a1b2c]

goroutine 18 [running]:
fuzzgen.spawnS1(...)
	/tmp/x/001/genS1.go:40
created by fuzzgen.FS12 in goroutine 1
	/tmp/x/001/genS1.go:21 +0x85
`, &crash{Outcome{Panicked: true, File: "genS1.go", Line: 40, Runtime: true,
			Value: "runtime error: invalid memory address or nil pointer dereference", Goroutine: true}, "FS12"}},
		{"the runner's own goroutine", `panic: boom

goroutine 1 [running]:
main.main()
	/tmp/x/001/run/main.go:90 +0x25
`, nil},
		{"a fatal error", "fatal error: all goroutines are asleep - deadlock!\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := goroutinePanic(tt.report, dir)
			if !ok {
				got = nil
			}
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(crash{})); diff != "" {
				t.Errorf("goroutinePanic (-want +got):\n%s", diff)
			}
		})
	}
}
