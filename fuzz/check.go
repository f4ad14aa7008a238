package fuzz

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/oracle"
	"github.com/gosym/gosym/report"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/ssaexec"
)

// Options tune Check.
type Options struct {
	// Inputs is the number of random inputs each function runs on within
	// gosym's bounds; as many again, deeper, are run on a function whose
	// record claims every input.
	Inputs int
	// Deadline, if not zero, is when Check must be done: a fuzz worker
	// panics when one run of the fuzz function takes 10 s (see
	// FuzzGosym). The analysis is then interrupted restTime before it,
	// and each function's Config.Timeout cut to the time left, so that
	// the replay and the concrete runs still fit; a function stopped so
	// claims nothing. If gosym answers the interruption so late that less
	// than minRest is left, Check returns ErrLate instead of going on.
	// The oracle's searches (see Oracle) get what the analysis left of
	// the time before the interruption; those that get none are skipped.
	Deadline time.Time
	// Oracle compares each function's search with each shortcut of
	// package oracle off, under the program's configuration otherwise:
	// one or two more analyses per function and shortcut.
	Oracle bool
}

// ErrLate is Check's error when the analysis ended too close to
// Options.Deadline for the replay and the concrete runs: gosym took that
// long to answer Config.Interrupt and Config.Timeout.
var ErrLate = errors.New("gosym's analysis overran its interruption")

// restTime is the time Options.Deadline keeps for the replay and the
// concrete runs: they take about 1.5 s on this project's machine (two
// builds from a warm cache and two short runs), twice that on a loaded
// one. minRest is the least that may be left for them.
const (
	restTime = 4 * time.Second
	minRest  = 2 * time.Second
)

// Report is what Check found.
type Report struct {
	// Problems are the disagreements with Go, each a candidate gosym bug.
	Problems []Problem
	// Records are gosym's records of the functions, by name.
	Records map[string]*result.FuncResult
	// Replays are the outcomes of the findings' tests.
	Replays map[string]report.ReplayResult
	// Reordered lists the findings whose test saw another panic first
	// because Go's compiler moved a nil check, and that were confirmed
	// without optimization (see replay).
	Reordered []string
	// ScheduleDependent lists the findings whose test never took the
	// schedule of goroutines they need: neither confirmed nor refuted.
	ScheduleDependent []string
	// Oracle counts, by shortcut in the order of oracle.Shortcuts, the
	// functions compared with the shortcut off, those skipped (a search
	// ran out of budget, or the deadline left no time) and those where
	// the shortcut lost something (each also a problem); nil without
	// Options.Oracle.
	Oracle []oracle.Tally
	// Calls counts the concrete calls run (of functions that claim some
	// coverage), Panics those that panicked, GoPanics those among them
	// whose panic was a goroutine's (see runConcrete), Dropped the calls
	// not run because their function's goroutines crashed the runner too
	// often.
	Calls, Panics, GoPanics, Dropped int
}

// Problem is one disagreement with Go.
type Problem struct {
	Func string
	Text string
}

func (p Problem) String() string { return fmt.Sprintf("%s: %s", p.Func, p.Text) }

func (r *Report) problem(fn, format string, args ...any) {
	r.Problems = append(r.Problems, Problem{Func: fn, Text: fmt.Sprintf(format, args...)})
}

// Check writes progs as one package into dir (a new, empty directory),
// analyses every function with its program's configuration, compares the
// shortcuts with the plain search if Options.Oracle is set, replays the
// findings and runs the functions on random inputs. An error means the
// harness failed, not gosym, except ErrLate: Check then returns the
// report so far, the records and the problems they show.
func Check(dir string, progs []*Program, opts Options) (*Report, error) {
	dir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, err
	}
	if err := writeModule(dir, progs); err != nil {
		return nil, err
	}
	c := &checker{dir: dir, progs: progs, byFunc: map[string]*Program{}, opts: opts,
		rep: &Report{Records: map[string]*result.FuncResult{}}}
	for _, p := range progs {
		for _, fn := range p.Funcs {
			c.byFunc[fn] = p
		}
	}
	prog, fns, findings, err := c.analyse()
	if err != nil {
		return nil, err
	}
	defer prog.Release()
	if opts.Oracle {
		c.compareShortcuts(prog, fns)
	}
	if left := time.Until(opts.Deadline); !opts.Deadline.IsZero() && left < minRest {
		return c.rep, fmt.Errorf("%w: %s; %v left of the %v kept for the replay and the runs", ErrLate,
			c.slowest(), left.Round(time.Millisecond), restTime)
	}
	if err := c.replay(findings); err != nil {
		return nil, err
	}
	if err := c.compare(); err != nil {
		return nil, err
	}
	return c.rep, nil
}

// checker holds one run of Check.
type checker struct {
	dir    string
	progs  []*Program
	byFunc map[string]*Program
	opts   Options
	rep    *Report
}

// writeModule writes the module with one file per program, and the
// runner.
func writeModule(dir string, progs []*Program) error {
	gomod := fmt.Sprintf("module %s\n\ngo 1.26\n", Package)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		return err
	}
	for _, p := range progs {
		if err := os.WriteFile(filepath.Join(dir, p.File()), []byte(p.Source), 0o644); err != nil {
			return err
		}
	}
	return writeRunner(dir, progs)
}

// analyse loads the package as the gosym command does and analyses each
// generated function; it returns the program, the functions and their
// findings.
func (c *checker) analyse() (*ssaexec.Program, []*ssa.Function, []*result.Finding, error) {
	prog, err := ssaexec.Load(c.dir, ".")
	if err != nil {
		return nil, nil, nil, fmt.Errorf("loading the generated package: %v", err)
	}
	var findings []*result.Finding
	fns := prog.Entries(false, nil)
	for _, fn := range fns {
		p := c.byFunc[fn.Name()]
		if p == nil {
			return nil, nil, nil, fmt.Errorf("gosym found an entry %s that was not generated", fn.Name())
		}
		r := prog.Analyze(fn, withDeadline(p.Config, c.opts.Deadline, time.Now()))
		c.rep.Records[fn.Name()] = r
		c.checkRecord(r)
		findings = append(findings, r.Findings...)
	}
	if len(c.rep.Records) != len(c.byFunc) {
		return nil, nil, nil, fmt.Errorf("gosym analysed %d functions of %d", len(c.rep.Records), len(c.byFunc))
	}
	return prog, fns, findings, nil
}

// slowest names the function whose analysis took longest, and how long.
func (c *checker) slowest() string {
	var slow *result.FuncResult
	for _, r := range c.rep.Records {
		if slow == nil || r.Elapsed > slow.Elapsed {
			slow = r
		}
	}
	if slow == nil {
		return "no function analysed"
	}
	return fmt.Sprintf("%s took %v (%s)", slow.Func, slow.Elapsed.Round(time.Millisecond), slow.Status)
}

// deadlineLimit is how a record names Check's deadline, the budget that
// withDeadline's interruption stops a search with.
const deadlineLimit = "Check's deadline"

// withDeadline returns cfg with its search interrupted restTime before
// deadline, if that is not zero, and its Timeout no later: the Timeout
// also bounds each of the search's solver queries, which Interrupt,
// asked between instructions, does not. now is the time the search
// starts.
func withDeadline(cfg ssaexec.Config, deadline, now time.Time) ssaexec.Config {
	if deadline.IsZero() {
		return cfg
	}
	end := deadline.Add(-restTime)
	// A Timeout of 0 is none: a function begun after end gets the
	// least there is, and stops at once.
	left := max(end.Sub(now), time.Nanosecond)
	if cfg.Timeout == 0 || left < cfg.Timeout {
		cfg.Timeout = left
	}
	cfg.Interrupt = func() string {
		if time.Now().After(end) {
			return deadlineLimit
		}
		return ""
	}
	return cfg
}

// checkRecord checks what a function's record says of gosym itself. The
// generated code calls nothing gosym does not execute and the
// configuration reports nil parameters, so no panic may be left out.
func (c *checker) checkRecord(r *result.FuncResult) {
	if r.Status == result.Error {
		c.rep.problem(r.Func, "gosym failed: %s", r.Err)
	}
	if r.NilParams > 0 || r.Assumed > 0 {
		c.rep.problem(r.Func, "%d nil-parameter and %d assumed panics left out, with NilParams set and no unexecuted call",
			r.NilParams, r.Assumed)
	}
	if len(r.Approximated) > 0 {
		c.rep.problem(r.Func, "approximated calls %q where the code makes none", r.Approximated)
	}
}

// noVet keeps go test from vetting the generated code: random code may
// well compare x == x && x == x, which vet's bool check rejects, and then
// no test is built.
const noVet = "-vet=off"

// replay runs every finding's witness test: each must confirm its panic.
// The witnesses name only the generated package's types, so a test that
// cannot be built is as much a bug as one that does not panic. A test
// confirmed only without optimization (see report.NoOptimization) is
// counted in Report.Reordered, not as a problem, and so is one whose
// test never took the schedule it needs, in Report.ScheduleDependent.
func (c *checker) replay(findings []*result.Finding) error {
	if len(findings) == 0 {
		return nil
	}
	suite := report.NewSuite(Package, Package, findings)
	results, err := replayWith(suite, c.dir, noVet)
	if err != nil {
		return err
	}
	c.rep.Replays = results
	for _, t := range suite.Tests {
		switch res := results[t.Name]; {
		case res.Unoptimized:
			c.rep.Reordered = append(c.rep.Reordered, fmt.Sprintf("%s: %s", t.Finding.Func, res))
		case res.Outcome == report.ScheduleDependent:
			c.rep.ScheduleDependent = append(c.rep.ScheduleDependent, fmt.Sprintf("%s: %s", t.Finding.Func, res))
		case res.Outcome != report.Confirmed:
			c.replayProblem(t.Finding, res)
		}
	}
	return nil
}

// replayWith replays suite with flags added to go test -c.
func replayWith(suite *report.Suite, dir string, flags ...string) (map[string]report.ReplayResult, error) {
	results, err := report.Replay(suite, dir, report.ReplayOptions{BuildFlags: flags})
	if err != nil {
		return nil, fmt.Errorf("replaying with %q: %v", flags, err)
	}
	return results, nil
}

func (c *checker) replayProblem(f *result.Finding, res report.ReplayResult) {
	c.rep.problem(f.Func, "finding %s:%d %s (%s) %s\nwitness:\n%s", filepath.Base(f.Pos.Filename),
		f.Pos.Line, f.Kind, f.Message, res, indent(strings.Join(append(slices.Clip(f.Setup), f.Call), "\n")))
}

func lineKey(file string, line int) string { return fmt.Sprintf("%s:%d", file, line) }

// Claim is how much of a function's inputs gosym's record says it
// covered.
type Claim int

// The claims, from none to all.
const (
	// ClaimNone: the search did not cover its bounds (a budget ran out,
	// a construct is unmodelled, abstract subsumption pruned unrefined, a
	// bound other than k cut a path).
	ClaimNone Claim = iota
	// ClaimWithinK: every input whose nodes lie at most k fields from a
	// parameter (see Input.Depth). Loops are no bound here: the generated
	// ones stop before Config.Loops iterations.
	ClaimWithinK
	// ClaimAll: no path was cut or pruned by abstraction: every input.
	ClaimAll
)

func (c Claim) String() string {
	return [...]string{"none", "within k", "all"}[c]
}

// ClaimOf reads the claim from the record rather than its status, so that
// a failed function (one with findings) claims what its search covered.
func ClaimOf(r *result.FuncResult, cfg ssaexec.Config) Claim {
	switch r.Status {
	case result.Failed, result.Complete, result.Abstract, result.Bounded:
	default:
		return ClaimNone
	}
	if len(r.UnsupportedConstructs) > 0 || len(r.NotExecuted) > 0 || r.Subsumption.Abstract > 0 && !cfg.Refine {
		return ClaimNone
	}
	for _, l := range r.Limits {
		if l != "k" {
			return ClaimNone
		}
	}
	if r.Cut == 0 && r.Subsumption.Abstract == 0 && r.Refined == 0 {
		return ClaimAll
	}
	return ClaimWithinK
}

// extraDepth is how much deeper than k the inputs of a function claiming
// all inputs go.
const extraDepth = 3

// compare runs each function on random inputs within its claim and checks
// that gosym reported every panic they raise.
func (c *checker) compare() error {
	calls := c.calls()
	if len(calls) == 0 {
		return nil
	}
	outs, err := runConcrete(c.dir, calls)
	if err != nil {
		return err
	}
	reported := map[string]bool{}
	for i, call := range calls {
		o := outs[i]
		if o.Dropped {
			c.rep.Dropped++
			continue
		}
		c.rep.Calls++
		if !o.Panicked {
			continue
		}
		c.rep.Panics++
		if o.Goroutine {
			c.rep.GoPanics++
		}
		if o.Line == 0 {
			return fmt.Errorf("%s panicked (%s) with no frame in %s: are its paths trimmed?", call.Func, o.Value, c.dir)
		}
		r := c.rep.Records[call.Func]
		key := fmt.Sprintf("%s %s:%d %s", call.Func, o.File, o.Line, o.Value)
		if explained(r, o) || reported[key] {
			continue
		}
		reported[key] = true
		p := c.byFunc[call.Func]
		c.rep.problem(r.Func, "missed panic%s at %s:%d: %s (claim %s; record %s)\ninput (depth %d, k %d):\n%s",
			o.whose(), o.File, o.Line, o.Value, ClaimOf(r, p.Config), describe(r), call.Input.Depth(), p.Config.K,
			indent(call.Input.GoString(call.Func, p.NodeType(), p.Shape)))
	}
	return nil
}

// calls draws the random inputs of every function that claims coverage,
// the same for the same program.
func (c *checker) calls() []Call {
	var calls []Call
	for _, p := range c.progs {
		r := rand.New(rand.NewPCG(p.Seed, 0x5eed))
		for _, fn := range p.Funcs {
			claim := ClaimOf(c.rep.Records[fn], p.Config)
			if claim == ClaimNone {
				continue
			}
			for range c.opts.Inputs {
				calls = append(calls, Call{Func: fn, Input: randomInput(r, p.Shape, p.Config.K)})
			}
			if claim == ClaimAll {
				for range c.opts.Inputs {
					calls = append(calls, Call{Func: fn, Input: randomInput(r, p.Shape, p.Config.K+extraDepth)})
				}
			}
		}
	}
	return calls
}

// explained reports whether gosym reported the concrete panic o: a finding
// on its line of its kind.
func explained(r *result.FuncResult, o Outcome) bool {
	at := lineKey(o.File, o.Line)
	return slices.ContainsFunc(r.Findings, func(f *result.Finding) bool {
		return lineKey(filepath.Base(f.Pos.Filename), f.Pos.Line) == at && string(f.Kind) == o.Kind()
	})
}

// whose says, for a message, whose panic o was where it was not the
// call's own.
func (o Outcome) whose() string {
	if o.Goroutine {
		return " of a goroutine the call started"
	}
	return ""
}

// describe summarizes a record for a problem's message.
func describe(r *result.FuncResult) string {
	var fs []string
	for _, f := range r.Findings {
		fs = append(fs, fmt.Sprintf("%d:%d %s", f.Pos.Line, f.Pos.Column, f.Kind))
	}
	return fmt.Sprintf("%s in %s (%d states), cut %d, refined %d, abstract %d, bounds %q, findings %v", r.Status,
		r.Elapsed.Round(time.Millisecond), r.States, r.Cut, r.Refined, r.Subsumption.Abstract, r.BoundsHit, fs)
}

func indent(s string) string { return "\t" + strings.ReplaceAll(s, "\n", "\n\t") }
