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
	"strconv"
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
	// Goroutine says the panic was raised by a goroutine the call
	// started, and crashed the runner (see runConcrete).
	Goroutine bool `json:"-"`
	// Dropped says the call was not run: its function's goroutines had
	// crashed the runner maxCrashes times.
	Dropped bool `json:"-"`
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
// the calls read from stdin, and writes their outcomes to stdout, each on
// a line of its own ("outcome " and JSON) as soon as the call returned,
// then "drained" once the goroutines the call started have ended or
// block (see drain). The panic's position is taken from the stack while
// the deferred function runs, as the witness tests of package report do.
//
// A panic in a goroutine the call started cannot be recovered by the
// runner: it ends the process, and runConcrete reads the runtime's
// report. The lines written tell which call it was: the last one
// written, if it has no "drained" line, else the next.
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

// drain yields until the number of goroutines has stayed the same over
// a few yields: with one P, a yield runs every goroutine that is ready
// before the caller goes on, so the goroutines a call started have then
// ended or block for good (a leak), and none runs during the next call.
func drain() {
	last, same := -1, 0
	for i := 0; i < 1000 && same < 3; i++ {
		runtime.Gosched()
		if n := runtime.NumGoroutine(); n == last {
			same++
		} else {
			last, same = n, 0
		}
	}
}

func main() {
	runtime.GOMAXPROCS(1)
	var calls []call
	if err := json.NewDecoder(os.Stdin).Decode(&calls); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	for _, c := range calls {
		out, err := json.Marshal(run(c))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		// One write a line, so that a crash leaves whole lines.
		os.Stdout.Write([]byte("outcome " + string(out) + "\n"))
		drain()
		os.Stdout.Write([]byte("drained\n"))
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

// maxCrashes is how often a function's goroutines may crash the runner
// before its remaining calls are dropped: each crash costs a start of
// the runner, and a goroutine that panics on most inputs would otherwise
// cost one a call.
const maxCrashes = 4

// runConcrete builds the runner in dir and runs the calls, one outcome
// each.
//
// A goroutine that panics after its call returned is checked as a panic
// of that call, as gosym reports a panic of any goroutine the entry
// started (docs/design.md, "Ends"): the runner lets each call's
// goroutines run before the next call (see drain), so the crash it ends
// with is the call's, and runConcrete starts it again on the calls after
// that one. Where the call itself panicked first, the goroutine's panic
// is left out: gosym's path ends at the first panic, which in a program
// would end it too, and only the runner's recover let the goroutine go
// on. The runtime names the function that started the goroutine, and a
// crash that names another function than the call's is a harness error,
// not a panic of the wrong function.
func runConcrete(dir string, calls []Call) ([]Outcome, error) {
	bin := filepath.Join(dir, "runner.bin")
	// Without optimization the generated code keeps the order of its
	// nil checks, which the compiler otherwise may change.
	build := exec.Command("go", "build", "-gcflags="+Package+"=-N -l", "-o", bin, "./"+runnerDir)
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the runner: %v\n%s", err, out)
	}
	outs := make([]Outcome, len(calls))
	crashes := map[string]int{}
	for next := 0; next < len(calls); {
		var todo []int
		for i := next; i < len(calls); i++ {
			if crashes[calls[i].Func] < maxCrashes {
				todo = append(todo, i)
			} else {
				outs[i].Dropped = true
			}
		}
		if len(todo) == 0 {
			break
		}
		batch := make([]Call, len(todo))
		for j, i := range todo {
			batch[j] = calls[i]
		}
		got, drained, crash, err := runOnce(bin, dir, batch)
		if err != nil {
			return nil, err
		}
		for j, o := range got {
			outs[todo[j]] = o
		}
		if crash == nil {
			if len(got) != len(batch) {
				return nil, fmt.Errorf("runner returned %d outcomes for %d calls", len(got), len(batch))
			}
			break
		}
		// The call whose goroutine crashed: the last one written, if its
		// goroutines were not drained, else the one it was running.
		j := len(got)
		if drained < len(got) {
			j = len(got) - 1
		}
		if j >= len(batch) || crash.creator != batch[j].Func {
			return nil, fmt.Errorf("a goroutine of %s crashed the runner during the call %d of %d (%s): are its goroutines not drained?",
				crash.creator, j, len(batch), crash.Value)
		}
		if j == len(got) || !got[j].Panicked {
			outs[todo[j]] = crash.Outcome
		}
		crashes[batch[j].Func]++
		next = todo[j] + 1
	}
	return outs, nil
}

// crash is a panic in a goroutine a call started, as the runtime
// reported it when it ended the runner.
type crash struct {
	Outcome
	// creator is the generated function whose go statement started the
	// goroutine.
	creator string
}

// runOnce runs the runner on calls, and returns the outcomes it wrote,
// how many of the calls' goroutines it drained, and the crash that ended
// it early, if one did.
func runOnce(bin, dir string, calls []Call) (outs []Outcome, drained int, c *crash, err error) {
	in, err := json.Marshal(calls)
	if err != nil {
		return nil, 0, nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, runErr := cmd.Output()
	for line := range strings.Lines(string(out)) {
		if !strings.HasSuffix(line, "\n") {
			break // cut by the crash
		}
		switch text := strings.TrimSuffix(line, "\n"); {
		case text == "drained":
			drained++
		case strings.HasPrefix(text, "outcome "):
			var o Outcome
			if err := json.Unmarshal([]byte(strings.TrimPrefix(text, "outcome ")), &o); err != nil {
				return nil, 0, nil, fmt.Errorf("runner wrote %q: %v", text, err)
			}
			outs = append(outs, o)
		default:
			return nil, 0, nil, fmt.Errorf("runner wrote %q", text)
		}
	}
	if runErr == nil {
		return outs, drained, nil, nil
	}
	c, ok := goroutinePanic(stderr.String(), dir)
	if !ok {
		return nil, 0, nil, fmt.Errorf("running the runner: %v\n%s", runErr, stderr.String())
	}
	return outs, drained, c, nil
}

// goroutinePanic reads the runtime's report of the panic that ended the
// runner: the value after "panic: ", the innermost frame in dir of the
// goroutine's stack, and the function named by "created by". It reports
// false for any other end (a fatal error, a panic of the runner's own
// goroutine).
func goroutinePanic(report, dir string) (*crash, bool) {
	lines := strings.Split(report, "\n")
	if len(lines) == 0 || !strings.HasPrefix(lines[0], "panic: ") {
		return nil, false
	}
	c := &crash{Outcome: Outcome{Panicked: true, Goroutine: true, Value: strings.TrimPrefix(lines[0], "panic: ")}}
	c.Runtime = strings.HasPrefix(c.Value, "runtime error: ")
	for _, l := range lines {
		if name, ok := strings.CutPrefix(l, "created by "+Package+"."); ok {
			c.creator, _, _ = strings.Cut(name, " ")
			break
		}
		file, ok := strings.CutPrefix(l, "\t")
		if !ok || c.Line != 0 {
			continue
		}
		file, _, _ = strings.Cut(file, " +0x")
		at := strings.LastIndex(file, ":")
		if at < 0 || filepath.Dir(file[:at]) != dir {
			continue
		}
		c.File = filepath.Base(file[:at])
		c.Line, _ = strconv.Atoi(file[at+1:])
	}
	return c, c.creator != "" && c.Line != 0
}
