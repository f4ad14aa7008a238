package ssaexec

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/dpor"
	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/internal/cow"
	"github.com/gosym/gosym/result"
)

// Data races. On a path with goroutines, each load and store of the code
// under analysis (not of the standard library, whose synchronization is
// its own business) leaves its goroutine and epoch in the location's
// shadow: the index of the goroutine's last operation (see dpor.go) when
// it accessed it. Two accesses of one location by two goroutines, one a
// write, race when the later goroutine's clock does not know an operation
// of the earlier one after its access: nothing orders them, on the
// schedule explored (FastTrack's epochs, Flanagan and Freund, PLDI 2009,
// over the path's vector clocks). Goroutines switch only at their
// operations, so the race is on an explored schedule; the two accesses
// could have come in either order.

// shadowKey is a location: a heap location, or a whole map.
type shadowKey struct {
	obj  heap.ObjID
	path heap.Path
}

// access records a load (or a store, with write) of location p by the
// running goroutine of s, at pos, of the operand v; a race it makes with
// an earlier access is reported on a copy of s, once per pair of places.
func (x *explorer) access(s *state, p heap.Ptr, write bool, v ssa.Value, pos token.Pos) {
	g := s.g
	if g == nil || len(g.started) == 0 || s.top().std || g.cur < 0 {
		return
	}
	r := g.running()
	now := dpor.Epoch{G: r.id, At: r.clock.Get(r.id), Pos: pos}
	key := shadowKey{p.Obj, p.Path}
	old := g.shadows[key]
	if old.Holds(now, write) {
		// Its access since its last operation was checked and kept: the
		// goroutine's clock has only grown since, which orders more.
		return
	}
	sh := &dpor.Shadow{}
	if old != nil {
		*sh = *old
	}
	var other *dpor.Epoch
	if old != nil && old.Write != nil && races(old.Write, r) {
		other = old.Write
	}
	if write {
		for i := range sh.Reads {
			if other == nil && races(&sh.Reads[i], r) {
				other = &sh.Reads[i]
			}
		}
		sh.Write, sh.Reads = &now, nil
	} else {
		sh.Reads = append(dpor.ReadsBut(sh.Reads, r.id), now)
	}
	g.setShadow(key, sh)
	if other != nil {
		x.race(s, v, write, now, *other, old.Write == other)
	}
}

// races reports whether the access e and the running goroutine r's next
// one are unordered: another goroutine's, and no operation of it after
// e happened before r's clock.
func races(e *dpor.Epoch, r *goroutine) bool { return e.Unordered(r.id, r.clock) }

// setShadow replaces a location's shadow.
func (g *sched) setShadow(k shadowKey, sh *dpor.Shadow) {
	cow.Put(&g.owned, ownShadows, &g.shadows, k, sh)
}

// race reports a data race between the access now, of the operand v, and
// an earlier one, other (a write if otherWrote), on a copy of s that ends
// there: the path itself goes on, as the program would. The finding is
// at the access that comes first in the source, and names both in that
// order, so that the schedule that met them does not make it another.
func (x *explorer) race(s *state, v ssa.Value, write bool, now, other dpor.Epoch, otherWrote bool) {
	type side struct {
		e     dpor.Epoch
		write bool
	}
	a, b := side{now, write}, side{other, otherWrote}
	if b.e.Pos < a.e.Pos {
		a, b = b, a
	}
	describe := func(d side) string {
		what := "a read"
		if d.write {
			what = "a write"
		}
		return fmt.Sprintf("%s by goroutine %d at %s", what, d.e.G, shortPos(x.fset.Position(d.e.Pos)))
	}
	msg := fmt.Sprintf("data race on %s: %s and %s, with nothing ordering them", x.describeAt(s, v, now.Pos), describe(a), describe(b))
	if x.races[msg] {
		return
	}
	if x.races == nil {
		x.races = map[string]bool{}
	}
	x.races[msg] = true
	c := s.clone()
	pos, within, pkg := a.e.Pos, "", pkgPathOf(c.top().fn)
	f := x.newFound(result.Race, pos, pkg, within, func(heap.Valuer) string { return msg })
	x.endFatally(c, f)
	if c.end == panicked {
		x.res.States++
		x.finish(c)
	}
}
