package search

import (
	"fmt"
	"strings"
)

// An entry's search runs in passes of growing bounds (Deepening),
// shallowest first: iterative deepening of the bounds that multiply paths
// most, the materialization bound k, the sequence length seq and the bytes
// observed of input strings. The first pass explores k 1, seq 0 and at
// most shallowKBytes bytes; each later pass raises the bounds the pass
// before hit, k and seq by one, and the bytes (once neither of those was
// hit) to their full -kbytes, until a pass hits none below its full value
// or the budget runs out. A bound no path hit would change nothing if
// raised, so a function whose search space is exhausted at small bounds
// stops there, and the shallow panics come first, in a fraction of the
// budget, with the smallest witnesses; depth gets what is left. The budget
// is the whole search's. The record's counts and bounds are the last
// pass's, its findings every pass's.

// shallowKBytes is the bytes bound of the first passes of a function
// whose -kbytes is larger: the bytes of strings multiply paths (a range
// over one decodes each byte several ways).
const shallowKBytes = 3

// Pass is the bounds one pass of a search explores within: the
// materialization bound k, the sequence length seq and the bytes observed
// of input strings. The search reads them from its pass, not from its
// configuration, which keeps the full bounds.
type Pass struct {
	K, Seq, KBytes int
}

// short says where p stands on the bounds h says it hit and whose full
// value it is below ("k 2 of 3").
func (p Pass) short(full Pass, h Hits) string {
	var parts []string
	add := func(hit bool, name string, at, of int) {
		if hit && at < of {
			parts = append(parts, fmt.Sprintf("%s %d of %d", name, at, of))
		}
	}
	add(h.K, "k", p.K, full.K)
	add(h.Seq, "seq", p.Seq, full.Seq)
	add(h.Bytes, "kbytes", p.KBytes, full.KBytes)
	return strings.Join(parts, ", ")
}

// firstPass returns the shallowest pass of a search whose full bounds
// are full.
func firstPass(full Pass) Pass {
	p := full
	p.K = min(p.K, 1)
	if full.K <= 0 {
		p.K = full.K // the heap's default
	}
	p.Seq = min(p.Seq, 0)
	p.KBytes = min(p.KBytes, shallowKBytes)
	return p
}

// Hits are the deepened bounds a pass hit: k, seq, and the bytes of
// strings.
type Hits struct{ K, Seq, Bytes bool }

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
func (p Pass) next(full Pass, h Hits, spent []int64) (Pass, bool) {
	n := p
	jump := len(spent) >= 2 && spent[len(spent)-1] < stepGrowth*spent[len(spent)-2]
	if h.K && p.K < full.K {
		n.K++
		if jump {
			n.K = full.K
		}
	}
	if h.Seq && p.Seq < full.Seq {
		n.Seq++
		if jump {
			n.Seq = full.Seq
		}
	}
	if n == p && h.Bytes {
		n.KBytes = full.KBytes
	}
	return n, n != p
}

// Deepening runs a search in passes of growing bounds (see above): it
// says the bounds of each pass, and after each whether another runs.
type Deepening struct {
	full, pass Pass
	// spent holds the work of each pass so far.
	spent  []int64
	budget *Budget
}

// NewDeepening returns the passes of a search whose full bounds are full
// and whose budget is b: from the shallowest, or only full if onePass.
func NewDeepening(full Pass, onePass bool, b *Budget) *Deepening {
	d := &Deepening{full: full, pass: firstPass(full), budget: b}
	if onePass {
		d.pass = full
	}
	return d
}

// Pass is the bounds of the pass to run.
func (d *Deepening) Pass() Pass { return d.pass }

// Next records that the pass ran, took work units and hit h, and reports
// whether another pass runs. Where deepening stops short of the full
// bounds, note says so when the budget ran out in the pass, and cut is
// the bound to record when the next pass was predicted to need more
// than the budget left.
func (d *Deepening) Next(h Hits, work int64) (more bool, note string, cut *Bound) {
	d.spent = append(d.spent, work)
	p := d.pass
	next, ok := p.next(d.full, h, d.spent)
	switch {
	case !ok:
		return false, "", nil
	case d.budget.Halted():
		return false, fmt.Sprintf("deepening stopped at %s: the budget ran out in that pass", p.short(d.full, h)), nil
	}
	if why := d.beyondBudget(p, next); why != "" {
		return false, "", &Bound{Kind: BoundDeepening, Text: fmt.Sprintf("deepening stopped at %s: %s", p.short(d.full, h), why), Limit: "deepening stopped"}
	}
	d.pass = next
	return true, "", nil
}

// beyondBudget says why the pass next, after p, is not run, or "": a pass
// that deepens k or seq is predicted to take the work of p times the
// growth from the pass before p to p (d.spent holds each pass's work), and
// is not run if that is more than the budget left. The search space of a
// recursive function over a tree grows exponentially with k (290 times
// from k 2 to 3 for a 4-line Height): a pass cut short by the budget
// would have explored an arbitrary corner of it, where the passes run
// explored all within their bounds.
func (d *Deepening) beyondBudget(p, next Pass) string {
	spent, b := d.spent, d.budget
	n := len(spent)
	if b.Limits.MaxWork == 0 || n < 2 || next.KBytes != p.KBytes {
		return ""
	}
	last, growth := spent[n-1], float64(spent[n-1])/float64(max(spent[n-2], 1))
	predicted := int64(float64(last) * max(growth, 1))
	left := b.Limits.MaxWork - b.Spent()
	if predicted <= left {
		return ""
	}
	return fmt.Sprintf("the next pass was predicted to need %d work units (%.0f times the last), more than the %d left",
		predicted, max(growth, 1), left)
}
