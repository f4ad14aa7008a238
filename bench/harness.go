package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/abstraction"
	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/ssaexec"
)

// harness runs the ports' methods under the tables' configurations.
type harness struct {
	prog  *ssaexec.Program
	funcs map[string]*ssa.Function
	opts  options
	log   io.Writer
}

// newHarness loads the ports the tables name and checks that each
// method the tables measure exists, so that a renamed one is an error
// rather than a missing row.
func newHarness(root string, opts options) (*harness, error) {
	names, dirs := tableFuncs()
	var patterns []string
	for _, d := range dirs {
		patterns = append(patterns, "./"+d)
	}
	progress(os.Stderr, "loading %v", patterns)
	prog, err := ssaexec.Load(root, patterns...)
	if err != nil {
		return nil, err
	}
	h := &harness{prog: prog, funcs: map[string]*ssa.Function{}, opts: opts, log: os.Stderr}
	for _, fn := range prog.Entries(true, nil) {
		h.funcs[ssaexec.FuncName(fn)] = fn
	}
	for _, name := range names {
		if h.funcs[name] == nil {
			return nil, fmt.Errorf("the ports have no function %s", name)
		}
	}
	return h, nil
}

// tableFuncs lists the functions the tables measure and their packages'
// directories, each once, in table order.
func tableFuncs() (names, dirs []string) {
	seen := map[string]bool{}
	add := func(fn, dir string) {
		if !seen[fn] {
			names = append(names, fn)
		}
		if !seen[dir] {
			dirs = append(dirs, dir)
		}
		seen[fn], seen[dir] = true, true
	}
	for _, r := range tableI {
		add(r.fn, r.pkg)
	}
	for _, r := range tableII {
		add(r.fn, r.pkg)
	}
	for _, r := range tableAbs {
		add(r.fn, r.pkg)
	}
	for _, r := range tableSummaries {
		add(r.fn, summariesPkg)
	}
	for _, r := range tableSchedules {
		add(r.fn, r.pkg)
	}
	return names, dirs
}

// measure runs one function under cfg; the collector runs first so that
// one run's garbage does not slow the next. A run shorter than
// repeatBelow is repeated, repeats times in all, and its time is the
// median: single runs of a few milliseconds varied by a factor of two
// on the machine of RESULTS.md. The repeats must agree on everything but
// time; where they do not, the run's notes say so.
func (h *harness) measure(fn string, cfg ssaexec.Config) *result.FuncResult {
	// The published tables measure time to finish: a run's only budget
	// is time, so that no work budget cuts a slow configuration short.
	// The tests give a work budget instead (options.work), under which a
	// run ends alike on any machine.
	cfg.MaxWork, cfg.Timeout = 0, h.opts.timeout
	if h.opts.work > 0 {
		cfg.MaxWork, cfg.Timeout = h.opts.work, 0
	}
	cfg.Solver = h.opts.chain
	runtime.GC()
	first := h.prog.Analyze(h.funcs[fn], cfg)
	if first.Elapsed >= repeatBelow || first.Status == result.Timeout {
		return first
	}
	times := []time.Duration{first.Elapsed}
	for range repeats - 1 {
		runtime.GC()
		m := h.prog.Analyze(h.funcs[fn], cfg)
		if counts(m) != counts(first) {
			first.Notes = append(first.Notes, fmt.Sprintf("%s: a repeat gave %+v, the first run %+v", nondeterministic, counts(m), counts(first)))
		}
		times = append(times, m.Elapsed)
	}
	slices.Sort(times)
	first.Elapsed = times[len(times)/2]
	return first
}

// nondeterministic starts the note of a run whose repeats disagreed.
const nondeterministic = "nondeterministic"

// repeats and repeatBelow: see measure.
const (
	repeats     = 5
	repeatBelow = time.Second
)

// runCounts are the figures of a run that do not depend on the machine.
type runCounts struct {
	status                              result.Status
	paths, states, checks, z3, findings int
}

func counts(m *result.FuncResult) runCounts {
	return runCounts{m.Status, m.Paths, m.States, m.SolverChecks, m.SolverCalls, len(m.Findings)}
}

// kResult is one cell of the kbound table: a method at one k in one mode.
type kResult struct {
	row  kRow
	k    int
	mode int // index into modes
	m    *result.FuncResult
}

// kbound measures Table I: no subsumption, so that every path is counted
// as Kiasan counts them, and the invariant asserted at return as Kiasan
// checked the postcondition.
func (h *harness) kbound() []kResult {
	var out []kResult
	for _, r := range tableI {
		if !h.opts.run.MatchString(r.name) {
			continue
		}
		for _, k := range h.opts.ks {
			for i, mode := range modes {
				if !slices.Contains(h.opts.modes, mode) {
					continue
				}
				cfg := kboundConfig(mode, k)
				cfg.ProcSummaries, cfg.Directed = h.opts.summaries, h.opts.directed
				m := h.measure(r.fn, cfg)
				progress(h.log, "%s k=%d %s: %s, %d paths, %v", r.name, k, mode, m.Status, m.Paths, m.Elapsed.Round(time.Millisecond))
				out = append(out, kResult{r, k, i, m})
			}
		}
	}
	return out
}

func kboundConfig(mode string, k int) ssaexec.Config {
	cfg := ssaexec.DefaultConfig()
	cfg.Init = mustMode(mode)
	cfg.K = k
	cfg.Subsume = abstraction.Off
	cfg.Invariants = true
	cfg.OnePass = true // Kiasan's search, at the bound
	return cfg
}

func mustMode(name string) heap.Mode {
	m, err := heap.ParseMode(name)
	if err != nil {
		panic(err) // modes lists only names heap knows
	}
	return m
}

// nResult is one cell of the nbound table.
type nResult struct {
	row nRow
	i   int // index into row.ns
	m   *result.FuncResult
}

// nboundK stands for no k-bound: deeper than any n-bounded input.
const nboundK = 1 << 20

// nboundConfig is Table II's configuration at bound n.
func nboundConfig(n int) ssaexec.Config {
	cfg := kboundConfig("lazier#", nboundK)
	cfg.N = n
	cfg.Recursion, cfg.Loops = 4*n, 4*n
	return cfg
}

// nbound measures Table II: lazier# under the n-bound alone. Recursion
// and loops get room for the deepest input n objects make.
func (h *harness) nbound() []nResult {
	var out []nResult
	for _, r := range tableII {
		if !h.opts.run.MatchString(r.name) {
			continue
		}
		for i, n := range r.ns {
			cfg := nboundConfig(n)
			cfg.ProcSummaries, cfg.Directed = h.opts.summaries, h.opts.directed
			m := h.measure(r.fn, cfg)
			progress(h.log, "%s n=%d: %s, %d paths, %v", r.name, n, m.Status, m.Paths, m.Elapsed.Round(time.Millisecond))
			out = append(out, nResult{r, i, m})
		}
	}
	return out
}

// absResult is one row of the abstraction table.
type absResult struct {
	row absRow
	m   *result.FuncResult
}

// abstraction runs the abstraction paper's loops with gosym's defaults,
// whose subsumption is abstract.
func (h *harness) abstraction() []absResult {
	var out []absResult
	for _, r := range tableAbs {
		if !h.opts.run.MatchString(r.name) {
			continue
		}
		cfg := ssaexec.DefaultConfig()
		cfg.ProcSummaries, cfg.Directed = h.opts.summaries, h.opts.directed
		m := h.measure(r.fn, cfg)
		progress(h.log, "%s: %s, %v", r.name, m.Status, m.Elapsed.Round(time.Millisecond))
		out = append(out, absResult{r, m})
	}
	return out
}

// sumResult is one row of the summaries table: the search without
// summaries (nil above maxUnsummarized) and with them.
type sumResult struct {
	row           sumRow
	without, with *result.FuncResult
}

// summaries runs the micro-benchmark of "Procedure summaries for Boolean
// programs with references" (ZING) at each size: in one pass, with room for
// its recursion and for as many calls of its input function as it makes (each
// call's result is an input, which the k-bound counts), without procedure
// summaries and with them.
func (h *harness) summaries() []sumResult {
	var out []sumResult
	for _, r := range tableSummaries {
		if !h.opts.run.MatchString(r.fn) {
			continue
		}
		cfg := ssaexec.DefaultConfig()
		cfg.K = nboundK
		cfg.Recursion = r.n + 2
		cfg.OnePass = true
		res := sumResult{row: r}
		if r.n <= maxUnsummarized {
			cfg.ProcSummaries = false
			res.without = h.measure(r.fn, cfg)
			progress(h.log, "%s without summaries: %s, %d paths, %v", r.fn, res.without.Status, res.without.Paths, res.without.Elapsed.Round(time.Millisecond))
		}
		cfg.ProcSummaries = true
		res.with = h.measure(r.fn, cfg)
		progress(h.log, "%s with summaries: %s, %d states, %v", r.fn, res.with.Status, res.with.States, res.with.Elapsed.Round(time.Millisecond))
		out = append(out, res)
	}
	return out
}
