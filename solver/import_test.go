package solver

import (
	"math"
	"testing"
)

// TestImport copies a condition over symbols, a float operation among
// them, into a new Context and solves it there.
func TestImport(t *testing.T) {
	from := NewContext()
	defer from.Close()
	x, y := from.FreshBV("x", 32), from.FreshBV("y", 32)
	f := from.FreshBV("f", 64)
	sum := from.Add(x, y)
	cond := from.And(
		from.Slt(sum, from.BV(32, 10)),
		from.Slt(from.BV(32, 0), x),
		from.Ult(x, from.BV(32, 100)),
		from.Eq(from.ZeroExt(y, 64), from.BV(64, 7)),
		from.FLt(from.FAdd(f, f), from.BV(64, math.Float64bits(1))),
	)

	to := NewContext()
	defer to.Close()
	im := NewImporter(from, to)
	ic, ix := im.Import(cond), im.Import(x)
	if im.Import(x) != ix {
		t.Errorf("a term imported twice has two copies")
	}
	if got := im.Import(from.BV(32, 3)); !got.IsConst() || got.ctx != to {
		t.Errorf("a constant imports as %v of another Context or symbolic", got)
	}
	s := to.NewSolver()
	s.Assert(ic)
	if r := s.Check(); r != Sat {
		t.Fatalf("imported condition: %v, want sat", r)
	}
	// 0 < x < 100 and x + 7 < 10: x is 1 or 2.
	if v := s.Model().Int64(ix); v < 1 || v > 2 {
		t.Errorf("x = %d, want 1 or 2", v)
	}
	if r := s.Check(to.Eq(ix, to.BV(32, 2)), to.Eq(im.Import(y), to.BV(32, 7))); r != Sat {
		t.Errorf("x = 2, y = 7 under the imported condition: %v, want sat", r)
	}
	if r := s.Check(to.Eq(ix, to.BV(32, 3))); r != Unsat {
		t.Errorf("x = 3 under the imported condition: %v, want unsat", r)
	}
	// The target's own symbols are new ones, not the imported x.
	fresh := to.FreshBV("x", 32)
	if fresh.name == ix.name {
		t.Fatalf("a new symbol is named %s like an imported one", fresh.name)
	}
	if r := s.Check(to.Eq(fresh, to.BV(32, 99)), to.Eq(ix, to.BV(32, 1))); r != Sat {
		t.Errorf("a new symbol is tied to an imported one: %v", r)
	}
}

// TestImportMisuse: terms of a third Context and targets with symbols of
// their own are refused with a panic, not handed to Z3.
func TestImportMisuse(t *testing.T) {
	a, b, c := NewContext(), NewContext(), NewContext()
	defer a.Close()
	defer b.Close()
	defer c.Close()
	wantPanic := func(what string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s: no panic", what)
			}
		}()
		f()
	}
	wantPanic("third context", func() { NewImporter(a, b).Import(c.FreshBV("z", 8)) })
	c.FreshBV("own", 8)
	a.FreshBV("x", 8)
	a.FreshBV("y", 8)
	wantPanic("target with symbols", func() { NewImporter(a, c) })
	wantPanic("itself", func() { NewImporter(a, a) })
}

// TestImportAfter imports two Contexts that each copied one origin's
// terms into a third that copied them too: Compose makes the copies of
// the origin's terms the third's own, the other terms are copied, and
// the third's symbols count on past what it reserved.
func TestImportAfter(t *testing.T) {
	origin, a, b := NewContext(), NewContext(), NewContext()
	defer origin.Close()
	defer a.Close()
	defer b.Close()
	x := origin.FreshBV("x", 32)
	sum := origin.Add(x, origin.BV(32, 1))
	toA, toB := NewImporter(origin, a), NewImporter(origin, b)
	sumA, sumB := toA.Import(sum), toB.Import(sum)
	a.ReserveSymbols(1 << 32)
	y := a.FreshBV("y", 32)
	cond := a.Eq(y, sumA)

	ab := NewImporterAfter(a, b)
	if !ab.Compose(toA, toB) {
		t.Fatal("Compose of two imports of one origin refused")
	}
	if got := ab.Import(sumA); got != sumB {
		t.Errorf("the copy of x+1 is not the target's own")
	}
	c := ab.Import(cond)
	s := b.NewSolver()
	s.Assert(c)
	s.Assert(b.Eq(sumB, b.BV(32, 5)))
	if r := s.Check(); r != Sat {
		t.Fatalf("y = x+1 and x+1 = 5 in the target: %v", r)
	}
	if fresh := b.FreshBV("z", 32); fresh.String() == y.String() || b.fresh <= 1<<32 {
		t.Errorf("a new symbol of the target is %v, counted at %d, not past the imported y", fresh, b.fresh)
	}
	if ab.Compose(toB, toA) {
		t.Errorf("Compose of Importers that do not meet accepted")
	}
}
