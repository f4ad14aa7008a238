// Command gosym finds the inputs that make Go functions panic.
//
// Usage:
//
//	gosym [flags] packages...
//
// Each exported function and method of the named packages is executed
// symbolically. Every panic found is printed with the position of the
// panicking instruction and a witness: Go statements that build an input
// on which the function panics. See README.md for a summary of flags,
// output and function statuses, and docs/usage.md for all of them.
//
// default.pgo, beside this file, is a CPU profile of the bench's Kiasan
// and realcode tables, by which the go command optimizes the build
// (profile-guided optimization); docs/benchmarks.md says how it is made
// again.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/dustin/go-humanize"

	"github.com/gosym/gosym/abstraction"
	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/report"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/solver"
	"github.com/gosym/gosym/ssaexec"
)

const usage = `usage: gosym [flags] packages...

gosym executes each exported function of the named packages symbolically and
reports the inputs that make it panic, each with a witness input.

Exit status: 0 no findings, 1 findings, 2 usage or load error, a package that
does not compile (the others are analysed), or a run that explored nothing
(no path of any function ran to a return or a panic).

Flags:
`

type options struct {
	cfg       ssaexec.Config
	all       bool
	run       *regexp.Regexp
	json      bool
	verbose   bool
	emitTests bool
	testFile  string
	replay    bool
	trace     bool
	dotDir    string
	parallel  int
	sarifFile string
	maxMem    uint64
	latent    bool
	// budget is the run's work budget (-budget), 0 when each function
	// has its own (-max-work).
	budget int64
	// firstWork is each function's first budget under -budget, if
	// -max-work set it.
	firstWork int64
	// cacheDir is the result cache's directory, "" when it is off;
	// cacheNamed says -cache or GOSYMCACHE named it, so that a cache
	// that cannot be opened there is an error, not a warning.
	cacheDir   string
	cacheNamed bool
	// cpuProfile, if set, is the file the run's CPU profile goes to.
	cpuProfile string
	// version asks for gosym's version instead of a run.
	version bool
}

func main() {
	// The search allocates states that die young: a GC target above Go's
	// default makes it a quarter faster on the tree benchmarks for some
	// memory (-max-mem still bounds it). A GOGC setting wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	opts, patterns, err := parseFlags(args, stderr)
	if err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		fmt.Fprintf(stderr, "gosym: %v\n", err)
		return 2
	}
	if opts.version {
		fmt.Fprintln(stdout, version())
		return 0
	}
	if opts.cpuProfile != "" {
		stop, err := startCPUProfile(opts.cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "gosym: %v\n", err)
			return 2
		}
		defer stop(stderr)
	}
	prog, err := ssaexec.Load("", patterns...)
	broken := reportLoadErrors(stderr, err)
	if prog == nil {
		return 2
	}
	// A call into another package of the module that passes nil where
	// the callee always panics is a finding at the call.
	opts.cfg.CallFacts = prog.CallFacts(opts.cfg)
	entries := prog.Entries(opts.all, opts.run)
	if len(entries) == 0 {
		fmt.Fprintln(stderr, "gosym: no functions to analyse (use -all for unexported ones, or check -run)")
		return 2
	}
	out := report.NewWriter(stdout, report.Options{JSON: opts.json, Verbose: opts.verbose, Trace: opts.trace})
	start := time.Now()
	for _, e := range prog.DirectiveErrors {
		fmt.Fprintf(stderr, "gosym: %s (not applied)\n", e)
	}
	rc, err := openResultCache(opts.cacheDir, prog, opts.cfg, opts.budget > 0)
	switch {
	case err != nil && opts.cacheNamed:
		fmt.Fprintf(stderr, "gosym: %v\n", err)
		return 2
	case err != nil: // the default place: run without it
		fmt.Fprintf(stderr, "gosym: %v; analysing without a cache\n", err)
	}
	guard := newMemoryGuard(opts.maxMem)
	defer guard.close()
	if held := inUse(); guard != nil && held > guard.high {
		fmt.Fprintf(stderr, "gosym: the loaded program already holds %s, over the %s at which -max-mem stops functions: each will be stopped as it starts\n",
			humanize.IBytes(held), humanize.IBytes(guard.high))
	}
	var results []*result.FuncResult
	var cached map[*result.FuncResult]bool
	var spent ssaexec.RunSpent
	if opts.budget > 0 {
		results, cached, spent = analyseWithin(prog, entries, opts, guard, newProgress(stderr, len(entries)), rc, stderr)
	} else {
		results, cached = analyseAll(prog, entries, opts.cfg, opts.parallel, guard, newProgress(stderr, len(entries)), rc, stderr)
	}
	out.Cached = cached
	if rc != nil {
		rc.trim() // best effort: a cache that cannot be trimmed still works
	}
	// One panic is one finding, whichever entries reached it: the output
	// waits for them all.
	result.Consolidate(results, opts.latent)
	if opts.dotDir != "" {
		if out.Pictures, err = report.WritePictures(results, opts.dotDir, stderr); err != nil {
			fmt.Fprintf(stderr, "gosym: %v\n", err)
			return 2
		}
	}
	if opts.replay || opts.emitTests {
		out.Replays, err = report.WitnessTests(results, report.TestOptions{Replay: opts.replay, Emit: opts.emitTests, File: opts.testFile}, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "gosym: %v\n", err)
			return 2
		}
	}
	for _, r := range results {
		out.Function(r)
	}
	if opts.sarifFile != "" {
		if err := report.WriteSARIF(opts.sarifFile, results, out.Rel); err != nil {
			fmt.Fprintf(stderr, "gosym: writing %s: %v\n", opts.sarifFile, err)
			return 2
		}
	}
	if !opts.json {
		report.Summary(stderr, results, cached, time.Since(start))
		if opts.budget > 0 {
			fmt.Fprintf(stderr, "gosym: %s\n", runBudgetLine(opts.budget, spent))
		} else if line := moreWorkLine(results, opts.cfg.MaxWork); line != "" {
			fmt.Fprintf(stderr, "gosym: %s\n", line)
		}
	}
	if len(broken) > 0 {
		fmt.Fprintf(stderr, "gosym: %s not analysed: %s (errors above)\n", report.Plural(len(broken), "package was", "packages were"), strings.Join(broken, ", "))
		return 2
	}
	findings := false
	for _, r := range results {
		findings = findings || len(r.Findings) > 0
	}
	switch cov := report.CoverageOf(results); {
	case findings:
		return 1
	case !cov.Ended && cov.Functions > 0:
		// Nothing found because nothing was looked at: not a success.
		fmt.Fprintf(stderr, "gosym: nothing was explored: no path of any function analysed (%d) ran to a return or a panic (-v gives each function's status and why)\n", cov.Functions)
		return 2
	}
	return 0
}

// reportLoadErrors writes the errors of loading the packages on w, each
// once, with file names relative to the working directory, and returns
// the named packages left out because they do not compile.
func reportLoadErrors(w io.Writer, err error) (broken []string) {
	if err == nil {
		return nil
	}
	var le *ssaexec.LoadError
	if !errors.As(err, &le) {
		fmt.Fprintf(w, "gosym: %v\n", err)
		return nil
	}
	cwd, _ := os.Getwd()
	for _, msg := range le.Errors {
		if cwd != "" {
			msg = strings.TrimPrefix(msg, cwd+string(filepath.Separator))
		}
		if !sourcePosition.MatchString(msg) {
			msg = "gosym: " + msg // the go command's, not the compiler's
		}
		fmt.Fprintln(w, msg)
	}
	if hint := moduleHint(); hint != "" {
		fmt.Fprintf(w, "gosym: %s\n", hint)
	}
	return le.Broken
}

// sourcePosition matches a message that starts with a position in a Go
// file, as the compiler writes its errors.
var sourcePosition = regexp.MustCompile(`^[^\s:]+\.go:\d+`)

// moduleHint explains a failed load outside a module, where the go
// command's message ("directory prefix . does not contain main module")
// does not say what to do.
func moduleHint() string {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return ""
	}
	switch strings.TrimSpace(string(out)) {
	case "", os.DevNull:
		return "the working directory is not inside a Go module: run gosym in one (where go.mod is, or below), create one with go mod init, or name .go files"
	}
	return ""
}

func parseFlags(args []string, stderr io.Writer) (*options, []string, error) {
	fs := flag.NewFlagSet("gosym", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	def := ssaexec.DefaultConfig()
	opts := &options{cfg: def}
	initMode := fs.String("init", def.Init.String(), "lazy initialization of input pointers: lazy, lazier or lazier#")
	fs.IntVar(&opts.cfg.K, "k", def.K, "bound on materialization chains from each parameter (objects reached through k pointer fields)")
	fs.IntVar(&opts.cfg.KBytes, "kbytes", def.KBytes, "bound on the bytes observed of each input string or byte slice, and on the prefix two symbolic strings are compared on")
	fs.IntVar(&opts.cfg.N, "n", def.N, "bound on the input objects of each type, besides -k (0: none)")
	fs.IntVar(&opts.cfg.Loops, "loops", def.Loops, "bound on the iterations of a loop that materialize no new input")
	fs.IntVar(&opts.cfg.Recursion, "recursion", def.Recursion, "bound on active calls of one function")
	fs.Int64Var(&opts.cfg.MaxWork, "max-work", def.MaxWork, "work budget of each function: one unit per instruction executed, and the solver's work converted to units, its packages' initialization aside, which has a budget of its own as large (0: no limit); a function that spends it ends with status stopped. The same code gives the same output on any machine, under any load")
	budget := fs.String("budget", "", "work budget of the whole run, in work units (such as 20000000) or as a duration (such as 2m) at "+fmt.Sprint(ssaexec.WorkUnitsPerSecond)+" units a second: spent by passes over the functions, a small budget each first, then twice as much to each function the budget stopped, while the run's budget lasts; -max-work is then each function's first budget if set. The result cache keeps where each function's passes left it, and a later run with -budget takes it up from there")
	fs.DurationVar(&opts.cfg.Timeout, "timeout", def.Timeout, "time budget of each function, a safety net over -max-work (0: none); a function that runs out ends with status timeout, and is explored as far as the machine's speed and load allow")
	fs.IntVar(&opts.cfg.MaxStates, "max-states", def.MaxStates, "stop a function after this many states of its search (0: no limit); it ends with status stopped")
	maxMem := fs.String("max-mem", "", "stop functions while the run holds more memory than this (such as 4GiB; empty: no limit): the longest-running one first; they end with status stopped")
	fs.IntVar(&opts.parallel, "p", runtime.GOMAXPROCS(0), "number of functions analysed at once")
	fs.UintVar(&opts.cfg.SolverBudget, "solver-budget", def.SolverBudget, "budget of one solver query, in Z3's resource units (its rlimit; about 8000 per millisecond)")
	chain := fs.String("solver", def.Solver.String(), "the solver's deciders: default (earlier models, then reasoning in Go, then Z3 on the query's slice of independent conditions, then on the whole query), validate (Z3 also checks every answer decided in Go or on a slice; a disagreement is an error, with the query written out), nomodels (no models: the Go side only refutes, and Z3 decides every Sat), or z3 (Z3 decides every query); any of them with ,noindependence: Z3 gets every query whole")
	fs.BoolVar(&opts.cfg.NilParams, "nil-params", false, "also report dereferences of nil parameters the function never compared with nil")
	fs.BoolVar(&opts.cfg.Assumed, "assumed", false, "also report panics that rest on what a call gosym did not execute returned or changed")
	fs.BoolVar(&opts.latent, "latent", false, "also report latent panics: those that need a value with unexported state that no caller of its package can build")
	fs.BoolVar(&opts.cfg.API, "api", def.API, "build values with unexported state through their package's API (constructors, call sequences) before building them by hand; findings that need a hand-built one are latent either way")
	fs.IntVar(&opts.cfg.Seq, "seq", def.Seq, "bound on the method calls that build a value with unexported state after its constructor, before the function runs on it")
	deepen := fs.Bool("deepen", !def.OnePass, "explore in passes of growing k and seq (iterative deepening: shallow panics first, and a search whose space is exhausted at small bounds stops there); off, one pass at the full bounds")
	searchOrder := fs.String("search", ssaexec.SearchOrder(def.Directed), "the order of each function's search: depth-first, or directed (states that can still reach an instruction that may panic and that no path has executed go first; the others wait until the rest is explored)")
	subsume := fs.String("subsume", def.Subsume.String(), "subsumption of states at loop heads: off, exact, or abstract (also after summarizing list segments)")
	summaries := fs.String("summaries", onOff(def.ProcSummaries), "procedure summaries: on, a call made from a state that agrees with an earlier call's on all the callee can read (up to a renaming of objects and symbols, where the earlier call observed no input) goes on from what that call's paths did, instead of running the callee again; off, every call runs its callee")
	fs.IntVar(&opts.cfg.Preemptions, "preemptions", def.Preemptions, "bound on the preemptions of a schedule of goroutines: switches away from a goroutine that could go on (CHESS's context bound); schedules it leaves out make a function bounded")
	por := fs.String("por", onOff(def.POR), "partial-order reduction of the schedules of goroutines: on, only orders of operations on one channel, semaphore or atomic variable are tried (dynamic partial-order reduction); off, every order")
	leaks := fs.String("leaks", onOff(def.Leaks), "report goroutines still blocked when the function returned (kind leak): on or off")
	fs.BoolVar(&opts.cfg.Invariants, "invariants", false, "assert the receiver's invariant (a repOK or RepOK method) at the return of exported methods")
	fs.BoolVar(&opts.cfg.Refine, "refine", def.Refine, "keep exploring, within the bounds, states only abstract subsumption covers")
	fs.BoolVar(&opts.all, "all", false, "analyse unexported functions and methods too")
	runRE := fs.String("run", "", "analyse only functions whose name (pkg.F or (*pkg.T).M) matches this regular expression")
	fs.BoolVar(&opts.json, "json", false, "write JSON Lines: one object per finding and one per function")
	fs.BoolVar(&opts.verbose, "v", false, "print every function's status, not only findings")
	fs.BoolVar(&opts.emitTests, "emit-tests", false, "write each package's findings as Go tests into a file in its directory (see -test-file); implies -replay")
	fs.StringVar(&opts.testFile, "test-file", report.DefaultFile, "name of the test file, in the external test package, that -emit-tests writes and -replay runs; tests that need the package's internals go in the file of this name with _internal_test.go for _test.go")
	fs.BoolVar(&opts.replay, "replay", false, "run each finding's witness as a Go test and say whether it confirmed the panic")
	fs.StringVar(&opts.dotDir, "dot", "", "write each finding's input heap and heap at the panic as Graphviz files into this directory (and SVG, if dot is installed)")
	fs.StringVar(&opts.sarifFile, "sarif", "", "also write the findings as a SARIF 2.1.0 log into this file (for GitHub code scanning)")
	cache := fs.String("cache", "", "directory of the result cache, or off: a function whose code, callees and types are unchanged since a run under the same flags and the same gosym takes its result from there (empty: $GOSYMCACHE, else gosym in the user cache directory)")
	fs.StringVar(&opts.cpuProfile, "cpuprofile", "", "write a CPU profile of the whole run into this file, for go tool pprof (as go test -cpuprofile)")
	fs.BoolVar(&opts.trace, "trace", false, "show each finding's path: the source lines executed, the branches taken and the values that decided them")
	fs.BoolVar(&opts.version, "version", false, "print gosym's version (its module version and VCS revision), the Go version it was built with and the Z3 library's, and exit")
	if err := fs.Parse(args); err != nil {
		return nil, nil, err
	}
	if opts.version {
		return opts, nil, nil
	}
	opts.cfg.OnePass = !*deepen
	runBudget, err := parseBudget(*budget)
	if err != nil {
		return nil, nil, err
	}
	opts.budget = runBudget
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "max-work" {
			opts.firstWork = opts.cfg.MaxWork
		}
	})
	replaySet := false
	fs.Visit(func(f *flag.Flag) { replaySet = replaySet || f.Name == "replay" })
	if opts.emitTests && !replaySet {
		opts.replay = true
	}
	if !strings.HasSuffix(opts.testFile, "_test.go") || strings.ContainsRune(opts.testFile, filepath.Separator) {
		return nil, nil, fmt.Errorf("-test-file must be a file name ending in _test.go")
	}
	mode, err := heap.ParseMode(*initMode)
	if err != nil {
		return nil, nil, err
	}
	opts.cfg.Init = mode
	opts.cfg.Pictures = opts.dotDir != ""
	if opts.cfg.Subsume, err = abstraction.ParseMode(*subsume); err != nil {
		return nil, nil, err
	}
	if opts.cfg.Directed, err = ssaexec.ParseSearchOrder(*searchOrder); err != nil {
		return nil, nil, err
	}
	if opts.cfg.ProcSummaries, err = parseOnOff("-summaries", *summaries); err != nil {
		return nil, nil, err
	}
	if opts.cfg.POR, err = parseOnOff("-por", *por); err != nil {
		return nil, nil, err
	}
	if opts.cfg.Leaks, err = parseOnOff("-leaks", *leaks); err != nil {
		return nil, nil, err
	}
	if opts.cfg.Preemptions < 0 {
		return nil, nil, fmt.Errorf("-preemptions must be 0 or more")
	}
	if opts.cfg.Solver, err = solver.ParseChain(*chain); err != nil {
		return nil, nil, err
	}
	if *maxMem != "" {
		if opts.maxMem, err = humanize.ParseBytes(*maxMem); err != nil || opts.maxMem == 0 {
			return nil, nil, fmt.Errorf("bad -max-mem %q: want a size such as 4GiB or 512MB", *maxMem)
		}
	}
	opts.cacheNamed = *cache != "" || os.Getenv(cacheEnv) != ""
	if opts.cacheDir, err = cacheDir(*cache); err != nil {
		fmt.Fprintf(stderr, "gosym: %v; analysing without a cache\n", err)
		opts.cacheDir = ""
	}
	if *runRE != "" {
		re, err := regexp.Compile(*runRE)
		if err != nil {
			return nil, nil, fmt.Errorf("bad -run: %v", err)
		}
		opts.run = re
	}
	if err := checkBounds(opts.cfg); err != nil {
		return nil, nil, err
	}
	if opts.parallel < 1 {
		return nil, nil, fmt.Errorf("-p must be at least 1")
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return nil, nil, fmt.Errorf("no packages named")
	}
	return opts, fs.Args(), nil
}

func checkBounds(c ssaexec.Config) error {
	switch {
	case c.K < 1:
		return fmt.Errorf("-k must be at least 1")
	case c.Loops < 0:
		return fmt.Errorf("-loops must not be negative")
	case c.Recursion < 1:
		return fmt.Errorf("-recursion must be at least 1")
	case c.MaxWork < 0:
		return fmt.Errorf("-max-work must not be negative")
	case c.Timeout < 0:
		return fmt.Errorf("-timeout must not be negative")
	case c.SolverBudget == 0:
		return fmt.Errorf("-solver-budget must be positive")
	case c.MaxWork == 0 && c.MaxStates == 0 && c.Timeout == 0:
		return fmt.Errorf("-max-work 0 needs another budget: -max-states or -timeout")
	case c.MaxStates < 0:
		return fmt.Errorf("-max-states must not be negative")
	case c.Seq < 0:
		return fmt.Errorf("-seq must not be negative")
	}
	return nil
}

// version describes this build of gosym: its module version, the VCS
// revision it was built from (marked modified when the tree had
// uncommitted changes), the Go version and platform, and the Z3 library
// linked in.
func version() string {
	v, rev := "(unknown)", ""
	if info, ok := debug.ReadBuildInfo(); ok {
		v = info.Main.Version
		var modified bool
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if rev != "" && modified {
			rev += " (modified)"
		}
	}
	parts := []string{"gosym", v}
	if rev != "" {
		parts = append(parts, "revision "+rev)
	}
	parts = append(parts, runtime.Version(), runtime.GOOS+"/"+runtime.GOARCH, "z3 "+solver.Version())
	return strings.Join(parts, " ")
}

// startCPUProfile starts profiling the process into file; the function it
// returns stops and closes it, saying on w if the profile is incomplete.
func startCPUProfile(file string) (func(w io.Writer), error) {
	f, err := os.Create(file)
	if err != nil {
		return nil, fmt.Errorf("-cpuprofile: %v", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("-cpuprofile: %v", err)
	}
	return func(w io.Writer) {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintf(w, "gosym: -cpuprofile: %v\n", err)
		}
	}, nil
}

// onOff writes a switch's value as its flag takes it.
func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// parseOnOff reads the value of a switch flag: on or off.
func parseOnOff(flag, v string) (bool, error) {
	switch v {
	case "on":
		return true, nil
	case "off":
		return false, nil
	}
	return false, fmt.Errorf("bad %s %q: want on or off", flag, v)
}

// parseBudget reads -budget: work units, or a duration converted at
// ssaexec.WorkUnitsPerSecond; "" is no run budget.
func parseBudget(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		if n <= 0 {
			return 0, fmt.Errorf("-budget must be positive")
		}
		return n, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("-budget %q is neither work units (such as 20000000) nor a duration (such as 2m)", s)
	}
	if d <= 0 {
		return 0, fmt.Errorf("-budget must be positive")
	}
	return int64(d.Seconds() * ssaexec.WorkUnitsPerSecond), nil
}
