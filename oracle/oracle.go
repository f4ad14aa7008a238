// Package oracle checks gosym's shortcuts against the plain search.
//
// Procedure summaries, partial-order reduction, shared package
// initialization, subsumption at loop heads and the Go side of the solver
// are optimizations of the plain search: each must report what the plain
// search reports under the same bounds. Compare runs one entry function
// with a shortcut on and off and says where they differ:
//
//   - a finding of the plain search (its position and kind) that the
//     shortcut did not report is lost;
//   - a function the shortcut calls complete, where the plain search
//     found something it did not, is falsely complete. (Complete
//     allows latent findings, which need a value no caller can build.)
//
// Budgets count work, and the shortcuts change how much work a search
// takes, so a function is compared only where both searches finished
// within the bounds (neither ran out of budget, nor stopped deepening for
// lack of it); the others are skipped, and the caller counts them. A
// falsely complete function is a difference whatever the plain search's
// status: complete claims that no input within the bounds panics.
package oracle

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/abstraction"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/solver"
	"github.com/gosym/gosym/ssaexec"
)

// Shortcut is one optimization of the plain search.
type Shortcut struct {
	// Name is how reports and flags name it.
	Name string
	// Plain turns the shortcut off in a configuration, Short turns it
	// on; nothing else of the configuration changes.
	Plain, Short func(*ssaexec.Config)
	// OffByDefault marks one the command's defaults leave off.
	OffByDefault bool
}

// Shortcuts lists gosym's shortcuts, each with the flag that turns it
// off where the command has one.
func Shortcuts() []Shortcut {
	return []Shortcut{
		{Name: "summaries", // -summaries
			Plain: func(c *ssaexec.Config) { c.ProcSummaries = false },
			Short: func(c *ssaexec.Config) { c.ProcSummaries = true }},
		{Name: "por", // -por
			Plain: func(c *ssaexec.Config) { c.POR = false },
			Short: func(c *ssaexec.Config) { c.POR = true }},
		{Name: "shared-init",
			Plain: func(c *ssaexec.Config) { c.ShareInit = false },
			Short: func(c *ssaexec.Config) { c.ShareInit = true }},
		{Name: "shared-sequences",
			Plain: func(c *ssaexec.Config) { c.ShareSequences = false },
			Short: func(c *ssaexec.Config) { c.ShareSequences = true }},
		// Exact subsumption prunes a state only where one stored before
		// covers it; abstract subsumption may prune more, and says so
		// (status abstract), so it is no shortcut of this kind.
		{Name: "subsumption", // -subsume
			Plain: func(c *ssaexec.Config) { c.Subsume = abstraction.Off },
			Short: func(c *ssaexec.Config) { c.Subsume = abstraction.Exact }},
		{Name: "solver", // -solver
			Plain: func(c *ssaexec.Config) { c.Solver = solver.Z3Only },
			Short: func(c *ssaexec.Config) { c.Solver = solver.Cached }},
		// A directed search takes the depth-first one's states in
		// another order: with budget for both, it finds the same.
		{Name: "directed", // -search
			Plain:        func(c *ssaexec.Config) { c.Directed = false },
			Short:        func(c *ssaexec.Config) { c.Directed = true },
			OffByDefault: true},
	}
}

// ShortcutNamed returns the shortcut called name.
func ShortcutNamed(name string) (Shortcut, bool) {
	i := slices.IndexFunc(Shortcuts(), func(s Shortcut) bool { return s.Name == name })
	if i < 0 {
		return Shortcut{}, false
	}
	return Shortcuts()[i], true
}

// BaseConfig returns the configuration the shortcuts are compared
// under: the command's defaults with exact subsumption (abstract
// subsumption may prune a finding and says so), budget as the work
// budget of each search, and smaller bounds on the bytes observed of an
// input string and on the iterations of loops. A comparison needs both
// searches to finish within the bounds: at the default bounds a
// scanner's loop over its input runs either search out of budget, and
// the shortcut is not checked where it matters most.
func BaseConfig(budget int64) ssaexec.Config {
	cfg := ssaexec.DefaultConfig()
	cfg.Subsume = abstraction.Exact
	cfg.MaxWork = budget
	cfg.KBytes, cfg.Loops = 2, 4
	return cfg
}

// Comparison is the outcome of one function under one shortcut.
type Comparison struct {
	Func, Shortcut string
	// Skipped says why the two searches were not compared ("" where
	// they were).
	Skipped string
	// Lost are the findings of the plain search the shortcut did not
	// report, Extra those the shortcut reported alone (not a
	// difference: a shortcut may take the search further under the same
	// budget), each as "file:line:column kind".
	Lost, Extra []string
	// FalselyComplete says the shortcut called the function complete
	// where the plain search found something it did not.
	FalselyComplete bool
	// Plain and Short are the two records.
	Plain, Short *result.FuncResult
}

// Differs reports whether the shortcut lost something the plain search
// found.
func (c *Comparison) Differs() bool { return len(c.Lost) > 0 || c.FalselyComplete }

// Compare analyses fn with sc off and on, under cfg otherwise, and
// compares the two records.
func Compare(prog *ssaexec.Program, fn *ssa.Function, cfg ssaexec.Config, sc Shortcut) *Comparison {
	plainCfg, shortCfg := cfg, cfg
	sc.Plain(&plainCfg)
	sc.Short(&shortCfg)
	return Diff(sc.Name, prog.Analyze(fn, plainCfg), prog.Analyze(fn, shortCfg))
}

// Diff compares the records of the plain search and of the search with
// the shortcut called name.
func Diff(name string, plain, short *result.FuncResult) *Comparison {
	c := &Comparison{Func: plain.Func, Shortcut: name, Plain: plain, Short: short}
	p, s := findingKeys(plain), findingKeys(short)
	c.Lost, c.Extra = missing(p, s), missing(s, p)
	c.FalselyComplete = short.Status == result.Complete && len(c.Lost) > 0
	if why := unfinished(plain, short); why != "" && !c.FalselyComplete {
		c.Skipped, c.Lost, c.Extra = why, nil, nil
	}
	return c
}

// unfinished says why one of the records is not a search that finished
// within the bounds, or "".
func unfinished(plain, short *result.FuncResult) string {
	for _, r := range []struct {
		side string
		res  *result.FuncResult
	}{{"plain", plain}, {"shortcut", short}} {
		switch st := r.res.Status; {
		case st == result.Stopped || st == result.Timeout:
			return fmt.Sprintf("the %s search ran out of budget (limits hit: %s)", r.side, strings.Join(r.res.Limits, ", "))
		case slices.ContainsFunc(r.res.Limits, isBudget):
			// A search that found something is failed whether or not a
			// budget then stopped it: the rest was not searched.
			return fmt.Sprintf("the %s search ran out of budget after a finding (limits hit: %s)", r.side, strings.Join(r.res.Limits, ", "))
		case st == result.Error:
			return fmt.Sprintf("the %s search failed: %s", r.side, r.res.Err)
		case slices.Contains(r.res.Limits, "deepening stopped"):
			return fmt.Sprintf("the %s search stopped deepening for lack of budget", r.side)
		}
	}
	return ""
}

// isBudget reports whether limit names a budget of the whole search
// (FuncResult.Limits), not a bound that cut some paths.
func isBudget(limit string) bool {
	return limit == "max-work" || limit == "max-states" || limit == "timeout"
}

// findingKeys returns the position and kind of each of r's findings,
// sorted, each once.
func findingKeys(r *result.FuncResult) []string {
	var keys []string
	for _, f := range r.Findings {
		keys = append(keys, fmt.Sprintf("%s:%d:%d %s", f.Pos.Filename, f.Pos.Line, f.Pos.Column, f.Kind))
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// missing returns the keys of a that b does not hold; both are sorted.
func missing(a, b []string) []string {
	var out []string
	for _, k := range a {
		if _, found := slices.BinarySearch(b, k); !found {
			out = append(out, k)
		}
	}
	return out
}

// String writes the difference and both records.
func (c *Comparison) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s with shortcut %s:", c.Func, c.Shortcut)
	if c.FalselyComplete {
		b.WriteString(" complete, where the plain search found more;")
	}
	if len(c.Lost) > 0 {
		fmt.Fprintf(&b, " lost %s;", strings.Join(c.Lost, ", "))
	}
	if c.Skipped != "" {
		fmt.Fprintf(&b, " not compared: %s;", c.Skipped)
	}
	b.WriteString("\n  plain:    ")
	b.WriteString(Record(c.Plain))
	b.WriteString("\n  shortcut: ")
	b.WriteString(Record(c.Short))
	return b.String()
}

// Record writes what a comparison looks at in r: its status and counts,
// the bounds hit, and each finding with its message and witness.
func Record(r *result.FuncResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %d paths, %d panics, %d cut, %d states, %d work", r.Status, r.Paths, r.Panics, r.Cut, r.States, r.Work)
	if len(r.BoundsHit) > 0 {
		fmt.Fprintf(&b, ", bounds hit: %s", strings.Join(r.BoundsHit, "; "))
	}
	if r.Err != "" {
		fmt.Fprintf(&b, ", error: %s", r.Err)
	}
	for _, f := range r.Findings {
		fmt.Fprintf(&b, "\n    %s:%d:%d %s: %s", f.Pos.Filename, f.Pos.Line, f.Pos.Column, f.Kind, f.Message)
		if f.Call != "" {
			fmt.Fprintf(&b, " (witness %s)", strings.Join(append(slices.Clone(f.Setup), f.Call), "; "))
		}
	}
	return b.String()
}

// Tally counts the comparisons of one shortcut.
type Tally struct {
	Shortcut                     string
	Compared, Skipped, Differing int
	// Extra counts the findings the shortcut reported alone.
	Extra int
}

// Count adds c to t.
func (t *Tally) Count(c *Comparison) {
	t.Shortcut = c.Shortcut
	switch {
	case c.Differs():
		t.Compared++
		t.Differing++
	case c.Skipped != "":
		t.Skipped++
	default:
		t.Compared++
	}
	t.Extra += len(c.Extra)
}

// SkippedShare is the share of t's functions that were not compared.
func (t Tally) SkippedShare() float64 {
	if n := t.Compared + t.Skipped; n > 0 {
		return float64(t.Skipped) / float64(n)
	}
	return 0
}

// String writes t as a line of a report.
func (t Tally) String() string {
	return fmt.Sprintf("%-12s compared %4d, skipped %3d (%4.1f%%), differing %d, found only with the shortcut %d",
		t.Shortcut, t.Compared, t.Skipped, 100*t.SkippedShare(), t.Differing, t.Extra)
}
