package main

import (
	"errors"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/gosym/gosym/result"
)

// TestCallFor checks the call each generated test makes, on made-up
// signatures and findings: gosym's first witness that compiles in the
// package's copy, or else zero values written as a person would.
func TestCallFor(t *testing.T) {
	pkg := types.NewPackage("example.com/goroutines", "goroutines")
	timePkg := types.NewPackage("time", "time")
	bytesPkg := types.NewPackage("bytes", "bytes")
	otherPkg := types.NewPackage("example.com/other", "other")
	named := func(p *types.Package, name string, under types.Type) *types.Named {
		return types.NewNamed(types.NewTypeName(token.NoPos, p, name, nil), under, nil)
	}
	empty := types.NewStruct(nil, nil)
	config := named(pkg, "Config", empty)
	point := named(pkg, "Point", types.NewStruct([]*types.Var{types.NewField(token.NoPos, pkg, "X", types.Typ[types.Int], false)}, nil))
	duration := named(timePkg, "Duration", types.Typ[types.Int64])
	buffer := named(bytesPkg, "Buffer", empty)
	far := named(otherPkg, "T", empty)
	errorType := types.Universe.Lookup("error").Type()
	sig := func(variadic bool, params ...types.Type) *types.Signature {
		vars := make([]*types.Var, len(params))
		for i, p := range params {
			vars[i] = types.NewParam(token.NoPos, pkg, "", p)
		}
		return types.NewSignatureType(nil, nil, nil, types.NewTuple(vars...), nil, variadic)
	}
	tests := []struct {
		name     string
		fn       string
		sig      *types.Signature
		findings []*result.Finding
		want     concCall
	}{
		{
			name:     "witness",
			fn:       "Double",
			sig:      sig(false, types.Typ[types.Int]),
			findings: []*result.Finding{{Kind: "div-zero", Call: "Double(4)"}},
			want:     concCall{Func: "Double", Test: "TestDouble", Call: "Double(4)", Input: inputWitness},
		},
		{
			name: "first witness that compiles",
			fn:   "Stamp",
			sig:  sig(false, types.NewPointer(buffer), duration),
			findings: []*result.Finding{
				{Kind: "nil", Call: "Stamp(b, 0)", Unwritable: []string{"unexported field"}},
				{Kind: "panic", Setup: []string{"var b bytes.Buffer"}, Call: "Stamp(&b, time.Second)", Imports: []string{"time", "bytes"}},
			},
			want: concCall{Func: "Stamp", Test: "TestStamp", Setup: []string{"var b bytes.Buffer"}, Call: "Stamp(&b, time.Second)",
				Imports: []string{"bytes", "time"}, Input: inputWitness},
		},
		{
			name:     "witness of another module's package",
			fn:       "Load",
			sig:      sig(false, types.NewPointer(config)),
			findings: []*result.Finding{{Kind: "nil", Setup: []string{"c := &Config{}"}, Call: "Load(c, other.V)", Imports: []string{"example.com/other"}}},
			want:     concCall{Func: "Load", Test: "TestLoad", Call: "Load(nil)", Input: inputZero},
		},
		{
			name: "zero values",
			fn:   "Mixed",
			sig: sig(false, types.Typ[types.Int], types.Typ[types.Bool], types.Typ[types.String], types.NewSlice(types.Typ[types.Int]),
				types.NewMap(types.Typ[types.String], types.Typ[types.Int]), types.NewChan(types.SendRecv, types.Typ[types.Int]),
				types.NewPointer(config), point, types.NewArray(types.Typ[types.Int], 2), duration, types.NewPointer(buffer), buffer,
				errorType, sig(false), types.Typ[types.Complex128],
				types.NewStruct([]*types.Var{types.NewField(token.NoPos, pkg, "x", types.Typ[types.Int], false)}, nil)),
			want: concCall{Func: "Mixed", Test: "TestMixed",
				Call:    `Mixed(0, false, "", nil, nil, nil, nil, Point{}, [2]int{}, 0, nil, bytes.Buffer{}, nil, nil, 0, struct{x int}{})`,
				Imports: []string{"bytes"}, Input: inputZero},
		},
		{
			name: "variadic",
			fn:   "Join",
			sig:  sig(true, types.Typ[types.String], types.NewSlice(types.Typ[types.String])),
			want: concCall{Func: "Join", Test: "TestJoin", Call: `Join("")`, Input: inputZero},
		},
		{
			name: "no parameters",
			fn:   "Either",
			sig:  sig(false),
			want: concCall{Func: "Either", Test: "TestEither", Call: "Either()", Input: inputNone},
		},
		{
			name: "Main",
			fn:   "Main",
			sig:  sig(false),
			want: concCall{Func: "Main", Test: "Test_Main", Call: "Main()", Input: inputNone},
		},
		{
			name: "parameter of another module's package",
			fn:   "Far",
			sig:  sig(false, far),
			want: concCall{Func: "Far", Test: "TestFar", Call: "Far(other.T{})", Imports: []string{"example.com/other"}, Input: inputZero,
				Skip: "a parameter's type is of example.com/other"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := callFor(tt.fn, pkg, tt.sig, tt.findings)
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("callFor(%s) (-want +got):\n%s", tt.fn, diff)
			}
		})
	}
}

// TestGenerateTests checks the whole generated file for a few calls: a
// witness, a witness with setup and imports, zero values, and a call the
// copy cannot compile, which gets no test.
func TestGenerateTests(t *testing.T) {
	calls := []concCall{
		{Func: "Double", Test: "TestDouble", Call: "Double(4)", Input: inputWitness},
		{Func: "Stamp", Test: "TestStamp", Setup: []string{"var b bytes.Buffer", `b.WriteString("x")`}, Call: "Stamp(&b, time.Second)",
			Imports: []string{"bytes", "time"}, Input: inputWitness},
		{Func: "Get", Test: "TestGet", Call: "Get(nil)", Input: inputZero},
		{Func: "Far", Test: "TestFar", Call: "Far(other.T{})", Imports: []string{"example.com/other"}, Input: inputZero, Skip: "unimportable"},
	}
	got, err := generateTests("goroutines", calls, 1500*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	want := `// Code generated by the concurrency table of gosym's bench. DO NOT EDIT.

package goroutines

import (
	"bytes"
	"flag"
	"fmt"
	"testing"
	"time"

	"go.uber.org/goleak"
)

// gosymLeaks turns goleak's check on. The race detector's runs leave it
// off, so that a run reports only what the race detector saw.
var gosymLeaks = flag.Bool("leaks", false, "check for leaked goroutines with goleak")

// gosymRun calls f in a goroutine of its own and prints how the call
// ended: it returned, it panicked (a panic of f's goroutine is recovered),
// or it had not ended after 1.5s, so that a call that blocks forever does not
// hang the test.
func gosymRun(f func()) {
	done := make(chan string, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- fmt.Sprint("panic: ", r)
			}
		}()
		f()
		done <- "returned"
	}()
	select {
	case outcome := <-done:
		fmt.Println("gosym-outcome: " + outcome)
	case <-time.After(1500 * time.Millisecond):
		fmt.Println("gosym-outcome: hangs")
	}
}

// gosymVerify checks, with -leaks, that the goroutines running are those
// of ignore.
func gosymVerify(t *testing.T, ignore goleak.Option) {
	t.Helper()
	if *gosymLeaks {
		goleak.VerifyNone(t, ignore)
	}
}

// TestDouble calls Double with the input of gosym's witness.
func TestDouble(gosymT *testing.T) {
	gosymIgnore := goleak.IgnoreCurrent()
	gosymRun(func() {
		Double(4)
	})
	gosymVerify(gosymT, gosymIgnore)
}

// TestStamp calls Stamp with the input of gosym's witness.
func TestStamp(gosymT *testing.T) {
	gosymIgnore := goleak.IgnoreCurrent()
	gosymRun(func() {
		var b bytes.Buffer
		b.WriteString("x")
		Stamp(&b, time.Second)
	})
	gosymVerify(gosymT, gosymIgnore)
}

// TestGet calls Get with zero values.
func TestGet(gosymT *testing.T) {
	gosymIgnore := goleak.IgnoreCurrent()
	gosymRun(func() {
		Get(nil)
	})
	gosymVerify(gosymT, gosymIgnore)
}
`
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("generated tests (-want +got):\n%s", diff)
	}
}

// TestParseRun checks how the output of a test process is read, and what
// each tool's column makes of it.
func TestParseRun(t *testing.T) {
	exit := errors.New("exit status 2")
	tests := []struct {
		name       string
		out        string
		err        error
		want       runObs
		race, leak []string
	}{
		{
			name: "returned",
			out:  "gosym-outcome: returned\nPASS\n",
			want: runObs{outcome: "returned"},
			race: []string{"nothing"}, leak: []string{"nothing"},
		},
		{
			name: "recovered panic",
			out:  "gosym-outcome: panic: runtime error: integer divide by zero\nPASS\n",
			want: runObs{outcome: "panic: runtime error: integer divide by zero"},
			race: []string{"panic: runtime error: integer divide by zero"}, leak: []string{"nothing"},
		},
		{
			name: "race, then a goroutine's panic",
			out: "gosym-outcome: returned\n==================\nWARNING: DATA RACE\nRead at 0x00c0000c0390 by goroutine 10:\n" +
				"  runtime.chansend()\n==================\npanic: send on closed channel\n\ngoroutine 9 [running]:\ngoroutines.Race.func1()\n",
			err:  exit,
			want: runObs{outcome: "returned", crash: "panic: send on closed channel", race: true},
			race: []string{"race", "panic: send on closed channel"}, leak: []string{"died: panic: send on closed channel"},
		},
		{
			name: "same panic recovered and raised again",
			out:  "panic: send on closed channel [recovered]\n\tpanic: send on closed channel\n\ngoroutine 9 [running]:\n",
			err:  exit,
			want: runObs{crash: "panic: send on closed channel"},
			race: []string{"panic: send on closed channel"}, leak: []string{"died: panic: send on closed channel"},
		},
		{
			name: "hang and leak",
			out: "gosym-outcome: hangs\n--- FAIL: TestUnanswered (2.45s)\n    gosym_concurrency_test.go:35: found unexpected goroutines:\n" +
				"        [Goroutine 20 in state chan send, with goroutines.Unanswered on top of the stack:\nFAIL\n",
			err:  errors.New("exit status 1"),
			want: runObs{outcome: "hangs", leak: true},
			race: []string{"hangs"}, leak: []string{"leak"},
		},
		{
			name: "deadlock",
			out:  "fatal error: all goroutines are asleep - deadlock!\n\ngoroutine 1 [chan receive]:\n",
			err:  exit,
			want: runObs{crash: "deadlock"},
			race: []string{"deadlock"}, leak: []string{"died: deadlock"},
		},
		{
			name: "other fatal error",
			out:  "gosym-outcome: returned\nfatal error: sync: unlock of unlocked mutex\n",
			err:  exit,
			want: runObs{outcome: "returned", crash: "fatal error: sync: unlock of unlocked mutex"},
			race: []string{"fatal error: sync: unlock of unlocked mutex"}, leak: []string{"died: fatal error: sync: unlock of unlocked mutex"},
		},
		{
			name: "unexplained failure",
			out:  "--- FAIL: TestX (0.00s)\nFAIL\n",
			err:  errors.New("exit status 1"),
			want: runObs{crash: "failed: exit status 1"},
			race: []string{"failed: exit status 1"}, leak: []string{"died: failed: exit status 1"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := parseRun([]byte(tt.out), tt.err)
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(runObs{})); diff != "" {
				t.Errorf("parseRun (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.race, got.raceLabels()); diff != "" {
				t.Errorf("raceLabels (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.leak, got.leakLabels()); diff != "" {
				t.Errorf("leakLabels (-want +got):\n%s", diff)
			}
		})
	}
}

// TestWantsByFunc checks that the // want comments are found by the
// function they are in, methods and test files left out.
func TestWantsByFunc(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a.go": `package p

// F has two bugs.
func F(x int) int {
	_ = 1 / x // want div-zero ` + "`x is 0`" + `
	var m map[int]int
	m[x] = 1 // want nil-map ` + "`nil map`" + `
	return 0
}

// G has none; the comment above is not in it.
func G() {}

type T struct{}

// M is a method.
func (T) M() {
	panic("m") // want panic ` + "`m`" + `
}
`,
		"b.go":      "package p\n\nfunc H() {\n\t<-make(chan int) // want deadlock `blocks`\n}\n",
		"b_test.go": "package p\n\nfunc K() {\n\t<-make(chan int) // want deadlock `blocks`\n}\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := wantsByFunc(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{"F": {"div-zero :5", "nil-map :7"}, "H": {"deadlock :4"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("wants (-want +got):\n%s", diff)
	}
}

// TestWriteConcurrency checks the table on made-up rows: the summary's
// counts, in some run and in every run, and the cells.
func TestWriteConcurrency(t *testing.T) {
	row := func(fn string, line int, want, gosym []string, call concCall, race, leak map[string]int) *concRow {
		return &concRow{fn: fn, file: "a.go", line: line, want: want, gosym: gosym, status: result.Complete, call: call, race: race, leak: leak}
	}
	tab := &concTable{runs: 4, timeout: 2 * time.Second, workers: 2, goleakVersion: "v1.3.0", rows: []*concRow{
		row("Race", 1, []string{"send-closed :3"}, []string{"send-closed :3"}, concCall{Call: "Race()", Input: inputNone},
			map[string]int{"race": 4, "panic: send on closed channel": 1}, map[string]int{"died: panic: send on closed channel": 1, "nothing": 3}),
		row("Early", 10, []string{"div-zero :14"}, []string{"div-zero :14"}, concCall{Call: "Early(a || b)", Input: inputWitness},
			map[string]int{"nothing": 4}, map[string]int{"nothing": 4}),
		row("Fine", 20, nil, nil, concCall{Call: "Fine(nil)", Input: inputZero},
			map[string]int{"hangs": 1, "nothing": 3}, map[string]int{"leak": 1, "nothing": 3}),
	}}
	var b strings.Builder
	writeConcurrency(&b, tab)
	for _, want := range []string{
		"| gosym | 2 of 2 | 2 of 2 | 0 of 1 |",
		"| go test -race: anything | 1 of 2 | 1 of 2 | 1 of 1 |",
		"| go test -race: data race | 1 of 2 | 1 of 2 | 0 of 1 |",
		"| goleak: leak | 0 of 2 | 0 of 2 | 1 of 1 |",
		"| `Race` (a.go:1) | send-closed :3 | send-closed :3 | `Race()` (no parameters) | race 4/4; panic: send on closed channel 1/4 | nothing 3/4; died: panic: send on closed channel 1/4 |",
		"| `Early` (a.go:10) | div-zero :14 | div-zero :14 | `Early(a \\|\\| b)` (witness) | nothing 4/4 | nothing 4/4 |",
		"| `Fine` (a.go:20) |  | none (complete) | `Fine(nil)` (zero values) | nothing 3/4; hangs 1/4 | nothing 3/4; leak 1/4 |",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no line %q in:\n%s", want, b.String())
		}
	}
}
