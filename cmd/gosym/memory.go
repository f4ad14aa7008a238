package main

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
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
	// high is where the guard acts, below the limit: memory grows
	// between two of its measures, and while a function it stopped
	// winds down.
	high  uint64
	bound string // the bound named in BoundsHit

	mu      sync.Mutex
	running map[*guardedJob]bool
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
const watchInterval = 10 * time.Millisecond

// newMemoryGuard watches memory against limit bytes; it returns nil (no
// guard) for 0. Go's collector is also told the limit, so that it
// collects harder before the guard has to stop anything.
func newMemoryGuard(limit uint64) *memoryGuard {
	if limit == 0 {
		return nil
	}
	g := &memoryGuard{limit: limit, high: limit / 20 * 17, bound: "max-mem of " + humanize.IBytes(limit),
		running: map[*guardedJob]bool{}, done: make(chan struct{})}
	g.goLimit = debug.SetMemoryLimit(int64(min(limit, 1<<62)))
	// Z3 allocates from the threads cgo calls run on, and glibc's
	// allocator keeps an arena per thread, with its free memory.
	solver.LimitCArenas(2)
	g.steerGo(inUse())
	go g.watch()
	return g
}

// inUse is the memory the run holds: the process's resident set, as the
// operating system counts it (what top or time -v show), where it says;
// elsewhere Go's memory and what Z3 estimates it holds. Z3's estimate
// alone misses what C's allocator keeps, and Go's live heap misses its
// garbage: together they once said 300 MiB of a run that held 800.
func inUse() uint64 {
	if rss, ok := residentSet(); ok {
		return rss
	}
	return goResident() + solver.MemoryInUse()
}

// residentSet reads the process's resident set size from Linux's
// /proc/self/statm.
func residentSet() (uint64, bool) {
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, false
	}
	fields := strings.Fields(string(data))
	if len(fields) < 2 {
		return 0, false
	}
	pages, err := strconv.ParseUint(fields[1], 10, 64)
	if err != nil {
		return 0, false
	}
	return pages * uint64(os.Getpagesize()), true
}

// goResident is the memory Go's runtime has mapped and not released.
func goResident() uint64 {
	sample := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(sample)
	total, released := sample[0].Value.Uint64(), sample[1].Value.Uint64()
	if released > total {
		return 0
	}
	return total - released
}

// steerGo sets Go's memory limit to what the memory outside Go (Z3's,
// C's, the executable's) leaves of the run's: Go's collector then works
// harder as Z3 grows, before the guard has to stop a function.
func (g *memoryGuard) steerGo(held uint64) {
	outside := held - min(held, goResident())
	goLimit := g.limit / 4 // a floor: the collector would run without end below the live heap
	if g.high > outside {
		goLimit = max(goLimit, g.high-outside)
	}
	debug.SetMemoryLimit(int64(min(goLimit, 1<<62)))
}

// over reports whether the run is over the limit, after handing back to
// the operating system what Go's collector and C's allocator hold free.
func (g *memoryGuard) over() bool {
	if inUse() <= g.high {
		return false
	}
	debug.FreeOSMemory()
	solver.ReleaseCMemory()
	return inUse() > g.high
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
		g.check()
	}
}

// check stops the function that has run longest if the run is over the
// guard's mark, unless one it stopped has not ended yet; over the limit
// itself, it stops the next too.
func (g *memoryGuard) check() {
	held := inUse()
	g.steerGo(held)
	g.mu.Lock()
	idle, pending := len(g.running) == 0, false
	for j := range g.running {
		pending = pending || j.stopped.Load() // stopped, still winding down
	}
	g.mu.Unlock()
	if idle || pending && held <= g.limit || held <= g.high || !g.over() {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	var next *guardedJob
	for j := range g.running {
		if !j.stopped.Load() && (next == nil || j.start.Before(next.start)) {
			next = j
		}
	}
	if next != nil {
		next.stopped.Store(true)
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
	g.mu.Unlock()
}

// close stops the watching and gives Go back its memory limit.
func (g *memoryGuard) close() {
	if g != nil {
		close(g.done)
		debug.SetMemoryLimit(g.goLimit)
	}
}
