package fuzz

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"text/template"
	"time"
)

// Call is one concrete call for the runner: a function and its input.
type Call struct {
	Func  string
	Input *Input
}

// Outcome is what a concrete call did.
type Outcome struct {
	Panicked bool
	// File (base name) and Line locate the innermost frame of the
	// generated package when the panic was raised.
	File string
	Line int
	// Value is the panic's value as fmt.Sprint writes it; Runtime says
	// whether it was a runtime.Error.
	Value   string
	Runtime bool
}

// Kind classifies a panic as gosym would, or returns "" for one it has no
// kind for.
func (o Outcome) Kind() string {
	switch {
	case o.Runtime && strings.Contains(o.Value, "nil pointer dereference"):
		return "nil-deref"
	case o.Runtime && strings.Contains(o.Value, "integer divide by zero"):
		return "div-zero"
	case !o.Runtime && o.Value == "boom":
		return "panic"
	}
	return ""
}

// runnerTemplate is the main package that runs the generated functions on
// the calls read from stdin, and writes their outcomes to stdout as JSON.
// The panic's position is taken from the stack while the deferred
// function runs, as the witness tests of package report do.
var runnerTemplate = template.Must(template.New("runner").Parse(`package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	gen "{{.Module}}"
)

type node struct {
	Val  int
	Ptrs []int
}

type input struct {
	Nodes      []node
	P, Q, A, B int
}

type call struct {
	Func  string
	Input input
}

type outcome struct {
	Panicked bool
	File     string
	Line     int
	Value    string
	Runtime  bool
}

var funcs = map[string]func(p, q any, a, b int) int{
{{- range .Programs}}{{$node := .NodeType}}{{range .Funcs}}
	{{printf "%q" .}}: func(p, q any, a, b int) int { return gen.{{.}}(p.(*gen.{{$node}}), q.(*gen.{{$node}}), a, b) },{{end}}{{end}}
}

var builders = map[string]func(in input) (p, q any){
{{- range .Programs}}{{$node := .NodeType}}{{$shape := .Shape}}{{range .Funcs}}
	{{printf "%q" .}}: func(in input) (p, q any) {
		ns := make([]*gen.{{$node}}, len(in.Nodes))
		for i, n := range in.Nodes {
			ns[i] = &gen.{{$node}}{Val: n.Val}
		}
		at := func(i int) *gen.{{$node}} {
			if i < 0 {
				return nil
			}
			return ns[i]
		}
		for i, n := range in.Nodes {
			{{range $f, $name := $shape}}ns[i].{{$name}} = at(n.Ptrs[{{$f}}])
			{{end}}
		}
		return at(in.P), at(in.Q)
	},{{end}}{{end}}
}

func run(c call) (out outcome) {
	p, q := builders[c.Func](c.Input)
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		out.Panicked, out.Value = true, fmt.Sprint(r)
		_, out.Runtime = r.(runtime.Error)
		pcs := make([]uintptr, 256)
		frames := runtime.CallersFrames(pcs[:runtime.Callers(1, pcs)])
		for {
			f, more := frames.Next()
			if filepath.Dir(f.File) == {{printf "%q" .Dir}} {
				out.File, out.Line = filepath.Base(f.File), f.Line
				return
			}
			if !more {
				return
			}
		}
	}()
	funcs[c.Func](p, q, c.Input.A, c.Input.B)
	return out
}

func main() {
	var calls []call
	if err := json.NewDecoder(os.Stdin).Decode(&calls); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	outs := make([]outcome, len(calls))
	for i, c := range calls {
		outs[i] = run(c)
	}
	if err := json.NewEncoder(os.Stdout).Encode(outs); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}
`))

// runnerDir is the runner's directory inside the generated module.
const runnerDir = "run"

// writeRunner writes the runner of progs into dir/run, for the package
// in dir.
func writeRunner(dir string, progs []*Program) error {
	var b bytes.Buffer
	err := runnerTemplate.Execute(&b, struct {
		Module, Dir string
		Programs    []*Program
	}{Package, dir, progs})
	if err != nil {
		return err
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		return fmt.Errorf("runner does not parse: %v\n%s", err, b.String())
	}
	if err := os.MkdirAll(filepath.Join(dir, runnerDir), 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, runnerDir, "main.go"), src, 0o644)
}

// runTimeout bounds a run of the runner: generated loops are bounded, so
// only a broken harness takes long.
const runTimeout = 2 * time.Minute

// runConcrete builds the runner in dir and runs the calls.
func runConcrete(dir string, calls []Call) ([]Outcome, error) {
	bin := filepath.Join(dir, "runner.bin")
	// Without optimization the generated code keeps the order of its
	// nil checks, which the compiler otherwise may change.
	build := exec.Command("go", "build", "-gcflags="+Package+"=-N -l", "-o", bin, "./"+runnerDir)
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the runner: %v\n%s", err, out)
	}
	in, err := json.Marshal(calls)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("running the runner: %v\n%s", err, stderr.String())
	}
	var outs []Outcome
	if err := json.Unmarshal(out, &outs); err != nil {
		return nil, err
	}
	if len(outs) != len(calls) {
		return nil, fmt.Errorf("runner returned %d outcomes for %d calls", len(outs), len(calls))
	}
	return outs, nil
}
