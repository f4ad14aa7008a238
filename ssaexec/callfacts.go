package ssaexec

import (
	"sync"

	"golang.org/x/tools/go/ssa"
)

// CallFacts returns what Config.CallFacts needs: for a function, the
// parameters with which, when nil or zero, every call of it panics (see
// NilPanics), computed on first need and kept for the run. Safe for
// concurrent use. The runs that compute them take a quarter of cfg's
// budgets, as the analyzer's do, and consult no facts themselves, so
// that facts never wait on each other.
func (p *Program) CallFacts(cfg Config) func(fn *ssa.Function) *Summary {
	run := cfg
	run.MaxWork /= 4
	run.Timeout /= 4
	run.CallFacts, run.Interrupt = nil, nil
	var mu sync.Mutex
	facts := map[*ssa.Function]*callFact{}
	return func(fn *ssa.Function) *Summary {
		mu.Lock()
		f := facts[fn]
		if f == nil {
			f = &callFact{}
			facts[fn] = f
		}
		mu.Unlock()
		f.once.Do(func() {
			if nps := p.NilPanics(fn, run); len(nps) > 0 {
				f.sum = &Summary{NilPanics: nps}
			}
		})
		return f.sum
	}
}

// callFact is one function's facts, computed once.
type callFact struct {
	once sync.Once
	sum  *Summary
}
