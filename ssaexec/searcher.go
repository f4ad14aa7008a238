package ssaexec

import (
	"fmt"
	"strings"

	"github.com/gosym/gosym/abstraction"
)

// An entry's search runs in passes of growing bounds, shallowest first:
// iterative deepening of the bounds that multiply paths most, the
// materialization bound k, the sequence length seq and the bytes
// observed of input strings. The first pass explores k 1, seq 0 and at
// most shallowKBytes bytes; each later pass raises the bounds the pass
// before hit, k and seq by one, and the bytes (once neither of those
// was hit) to their full -kbytes, until a pass hits none below its
// full value or the budget runs out. A bound no path hit would change
// nothing if raised, so a function whose search space is exhausted at
// small bounds stops there, and the shallow panics come first, in a
// fraction of the budget, with the smallest witnesses; depth gets what
// is left. The budget is the whole search's. The record's counts and
// bounds are the last pass's, its findings every pass's.

// shallowKBytes is the bytes bound of the first passes of a function
// whose -kbytes is larger: the bytes of strings multiply paths (a range
// over one decodes each byte several ways).
const shallowKBytes = 3

// pass is the bounds one pass of a search explores within: the search
// reads them from the explorer's pass, not from its configuration, which
// keeps the full bounds.
type pass struct {
	k, seq, kbytes int
}

// fullPass is the pass at the full bounds of cfg.
func fullPass(cfg Config) pass { return pass{k: cfg.K, seq: cfg.Seq, kbytes: cfg.KBytes} }

// passConfig is the explorer's configuration with the bounds of its pass,
// for a search it starts on its behalf (a package's initialization).
func (x *explorer) passConfig() Config {
	cfg := x.cfg
	cfg.K, cfg.Seq, cfg.KBytes = x.pass.k, x.pass.seq, x.pass.kbytes
	return cfg
}

// short says where p stands on the bounds h says it hit and whose full
// value it is below ("k 2 of 3").
func (p pass) short(full pass, h hits) string {
	var parts []string
	add := func(hit bool, name string, at, of int) {
		if hit && at < of {
			parts = append(parts, fmt.Sprintf("%s %d of %d", name, at, of))
		}
	}
	add(h.k, "k", p.k, full.k)
	add(h.seq, "seq", p.seq, full.seq)
	add(h.bytes, "kbytes", p.kbytes, full.kbytes)
	return strings.Join(parts, ", ")
}

// firstPass returns the shallowest pass of a search whose full bounds
// are full.
func firstPass(full pass) pass {
	p := full
	p.k = min(p.k, 1)
	if full.k <= 0 {
		p.k = full.k // the heap's default
	}
	p.seq = min(p.seq, 0)
	p.kbytes = min(p.kbytes, shallowKBytes)
	return p
}

// hits are the deepened bounds a pass hit.
type hits struct{ k, seq, bytes bool }

// stepGrowth is the growth of the work from one pass to the next below
// which the search stops deepening k and seq by one and goes to their
// full values: a pass that took less than twice the work of the pass
// before says that the bound no longer multiplies paths (other bounds,
// such as -n, hold them), and steps of that growth would each repeat
// most of the last. TreeMap.put at n 7 and no k-bound took 2.0, 23,
// 497, 1,852, 2,783, 3,555 and 3,845 thousand units at k 1 to 7: 4.3
// times its last pass in all, 2.3 times with the jump after k 5.
const stepGrowth = 2

// next returns the pass after p, which hit h, and whether there is one;
// spent holds the work of each pass so far, p's last.
func (p pass) next(full pass, h hits, spent []int64) (pass, bool) {
	n := p
	jump := len(spent) >= 2 && spent[len(spent)-1] < stepGrowth*spent[len(spent)-2]
	if h.k && p.k < full.k {
		n.k++
		if jump {
			n.k = full.k
		}
	}
	if h.seq && p.seq < full.seq {
		n.seq++
		if jump {
			n.seq = full.seq
		}
	}
	if n == p && h.bytes {
		n.kbytes = full.kbytes
	}
	return n, n != p
}

// search explores the function in passes (see above).
func (x *explorer) search() {
	full := fullPass(x.cfg)
	p := firstPass(full)
	if x.cfg.OnePass {
		p = full
	}
	var spent []int64 // per pass, the work it took
	for first := true; ; first = false {
		if !first {
			x.newPass()
		}
		x.pass = p
		before := x.budget.work()
		x.explore(x.initial())
		spent = append(spent, x.budget.work()-before)
		h := hits{x.hit(boundK), x.hit(boundSeq), x.hit(boundKBytes, boundStringLength)}
		next, ok := p.next(full, h, spent)
		if !ok {
			return
		}
		if x.halted() {
			x.notes[fmt.Sprintf("deepening stopped at %s: the budget ran out in that pass", p.short(full, h))] = true
			return
		}
		if why := x.beyondBudget(p, next, spent); why != "" {
			x.hitBound(bound{boundDeepening, fmt.Sprintf("deepening stopped at %s: %s", p.short(full, h), why), "deepening stopped"})
			return
		}
		p = next
	}
}

// beyondBudget says why the pass next, after p, is not run, or "": a pass
// that deepens k or seq is predicted to take the work of p times the
// growth from the pass before p to p (spent holds each pass's work), and
// is not run if that is more than the budget left. The search space of a
// recursive function over a tree grows exponentially with k (290 times
// from k 2 to 3 for a 4-line Height): a pass cut short by the budget
// would have explored an arbitrary corner of it, where the passes run
// explored all within their bounds.
func (x *explorer) beyondBudget(p, next pass, spent []int64) string {
	n := len(spent)
	if x.budget.cfg.MaxWork == 0 || n < 2 || next.kbytes != p.kbytes {
		return ""
	}
	last, growth := spent[n-1], float64(spent[n-1])/float64(max(spent[n-2], 1))
	predicted := int64(float64(last) * max(growth, 1))
	left := x.budget.cfg.MaxWork - x.budget.work()
	if predicted <= left {
		return ""
	}
	return fmt.Sprintf("the next pass was predicted to need %d work units (%.0f times the last), more than the %d left",
		predicted, max(growth, 1), left)
}

// newPass starts another pass of the search: the record's counts and
// bounds start again, its findings stay, and so do the states stored at
// loop heads whose continuations were all explored to their end (see
// abstraction.Table.Retain): a state they subsume is not explored again.
func (x *explorer) newPass() {
	x.sums = summaries{} // the bounds differ: the summaries need not hold
	x.bounds = map[bound]bool{}
	x.table = x.table.Retain()
	x.budget.useTable(x.table)
	r := x.res
	r.Paths, r.Panics, r.Cut, r.NilParams, r.Assumed, r.States, r.Refined = 0, 0, 0, 0, 0, 0, 0
	r.Sequences, r.SequencesPruned = 0, 0
}

// newTable gives the search an empty subsumption table, whose work the
// budget counts.
func (x *explorer) newTable() {
	x.table = abstraction.NewTable(x.cfg.Subsume, x.ctx, x.solver)
	x.table.Left = x.budget.unitsLeft
	x.budget.useTable(x.table)
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
// of them open: explore returns once every continuation of the state it
// ran is explored. An entry's continuations were explored to their end
// if nothing cut one since it was stored, and the budget held.
func (x *explorer) closeEntries(mark int) {
	for _, o := range x.open[mark:] {
		o.e.Finish(x.cuts == o.cuts && !x.halted(), x.approximations != o.approximations)
	}
	x.open = x.open[:mark]
}
