// Command bench measures gosym on the seed papers' benchmarks, ported
// under bench/, and prints its figures beside the papers' as Markdown.
//
//	go run ./bench                      # every table, printed
//	go run ./bench -o bench/RESULTS.md  # and written to the file
//	go run ./bench -tables kbound -k 1,2 -run TreeMap
//
// The tables are:
//
//   - kbound: Kiasan's Table I. Each method at each k and each of lazy,
//     lazier and lazier#, with no subsumption: paths (normal returns),
//     states, solver checks, Z3 runs, time, status, and the paper's paths
//     and lazier# time.
//   - nbound: Kiasan's Table II. BinarySearchTree.insert and TreeMap.put
//     with lazier# under the n-bound alone (input objects per type).
//   - abstraction: the loops of the abstraction paper under abstract
//     subsumption: the result and the subsumption counts.
//   - peers: gosym, nilness and staticcheck on the ports and the example
//     packages, line by line (the peers are installed through the Go
//     module proxy on first use).
//   - realcode: gosym over container/..., sort, strings, bytes and
//     encoding/binary, and github.com/emirpasic/gods v1.18.1 and
//     github.com/google/btree v1.1.3 (fetched through the module proxy
//     into a throwaway module): statuses and times per package, and every
//     finding with its witness, its replay and its verdict from
//     bench/triage.txt.
//   - speed: gosym beside nilness on 425 functions of gods, btree and the
//     standard library, under each budget of -speed-work: CPU and wall
//     time, statuses, findings and the work per function.
//   - firstfind: the time to the first finding of gosym beside go test
//     -fuzz's time to a crash, on the six bugs of bench/firstfind.
//   - summaries: the procedure-summaries seed's micro-benchmark at N = 5
//     to 200, without summaries (to N = 25) and with them: paths, states
//     and time, beside the seed's times without and with summaries.
//   - schedules: the first seed's distributed sort of a list
//     (bench/distsort) at preemption bounds 0 to 3, with and without
//     partial-order reduction: the finding, paths, states and time.
//   - concurrency: gosym beside go test -race and goleak on the
//     goroutines and channels of testdata/goroutines, function by
//     function: gosym's findings, and what each dynamic tool saw in
//     -concurrency-runs runs of a generated test per function (goleak
//     from gosym's go.mod, built in a temporary module).
//
// -compare before.md adds the realcode table's totals beside those of an
// earlier result file (read before -o writes); -compare before.md,after.md
// compares two result files and runs nothing:
//
//	go run ./bench -compare bench/RESULTS.md,bench/RESULTS-api.md
//
// Each run of the other tables is one function under one configuration,
// one at a time, so that times are comparable; path, state and solver
// counts do not depend on the machine. realcode runs -p functions at once,
// each with -realcode-timeout and the sequence bound -realcode-seq.
//
// The go command builds the bench, as it builds gosym, with the profile
// cmd/gosym/default.pgo (default.pgo here links to it); -cpuprofile makes
// a new one (see docs/benchmarks.md).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gosym/gosym/solver"
	"github.com/gosym/gosym/ssaexec"
)

type options struct {
	tables  []string
	ks      []int
	modes   []string
	run     *regexp.Regexp
	timeout time.Duration
	// work, if not 0, is the budget of one run of the published tables
	// in work units instead of timeout: the tests use it, so that what
	// they check does not depend on the machine's speed or load.
	work    int64
	out     string
	cpuprof string
	memprof string
	// realWork and realTimeout are the realcode table's budgets per
	// function, workers its functions analysed at once.
	realTimeout time.Duration
	realWork    int64
	// realRunWork is the realcode table's run budget per function, or 0.
	realRunWork int64
	workers     int
	// realSeq is the realcode table's bound on call sequences.
	realSeq int
	// compare names the result files of -compare: the earlier one, and
	// the later one when no table runs.
	compare []string
	// chain is the solver's chain of deciders in every run (-solver).
	chain solver.Chain
	// summaries turns procedure summaries on in the runs of the tables
	// but the summaries table's, which runs both (-summaries).
	summaries bool
	// directed orders the searches of those tables as gosym's -search
	// directed does.
	directed bool
	// speedWork are the work budgets of the speed table.
	speedWork []int64
	// firstRuns are the runs of each tool per function of the firstfind
	// table, fuzzTime the longest fuzzing run.
	firstRuns int
	fuzzTime  time.Duration
	// concRuns are the runs of each dynamic tool per function of the
	// concurrency table, concTimeout the time a call has to end before
	// it counts as hung.
	concRuns    int
	concTimeout time.Duration
}

var allTables = []string{"kbound", "nbound", "abstraction", "peers", "realcode", "speed", "firstfind", "summaries", "concurrency", "schedules"}

func main() {
	// The search allocates states that die young: a GC target above Go's
	// default makes it a quarter faster on the tree benchmarks for some
	// memory (-max-mem still bounds it). A GOGC setting wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	opts, err := parseFlags(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(2)
	}
	if err := run(opts); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func parseFlags(args []string) (options, error) {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	tables := fs.String("tables", strings.Join(allTables, ","), "tables to measure: "+strings.Join(allTables, ", "))
	ks := fs.String("k", "1,2,3", "k-bounds of the kbound table")
	modeList := fs.String("modes", strings.Join(modes, ","), "initialization modes of the kbound table")
	run := fs.String("run", "", "measure only the methods whose name matches this regular expression")
	timeout := fs.Duration("timeout", time.Minute, "time budget of one run")
	cpuprof := fs.String("cpuprofile", "", "write a CPU profile of the runs into this file")
	memprof := fs.String("memprofile", "", "write a profile of the memory the runs allocated into this file")
	out := fs.String("o", "", "also write the Markdown into this file")
	realWork := fs.Int64("realcode-work", ssaexec.DefaultMaxWork, "work budget of one function of the realcode table (gosym's -max-work)")
	realRunWork := fs.Int64("realcode-run-work", 0, "if set, the realcode table spends a run budget of this many work units times its functions on each set (gosym's -budget) instead of -realcode-work on each function")
	realTimeout := fs.Duration("realcode-timeout", 0, "time budget of one function of the realcode table, a safety net (0: none)")
	workers := fs.Int("p", 2, "functions of the realcode and speed tables analysed at once, and test processes of the concurrency table run at once")
	realSeq := fs.Int("realcode-seq", ssaexec.DefaultConfig().Seq, "bound on the calls of a sequence that builds a value in the realcode table")
	summariesDefault := "off"
	if ssaexec.DefaultConfig().ProcSummaries {
		summariesDefault = "on"
	}
	summaries := fs.String("summaries", summariesDefault, "procedure summaries in the runs of the kbound, nbound, abstraction and realcode tables, as gosym's -summaries: on or off (the summaries table runs both)")
	searchOrder := fs.String("search", ssaexec.SearchOrder(ssaexec.DefaultConfig().Directed), "the order of the searches in the runs of the kbound, nbound, abstraction and realcode tables, as gosym's -search: depth-first or directed")
	chain := fs.String("solver", "default", "the solver's chain in every run, as gosym's -solver: default, validate (Z3 checks every answer decided in Go; a disagreement ends the run with status error), nomodels or z3")
	speedWork := fs.String("speed-work", strconv.FormatInt(ssaexec.DefaultMaxWork, 10), "work budgets of the speed table, comma-separated (gosym's -max-work)")
	firstRuns := fs.Int("firstfind-runs", 5, "runs of each tool on each function of the firstfind table")
	fuzzTime := fs.Duration("fuzztime", time.Minute, "longest go test -fuzz run of the firstfind table")
	concRuns := fs.Int("concurrency-runs", 20, "runs of each dynamic tool on each function of the concurrency table")
	concTimeout := fs.Duration("concurrency-timeout", 2*time.Second, "time a call of the concurrency table's tests has to end before it counts as hung")
	compare := fs.String("compare", "", "an earlier result file whose realcode totals the realcode table is compared with; or two, before,after, to compare without running")
	if err := fs.Parse(args); err != nil {
		return options{}, err
	}
	if fs.NArg() > 0 {
		return options{}, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	opts := options{timeout: *timeout, out: *out, cpuprof: *cpuprof, memprof: *memprof, realTimeout: *realTimeout, realWork: *realWork, realRunWork: *realRunWork, workers: max(*workers, 1), realSeq: max(*realSeq, 0),
		firstRuns: max(*firstRuns, 1), fuzzTime: *fuzzTime, concRuns: max(*concRuns, 1), concTimeout: *concTimeout}
	if opts.concTimeout <= 0 {
		return options{}, fmt.Errorf("bad -concurrency-timeout %v: want a positive duration", opts.concTimeout)
	}
	if *compare != "" {
		opts.compare = strings.Split(*compare, ",")
		if len(opts.compare) > 2 {
			return options{}, fmt.Errorf("-compare: want one file or two, got %d", len(opts.compare))
		}
	}
	for _, f := range strings.Split(*speedWork, ",") {
		w, err := strconv.ParseInt(f, 10, 64)
		if err != nil || w <= 0 {
			return options{}, fmt.Errorf("bad -speed-work %q: want positive work budgets, comma-separated", *speedWork)
		}
		opts.speedWork = append(opts.speedWork, w)
	}
	var err error
	if opts.directed, err = ssaexec.ParseSearchOrder(*searchOrder); err != nil {
		return options{}, err
	}
	switch *summaries {
	case "on", "off":
		opts.summaries = *summaries == "on"
	default:
		return options{}, fmt.Errorf("bad -summaries %q: want on or off", *summaries)
	}
	if opts.chain, err = solver.ParseChain(*chain); err != nil {
		return options{}, err
	}
	if opts.tables, err = subset(*tables, allTables, "table"); err != nil {
		return options{}, err
	}
	if opts.modes, err = subset(*modeList, modes, "mode"); err != nil {
		return options{}, err
	}
	if opts.ks, err = bounds(*ks); err != nil {
		return options{}, err
	}
	if opts.run, err = regexp.Compile(*run); err != nil {
		return options{}, fmt.Errorf("-run: %v", err)
	}
	return opts, nil
}

// subset splits a comma-separated list and checks each item against known.
func subset(list string, known []string, what string) ([]string, error) {
	var out []string
	for _, item := range strings.Split(list, ",") {
		if !slices.Contains(known, item) {
			return nil, fmt.Errorf("unknown %s %q (want one of %s)", what, item, strings.Join(known, ", "))
		}
		out = append(out, item)
	}
	return out, nil
}

// bounds parses the -k list: each k from 1 on (the paper has columns up
// to 3; deeper ones show how the search grows).
func bounds(list string) ([]int, error) {
	var ks []int
	for _, item := range strings.Split(list, ",") {
		k, err := strconv.Atoi(item)
		if err != nil || k < 1 {
			return nil, fmt.Errorf("-k: want values from 1 on, got %q", item)
		}
		ks = append(ks, k)
	}
	return ks, nil
}

func run(opts options) error {
	var before string
	if len(opts.compare) > 0 {
		b, err := os.ReadFile(opts.compare[0])
		if err != nil {
			return err
		}
		before = string(b)
	}
	if len(opts.compare) == 2 {
		return compareFiles(opts, before)
	}
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	h, err := newHarness(root, opts)
	if err != nil {
		return err
	}
	defer h.prog.Release()
	if opts.cpuprof != "" {
		stop, err := profileCPU(opts.cpuprof)
		if err != nil {
			return err
		}
		defer stop()
	}
	if opts.memprof != "" {
		defer writeMemProfile(opts.memprof)
	}
	var doc strings.Builder
	writeHeader(&doc, root, opts)
	for _, t := range opts.tables {
		switch t {
		case "kbound":
			writeKBound(&doc, h.kbound())
		case "nbound":
			writeNBound(&doc, h.nbound())
		case "abstraction":
			writeAbstraction(&doc, h.abstraction())
		case "summaries":
			writeSummaries(&doc, h.summaries())
		case "schedules":
			writeSchedules(&doc, h.schedules())
		case "peers":
			t, err := comparePeers(root)
			if err != nil {
				return err
			}
			writePeers(&doc, t)
		case "firstfind":
			rows, err := measureFirstFind(root, opts.firstRuns, opts.fuzzTime, os.Stderr)
			if err != nil {
				return err
			}
			writeFirstFind(&doc, rows, opts.fuzzTime)
		case "concurrency":
			t, err := measureConcurrency(root, opts.concRuns, opts.concTimeout, opts.workers, opts.chain, os.Stderr)
			if err != nil {
				return err
			}
			writeConcurrency(&doc, t)
		case "speed":
			rows, err := measureSpeed(root, opts.speedWork, opts.workers, os.Stderr)
			if err != nil {
				return err
			}
			writeSpeed(&doc, rows, opts.workers)
		case "realcode":
			if err := writeRealCode(&doc, root, opts); err != nil {
				return err
			}
			if before != "" {
				if err := appendComparison(&doc, opts.compare[0], "this run", before, doc.String()); err != nil {
					return err
				}
			}
		}
	}
	return emit(opts, doc.String())
}

// compareFiles writes the comparison of the two result files of -compare,
// the first read as before.
func compareFiles(opts options, before string) error {
	after, err := os.ReadFile(opts.compare[1])
	if err != nil {
		return err
	}
	var doc strings.Builder
	if err := appendComparison(&doc, opts.compare[0], opts.compare[1], before, string(after)); err != nil {
		return err
	}
	return emit(opts, doc.String())
}

// appendComparison writes the realcode totals of the result file before
// beside those of after.
func appendComparison(w io.Writer, beforeName, afterName, before, after string) error {
	b, err := parseTotals(before)
	if err != nil {
		return fmt.Errorf("-compare: %s: %v", beforeName, err)
	}
	a, err := parseTotals(after)
	if err != nil {
		return fmt.Errorf("-compare: %s: %v", afterName, err)
	}
	writeComparison(w, beforeName, afterName, b, a)
	return nil
}

// emit prints the document, and writes it into -o's file if set.
func emit(opts options, doc string) error {
	fmt.Print(doc)
	if opts.out == "" {
		return nil
	}
	return os.WriteFile(opts.out, []byte(doc), 0o644)
}

// moduleRoot is the directory of gosym's go.mod, found from the working
// directory up, so that the harness runs from anywhere in the module.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory: run bench inside the gosym module")
		}
		dir = parent
	}
}

// profileCPU starts a CPU profile into file; stop ends it.
func profileCPU(file string) (stop func(), err error) {
	f, err := os.Create(file)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

// writeMemProfile writes the profile of what the runs allocated into
// file, or says on stderr why it cannot.
func writeMemProfile(file string) {
	f, err := os.Create(file)
	if err == nil {
		err = pprof.Lookup("allocs").WriteTo(f, 0)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench: memory profile:", err)
	}
}

// progress reports one finished run on stderr, for long tables.
func progress(w io.Writer, format string, args ...any) {
	fmt.Fprintf(w, "bench: "+format+"\n", args...)
}
