package report

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/gosym/gosym/result"
)

// Options say what a Writer writes.
type Options struct {
	// JSON writes JSON Lines, one object per finding and one per
	// function, instead of text.
	JSON bool
	// Verbose writes every function's status, not only its findings.
	Verbose bool
	// Trace writes each finding's path (text only: JSON always has it).
	Trace bool
}

// Writer writes results as text or JSON Lines, file names relative to
// the working directory. Set its maps before the first Function.
type Writer struct {
	w    io.Writer
	opts Options
	enc  *json.Encoder
	cwd  string
	// Replays holds each finding's replay (WitnessTests), if replayed.
	Replays map[*result.Finding]ReplayResult
	// Pictures holds each finding's picture files without extension
	// (WritePictures).
	Pictures map[*result.Finding]string
	// Cached marks the results taken from a result cache.
	Cached map[*result.FuncResult]bool
	// sources caches the lines of the files traces show.
	sources map[string][]string
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer, opts Options) *Writer {
	cwd, _ := os.Getwd()
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // witnesses are Go code: keep & and < readable
	return &Writer{w: w, opts: opts, enc: enc, cwd: cwd, sources: map[string][]string{}}
}

// Function writes a function's findings, its internal error if it has
// one, and with Options.Verbose or JSON its status.
func (p *Writer) Function(r *result.FuncResult) {
	if p.opts.JSON {
		for _, f := range r.Findings {
			rec := findingJSON(f, p.Rel)
			if res, ok := p.Replays[f]; ok {
				rec.Replay, rec.ReplayReason, rec.ReplayUnoptimized = string(res.Outcome), res.Reason, res.Unoptimized
			}
			if base, ok := p.Pictures[f]; ok {
				rec.InputPicture, rec.PanicPicture = p.Rel(base)+".input.dot", p.Rel(base)+".panic.dot"
			}
			p.enc.Encode(rec)
		}
		rec := funcJSON(r, p.Rel)
		rec.Cached = p.Cached[r]
		p.enc.Encode(rec)
		return
	}
	for _, f := range r.Findings {
		p.text(f)
	}
	if r.Status == result.Error {
		fmt.Fprintf(p.w, "%s: gosym internal error in %s: %s\n", p.Rel(r.Pos.String()), r.Func, firstLine(r.Err))
	}
	if p.opts.Verbose {
		line := statusLine(r)
		if p.Cached[r] {
			line += "; from the cache"
		}
		fmt.Fprintf(p.w, "%s: %s: %s\n", p.Rel(r.Pos.String()), r.Func, line)
	}
}

func (p *Writer) text(f *result.Finding) {
	fmt.Fprintf(p.w, "%s: %s (%s in %s)\n", p.Rel(f.Pos.String()), f.Message, f.Label(), f.Func)
	for _, line := range f.Setup {
		fmt.Fprintf(p.w, "\t%s\n", line)
	}
	fmt.Fprintf(p.w, "\t%s\n", f.Call)
	if len(f.Unwritable) > 0 {
		fmt.Fprintf(p.w, "\t// not Go that compiles in the function's package: %s\n", strings.Join(f.Unwritable, "; "))
	}
	if len(f.Approximated) > 0 {
		fmt.Fprintf(p.w, "\t// assumes what these returned or changed: %s\n", strings.Join(f.Approximated, ", "))
	}
	if len(f.AlsoFrom) > 0 {
		fmt.Fprintf(p.w, "\t// also reached from %s\n", strings.Join(f.AlsoFrom, ", "))
	}
	if f.Latent {
		fmt.Fprintf(p.w, "\t// latent: no caller of the package can build this input: it writes %s by hand\n", strings.Join(f.HandBuilt, ", "))
	}
	if f.ScheduleDependent {
		fmt.Fprintf(p.w, "\t// on one schedule of its goroutines, not on every one (-trace shows it)\n")
	}
	if res, ok := p.Replays[f]; ok {
		switch res.Outcome {
		case NotReproduced:
			fmt.Fprintf(p.w, "\t// replay: %s (a bug in gosym: please report it)\n", res)
		default:
			fmt.Fprintf(p.w, "\t// replay: %s\n", res)
		}
	}
	if base, ok := p.Pictures[f]; ok {
		fmt.Fprintf(p.w, "\t// heap: %s.input.dot, %s.panic.dot\n", p.Rel(base), p.Rel(base))
	}
	if p.opts.Trace {
		p.path(f)
	}
}

// Rel shortens a position's file name relative to the working directory.
func (p *Writer) Rel(pos string) string {
	if p.cwd == "" {
		return pos
	}
	if r, err := filepath.Rel(p.cwd, pos); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return pos
}

func statusLine(r *result.FuncResult) string {
	s := fmt.Sprintf("%s (paths %d, panics %d, cut %d, states %d, work %d, solver calls %d, %s)",
		r.Status, r.Paths, r.Panics, r.Cut, r.States, r.Work, r.SolverCalls, r.Elapsed.Round(time.Millisecond))
	if split := workSplitText(r); split != "" {
		s += "; work went to " + split
	}
	if sub := r.Subsumption; sub.Checks > 0 {
		s += fmt.Sprintf("; subsumption: %d checked, %d subsumed (%d abstractly), %d stored", sub.Checks, sub.Subsumed, sub.Abstract, sub.Stored)
	}
	if r.Refined > 0 {
		s += fmt.Sprintf("; %d paths past abstract subsumption cut by bounds (-refine)", r.Refined)
	}
	if sum := r.Summaries; sum != (result.SummaryStats{}) {
		s += fmt.Sprintf("; summaries: %d recorded, %d broken, %s answered, %s covered", sum.Recorded, sum.Broken,
			Plural(sum.Applied, "call", "calls"), Plural(sum.Covered, "return", "returns"))
	}
	if len(r.BoundsHit) > 0 {
		s += "; bounds hit: " + strings.Join(r.BoundsHit, ", ")
	}
	if unsupported := unsupportedTexts(r); len(unsupported) > 0 {
		s += "; unsupported: " + strings.Join(unsupported, ", ")
	}
	if len(r.Approximated) > 0 {
		s += "; not executed, modelled by fresh results: " + strings.Join(r.Approximated, ", ")
	}
	if r.NilParams > 0 {
		s += fmt.Sprintf("; %s left out (-nil-params)", Plural(r.NilParams, "nil-parameter panic", "nil-parameter panics"))
	}
	if r.Sequences > 0 || r.SequencesPruned > 0 {
		s += fmt.Sprintf("; call sequences: %d ran, %d pruned", r.Sequences, r.SequencesPruned)
	}
	if r.Latent > 0 {
		s += fmt.Sprintf("; %s (-latent)", Plural(r.Latent, "latent panic", "latent panics"))
	}
	if len(r.Notes) > 0 {
		s += "; " + strings.Join(r.Notes, "; ")
	}
	if r.Assumed > 0 {
		s += fmt.Sprintf("; %s resting on unexecuted calls left out (-assumed)", Plural(r.Assumed, "panic", "panics"))
	}
	return s
}

// workPart is a part of a function's work, named as -v says it.
type workPart struct {
	name string
	work int64
}

// workSplitText says what r's work was spent on: the phases, the largest
// first and each with its share, leaving out those that took none, then
// the shares of the solver and of subsumption in them all; "" for a
// record without a split (one of a search that did no work).
func workSplitText(r *result.FuncResult) string {
	w := r.WorkSplit
	total := w.Total()
	if total == 0 {
		return ""
	}
	phases := []workPart{{"the entry", w.Entry}, {"building inputs through the API", w.API},
		{"the entry on hand-built values (latent panics)", w.HandBuilt}, {"package initialization", w.Init},
		{"the type's call sequences, shared with its other methods", w.Shared}}
	slices.SortStableFunc(phases, func(a, b workPart) int { return cmp.Compare(b.work, a.work) })
	share := func(p workPart) string { return fmt.Sprintf("%s %d (%d%%)", p.name, p.work, p.work*100/total) }
	var said []string
	for _, p := range phases {
		if p.work > 0 {
			said = append(said, share(p))
		}
	}
	return strings.Join(said, ", ") + "; " + share(workPart{"the solver", w.Solver}) + " of it, " + share(workPart{"subsumption", w.Subsumption})
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// Summary writes the functions by status, so that "no findings" never
// hides "did not look", the coverage, the findings by kind, and where the
// time went. cached marks the results a cache gave, whose time this run
// did not spend.
func Summary(w io.Writer, results []*result.FuncResult, cached map[*result.FuncResult]bool, wall time.Duration) {
	counts := map[result.Status]int{}
	kinds := map[result.Kind]int{}
	findings, assumed, latent, latentShown := 0, 0, 0, 0
	var analysis, solver time.Duration
	for _, r := range results {
		counts[r.Status]++
		findings += len(r.Findings)
		assumed += r.Assumed
		latent += r.Latent
		for _, f := range r.Findings {
			if f.Latent {
				latentShown++
			}
		}
		if !cached[r] { // its time was spent by the run that cached it
			analysis += r.Elapsed
			solver += r.SolverTime
		}
		for _, f := range r.Findings {
			kinds[f.Kind]++
		}
	}
	var parts []string
	for _, st := range []result.Status{result.Failed, result.Complete, result.Abstract, result.Bounded, result.NotReached, result.Unsupported, result.Timeout, result.Stopped, result.Ignored, result.Error} {
		if counts[st] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[st], st))
		}
	}
	fmt.Fprintf(w, "gosym: %s in %s: %s\n", Plural(findings, "finding", "findings"), Plural(len(results), "function", "functions"), strings.Join(parts, ", "))
	if line := CoverageOf(results).Line(); line != "" {
		fmt.Fprintf(w, "gosym: %s\n", line)
	}
	if findings > 0 {
		var byKind []string
		for _, k := range slices.Sorted(maps.Keys(kinds)) {
			byKind = append(byKind, fmt.Sprintf("%d %s", kinds[k], k))
		}
		fmt.Fprintf(w, "gosym: findings by kind: %s\n", strings.Join(byKind, ", "))
	}
	if assumed > 0 {
		fmt.Fprintf(w, "gosym: %s on what calls gosym did not execute returned or changed (-assumed shows them)\n", Plural(assumed, "more panic rests", "more panics rest"))
	}
	switch {
	case latentShown > 0:
		fmt.Fprintf(w, "gosym: %d of the findings are latent: they need a value with unexported state that no caller of its package can build\n", latentShown)
	case latent > 0:
		fmt.Fprintf(w, "gosym: %s latent: they need a value with unexported state that no caller of its package can build (-latent shows them)\n", Plural(latent, "more panic is", "more panics are"))
	}
	if len(cached) > 0 {
		fmt.Fprintf(w, "gosym: %d of the %d functions' results came from the cache, where an earlier run under the same flags left them (-cache=off analyses them again)\n", len(cached), len(results))
	}
	share := 0.0
	if analysis > 0 {
		share = 100 * solver.Seconds() / analysis.Seconds()
	}
	fmt.Fprintf(w, "gosym: %s wall time, %s of analysis, %.0f%% of it in the solver\n", wall.Round(time.Millisecond), analysis.Round(time.Millisecond), share)
}

// Plural writes n with the singular or the plural words after it.
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// unsupportedTexts names what r's search did not model: its unsupported
// constructs, then each call it did not execute.
func unsupportedTexts(r *result.FuncResult) []string {
	out := slices.Clone(r.UnsupportedConstructs)
	for _, name := range r.NotExecuted {
		out = append(out, "call of "+name+", not executed")
	}
	return out
}
