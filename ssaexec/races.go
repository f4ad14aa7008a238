package ssaexec

import (
	"fmt"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
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

// epoch is an access: its goroutine, that goroutine's last operation's
// index then, and where.
type epoch struct {
	g, at int
	pos   token.Pos
}

// shadow is what a location's accesses left: the last write, and the
// last read of each goroutine since. It is never changed in place.
type shadow struct {
	write *epoch
	reads []epoch
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
	now := epoch{g: r.id, at: r.clock.get(r.id), pos: pos}
	key := shadowKey{p.Obj, p.Path}
	old := g.shadows[key]
	if old.holds(now, write) {
		// Its access since its last operation was checked and kept: the
		// goroutine's clock has only grown since, which orders more.
		return
	}
	sh := &shadow{}
	if old != nil {
		*sh = *old
	}
	var other *epoch
	if old != nil && old.write != nil && races(old.write, r) {
		other = old.write
	}
	if write {
		for i := range sh.reads {
			if other == nil && races(&sh.reads[i], r) {
				other = &sh.reads[i]
			}
		}
		sh.write, sh.reads = &now, nil
	} else {
		sh.reads = append(readsBut(sh.reads, r.id), now)
	}
	g.setShadow(key, sh)
	if other != nil {
		x.race(s, v, write, now, *other, old.write == other)
	}
}

// holds reports whether sh already keeps an access like now: the same
// goroutine's, in the same epoch, and a write only where it is the last
// access.
func (sh *shadow) holds(now epoch, write bool) bool {
	if sh == nil {
		return false
	}
	same := func(e *epoch) bool { return e.g == now.g && e.at == now.at }
	if write {
		return sh.write != nil && same(sh.write) && len(sh.reads) == 0
	}
	return slices.ContainsFunc(sh.reads, func(e epoch) bool { return same(&e) }) || sh.write != nil && same(sh.write)
}

// races reports whether the access e and the running goroutine r's next
// one are unordered: another goroutine's, and no operation of it after
// e happened before r's clock.
func races(e *epoch, r *goroutine) bool {
	return e.g != r.id && r.clock.get(e.g) <= e.at
}

// readsBut returns reads without goroutine id's, in a new slice.
func readsBut(reads []epoch, id int) []epoch {
	out := make([]epoch, 0, len(reads)+1)
	for _, e := range reads {
		if e.g != id {
			out = append(out, e)
		}
	}
	return out
}

// setShadow replaces a location's shadow.
func (g *sched) setShadow(k shadowKey, sh *shadow) { putOwned(&g.shadows, &g.shadowsOwned, k, sh) }

// race reports a data race between the access now, of the operand v, and
// an earlier one, other (a write if otherWrote), on a copy of s that ends
// there: the path itself goes on, as the program would. The finding is
// at the access that comes first in the source, and names both in that
// order, so that the schedule that met them does not make it another.
func (x *explorer) race(s *state, v ssa.Value, write bool, now, other epoch, otherWrote bool) {
	type side struct {
		e     epoch
		write bool
	}
	a, b := side{now, write}, side{other, otherWrote}
	if b.e.pos < a.e.pos {
		a, b = b, a
	}
	describe := func(d side) string {
		what := "a read"
		if d.write {
			what = "a write"
		}
		return fmt.Sprintf("%s by goroutine %d at %s", what, d.e.g, shortPos(x.fset.Position(d.e.pos)))
	}
	msg := fmt.Sprintf("data race on %s: %s and %s, with nothing ordering them", x.describeAt(s, v, now.pos), describe(a), describe(b))
	if x.races[msg] {
		return
	}
	if x.races == nil {
		x.races = map[string]bool{}
	}
	x.races[msg] = true
	c := s.clone()
	pos, within, pkg := a.e.pos, "", pkgPathOf(c.top().fn)
	f := x.newFound(result.Race, pos, pkg, within, func(heap.Valuer) string { return msg })
	x.endFatally(c, f)
	if c.end == panicked {
		x.res.States++
		x.finish(c)
	}
}
