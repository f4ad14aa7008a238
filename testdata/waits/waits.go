// Package waits keeps a service's settings, its job queue and its event
// feed in package variables that goroutines wait on. Some of the waits
// its code or its callers end; some nothing can end.
package waits

import "sync"

var (
	mu     sync.Mutex
	loaded = sync.NewCond(&mu)
	ok     bool
)

// MarkLoaded says the settings are loaded, but wakes no one: the
// goroutines waiting in AwaitLoaded are never told.
func MarkLoaded() {
	mu.Lock()
	ok = true
	mu.Unlock()
}

// AwaitLoaded waits until the settings are loaded. No code calls
// loaded's Signal or Broadcast, and a caller cannot reach it to.
func AwaitLoaded() {
	mu.Lock()
	for !ok {
		loaded.Wait() // want deadlock `^deadlock: Cond.Wait blocks forever \(in \(\*sync.Cond\).Wait\): no code of the program calls Signal or Broadcast on its Cond$`
	}
	mu.Unlock()
}

// WatchLoaded starts a goroutine that logs once the settings are
// loaded: it waits as AwaitLoaded does, after WatchLoaded returned.
func WatchLoaded(log func(string)) {
	go func() {
		mu.Lock()
		for !ok {
			loaded.Wait() // want leak `^leak: goroutine \d \(waits.WatchLoaded\$1, started at waits.go:\d+:\d+\) blocks forever on Cond.Wait after waits.WatchLoaded returned: no code of the program calls Signal or Broadcast on its Cond$`
		}
		mu.Unlock()
		log("settings loaded")
	}()
}

var (
	queueMu  sync.Mutex
	nonEmpty = sync.NewCond(&queueMu)
	queue    []string
)

// Put queues a job and wakes a taker.
func Put(job string) {
	queueMu.Lock()
	queue = append(queue, job)
	queueMu.Unlock()
	nonEmpty.Signal()
}

// Take waits for a job: another goroutine's Put ends the wait.
func Take() string {
	queueMu.Lock()
	defer queueMu.Unlock()
	for len(queue) == 0 {
		nonEmpty.Wait()
	}
	job := queue[0]
	queue = queue[1:]
	return job
}

var settingsMu sync.Mutex

// Changed is broadcast by whoever changes the settings: the package's
// callers, who can reach it.
var Changed = sync.NewCond(&settingsMu)

// AwaitChange waits for the next change of the settings.
func AwaitChange() {
	settingsMu.Lock()
	Changed.Wait()
	settingsMu.Unlock()
}

// update is a change of one setting.
type update struct{ key, value string }

// updates should carry the settings' changes, but no code sends on it.
var updates = make(chan update)

// Follow applies the updates as they come.
func Follow(apply func(key, value string)) {
	for u := range updates { // want deadlock `^deadlock: chan receive blocks forever: no code of the program sends on or closes a chan waits.update$`
		apply(u.key, u.value)
	}
}

// report is what a finished job says.
type report struct{ job, result string }

// reports should be drained by a collector no code starts.
var reports = make(chan report)

// Publish hands over a job's report.
func Publish(job, result string) {
	reports <- report{job, result} // want deadlock `^deadlock: chan send blocks forever: no code of the program receives from a chan waits.report$`
}

// event is something the service tells its callers of.
type event struct{ name string }

var events = make(chan event)

// Events is the feed of events: a caller only receives from it.
var Events <-chan event = events

// NextEvent waits for the next event; no code sends one, and a caller
// can only receive from Events.
func NextEvent() string {
	e := <-events // want deadlock `^deadlock: chan receive blocks forever: no code of the program sends on or closes a chan waits.event$`
	return e.name
}

// NextChange waits for the next update or event, whichever comes
// first: neither ever does.
func NextChange() string {
	select { // want deadlock `^deadlock: select blocks forever: no code of the program sends on or closes a channel of its cases' types$`
	case u := <-updates:
		return u.key
	case e := <-events:
		return e.name
	}
}

// pool holds the idle connections, which wait for a free slot.
var pool struct {
	mu    sync.Mutex
	freed sync.Cond
	idle  int
}

func init() { pool.freed.L = &pool.mu }

// Acquire takes an idle connection, waiting for one while there is
// none. Nothing ever puts a connection back or signals freed.
func Acquire() {
	pool.freed.L.Lock()
	for pool.idle == 0 {
		pool.freed.Wait() // want deadlock `^deadlock: Cond.Wait blocks forever \(in \(\*sync.Cond\).Wait\): no code of the program calls Signal or Broadcast on its Cond$`
	}
	pool.idle--
	pool.freed.L.Unlock()
}

// token says the service started.
type token struct{}

var started = make(chan token)

// Start says the service started.
func Start() { close(started) }

// AwaitStart waits until Start is called: another goroutine's Start
// ends the wait.
func AwaitStart() { <-started }

// job is a unit of work.
type job struct{ name string }

// Jobs is fed by the package's callers.
var Jobs = make(chan job)

// Work runs the jobs its callers send on Jobs.
func Work(run func(string)) {
	for j := range Jobs {
		run(j.name)
	}
}

var (
	flushMu sync.Mutex
	flushed = sync.NewCond(&flushMu)
)

// Flushed returns the Cond broadcast when the buffers are flushed: its
// callers flush, so they can reach it.
func Flushed() *sync.Cond { return flushed }

// AwaitFlush waits for the next flush, which a caller may broadcast.
func AwaitFlush() {
	flushMu.Lock()
	flushed.Wait()
	flushMu.Unlock()
}

// alarm is a timeout a caller raises.
type alarm struct{ after int }

// alarms are raised by the callers, through Alarms.
var alarms = make(chan alarm)

// Alarms returns the channel on which callers raise alarms.
func Alarms() chan<- alarm { return alarms }

// NextAlarm waits for an alarm a caller may send.
func NextAlarm() int {
	a := <-alarms
	return a.after
}
