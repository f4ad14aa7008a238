package main

import (
	"fmt"
	"io"
	"os"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/ssaexec"
)

// analyseAll analyses the entries on n workers, under the memory guard and
// with the progress shown, and hands each result to done in the entries'
// order.
//
// The results keep their latent findings (ssaexec.Finding.Latent) until
// ssaexec.Consolidate, so that one reached by several entries counts once.
func analyseAll(prog *ssaexec.Program, entries []*ssa.Function, cfg ssaexec.Config, n int, guard *memoryGuard, progress *progress) []*ssaexec.FuncResult {
	each := func(fn *ssa.Function, cfg *ssaexec.Config) func(*ssaexec.FuncResult) {
		progress.start(fn)
		job, interrupt := guard.begin()
		cfg.Interrupt = interrupt
		return func(r *ssaexec.FuncResult) {
			guard.end(job)
			progress.finish(r)
		}
	}
	results := prog.AnalyzeAll(entries, cfg, n, each, func(*ssaexec.FuncResult) {})
	progress.clear()
	return results
}

// progress shows on a terminal how far a run is: functions done of all,
// findings so far, and a function being analysed. It is silent when stderr
// is not a terminal.
type progress struct {
	w                     io.Writer
	mu                    sync.Mutex
	total, done, findings int
	current               string
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

func (p *progress) finish(r *ssaexec.FuncResult) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	p.findings += r.Reachable()
	p.show()
}

// show rewrites the status line in place.
func (p *progress) show() {
	fmt.Fprintf(p.w, "\r\033[Kgosym: %d/%d functions, %d findings; analysing %s", p.done, p.total, p.findings, p.current)
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
