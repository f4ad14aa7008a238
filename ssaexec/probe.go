package ssaexec

import (
	"fmt"
	"go/types"
	"strings"
	"time"

	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/search"
)

// Building an entry's values through the API (sequence.go) is most of the
// cost of a method: every method of a type runs the same constructors and
// call sequences first, while a getter's own body is a few instructions.
// But a value the API builds is one that lazy initialization also builds
// by hand, within the bounds: the API only narrows the states tried. So an
// entry with API slots first runs with every value hand-built, a probe,
// under a share of the budget. If the probe explores its whole search
// space within the bounds without a panic, the API search could not find
// one either, and the probe's record is the function's. Otherwise the
// search runs as before, and the probe's work counts in its budget.
//
// The argument holds only where the hand-built values stand for every
// value the API can build:
//   - an input function (a func field) is the caller's, chosen among the
//     orders the package offers, where the API may store another function,
//     and one that panics;
//   - an interface's dynamic types are bounded (search.BoundTypes);
//   - a value of a sync type (a Mutex, an atomic counter, a sync.Map)
//     is the zero value wherever no call built it (heap.ZeroTypes), where
//     the API's calls change it;
//   - a path cut in the package's initialization, a construct not
//     modelled, or a deeper pass left out for the budget is unexplored.
//
// A probe that met any of these does not stand for the API search. A nil
// dereference of a parameter the function never compares with nil is no
// reason to run the API search: the nil comes from the caller in both.

// probeShare is the part of the work budget the probe may spend: a
// getter's probe takes a few thousand units, and one that does not
// answer wastes what it spent.
const probeShare = 20

// probeBlockers are the bounds under which the probe's search space is not
// a superset of the API search's.
var probeBlockers = []search.BoundKind{search.BoundTypes, search.BoundInit, search.BoundDeepening, search.BoundGoroutine, search.BoundSolver}

// probeHandBuilt runs the hand-built probe of the entry x is set up to
// search, and returns its explorer and whether its record answers for
// the function. It runs only where the API builds some slot and the work
// budget bounds the probe.
func (x *explorer) probeHandBuilt(start time.Time) (y *explorer, answers bool) {
	if x.cfg.MaxWork <= 0 || !x.probeFits() {
		return nil, false
	}
	cfg := x.cfg
	cfg.API = false
	res := &result.FuncResult{Func: x.res.Func, Pos: x.res.Pos, PkgPath: x.res.PkgPath, PkgName: x.res.PkgName}
	y = newExplorer(x.prog, x.fn, cfg, x.ctx, res, start)
	// The budget holds the probe to its share; the configuration keeps
	// the function's, under which a package's initialization is shared
	// (see keyOf): the probe imports it into the Context, once, for both.
	y.budget.Limits.MaxWork = max(x.cfg.MaxWork/probeShare, 1)
	y.newTable()
	y.repOK = x.repOK
	y.search()
	answers = !y.halted() && y.panicPaths == 0 && !y.calledInput && len(y.constructs) == 0 && !y.hit(probeBlockers...) && y.reachedBody
	if answers {
		// The record is the function's: its budget is the function's.
		y.budget.Limits.MaxWork = x.cfg.MaxWork
		y.cfg.API = x.cfg.API
	}
	return y, answers
}

// probeFits reports whether the API builds one of the entry's slots,
// and no slot's values hold a value of a sync type, which hand-built
// values leave zero.
func (x *subject) probeFits() bool {
	buildable := false
	for _, slot := range x.slots {
		if holdsSyncValue(slot.plan.named, map[types.Type]bool{}) {
			return false
		}
		buildable = buildable || slot.why == ""
	}
	return buildable
}

// holdsSyncValue reports whether a value of type t holds or points to a
// value of a sync type, through fields, elements and pointers.
func holdsSyncValue(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if syncType(t) {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return holdsSyncValue(u.Elem(), seen)
	case *types.Slice:
		return holdsSyncValue(u.Elem(), seen)
	case *types.Array:
		return holdsSyncValue(u.Elem(), seen)
	case *types.Map:
		return holdsSyncValue(u.Key(), seen) || holdsSyncValue(u.Elem(), seen)
	case *types.Struct:
		for i := range u.NumFields() {
			if holdsSyncValue(u.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}

// probeNote says in the record why the values of the API's types were
// hand-built only.
func (x *subject) probeNote() string {
	var names []string
	for k := range x.slots {
		if slot := &x.slots[k]; slot.why == "" && (slot.param >= 0 || slot.nested) {
			names = append(names, slot.plan.named.Obj().Name())
		}
	}
	return fmt.Sprintf("values of %s hand-built only: no hand-built value within the bounds makes the function panic, and those the package's API builds are among them", strings.Join(names, ", "))
}

// adopt makes the probe y's record the function's, and returns y: the
// notes x's record has so far stay, and the record says which slots were
// hand-built only, and why.
func (x *machine) adopt(y *explorer) *explorer {
	notes := x.res.Notes
	*x.res = *y.res
	x.res.Notes = append(notes, x.probeNote())
	y.res = x.res
	y.slots = x.slots // for the notes: the search is over
	y.noteSlots(false)
	return y
}

// follow starts x's search where the probe y, which did not answer,
// left the Context: its work counts in x's budget and its solver's in
// x's record, and the package initialization it imported is x's.
func (x *explorer) follow(y *explorer) {
	x.budget.Follow(y.budget.OwnWork())
	x.probe = y.solver
	// The Context takes one import (see importInit).
	x.importer, x.initBase = y.importer, y.initBase
}
