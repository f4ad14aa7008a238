package ssaexec

import (
	"sync"

	"github.com/gosym/gosym/result"
	"golang.org/x/tools/go/ssa"
)

// Each is what AnalyzeAll does around one function's analysis, on the
// worker that runs it: it may adjust the function's configuration (its
// Interrupt, say) and returns what to do when the analysis ends, or nil.
type Each func(fn *ssa.Function, cfg *Config) (end func(*result.FuncResult))

// AnalyzeAll analyses fns (under the directives, as Analyze does), n at a
// time, and hands each result to done in fns' order, whatever order they
// finish in, so that what a caller prints does not depend on the
// scheduling. each may be nil.
func (p *Program) AnalyzeAll(fns []*ssa.Function, cfg Config, n int, each Each, done func(*result.FuncResult)) []*result.FuncResult {
	type finished struct {
		i int
		r *result.FuncResult
	}
	work := make(chan int)
	out := make(chan finished)
	spacesDone := func(*ssa.Function) {}
	if p.apiSpaces != nil {
		spacesDone = p.apiSpaces.expect(p.api, fns, cfg)
	}
	var wg sync.WaitGroup
	for range max(n, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				cfg := cfg
				var end func(*result.FuncResult)
				if each != nil {
					end = each(fns[i], &cfg)
				}
				r := p.Analyze(fns[i], cfg)
				spacesDone(fns[i])
				if end != nil {
					end(r)
				}
				out <- finished{i, r}
			}
		}()
	}
	go func() {
		for i := range fns {
			work <- i
		}
		close(work)
		wg.Wait()
		close(out)
	}()
	results := make([]*result.FuncResult, len(fns))
	next := 0
	for f := range out {
		results[f.i] = f.r
		for next < len(results) && results[next] != nil {
			if done != nil {
				done(results[next])
			}
			next++
		}
	}
	return results
}
