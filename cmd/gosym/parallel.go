package main

import (
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/rogpeppe/go-internal/cache"
	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/report"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/ssaexec"
)

// analyseAll analyses the entries on n workers, under the memory guard and
// with the progress shown, and returns their results in the entries'
// order. With a cache, the entries whose results it holds are not
// analysed: their results are returned from it, and marked in cached.
//
// The results keep their latent findings (result.Finding.Latent) until
// result.Consolidate, so that one reached by several entries counts once.
func analyseAll(prog *ssaexec.Program, entries []*ssa.Function, cfg ssaexec.Config, n int, guard *memoryGuard, progress *progress, rc *resultCache, stderr io.Writer) (results []*result.FuncResult, cached map[*result.FuncResult]bool) {
	results = make([]*result.FuncResult, len(entries))
	cached = map[*result.FuncResult]bool{}
	ids := map[*ssa.Function]cache.ActionID{}
	var todo []*ssa.Function
	for i, fn := range entries {
		if rc == nil {
			todo = append(todo, fn)
			continue
		}
		ids[fn] = rc.key(fn)
		if r := rc.get(ids[fn]); r != nil {
			results[i] = r
			cached[r] = true
			progress.finish(r)
			continue
		}
		todo = append(todo, fn)
	}
	var warn sync.Once
	each := func(fn *ssa.Function, cfg *ssaexec.Config) func(*result.FuncResult) {
		progress.start(fn)
		job, interrupt := guard.begin()
		cfg.Interrupt = interrupt
		return func(r *result.FuncResult) {
			guard.end(job)
			progress.finish(r)
			if rc == nil {
				return
			}
			if err := rc.put(ids[fn], r, job.interrupted()); err != nil {
				warn.Do(func() { progress.warn(stderr, fmt.Sprintf("gosym: writing the result cache in %s: %v", rc.dir, err)) })
			}
		}
	}
	analysed := prog.AnalyzeAll(todo, cfg, n, each, func(*result.FuncResult) {})
	for i := range results {
		if results[i] == nil {
			results[i], analysed = analysed[0], analysed[1:]
		}
	}
	progress.clear()
	return results, cached
}

// analyseWithin analyses the entries on opts.parallel workers within the
// run's budget opts.budget (see ssaexec.AnalyzeWithin), under the memory
// guard and with the function being analysed shown, and returns their
// results in the entries' order. With a cache, each function starts where
// an earlier run's passes left it, and where it then stands is kept; the
// results an earlier run left that no pass changed are marked in cached.
func analyseWithin(prog *ssaexec.Program, entries []*ssa.Function, opts *options, guard *memoryGuard, progress *progress, rc *resultCache, stderr io.Writer) (results []*result.FuncResult, cached map[*result.FuncResult]bool, spent ssaexec.RunSpent) {
	cached = map[*result.FuncResult]bool{}
	if progress != nil {
		progress.budget = opts.budget
	}
	var mu sync.Mutex // each runs on the workers
	interrupted := map[*ssa.Function]bool{}
	each := func(fn *ssa.Function, cfg *ssaexec.Config) func(*result.FuncResult) {
		progress.start(fn)
		job, interrupt := guard.begin()
		cfg.Interrupt = interrupt
		return func(r *result.FuncResult) {
			guard.end(job)
			progress.finishPass(r)
			mu.Lock()
			defer mu.Unlock()
			interrupted[fn] = interrupted[fn] || job.interrupted()
		}
	}
	budget := ssaexec.RunBudget{Total: opts.budget, First: opts.firstWork, OnPass: progress.startPass}
	ids := map[*ssa.Function]cache.ActionID{}
	if rc != nil {
		for _, fn := range entries {
			ids[fn] = rc.key(fn)
		}
		budget.Earlier = func(fn *ssa.Function) (*result.FuncResult, int64) {
			r, b := rc.getPassed(ids[fn])
			if r != nil {
				cached[r] = true
			}
			return r, b
		}
	}
	results, spent = prog.AnalyzeWithin(entries, opts.cfg, budget, opts.parallel, each, nil)
	progress.clear()
	for i, r := range results {
		if rc == nil || cached[r] {
			continue
		}
		if err := rc.putPassed(ids[entries[i]], r, spent.Budgets[i], interrupted[entries[i]]); err != nil {
			fmt.Fprintf(stderr, "gosym: writing the result cache in %s: %v\n", rc.dir, err)
			break
		}
	}
	return results, cached, spent
}

// runBudgetLine says what a run's budget was spent on and, where
// functions were left unfinished, what budget their next pass needed.
func runBudgetLine(budget int64, s ssaexec.RunSpent) string {
	line := fmt.Sprintf("run budget: %s spent %d of %d work units", report.Plural(s.Passes, "pass", "passes"), s.Spent, budget)
	if s.Earlier > 0 {
		line += fmt.Sprintf(" (and earlier runs %d, whose results the cache kept)", s.Earlier)
	}
	if s.Unfinished == 0 {
		return line + "; every function finished within its bounds"
	}
	return line + fmt.Sprintf("; %s not finished: the next pass needed %d more (-budget %d)",
		report.Plural(s.Unfinished, "function", "functions"), s.Next, s.Earlier+s.Spent+s.Next)
}

// moreWorkLine says, of a run with a budget per function, how many
// functions more work would have taken further, and how to give it; ""
// when none would.
func moreWorkLine(results []*result.FuncResult, maxWork int64) string {
	n := 0
	for _, r := range results {
		if ssaexec.Unfinished(r) {
			n++
		}
	}
	if n == 0 || maxWork <= 0 {
		return ""
	}
	return fmt.Sprintf("%s not finished within -max-work %d: -max-work %d explores further, or -budget spends one budget for the run where functions are unfinished",
		report.Plural(n, "function", "functions"), maxWork, 2*maxWork)
}

// progress shows on a terminal how far a run is: functions done of all,
// findings so far, and a function being analysed; under a run budget, the
// pass, its functions done of all, and the work spent of the budget. It
// is silent when stderr is not a terminal.
type progress struct {
	w                     io.Writer
	mu                    sync.Mutex
	total, done, findings int
	current               string
	// pass is the run budget's pass (0 without one); spent is the work
	// spent of budget.
	pass          int
	spent, budget int64
}

// newProgress returns a progress display on w, or nil (which shows
// nothing) when w is not a terminal.
func newProgress(w io.Writer, total int) *progress {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return &progress{w: w, total: total}
}

func (p *progress) start(fn *ssa.Function) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.current = ssaexec.FuncName(fn)
	p.show()
}

func (p *progress) finish(r *result.FuncResult) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	p.findings += r.Reachable()
	p.show()
}

// startPass begins a run budget's pass over n functions, with spent of
// the budget spent so far.
func (p *progress) startPass(pass, n int, spent int64) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.pass, p.total, p.done, p.spent = pass, n, 0, spent
}

// finishPass counts the function of a pass that gave r.
func (p *progress) finishPass(r *result.FuncResult) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	p.spent += ssaexec.EntryWork(r)
	p.show()
}

// show rewrites the status line in place.
func (p *progress) show() {
	if p.pass > 0 {
		fmt.Fprintf(p.w, "\r\033[Kgosym: pass %d, %d/%d functions, %d of %d work units; analysing %s", p.pass, p.done, p.total, p.spent, p.budget, p.current)
		return
	}
	fmt.Fprintf(p.w, "\r\033[Kgosym: %d/%d functions, %s; analysing %s", p.done, p.total, report.Plural(p.findings, "finding", "findings"), p.current)
}

// warn writes a line on w, which is the terminal's when the status line
// is shown: the line is cleared first and drawn again after, so that the
// two never share a line.
func (p *progress) warn(w io.Writer, line string) {
	if p == nil {
		fmt.Fprintln(w, line)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(p.w, "\r\033[K%s\n", line)
	p.show()
}

// clear removes the status line before the summary is printed.
func (p *progress) clear() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprint(p.w, "\r\033[K")
}
