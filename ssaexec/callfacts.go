package ssaexec

import (
	"sync"

	"golang.org/x/tools/go/ssa"
)

// CallFacts returns what Config.CallFacts needs: for a function, the
// parameters with which, when nil or zero, every call of it panics (see
// NilPanics), and the conditions under which it does (PanicConds),
// computed on first need and kept for the run. Safe for
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
		f.once.Do(func() { f.sum = p.Facts(fn, run) })
		return f.sum
	}
}

// callFact is one function's facts, computed once.
type callFact struct {
	once sync.Once
	sum  *Summary
}

// Facts returns what other functions may know of fn: the parameters with
// which, when nil or zero, every call of it panics (NilPanics), and the
// conditions under which every call panics (PanicConds); nil if there
// are none.
func (p *Program) Facts(fn *ssa.Function, cfg Config) *Summary {
	nps, conds := p.NilPanics(fn, cfg), p.PanicConds(fn, cfg)
	if len(nps) == 0 && len(conds) == 0 {
		return nil
	}
	return &Summary{NilPanics: nps, Conds: conds}
}
