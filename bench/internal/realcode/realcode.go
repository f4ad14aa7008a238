// Package realcode runs gosym over real code: packages of the standard
// library and two published container modules (github.com/emirpasic/gods
// and github.com/google/btree), replays every finding's witness as a Go
// test, and writes a Markdown report whose findings carry a verdict from a
// hand-kept triage file.
//
// The modules are fetched through the Go module proxy into a throwaway
// module made in a temporary directory, so that the run does not depend on
// (or add to) the requirements of gosym's own module. The analysis is
// gosym's, in-process, through the ssaexec API as cmd/gosym drives it.
package realcode

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/report"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/ssaexec"
)

// Module is a module the throwaway module requires.
type Module struct {
	Path, Version string
}

// Set is a group of packages loaded together: calls between the packages
// of one set run their bodies, calls into other packages get fresh
// results, as with one run of cmd/gosym on the set's patterns.
type Set struct {
	Name     string
	Patterns []string
}

// DefaultModules are the modules the full run analyses.
var DefaultModules = []Module{
	{"github.com/emirpasic/gods", "v1.18.1"},
	{"github.com/google/btree", "v1.1.3"},
}

// DefaultSets are the packages of the full run.
var DefaultSets = []Set{
	{"std", []string{"container/heap", "container/list", "container/ring", "sort", "strings", "bytes", "encoding/binary"}},
	{"gods", []string{"github.com/emirpasic/gods/..."}},
	{"btree", []string{"github.com/google/btree"}},
}

// Options configure Run. The zero value runs DefaultSets with
// ssaexec.DefaultConfig on one worker.
type Options struct {
	// Modules are required by the throwaway module (DefaultModules if nil).
	Modules []Module
	// Sets are the packages analysed (DefaultSets if nil).
	Sets []Set
	// Config is gosym's configuration (ssaexec.DefaultConfig if it has
	// no budget: MaxWork, MaxStates and Timeout zero). Its Interrupt is
	// replaced.
	Config ssaexec.Config
	// Run, if set, selects the functions by name, like cmd/gosym's -run.
	Run *regexp.Regexp
	// Workers is the number of functions analysed at once (at least 1).
	Workers int
	// RunWork, if not 0, spends a run budget on each set instead of
	// Config.MaxWork on each function (gosym -budget): RunWork times the
	// set's functions, so that it compares with a MaxWork of RunWork.
	RunWork int64
	// NoReplay skips building and running the witness tests.
	NoReplay bool
	// Log, if set, gets a line per function analysed and per step, so
	// that a long run can be followed.
	Log io.Writer
	// Dir, if set, is where the throwaway module is made (it is kept);
	// otherwise a temporary directory is used and removed.
	Dir string
}

// Run makes the throwaway module, analyses every set's exported entry
// functions and replays their findings. An error means the run could not
// be set up (a *FetchError when the modules could not be fetched) or a set
// did not load; failures of single functions are in the report.
func Run(ctx context.Context, opts Options) (*Report, error) {
	opts = withDefaults(opts)
	dir := opts.Dir
	if dir == "" {
		tmp, err := os.MkdirTemp("", "gosymreal")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	start := time.Now()
	roots, err := MakeModule(ctx, dir, opts.Modules)
	if err != nil {
		return nil, err
	}
	rep := &Report{Roots: roots, Modules: opts.Modules, Config: opts.Config, Workers: opts.Workers, RunWork: opts.RunWork}
	cp, err := report.NewCopies(filepath.Join(dir, "modcopy"), roots.GOMODCACHE)
	if err != nil {
		return nil, err
	}
	for _, set := range opts.Sets {
		sr, err := runSet(ctx, dir, set, cp, opts)
		if err != nil {
			return nil, fmt.Errorf("set %s: %w", set.Name, err)
		}
		rep.Sets = append(rep.Sets, sr)
	}
	rep.Wall = time.Since(start)
	return rep, nil
}

func withDefaults(opts Options) Options {
	if opts.Modules == nil {
		opts.Modules = DefaultModules
	}
	if opts.Sets == nil {
		opts.Sets = DefaultSets
	}
	if c := opts.Config; c.MaxWork == 0 && c.MaxStates == 0 && c.Timeout == 0 {
		opts.Config = ssaexec.DefaultConfig()
	}
	opts.Workers = max(opts.Workers, 1)
	return opts
}

// runSet loads one set from inside the throwaway module (which is what
// lets the go command resolve the modules' packages), analyses it and
// replays its findings.
func runSet(ctx context.Context, dir string, set Set, cp *report.Copies, opts Options) (*SetReport, error) {
	logf(opts.Log, "%s: loading %v", set.Name, set.Patterns)
	start := time.Now()
	prog, err := ssaexec.Load(dir, set.Patterns...)
	if err != nil {
		return nil, err
	}
	defer prog.Release()
	sr := &SetReport{Name: set.Name, Patterns: set.Patterns, Load: time.Since(start)}
	entries := prog.Entries(false, opts.Run)
	logf(opts.Log, "%s: %d functions", set.Name, len(entries))
	start = time.Now()
	opts.Config.CallFacts = prog.CallFacts(opts.Config) // as the command does
	results := analyse(ctx, prog, entries, opts)
	sr.Analysis = time.Since(start)
	// As the command's default: one panic, one finding; latent findings
	// are counted (FuncResult.Latent), not reported or replayed.
	result.Consolidate(results, false)
	sr.Packages = group(results)
	// After a cancel the results are partial; replaying them would only
	// delay the report.
	if !opts.NoReplay && ctx.Err() == nil {
		start = time.Now()
		for _, p := range sr.Packages {
			replay(p, cp, opts.Log)
		}
		sr.Replay = time.Since(start)
	}
	return sr, nil
}

// analyse runs the entries on opts.Workers workers and returns their
// results in the entries' order.
func analyse(ctx context.Context, prog *ssaexec.Program, entries []*ssa.Function, opts Options) []*result.FuncResult {
	// A cancelled context stops the function being analysed (status
	// stopped) rather than waiting out its timeout.
	each := func(_ *ssa.Function, cfg *ssaexec.Config) func(*result.FuncResult) {
		cfg.Interrupt = func() string {
			if ctx.Err() != nil {
				return "cancelled"
			}
			return ""
		}
		return nil
	}
	n := 0
	done := func(r *result.FuncResult) {
		n++
		logf(opts.Log, "[%d/%d] %s: %s in %s, %d findings", n, len(entries), r.Func, r.Status, r.Elapsed.Round(time.Millisecond), r.Reachable())
	}
	if opts.RunWork > 0 {
		results, spent := prog.AnalyzeWithin(entries, opts.Config, ssaexec.RunBudget{Total: opts.RunWork * int64(len(entries))}, opts.Workers, each, done)
		logf(opts.Log, "run budget: %d passes spent %d work units, %d functions not finished", spent.Passes, spent.Spent, spent.Unfinished)
		return results
	}
	return prog.AnalyzeAll(entries, opts.Config, opts.Workers, each, done)
}

func logf(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, "realcode: "+format+"\n", args...)
	}
}
