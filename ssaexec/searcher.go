package ssaexec

import (
	"github.com/gosym/gosym/abstraction"
	"github.com/gosym/gosym/search"
)

// fullPass is the pass at the full bounds of cfg.
func fullPass(cfg Config) search.Pass {
	return search.Pass{K: cfg.K, Seq: cfg.Seq, KBytes: cfg.KBytes}
}

// passConfig is the explorer's configuration with the bounds of its pass,
// for a search it starts on its behalf (a package's initialization).
func (x *explorer) passConfig() Config {
	cfg := x.cfg
	cfg.K, cfg.Seq, cfg.KBytes = x.pass.K, x.pass.Seq, x.pass.KBytes
	return cfg
}

// search explores the function in passes of growing bounds (see
// search.Deepening).
func (x *explorer) search() {
	d := search.NewDeepening(fullPass(x.cfg), x.cfg.OnePass, &x.budget)
	for first := true; ; first = false {
		if !first {
			x.newPass()
		}
		x.pass = d.Pass()
		before := x.budget.Work()
		if x.cfg.Directed {
			x.exploreDirected(x.initial())
		} else {
			x.exploreNow(x.initial())
		}
		h := search.Hits{K: x.hit(search.BoundK), Seq: x.hit(search.BoundSeq), Bytes: x.hit(search.BoundKBytes, search.BoundStringLength)}
		more, note, cut := d.Next(h, x.budget.Work()-before)
		if note != "" {
			x.notes[note] = true
		}
		if cut != nil {
			x.hitBound(*cut)
		}
		if !more {
			return
		}
	}
}

// newPass starts another pass of the search: the record's counts and
// bounds start again, its findings stay, and so do the states stored at
// loop heads whose continuations were all explored to their end (see
// abstraction.Table.Retain): a state they subsume is not explored again.
func (x *explorer) newPass() {
	x.sums = summaries{} // the bounds differ: the summaries need not hold
	x.bounds = search.Bounds{}
	x.table = x.table.Retain()
	x.budget.UseTable(x.table)
	r := x.res
	r.Paths, r.Panics, r.Cut, r.NilParams, r.Assumed, r.States, r.Refined = 0, 0, 0, 0, 0, 0, 0
	r.Sequences, r.SequencesPruned = 0, 0
}

// newTable gives the search an empty subsumption table, whose work the
// budget counts.
func (x *explorer) newTable() {
	x.table = abstraction.NewTable(x.cfg.Subsume, x.ctx, x.solver)
	x.table.Left = x.budget.UnitsLeft
	x.budget.UseTable(x.table)
}

// openEntry is an entry of the subsumption table whose continuations the
// search is exploring, with the counts of cuts and approximations when
// it was stored.
type openEntry struct {
	e                    *abstraction.Entry
	cuts, approximations int
}

// noteEntry accounts for the answer of the subsumption table about a
// state: e is the entry stored for it, now open, or the entry that
// subsumed it. A state subsumed by an entry whose continuations a bound
// cut is itself cut short; one subsumed only abstractly, approximated.
func (x *explorer) noteEntry(covered, abstractOnly bool, e *abstraction.Entry) {
	switch {
	case e == nil:
	case !covered:
		x.open = append(x.open, openEntry{e, x.cuts, x.approximations})
	default:
		if e.Cut() {
			x.cuts++
		}
		if abstractOnly {
			x.approximations++
		}
	}
}

// closeEntries finishes the entries stored since the search had mark
// of them open, once every continuation of the state whose exploration
// began then is explored (see closeTask). An entry's
// continuations were explored to their end if nothing cut one since it
// was stored, and the budget held.
func (x *explorer) closeEntries(mark int) {
	for _, o := range x.open[mark:] {
		o.e.Finish(x.cuts == o.cuts && !x.halted(), x.approximations != o.approximations)
	}
	x.open = x.open[:mark]
}
