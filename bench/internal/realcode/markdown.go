package realcode

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/ssaexec"
)

// Markdown writes the report as a section of bench/RESULTS.md: the
// configuration, a table of status counts and times per package of each
// set, a table of every finding with its witness, its replay and its
// triage verdict (findings missing from triage are "untriaged"), and the
// functions whose analysis crashed.
func (r *Report) Markdown(w io.Writer, triage map[string]Verdict) {
	fmt.Fprintf(w, "## Real code\n\n")
	r.header(w)
	for _, s := range r.Sets {
		r.setTable(w, s)
	}
	r.totals(w)
	r.findingsTable(w, triage)
	r.errorList(w)
}

func (r *Report) header(w io.Writer) {
	var mods []string
	for _, m := range r.Modules {
		mods = append(mods, m.Path+"@"+m.Version)
	}
	c := r.Config
	budget := budgetOf(c) + " per function"
	if r.RunWork > 0 {
		budget = fmt.Sprintf("a run budget of %d work units per function of each set", r.RunWork)
	}
	fmt.Fprintf(w, "Modules: %s. Bounds: k=%d, loops=%d, recursion=%d, seq=%d, %s, %d worker(s). ",
		strings.Join(mods, ", "), c.K, c.Loops, c.Recursion, c.Seq, budget, r.Workers)
	fmt.Fprintf(w, "Wall time %s. Positions are relative to GOMODCACHE or GOROOT.\n\n", round(r.Wall))
}

// statusHeader is the columns of the status tables.
func statusHeader(w io.Writer, first string) {
	fmt.Fprintf(w, "| %s | functions |", first)
	for _, s := range Statuses {
		fmt.Fprintf(w, " %s |", s)
	}
	fmt.Fprintf(w, " findings | latent | sequences (pruned) | states | solver checks | work | api work | hand-built work | solver work | summaries (renamed) | analysis time |\n|---|--:|")
	for range Statuses {
		fmt.Fprint(w, "--:|")
	}
	fmt.Fprintln(w, "--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
}

func statusRow(w io.Writer, name string, c Counts) {
	fmt.Fprintf(w, "| %s | %d |", name, c.Funcs)
	for _, s := range Statuses {
		fmt.Fprintf(w, " %d |", c.ByStatus[s])
	}
	fmt.Fprintf(w, " %d | %d | %d (%d) | %d | %d | %d | %s | %s | %s | %d (%d) | %s |\n", c.Findings, c.Latent, c.Sequences, c.Pruned,
		c.States, c.Checks, c.Work, workShare(c.APIWork, c.Work), workShare(c.HandBuiltWork, c.Work), workShare(c.SolverWork, c.Work),
		c.Applied, c.Renamed, round(c.Time))
}

// workShare is part of the work total, with its share: "1200 (40%)".
func workShare(part, total int64) string {
	if total == 0 {
		return fmt.Sprint(part)
	}
	return fmt.Sprintf("%d (%d%%)", part, part*100/total)
}

func (r *Report) setTable(w io.Writer, s *SetReport) {
	fmt.Fprintf(w, "### %s\n\n", s.Name)
	fmt.Fprintf(w, "Patterns %s; load %s, analysis %s (wall), replay %s.\n\n",
		strings.Join(s.Patterns, " "), round(s.Load), round(s.Analysis), round(s.Replay))
	statusHeader(w, "package")
	for _, p := range s.Packages {
		statusRow(w, p.Path, p.Counts())
	}
	statusRow(w, "**total**", s.Counts())
	fmt.Fprintln(w)
}

func (r *Report) totals(w io.Writer) {
	fmt.Fprintf(w, "### Total\n\n")
	statusHeader(w, "set")
	for _, s := range r.Sets {
		statusRow(w, s.Name, s.Counts())
	}
	statusRow(w, "**total**", r.Counts())
	fmt.Fprintln(w)
}

func (r *Report) findingsTable(w io.Writer, triage map[string]Verdict) {
	recs := r.Findings()
	fmt.Fprintf(w, "### Findings (%d)\n\n", len(recs))
	outcomes := map[string]int{}
	verdicts := map[string]int{}
	fmt.Fprintln(w, "| # | position | function | kind | message | witness | replay | verdict | note |")
	fmt.Fprintln(w, "|--:|---|---|---|---|---|---|---|---|")
	for i, rec := range recs {
		replay := "not run"
		if rec.Replayed {
			replay = rec.Replay.String()
		}
		outcomes[outcome(rec)]++
		v, ok := triage[rec.Key]
		verdict := "untriaged"
		if ok {
			verdict = string(v.Class)
		}
		verdicts[verdict]++
		fmt.Fprintf(w, "| %d | %s | %s | %s | %s | %s | %s | %s | %s |\n", i+1, code(rec.Pos), code(rec.Result.Func),
			rec.Finding.Kind, cell(rec.Finding.Message), witness(rec.Finding), cell(replay), verdict, cell(v.Note))
	}
	fmt.Fprintf(w, "\nReplays: %s. Verdicts: %s.\n\n", tally(outcomes), tally(verdicts))
	var untriaged []string
	for _, rec := range recs {
		if _, ok := triage[rec.Key]; !ok {
			untriaged = append(untriaged, "- `"+rec.Key+"`")
		}
	}
	if len(untriaged) > 0 {
		fmt.Fprintf(w, "Keys of the untriaged findings, for bench/triage.txt:\n\n%s\n\n", strings.Join(untriaged, "\n"))
	}
}

func outcome(rec FindingRecord) string {
	switch {
	case !rec.Replayed:
		return "not run"
	case rec.Replay.Unoptimized:
		return string(rec.Replay.Outcome) + " without optimization"
	}
	return string(rec.Replay.Outcome)
}

func (r *Report) errorList(w io.Writer) {
	errs := r.Errors()
	if len(errs) == 0 {
		return
	}
	fmt.Fprintf(w, "### Functions with status error (%d)\n\n", len(errs))
	for _, res := range errs {
		fmt.Fprintf(w, "- %s (%s): %s\n", code(res.Func), r.Roots.rel(res.Pos.Filename), cell(firstLine(res.Err)))
	}
	fmt.Fprintln(w)
}

// witness writes a finding's witness in one cell: its statements as the
// external test package writes them (as the package's own code writes
// them, marked "in-package", where only it can), and why it does not
// compile in the package, if it does not.
func witness(f *result.Finding) string {
	if e := f.External; e != nil {
		return code(strings.Join(append(slices.Clip(e.Setup), e.Call), "; "))
	}
	w := code(strings.Join(append(slices.Clip(f.Setup), f.Call), "; "))
	if len(f.NotExternal) > 0 {
		w += " (in-package: " + cell(strings.Join(f.NotExternal, "; ")) + ")"
	}
	if len(f.Unwritable) > 0 {
		w += " (not Go that compiles in the package: " + cell(strings.Join(f.Unwritable, "; ")) + ")"
	}
	return w
}

// tally writes counts as "3 confirmed, 1 not-replayable", in a stable
// order.
func tally(m map[string]int) string {
	if len(m) == 0 {
		return "none"
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, fmt.Sprintf("%d %s", m[k], k))
	}
	return strings.Join(parts, ", ")
}

// cell makes text safe inside a table cell: one line, pipes escaped.
func cell(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(s, "|", `\|`)
}

func code(s string) string {
	return "`" + strings.ReplaceAll(s, "|", `\|`) + "`"
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func round(d time.Duration) time.Duration {
	return d.Round(100 * time.Millisecond)
}

// budgetOf describes the budgets of one function under c.
func budgetOf(c ssaexec.Config) string {
	var parts []string
	if c.MaxWork > 0 {
		parts = append(parts, fmt.Sprintf("max-work %d", c.MaxWork))
	}
	if c.MaxStates > 0 {
		parts = append(parts, fmt.Sprintf("max-states %d", c.MaxStates))
	}
	if c.Timeout > 0 {
		parts = append(parts, fmt.Sprintf("timeout %s", c.Timeout))
	}
	if len(parts) == 0 {
		return "no budget"
	}
	return strings.Join(parts, ", ")
}
