// Package syncs guards its state with the sync package, as thread-safe
// containers do. gosym runs sync as written for one goroutine, so a
// panic after a Lock is found like any other, and misusing a lock is a
// finding of its own: a deadlock where the goroutine blocks forever, a
// fatal error where the runtime stops the program.
package syncs

import (
	"bytes"
	"errors"
	"sync"
	"sync/atomic"
)

// Queue is a FIFO of ints that several goroutines may share.
type Queue struct {
	mu     sync.Mutex
	items  []int
	closed bool
}

// NewQueue returns an empty, open queue.
func NewQueue() *Queue { return &Queue{} }

// Push appends v, unless the queue is closed.
func (q *Queue) Push(v int) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return errors.New("closed")
	}
	q.items = append(q.items, v)
	return nil
}

// Close stops further pushes.
func (q *Queue) Close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
}

// Peek returns the oldest item: on an empty queue it indexes out of
// range, under the lock.
func (q *Queue) Peek() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.items[0] // want index `^index out of range \[0\] with length 0`
}

// Len is the number of items. Trim calls it holding the lock, and blocks
// here.
func (q *Queue) Len() int {
	q.mu.Lock() // want deadlock `^deadlock: Lock of a locked Mutex blocks forever \(in \(\*sync.Mutex\).Lock\)$`
	defer q.mu.Unlock()
	return len(q.items)
}

// Drain takes every item. A closed queue unlocks early and falls through
// to the second Unlock.
func (q *Queue) Drain() []int {
	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
	}
	out := q.items
	q.items = nil
	q.mu.Unlock() // want fatal `^fatal error: sync: unlock of unlocked mutex \(in \(\*sync.Mutex\).Unlock\)$`
	return out
}

// Trim drops items beyond n. It calls Len, which locks the mutex Trim
// holds.
func (q *Queue) Trim(n int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.Len() > n {
		q.items = q.items[:n]
	}
}

// Registry maps names to ids under a read-write lock.
type Registry struct {
	mu  sync.RWMutex
	ids map[string]int
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{ids: map[string]int{}} }

// Lookup reads under the read lock.
func (r *Registry) Lookup(name string) (int, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	id, ok := r.ids[name]
	return id, ok
}

// Intern returns name's id, adding it if missing. It upgrades its read
// lock to a write lock, which waits for its own reader.
func (r *Registry) Intern(name string) int {
	r.mu.RLock()
	defer r.mu.RUnlock()
	if id, ok := r.ids[name]; ok {
		return id
	}
	r.mu.Lock() // want deadlock `^deadlock: Lock of a read-locked RWMutex blocks forever \(in \(\*sync.RWMutex\).Lock\)$`
	defer r.mu.Unlock()
	id := len(r.ids)
	r.ids[name] = id
	return id
}

// Forget removes name, releasing a read lock it never took.
func (r *Registry) Forget(name string) {
	r.mu.Lock()
	delete(r.ids, name)
	r.mu.Unlock()
	r.mu.RUnlock() // want fatal `^fatal error: sync: RUnlock of unlocked RWMutex \(in \(\*sync.RWMutex\).RUnlock\)$`
}

// Share divides total among the workers a WaitGroup counts: Done before
// Add makes the counter negative. The counter is 32 bits wide, and Add
// shifts its delta into the upper half of a uint64: a negative count
// panics, a count of 1<<32 or more adds only its low 32 bits (so the
// Dones that follow overshoot, or Wait waits for a count never reached).
func Share(total, workers int) int {
	var wg sync.WaitGroup
	if workers == 0 {
		wg.Done() // want panic `^panic: sync: negative WaitGroup counter \(in \(\*sync.WaitGroup\).Done\)$`
	}
	wg.Add(workers) // want panic `^panic: sync: negative WaitGroup counter \(in \(\*sync.WaitGroup\).Add\)$`
	for i := 0; i < workers; i++ {
		wg.Done() // want panic `^panic: sync: negative WaitGroup counter \(in \(\*sync.WaitGroup\).Done\)$`
	}
	wg.Wait() // want deadlock `^deadlock: Wait on a WaitGroup whose counter is not zero blocks forever \(in \(\*sync.WaitGroup\).Wait\)$`
	return total / workers
}

// Await waits for n tasks that nobody runs: it blocks for every n but 0
// (a negative n panics first).
func Await(n int) {
	var wg sync.WaitGroup
	wg.Add(n) // want panic `^panic: sync: negative WaitGroup counter \(in \(\*sync.WaitGroup\).Add\)$`
	wg.Wait() // want deadlock `^deadlock: Wait on a WaitGroup whose counter is not zero blocks forever \(in \(\*sync.WaitGroup\).Wait\)$`
}

// Config is loaded once.
type Config struct {
	once  sync.Once
	limit int
}

// Limit loads the limit on first use: a second Load does not run again,
// so the limit stays the first one given.
func (c *Config) Limit(first, second int) int {
	c.once.Do(func() { c.limit = first })
	c.once.Do(func() { c.limit = second })
	return 100 / c.limit // want div-zero "^integer divide by zero: c.limit is 0$"
}

// Reload loads again from inside the loader, which waits for itself.
func (c *Config) Reload() {
	c.once.Do(func() {
		c.once.Do(func() {}) // want deadlock `^deadlock: Lock of a locked Mutex blocks forever \(in \(\*sync.Once\).Do\)$`
	})
}

// Claim takes a flag that must be clear; atomics say whether it was.
func Claim(flag *int32) {
	if !atomic.CompareAndSwapInt32(flag, 0, 1) {
		panic("claimed twice") // want panic "^panic: claimed twice$"
	}
}

// Ring hands out the slots of a fixed buffer in turn.
type Ring struct {
	next atomic.Uint32
	buf  [2]int
}

// Take returns the next slot: the counter is never wrapped.
func (r *Ring) Take() int {
	i := r.next.Add(1) - 1
	return r.buf[i] // want index `^index out of range \[2\] with length 2`
}

// Busy reports a mutex held by its own caller: TryLock fails.
func Busy() bool {
	var mu sync.Mutex
	mu.Lock()
	if !mu.TryLock() {
		panic("busy") // want panic "^panic: busy$"
	}
	return false
}

// Box hands items from producers to consumers.
type Box struct {
	mu    sync.Mutex
	ready *sync.Cond
	items []int
}

// NewBox returns an empty box.
func NewBox() *Box {
	b := &Box{}
	b.ready = sync.NewCond(&b.mu)
	return b
}

// Take waits for an item. On an empty box it waits for a Put from
// another goroutine, as designed: no finding, and gosym says that it did
// not follow the path past the wait.
func (b *Box) Take() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	for len(b.items) == 0 {
		b.ready.Wait() // want latent nil-deref `^nil dereference: c is nil \(in \(\*sync.Cond\).Wait\)$`
	}
	v := b.items[0]
	b.items = b.items[1:]
	return v
}

// Put adds an item and wakes a consumer.
func (b *Box) Put(v int) {
	b.mu.Lock()
	b.items = append(b.items, v)
	b.mu.Unlock()
	b.ready.Signal() // want latent nil-deref `^nil dereference: c is nil \(in \(\*sync.Cond\).Signal\)$`
}

// scratch hands out byte buffers.
var scratch = sync.Pool{New: func() any { return make([]byte, 0, 64) }}

// Header reads the first byte of a pooled buffer, as if it kept what a
// Put left in it: any Get may return a fresh, empty buffer.
func Header() byte {
	buf := scratch.Get().([]byte)
	defer scratch.Put(buf)
	return buf[0] // want index `^index out of range \[0\] with length 0`
}

// loose is a pool without New: Get returns nil when it holds nothing.
var loose sync.Pool

// Borrow takes a buffer from loose.
func Borrow() *bytes.Buffer {
	return loose.Get().(*bytes.Buffer) // want type-assert `^interface conversion: interface is nil, not \*bytes.Buffer`
}

// User is a signed-in user.
type User struct{ Name string }

// Sessions maps session ids to users, for many goroutines.
type Sessions struct{ m sync.Map }

// Login records user under id.
func (s *Sessions) Login(id string, user *User) { s.m.Store(id, user) }

// Logout keeps id, with no user, so that it is not given out again.
func (s *Sessions) Logout(id string) { s.m.Store(id, (*User)(nil)) }

// Name returns the name of id's user: after a Logout, Load finds the nil
// *User that Logout stored.
func (s *Sessions) Name(id string) string {
	u, ok := s.m.Load(id)
	if !ok {
		return ""
	}
	return u.(*User).Name // want nil-deref "^nil dereference: u.\\(\\*User\\) is nil$"
}

// Seen remembers keys of any type; sync.Map hashes each, and a slice
// cannot be hashed.
var Seen sync.Map

// Remember records key once and reports whether it is new.
func Remember(key any) bool {
	_, loaded := Seen.LoadOrStore(key, true) // want panic `^runtime error: hash of unhashable type \[\]int \(in \(\*sync.Map\).LoadOrStore\)$`
	return !loaded
}

// Settings holds the current setting, swapped atomically.
type Settings struct{ v atomic.Value }

// SetPort stores a port, which panics once a host was stored.
func (s *Settings) SetPort(port int) {
	s.v.Store(port) // want panic `^panic: sync/atomic: store of inconsistently typed value into Value \(in \(\*atomic.Value\).Store\)$`
}

// SetHost stores a host name, which panics once a port was stored: a
// Value holds values of one type.
func (s *Settings) SetHost(host string) {
	s.v.Store(host) // want panic `^panic: sync/atomic: store of inconsistently typed value into Value \(in \(\*atomic.Value\).Store\)$`
}

// Port reads the port: nil before any SetPort, a string after SetHost.
func (s *Settings) Port() int {
	return s.v.Load().(int) // want type-assert "^interface conversion: interface"
}

// Publish stores x in v, which must not be nil.
func Publish(v *atomic.Value, x any) {
	v.Store(x) // want panic `^panic: sync/atomic: store of nil value into Value \(in \(\*atomic.Value\).Store\)$`
}

// Head holds the first node of a list, swapped atomically.
type Head struct{ p atomic.Pointer[User] }

// Set makes u the head.
func (h *Head) Set(u *User) { h.p.Store(u) }

// Name reads the head's name: there is none before a Set.
func (h *Head) Name() string {
	return h.p.Load().Name // want nil-deref "^nil dereference: h.p.Load\\(\\) is nil$"
}

// Replace makes u the head and returns the old head's name.
func (h *Head) Replace(u *User) string {
	old := h.p.Swap(u)
	return old.Name // want nil-deref "^nil dereference: old is nil$"
}

// frames recycles frames of any length.
var frames sync.Pool

// Recycle puts f back and takes a frame again: on one goroutine, with no
// collection between, the one just put.
func Recycle(f []int) int {
	frames.Put(f)
	g := frames.Get().([]int)
	return g[0] // want index `^index out of range \[0\] with length 0`
}
