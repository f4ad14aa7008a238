// Package peers runs the tools that gosym is compared with, the nilness
// analyzer of golang.org/x/tools and staticcheck, and collects their
// diagnostics in one form.
//
// Each tool is a binary installed with "go install pkg@version" at a pinned
// version, so results are reproducible and no go.mod is touched; binaries are
// cached under os.UserCacheDir()/gosym-peers/<tool>-<version>-<goversion>.
package peers

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Names of the peer tools, as they appear in Finding.Tool and
// Unavailable.Tool.
const (
	Nilness     = "nilness"
	Staticcheck = "staticcheck"
)

// Pinned versions. xtoolsVersion follows golang.org/x/tools in gosym's
// go.mod (a test checks it), so nilness is the one gosym itself builds
// against; staticcheck v0.8.2 (2026.2.2) is the newest release and the
// first line that supports Go 1.26.
const (
	xtoolsVersion      = "v0.52.0"
	staticcheckVersion = "v0.8.2"
)

// Finding is one diagnostic of a peer tool.
type Finding struct {
	Tool    string         // Nilness or Staticcheck
	Pos     token.Position // Filename is absolute
	Check   string         // analyzer name or check code, e.g. "nilness", "SA5000"
	Message string
}

// Unavailable says why a tool could not be run.
type Unavailable struct {
	Tool, Reason string
}

// tool says how to install and run one peer and how to read its output.
type tool struct {
	name    string
	pkg     string // main package, installed as pkg@version
	version string
	args    []string // put before the patterns
	// parse reads stdout; problems are errors the tool reported about the
	// packages (load or type errors), which make its run incomplete.
	parse func(dir string, stdout []byte) (fs []Finding, problems []string, err error)
}

var tools = []tool{
	{
		name:    Nilness,
		pkg:     "golang.org/x/tools/go/analysis/passes/nilness/cmd/nilness",
		version: xtoolsVersion,
		args:    []string{"-json"},
		parse:   parseNilness,
	},
	{
		name:    Staticcheck,
		pkg:     "honnef.co/go/tools/cmd/staticcheck",
		version: staticcheckVersion,
		args:    []string{"-checks", "all", "-f", "json"},
		parse:   parseStaticcheck,
	},
}

// Run runs each peer tool over the package patterns in dir (a directory
// inside a Go module) and returns their findings, sorted by file, line,
// column, tool, plus the tools that could not be installed or run.
//
// A tool that failed on some packages (say, a type error) is listed in
// Unavailable even though its findings on the other packages are kept, so
// that a comparison never mistakes a partial run for a clean one. The error
// is for ctx being done or dir not being a directory.
func Run(ctx context.Context, dir string, patterns []string) ([]Finding, []Unavailable, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, nil, err
	}
	if st, err := os.Stat(dir); err != nil {
		return nil, nil, err
	} else if !st.IsDir() {
		return nil, nil, fmt.Errorf("peers: %s is not a directory", dir)
	}
	var all []Finding
	var unavailable []Unavailable
	for _, t := range tools {
		fs, _, err := t.run(ctx, dir, patterns)
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		all = append(all, fs...)
		if err != nil {
			unavailable = append(unavailable, Unavailable{Tool: t.name, Reason: err.Error()})
		}
	}
	return sortFindings(all), unavailable, nil
}

// Cost is what one run of a tool took: the CPU time of its process and
// of the processes it waited for (the go command that lists packages),
// and the wall time.
type Cost struct {
	CPU, Wall time.Duration
}

// CostOf is what the finished command cmd, started at start, took. On
// Linux the usage wait4 reports includes the waited-for children of the
// process. A command that never started took no CPU.
func CostOf(cmd *exec.Cmd, start time.Time) Cost {
	c := Cost{Wall: time.Since(start)}
	if ps := cmd.ProcessState; ps != nil {
		c.CPU = ps.UserTime() + ps.SystemTime()
	}
	return c
}

// RunNilness runs nilness alone over the package patterns in dir, for a
// comparison of costs: its findings, and what the run took.
func RunNilness(ctx context.Context, dir string, patterns []string) ([]Finding, Cost, error) {
	fs, cost, err := tools[0].run(ctx, dir, patterns)
	return sortFindings(fs), cost, err
}

// run installs t if needed and runs it; findings may come with an error
// when the tool analyzed only part of the packages.
func (t tool) run(ctx context.Context, dir string, patterns []string) ([]Finding, Cost, error) {
	bin, err := t.install(ctx)
	if err != nil {
		return nil, Cost{}, err
	}
	cmd := exec.CommandContext(ctx, bin, append(slices.Clone(t.args), patterns...)...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	runErr := cmd.Run()
	cost := CostOf(cmd, start)
	var exit *exec.ExitError
	if runErr != nil && !errors.As(runErr, &exit) {
		return nil, cost, fmt.Errorf("run %s: %v", bin, runErr)
	}
	fs, problems, err := t.parse(dir, stdout.Bytes())
	switch {
	case err != nil:
		return nil, cost, failure(fmt.Sprintf("unreadable output: %v", err), runErr, stderr.Bytes())
	case len(problems) > 0:
		return fs, cost, failure(strings.Join(problems, "; "), runErr, stderr.Bytes())
	case runErr != nil && len(fs) == 0:
		// Both tools exit non-zero when they report something; a non-zero
		// exit with nothing reported means they did not get that far.
		return nil, cost, failure("no output", runErr, stderr.Bytes())
	}
	return fs, cost, nil
}

// failure builds the reason of an unsuccessful run from what the tool said;
// the head of stderr usually holds the real cause (a load error), which the
// structured output only echoes as "failed prerequisites".
func failure(what string, runErr error, stderr []byte) error {
	msg := what
	if runErr != nil {
		msg += " (" + runErr.Error() + ")"
	}
	if s := strings.TrimSpace(string(stderr)); s != "" {
		msg += ": " + s
	}
	const max = 2000
	if len(msg) > max {
		msg = msg[:max] + "..."
	}
	return errors.New(msg)
}

// sortFindings sorts fs by file, line, column, tool and drops duplicates,
// which arise when a package is analyzed both alone and with its tests.
func sortFindings(fs []Finding) []Finding {
	slices.SortFunc(fs, func(a, b Finding) int {
		return cmp.Or(
			cmp.Compare(a.Pos.Filename, b.Pos.Filename),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Column, b.Pos.Column),
			cmp.Compare(a.Tool, b.Tool),
			cmp.Compare(a.Check, b.Check),
			cmp.Compare(a.Message, b.Message),
		)
	})
	return slices.CompactFunc(fs, func(a, b Finding) bool {
		return a.Tool == b.Tool && a.Pos == b.Pos && a.Check == b.Check && a.Message == b.Message
	})
}

// absFile makes a reported file name absolute; both tools already print
// absolute names, this only guards against a relative one.
func absFile(dir, name string) string {
	if name == "" || filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(dir, name)
}
