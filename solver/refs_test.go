package solver

import (
	"runtime"
	"testing"
	"time"
)

// Z3's allocation counter is process-wide and synchronised per thread in
// chunks, so these tests run serially on a locked thread and compare
// against margins far wider than that noise but far narrower than a leak.

const mib = 1 << 20

// collect runs the garbage collector a few times and gives queued
// cleanups a chance to run.
func collect() {
	for range 3 {
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
	}
}

// settle collects garbage until every Term reference of c except the want
// still owned by live Terms has been queued by its cleanup and released.
// Cleanups run on a goroutine of their own, so under load this can take
// several collections. The small constants c keeps for its lifetime own
// theirs on top of want.
func settle(t *testing.T, c *Context, want int) {
	t.Helper()
	want += smallConstantsHeld(c)
	deadline := time.Now().Add(10 * time.Second)
	for {
		runtime.GC()
		c.enter()
		if c.z3().liveASTs <= want || time.Now().After(deadline) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if c.z3().liveASTs != want {
		t.Fatalf("Terms own %d Z3 references, want %d", c.z3().liveASTs, want)
	}
}

// Every operation, including the hidden intermediate terms some build
// (AndNot's complement, a shift's adjusted count), must give back every
// reference it took once its results are dropped.
func TestEveryReferenceIsReturned(t *testing.T) {
	c := NewContext()
	defer c.Close()
	c.z3().holdBelow = 0
	x, y, n := c.FreshBV("x", 32), c.FreshBV("y", 32), c.FreshBV("n", 64)
	// Each symbolic result's AST is made, as a query Z3 decides makes
	// them (a folded one's would be a constant c keeps: true, false).
	made := func(t *Term) {
		if !t.IsConst() {
			c.astOf(t)
		}
	}
	for _, op := range binaryBVOps {
		made(op.f(c, x, y))
		made(op.f(c, x, c.BV(32, 3)))
		made(op.f(c, c.BV(32, 3), y))
	}
	for _, shift := range []func(*Context, *Term, *Term) *Term{(*Context).Shl, (*Context).LShr, (*Context).AShr} {
		made(shift(c, x, n))
		made(shift(c, x, c.Trunc(n, 8)))
	}
	p := c.Ult(x, y)
	made(c.And(p, c.Not(p), c.Eq(x, y)))
	made(c.Ite(p, x, c.SignExt(c.Trunc(y, 8), 32)))
	made(c.Implies(p, c.Or(c.Not(p), c.Bool(true), c.Slt(x, c.BV(32, 9)))))
	settle(t, c, 3)
	runtime.KeepAlive([]*Term{x, y, n})
}

// Nothing is released while the context holds fewer references than its
// bound, however often the collector runs; then all that was queued goes.
func TestReleaseWaitsForTheBound(t *testing.T) {
	c := NewContext()
	defer c.Close()
	c.z3().holdBelow = 100
	x := c.FreshBV("x", 64)
	for i := range 40 {
		c.astOf(c.Add(x, c.BV(64, uint64(smallConst+i)))) // a numeral and a sum, both dropped
	}
	// Cleanups run on a goroutine of their own: wait until all 80 dropped
	// references are queued.
	awaitQueued(t, c, 80)
	c.enter()
	if c.z3().liveASTs != 81 {
		t.Fatalf("below the bound: Terms own %d Z3 references, want all 81", c.z3().liveASTs)
	}
	var kept []*Term
	for i := range 10 {
		n := c.BV(64, uint64(1000+i))
		kept = append(kept, n, c.Add(x, n))
		c.astOf(kept[len(kept)-1])
	}
	c.enter() // 101 references: past the bound
	if c.z3().liveASTs != 21 {
		t.Fatalf("past the bound: Terms own %d Z3 references, want the 21 still alive", c.z3().liveASTs)
	}
	runtime.KeepAlive(x)
	runtime.KeepAlive(kept)
}

// smallConstantsHeld counts the small constants c keeps that own an AST.
func smallConstantsHeld(c *Context) int {
	n := 0
	for _, width := range c.small {
		if width == nil {
			continue
		}
		for _, t := range width {
			if t != nil && t.ast != nil {
				n++
			}
		}
	}
	return n
}

// awaitQueued collects garbage until c's releaser holds n AST references.
func awaitQueued(t *testing.T, c *Context, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		runtime.GC()
		c.z3().rel.mu.Lock()
		queued := len(c.z3().rel.asts)
		c.z3().rel.mu.Unlock()
		if queued >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 10 s only %d of %d dropped references were queued", queued, n)
		}
		time.Sleep(time.Millisecond)
	}
}

// Each iteration makes two new distinct ASTs (a numeral and a sum) and
// keeps neither. Z3 4.8.12 spends about 1.4 KiB on each new numeral, so
// leaking them would cost well over a GiB. Settling at fixed intervals
// bounds how many are alive at once, which is what Z3's allocator (it
// keeps freed small objects for reuse) keeps as its footprint. It reaches
// that footprint at a pace that depends on how often Go collects, hence
// the long warm-up, and why the bound is loose: the later peak wanders by
// tens of MiB with the collector's timing, where a leak would add a GiB.
func TestDroppedTermsAreReleased(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c := NewContext()
	defer c.Close()
	c.z3().holdBelow = 0
	x := c.FreshBV("x", 64)
	const n, every, warmup = 1_000_000, 20_000, 300_000
	var base, peak uint64
	for i := range n {
		sum := c.Add(x, c.BV(64, uint64(i)))
		if sum.IsConst() {
			t.Fatal("x + i was folded")
		}
		c.astOf(sum)
		if i%every == every-1 {
			settle(t, c, 1)
			if a := AllocatedBytes(); i < warmup {
				base = max(base, a) // tables grow to their working size
			} else {
				peak = max(peak, a)
			}
		}
	}
	runtime.KeepAlive(x)
	t.Logf("Z3 memory after warm-up %.1f MiB, peak later %.1f MiB", float64(base)/mib, float64(peak)/mib)
	if peak > base+64*mib {
		t.Errorf("Z3 memory grew from %d to %d bytes while building terms that were all dropped", base, peak)
	}
}

// workload builds terms, a solver with scopes and a model, and keeps them
// all alive so that only Close can free their Z3 objects.
func workload(c *Context) (keep []any) {
	s := c.NewSolver()
	x := c.FreshBV("x", 64)
	for i := range 20_000 {
		t := c.Ult(c.Mul(x, c.BV(64, uint64(i))), c.BV(64, 1<<40))
		keep = append(keep, t)
		if i%2_000 == 0 {
			s.Push()
			s.Assert(t)
		}
	}
	s.Check()
	return append(keep, s, s.Model())
}

// measuredWorkload runs workload in a new context after a first one has
// grown Z3's process-wide tables, and returns Z3's memory before and after.
func measuredWorkload() (c *Context, keep []any, before, during uint64) {
	warm := NewContext()
	workload(warm)
	warm.Close()
	collect()
	before = AllocatedBytes()
	c = NewContext()
	keep = workload(c)
	return c, keep, before, AllocatedBytes()
}

func TestCloseFreesEverything(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c, keep, before, during := measuredWorkload()
	c.Close()
	after := AllocatedBytes()
	runtime.KeepAlive(keep)
	t.Logf("Z3 memory before %d, during %d, after Close %d", before, during, after)
	if during < before+2*mib {
		t.Fatalf("workload used only %d bytes; the test would not see a leak", during-before)
	}
	if after > before+256<<10 {
		t.Errorf("Close left %d of %d bytes allocated", after-before, during-before)
	}
	// Cleanups of the kept values now run after Close; they must not
	// touch the deleted context.
	keep = nil
	collect()
}

// A Context that is dropped without Close is closed by its cleanup.
func TestUnreachableContextIsFreed(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	collect()
	before := AllocatedBytes()
	func() {
		c := NewContext()
		workload(c)
	}()
	deadline := time.Now().Add(5 * time.Second)
	for AllocatedBytes() > before+256<<10 && time.Now().Before(deadline) {
		collect()
	}
	if after := AllocatedBytes(); after > before+256<<10 {
		t.Errorf("dropped Context still holds %d bytes", after-before)
	}
}

// CloseLater frees everything too, on its own goroutine.
func TestCloseLaterFreesEverything(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c, keep, before, during := measuredWorkload()
	c.CloseLater()
	c.CloseLater() // again: nothing
	deadline := time.Now().Add(10 * time.Second)
	for AllocatedBytes() > before+256<<10 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	after := AllocatedBytes()
	runtime.KeepAlive(keep)
	if after > before+256<<10 {
		t.Errorf("10 s after CloseLater %d of %d bytes were still allocated", after-before, during-before)
	}
	keep = nil
	collect()
}
