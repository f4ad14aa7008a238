package main

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dustin/go-humanize"

	"github.com/gosym/gosym/solver"
)

// memoryGuard keeps a run under -max-mem. Memory is the process's, shared
// by the functions analysed at once, so it cannot be told apart per
// function: when the process goes over the limit, the function that has
// run longest (most likely the largest search) is stopped; a function
// that starts while the process is still over it is stopped at once.
// Stopped functions end with status stopped and "max-mem of ..." among
// their bounds hit.
type memoryGuard struct {
	limit uint64
	bound string // the bound named in BoundsHit

	mu      sync.Mutex
	running map[*guardedJob]bool
	victim  *guardedJob // stopped and not yet ended
	done    chan struct{}
	// goLimit is Go's memory limit before the guard set it.
	goLimit int64
}

// guardedJob is one function's analysis under the guard.
type guardedJob struct {
	start   time.Time
	stopped atomic.Bool
}

// interrupted reports whether the guard stopped j (nil: no guard).
func (j *guardedJob) interrupted() bool { return j != nil && j.stopped.Load() }

// watchInterval is how often the guard measures memory.
const watchInterval = 50 * time.Millisecond

// newMemoryGuard watches memory against limit bytes; it returns nil (no
// guard) for 0. Go's collector is also told the limit, so that it
// collects harder before the guard has to stop anything.
func newMemoryGuard(limit uint64) *memoryGuard {
	if limit == 0 {
		return nil
	}
	g := &memoryGuard{limit: limit, bound: "max-mem of " + humanize.IBytes(limit),
		running: map[*guardedJob]bool{}, done: make(chan struct{})}
	g.goLimit = debug.SetMemoryLimit(int64(min(limit, 1<<62)))
	go g.watch()
	return g
}

// inUse is the memory the run holds: Go's live heap at the last
// collection, and what Z3 estimates it holds.
func inUse() uint64 {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	var live uint64
	if sample[0].Value.Kind() == metrics.KindUint64 {
		live = sample[0].Value.Uint64()
	}
	return live + solver.MemoryInUse()
}

// over reports whether the run is over the limit, collecting garbage
// first when it seems to be, since the live heap is only measured by a
// collection.
func (g *memoryGuard) over() bool {
	if inUse() <= g.limit {
		return false
	}
	runtime.GC()
	return inUse() > g.limit
}

func (g *memoryGuard) watch() {
	tick := time.NewTicker(watchInterval)
	defer tick.Stop()
	for {
		select {
		case <-g.done:
			return
		case <-tick.C:
		}
		g.mu.Lock()
		pending := g.victim != nil || len(g.running) == 0
		g.mu.Unlock()
		if pending || !g.over() {
			continue
		}
		g.mu.Lock()
		for j := range g.running {
			if g.victim == nil || j.start.Before(g.victim.start) {
				g.victim = j
			}
		}
		if g.victim != nil {
			g.victim.stopped.Store(true)
		}
		g.mu.Unlock()
	}
}

// begin registers a function's analysis and returns it with the
// interrupt its configuration asks.
func (g *memoryGuard) begin() (*guardedJob, func() string) {
	if g == nil {
		return nil, nil
	}
	j := &guardedJob{start: time.Now()}
	if g.over() {
		j.stopped.Store(true)
	}
	g.mu.Lock()
	g.running[j] = true
	g.mu.Unlock()
	return j, func() string {
		if j.stopped.Load() {
			return g.bound
		}
		return ""
	}
}

// end unregisters a function's analysis.
func (g *memoryGuard) end(j *guardedJob) {
	if g == nil {
		return
	}
	g.mu.Lock()
	delete(g.running, j)
	if g.victim == j {
		g.victim = nil
	}
	g.mu.Unlock()
}

// close stops the watching and gives Go back its memory limit.
func (g *memoryGuard) close() {
	if g != nil {
		close(g.done)
		debug.SetMemoryLimit(g.goLimit)
	}
}
