package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

// firstFindCases are the functions of bench/firstfind, each with the
// fuzz target that looks for its bug.
var firstFindCases = []struct{ fn, target, bug string }{
	{"firstfind.SecondToLast", "FuzzSecondToLast", "list: nil dereference on one node"},
	{"firstfind.MinDepth", "FuzzMinDepth", "tree: nil dereference below a node with one child"},
	{"firstfind.WindowSums", "FuzzWindowSums", "slice: index one past the end"},
	{"(*firstfind.Cache).Put", "FuzzCachePut", "map: write to a nil map (key of 4 bytes or more)"},
	{"(firstfind.Ring).At", "FuzzRingAt", "slice: modulo by an empty ring's length"},
	{"firstfind.Third", "FuzzThird", "slice: i+3 wraps past the check"},
}

// firstFindRow is one function: how soon each tool reported its bug, run
// after run.
type firstFindRow struct {
	fn, target, bug string
	gosym, fuzz     []time.Duration
	// found counts the runs that reported the bug; a fuzz run that did
	// not ran for the whole -fuzztime.
	gosymFound, fuzzFound int
}

// measureFirstFind copies bench/firstfind into a module of its own (go
// test -fuzz writes the input that crashed into the package's testdata)
// and times, runs times per function, gosym from its start to its first
// finding and go test -fuzz from its start (the build of the fuzz binary
// included) to its exit on a crash, or fuzzTime. The fuzzer's cache of
// interesting inputs is removed before every run, so that no run starts
// from another's.
func measureFirstFind(root string, runs int, fuzzTime time.Duration, log io.Writer) ([]firstFindRow, error) {
	dir, bin, err := buildGosym(root, "gosymfirstfind")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	mod := filepath.Join(dir, "firstfind")
	if err := copyPackage(filepath.Join(root, "bench", "firstfind"), mod); err != nil {
		return nil, err
	}
	gocache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOCACHE: %v", err)
	}
	fuzzCache := filepath.Join(strings.TrimSpace(string(gocache)), "fuzz", "firstfind")
	// Warm the build cache for both, so that no first run pays for it.
	warm := exec.Command("go", "test", "-run", "^$", ".")
	warm.Dir = mod
	if out, err := warm.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the fuzz targets: %v: %s", err, out)
	}
	var rows []firstFindRow
	for _, c := range firstFindCases {
		row := firstFindRow{fn: c.fn, target: c.target, bug: c.bug}
		for r := range runs {
			fmt.Fprintf(log, "firstfind: %s, run %d\n", c.fn, r+1)
			d, found, err := gosymFirstFinding(bin, mod, c.fn)
			if err != nil {
				return nil, err
			}
			row.gosym = append(row.gosym, d)
			if found {
				row.gosymFound++
			}
			for _, stale := range []string{filepath.Join(mod, "testdata"), filepath.Join(fuzzCache, c.target)} {
				if err := os.RemoveAll(stale); err != nil {
					return nil, err
				}
			}
			d, found, err = fuzzToCrash(mod, c.target, fuzzTime)
			if err != nil {
				return nil, err
			}
			row.fuzz = append(row.fuzz, d)
			if found {
				row.fuzzFound++
			}
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// copyPackage copies the Go files of the package in src into dst, a new
// module of the package's name.
func copyPackage(src, dst string) error {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	files, err := filepath.Glob(filepath.Join(src, "*.go"))
	if err != nil {
		return err
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dst, filepath.Base(f)), data, 0o644); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(dst, "go.mod"), []byte("module firstfind\n\ngo 1.22\n"), 0o644)
}

// gosymFirstFinding runs gosym on the one function fn in dir and returns
// the time until it wrote its first finding (or ended), and whether it
// wrote one.
func gosymFirstFinding(bin, dir, fn string) (time.Duration, bool, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-json", "-cache=off", "-run", "^"+regexp.QuoteMeta(fn)+"$", ".")
	cmd.Dir = dir
	out, err := cmd.StdoutPipe()
	if err != nil {
		return 0, false, err
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, false, err
	}
	found := false
	lines := bufio.NewScanner(out)
	lines.Buffer(nil, 1<<20)
	for lines.Scan() {
		if strings.Contains(lines.Text(), `"type":"finding"`) {
			found = true
			break
		}
	}
	elapsed := time.Since(start)
	cancel()
	werr := cmd.Wait()
	var exit *exec.ExitError
	if !found && werr != nil && !errors.As(werr, &exit) {
		return 0, false, fmt.Errorf("gosym on %s: %v", fn, werr)
	}
	return elapsed, found, nil
}

// fuzzToCrash runs go test -fuzz on one target in dir and returns the
// time until it exited, and whether it exited on a crash.
func fuzzToCrash(dir, target string, fuzzTime time.Duration) (time.Duration, bool, error) {
	cmd := exec.Command("go", "test", "-run", "^$", "-fuzz", "^"+target+"$", "-fuzztime", fuzzTime.String(), ".")
	cmd.Dir = dir
	start := time.Now()
	out, err := cmd.CombinedOutput()
	elapsed := time.Since(start)
	var exit *exec.ExitError
	switch {
	case err == nil:
		return elapsed, false, nil
	case errors.As(err, &exit) && strings.Contains(string(out), "Failing input written to"):
		return elapsed, true, nil
	default:
		return 0, false, fmt.Errorf("go test -fuzz %s: %v: %s", target, err, out)
	}
}

// writeFirstFind writes the firstfind table.
func writeFirstFind(w io.Writer, rows []firstFindRow, fuzzTime time.Duration) {
	fmt.Fprintf(w, "## First finding: gosym beside go test -fuzz\n\n")
	fmt.Fprintf(w, "Six small bugs of bench/firstfind, each with a fuzz target written as a Go developer would. gosym runs on the one function (`-json -cache=off -run`), timed from its start, package loading included, to its first finding. `go test -fuzz` is timed from its start, the fuzz binary's build included (the build cache is warm for both), to its exit on a crash; the fuzzer's cache of interesting inputs is removed before each run, and a run that finds nothing stops at -fuzztime %s. Medians over the runs; times depend on the machine.\n\n", fuzzTime)
	fmt.Fprintf(w, "| function | bug | gosym: first finding | found | go test -fuzz: crash | found | gosym / fuzz |\n")
	fmt.Fprintf(w, "|---|---|--:|--:|--:|--:|--:|\n")
	for _, r := range rows {
		g, f := median(r.gosym), median(r.fuzz)
		fuzzCell := f.Round(10 * time.Millisecond).String()
		if r.fuzzFound*2 <= len(r.fuzz) {
			fuzzCell = "> " + fuzzTime.String() // most runs found nothing
		}
		ratio := "-"
		if f > 0 {
			ratio = fmt.Sprintf("%.2f", float64(g)/float64(f))
		}
		fmt.Fprintf(w, "| `%s` | %s | %s | %d/%d | %s | %d/%d | %s |\n", r.fn, r.bug,
			g.Round(10*time.Millisecond), r.gosymFound, len(r.gosym), fuzzCell, r.fuzzFound, len(r.fuzz), ratio)
	}
	fmt.Fprintln(w)
}

// median returns the median of ds (the lower of the two middle ones).
func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[(len(s)-1)/2]
}
