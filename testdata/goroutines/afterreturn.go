package goroutines

import (
	"fmt"
	"sync"
)

// The functions of this file start goroutines and return before they
// ran: the goroutines run on after the return, in every order, and what
// goes wrong then is found as it would be before it. In each faulty one,
// two goroutines each need one case of a third's select, and which of
// them gets there first decides whether the other blocks forever or
// panics.

// node serves its status until it is told to stop.
type node struct {
	status chan int
	stop   chan struct{}
}

func newNode() *node {
	return &node{status: make(chan int), stop: make(chan struct{})}
}

func (n *node) run() {
	for {
		select {
		case n.status <- 1:
		case <-n.stop:
			return
		}
	}
}

// Status asks the node for its status: it waits for run to serve it.
func (n *node) Status() int {
	return <-n.status // want leak `^leak: goroutine 2 \(\(\*goroutines.node\).Status, started at afterreturn.go:\d+:\d+\) blocks forever on chan receive after goroutines.StartNode returned$` leak `^leak: goroutine 2 \(\(\*goroutines.node\).Status, started at afterreturn.go:\d+:\d+\) blocks forever on chan receive after \(\*goroutines.Meter\).Observe returned$`
}

// Stop tells run to return.
func (n *node) Stop() { n.stop <- struct{}{} }

// StartNode starts a node, a status query and a stop, and returns: when
// the stop comes first, the query waits for a node that is gone.
func StartNode() {
	n := newNode()
	go n.run()
	go n.Status()
	go n.Stop()
}

// Meter counts the nodes it observed; its invariant is that the count is
// not negative.
type Meter struct{ nodes int }

func (m *Meter) repOK() bool { return m.nodes >= 0 }

// Observe starts a node as StartNode does and counts it: the node's
// goroutines run on after Observe returned with its receiver's invariant
// (-invariants) as they do without it.
func (m *Meter) Observe() {
	if m.nodes < 1000 {
		m.nodes++
	}
	StartNode()
}

// request is a job for a server and where its answer goes.
type request struct {
	n     int
	reply chan int
}

// server answers requests until it is shut down.
type server struct {
	reqs chan request
	quit chan struct{}
}

func (s *server) loop() {
	for {
		select {
		case r := <-s.reqs:
			r.reply <- r.n * 2
		case <-s.quit:
			return
		}
	}
}

// handle sends one request and waits for its answer.
func (s *server) handle(n int) int {
	reply := make(chan int, 1)
	s.reqs <- request{n, reply} // want leak `^leak: goroutine 2 \(\(\*goroutines.server\).handle, started at afterreturn.go:\d+:\d+\) blocks forever on chan send after goroutines.Serve returned$`
	return <-reply
}

// Serve starts the server's loop, a handler and the shutdown, and
// returns: a handler that comes after the shutdown never gets in.
func Serve(n int) {
	s := &server{reqs: make(chan request), quit: make(chan struct{})}
	go s.loop()
	go s.handle(n)
	go func() { s.quit <- struct{}{} }()
}

// hub hands events to a subscriber until it is closed.
type hub struct {
	events chan string
	closed chan struct{}
}

func (h *hub) deliver() {
	select {
	case ev := <-h.events:
		_ = ev
	case <-h.closed:
	}
}

// Notify starts a hub's delivery and fires an event at it without
// waiting, then closes the hub: when the close comes first, the event's
// send on the unbuffered channel is never read.
func Notify(ev string) {
	h := &hub{events: make(chan string), closed: make(chan struct{})}
	go h.deliver()
	go func() {
		h.events <- ev // want leak `^leak: goroutine 2 \(goroutines.Notify\$1, started at afterreturn.go:\d+:\d+\) blocks forever on chan send after goroutines.Notify returned$`
	}()
	go func() { close(h.closed) }()
}

// snapshotter hands out snapshots until it is stopped, then closes its
// channel.
type snapshotter struct {
	snaps chan map[string]int
	stop  chan struct{}
}

func (s *snapshotter) run() {
	defer close(s.snaps)
	for {
		select {
		case s.snaps <- map[string]int{"seen": 1}:
		case <-s.stop:
			return
		}
	}
}

// record counts key in the next snapshot: once run stopped, the closed
// channel gives a nil map.
func (s *snapshotter) record(key string) {
	snap := <-s.snaps
	snap[key]++ // want nil-map `^assignment to entry in nil map` nil-map `^assignment to entry in nil map`
}

// Record starts a snapshotter, a recording and a stop, and returns.
func Record() {
	s := &snapshotter{snaps: make(chan map[string]int), stop: make(chan struct{})}
	go s.run()
	go s.record("visits")
	go func() { s.stop <- struct{}{} }()
}

// Stop tells run to stop.
func (s *snapshotter) Stop() { s.stop <- struct{}{} }

// Guarded records key and then stops the snapshotter. An empty key is a
// mistake it panics on, after the recording started, and recovers from
// as an error: the deferred function stops the snapshotter without
// waiting for the recording, which may then find it stopped.
func Guarded(key string) (err error) {
	s := &snapshotter{snaps: make(chan map[string]int), stop: make(chan struct{})}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("guarded: %v", r)
			go s.Stop()
		}
	}()
	recorded := make(chan struct{})
	go s.run()
	go func() {
		s.record(key)
		close(recorded)
	}()
	if key == "" {
		panic("empty key")
	}
	<-recorded
	s.Stop()
	return nil
}

// watcher streams ticks until it is stopped; then it closes done, and
// the stream.
type watcher struct {
	ticks chan int
	stop  chan struct{}
	done  chan struct{}
}

func (w *watcher) loop() {
	defer close(w.ticks)
	for {
		select {
		case w.ticks <- 1:
		case <-w.stop:
			close(w.done)
			return
		}
	}
}

// follow takes one tick; a stream that ended means the watcher is done,
// and it says so too: both close done.
func (w *watcher) follow() {
	if _, ok := <-w.ticks; !ok {
		close(w.done) // want close-closed `^close of closed channel$`
	}
}

// Watch starts a watcher, a follower and a stop, and returns.
func Watch() {
	w := &watcher{ticks: make(chan int), stop: make(chan struct{}), done: make(chan struct{})}
	go w.loop()
	go w.follow()
	go func() { w.stop <- struct{}{} }()
}

// batch is a worker's queue of jobs, and the WaitGroup that says when
// the worker ended.
type batch struct {
	jobs   chan int
	cancel chan struct{}
	wg     sync.WaitGroup
	sum    int
}

func (b *batch) work() {
	defer b.wg.Done()
	for {
		select {
		case j := <-b.jobs:
			b.sum += j
		case <-b.cancel:
			return
		}
	}
}

// Batch starts a worker under a WaitGroup it does not wait on, submits
// a job, cancels the batch, and returns: a job that comes after the
// cancel is never taken. The goroutine that waits for the worker ends
// either way.
func Batch(n int) {
	b := &batch{jobs: make(chan int), cancel: make(chan struct{})}
	done := make(chan struct{})
	b.wg.Add(1)
	go b.work()
	go func() {
		b.jobs <- n // want leak `^leak: goroutine 2 \(goroutines.Batch\$1, started at afterreturn.go:\d+:\d+\) blocks forever on chan send after goroutines.Batch returned$`
	}()
	go func() { b.cancel <- struct{}{} }()
	go func() {
		b.wg.Wait()
		close(done)
	}()
}

// StatusOrStopped asks a node that may have stopped: run closes stopped
// as it returns, so the query never waits for it forever.
func StatusOrStopped() {
	n := &stoppable{status: make(chan int), stop: make(chan struct{}), stopped: make(chan struct{})}
	go n.run()
	go n.query()
	go func() { n.stop <- struct{}{} }()
}

// stoppable is a node that says when it stopped.
type stoppable struct {
	status        chan int
	stop, stopped chan struct{}
}

func (n *stoppable) run() {
	defer close(n.stopped)
	for {
		select {
		case n.status <- 1:
		case <-n.stop:
			return
		}
	}
}

func (n *stoppable) query() int {
	select {
	case v := <-n.status:
		return v
	case <-n.stopped:
		return 0
	}
}

// Prefetch leaves a value in a buffered channel and a goroutine to take
// it: the goroutine runs to its end after Prefetch returned.
func Prefetch(x int) {
	cache := make(chan int, 1)
	cache <- x
	go func() {
		v := <-cache
		cache <- v + 1
	}()
}

// Spawn starts a node and returns it: its caller may still stop it, so
// a node waiting after the return is not a leak.
func Spawn() *node {
	n := newNode()
	go n.run()
	return n
}

// settings are what Configure hands to its applier.
type settings struct {
	retries int
	applied bool
}

// Configure fills in settings and hands them to an applier that waits
// for them, and returns: the applier's writes come after its receive,
// which the unbuffered send is synchronized with, so they race with
// none of Configure's.
func Configure(retries int) {
	pending := make(chan *settings)
	go func() {
		s := <-pending
		s.retries++
		s.applied = true
	}()
	s := &settings{}
	s.retries = retries
	pending <- s
}

// Lookup starts a fetch and takes its answer if it is there already,
// falling back to the cache: where the select runs before the fetcher
// reaches its send, the fetcher blocks forever on the unbuffered channel.
func Lookup(key string, cache map[string]int) int {
	answer := make(chan int)
	go func() {
		answer <- len(key) // want leak `^leak: goroutine 1 \(goroutines.Lookup\$1, started at afterreturn.go:\d+:\d+\) blocks forever on chan send after goroutines.Lookup returned$`
	}()
	select {
	case n := <-answer:
		return n
	default:
		return cache[key]
	}
}

// LookupBuffered is Lookup with room for the answer: the fetcher never
// blocks.
func LookupBuffered(key string, cache map[string]int) int {
	answer := make(chan int, 1)
	go func() { answer <- len(key) }()
	select {
	case n := <-answer:
		return n
	default:
		return cache[key]
	}
}
