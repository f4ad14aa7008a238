// Package sync holds the models gosym runs in place of the functions of
// the standard library's sync that are linked from the runtime: its
// semaphores and fatal errors.
//
// The semaphores are gosym's: an acquire blocks the goroutine while the
// count is 0 (a Lock of a held lock, a Wait on a positive WaitGroup
// counter), and a release wakes the goroutine that blocked first. With
// one goroutine, an acquire that blocks is a deadlock.
//
// The file is compiled into gosym (embedded) and type-checked on its own,
// so it imports nothing but unsafe. Types that mirror sync's (pool,
// syncMap) must have their fields' shapes: gosym checks that as it loads
// the models, and runs sync's own code where they differ.
package sync

import "unsafe"

// semacquire is the runtime's semaphore acquire: gosym blocks the
// goroutine while the count at s is 0 (why says on what, as a deadlock's
// message does), then takes one. Run as Go, it does so without waking.
func semacquire(s *uint32, why string) {
	if *s == 0 {
		select {}
	}
	*s--
}

// semrelease adds one to the count at s: gosym wakes the goroutine that
// blocked on it first.
func semrelease(s *uint32) { *s++ }

// fatalError stands for the runtime's fatal error, which no recover stops;
// gosym reports it where the package under analysis called into sync.
func fatalError(msg string) { panic("fatal error: " + msg) }

func runtime_Semacquire(s *uint32) { semacquire(s, "semaphore acquire") }

func runtime_SemacquireWaitGroup(s *uint32, synctestDurable bool) {
	semacquire(s, "Wait on a WaitGroup whose counter is not zero")
}

func runtime_SemacquireRWMutexR(s *uint32, lifo bool, skipframes int) {
	semacquire(s, "RLock of a locked RWMutex")
}

func runtime_SemacquireRWMutex(s *uint32, lifo bool, skipframes int) {
	semacquire(s, "Lock of a read-locked RWMutex")
}

func runtime_Semrelease(s *uint32, handoff bool, skipframes int) { semrelease(s) }

func runtime_notifyListCheck(size uintptr) {}

func runtime_registerPoolCleanup(cleanup func()) {}

func throw(msg string) { fatalError(msg) }

func fatal(msg string) { fatalError(msg) }

// notifyList mirrors the runtime's list of a Cond's waiters: wait is
// the next ticket Wait hands out, notify the next ticket to wake.
type notifyList struct {
	wait   uint32
	notify uint32
	lock   uintptr
	head   unsafe.Pointer
	tail   unsafe.Pointer
}

// ticket returns the ticket at *wait and takes the next one; awaitTicket
// blocks while *notify has not passed ticket t (why says on what);
// notifyTickets wakes the oldest waiter (all of them, with all) by moving
// *notify on, at most to *wait. gosym runs each as one operation of its
// goroutine, and wakes the goroutines blocked in awaitTicket on notify.
// Run as Go, they do so without waking.
func ticket(wait *uint32) uint32 {
	t := *wait
	*wait++
	return t
}

func awaitTicket(notify *uint32, t uint32, why string) {
	if *notify <= t {
		select {}
	}
}

func notifyTickets(notify, wait *uint32, all bool) {
	switch {
	case all:
		*notify = *wait
	case *notify != *wait:
		*notify++
	}
}

func runtime_notifyListAdd(l *notifyList) uint32 { return ticket(&l.wait) }

// runtime_notifyListWait is Cond.Wait's sleep, which a Signal or a
// Broadcast ends.
func runtime_notifyListWait(l *notifyList, t uint32) {
	awaitTicket(&l.notify, t, "Cond.Wait")
}

func runtime_notifyListNotifyAll(l *notifyList) { notifyTickets(&l.notify, &l.wait, true) }

func runtime_notifyListNotifyOne(l *notifyList) { notifyTickets(&l.notify, &l.wait, false) }

// copyChecker_check is (*copyChecker).check, which panics once a Cond is
// copied after first use. It compares the Cond's address with the one it
// recorded, which gosym does not model (unsafe): no copy is detected.
func copyChecker_check(c *uintptr) {}

// noCopy stands for sync's noCopy, which has no fields.
type noCopy struct{}

// pool mirrors the fields of sync.Pool. Its local, an array of per-P
// pools in sync.Pool, here points to the poolItems of the one goroutine
// gosym runs.
type pool struct {
	noCopy     noCopy
	local      unsafe.Pointer
	localSize  uintptr
	victim     unsafe.Pointer // never read
	victimSize uintptr
	New        func() any
}

// poolItems is what a Pool holds on one P: the private value the first
// Put left, then a stack of the others (poolLocalInternal's private and
// shared).
type poolItems struct {
	private any
	shared  []any
}

func (p *pool) items() *poolItems {
	if it := (*poolItems)(p.local); it != nil {
		return it
	}
	it := &poolItems{}
	p.local = unsafe.Pointer(it)
	return it
}

// Pool_Put is (*Pool).Put on one P: the private slot if it is free, else
// the top of the shared stack. Put(nil) does nothing.
func Pool_Put(p *pool, x any) {
	if x == nil {
		return
	}
	it := p.items()
	if it.private == nil {
		it.private = x
		return
	}
	it.shared = append(it.shared, x)
}

// Pool_Get is (*Pool).Get on one P with no garbage collection between it
// and the Puts: the private value, else the top of the shared stack, else
// New's value (nil without New). A collection, or the goroutine moving to
// another P, may make Go's Get return New's value instead; gosym does not
// explore that.
func Pool_Get(p *pool) any {
	it := p.items()
	if x := it.private; x != nil {
		it.private = nil
		return x
	}
	if n := len(it.shared); n > 0 {
		x := it.shared[n-1]
		it.shared = it.shared[:n-1]
		return x
	}
	if p.New != nil {
		return p.New()
	}
	return nil
}

// syncMap mirrors sync.Map. The root of its HashTrieMap, in place of the
// trie, points to a Go map of the entries: the models below are the only
// code that reads it.
type syncMap struct {
	_ noCopy
	m hashTrieMap
}

// hashTrieMap mirrors internal/sync's HashTrieMap[any, any].
type hashTrieMap struct {
	inited struct { // atomic.Uint32
		_ noCopy
		v uint32
	}
	initMu struct { // internal/sync's Mutex
		state int32
		sema  uint32
	}
	root struct { // atomic.Pointer[indirect[any, any]]
		_ [0]*int
		_ noCopy
		v unsafe.Pointer
	}
	keyHash  func(unsafe.Pointer, uintptr) uintptr
	valEqual func(unsafe.Pointer, unsafe.Pointer) bool
	seed     uintptr
}

// hashKey hashes k as sync.Map does first in every method, which panics
// with the runtime's error for a key of a type Go cannot hash. gosym
// carries it out itself; run as Go, it hashes k into a map.
func hashKey(k any) { map[any]bool{}[k] = true }

func (m *syncMap) entries() map[any]any {
	if p := (*map[any]any)(m.m.root.v); p != nil {
		return *p
	}
	e := map[any]any{}
	m.m.root.v = unsafe.Pointer(&e)
	return e
}

func Map_Load(m *syncMap, key any) (value any, ok bool) {
	hashKey(key)
	value, ok = m.entries()[key]
	return value, ok
}

func Map_Store(m *syncMap, key, value any) {
	hashKey(key)
	m.entries()[key] = value
}

func Map_Clear(m *syncMap) { m.m.root.v = nil }

func Map_LoadOrStore(m *syncMap, key, value any) (actual any, loaded bool) {
	hashKey(key)
	e := m.entries()
	if v, ok := e[key]; ok {
		return v, true
	}
	e[key] = value
	return value, false
}

func Map_LoadAndDelete(m *syncMap, key any) (value any, loaded bool) {
	hashKey(key)
	e := m.entries()
	value, loaded = e[key]
	delete(e, key)
	return value, loaded
}

func Map_Delete(m *syncMap, key any) {
	hashKey(key)
	delete(m.entries(), key)
}

func Map_Swap(m *syncMap, key, value any) (previous any, loaded bool) {
	hashKey(key)
	e := m.entries()
	previous, loaded = e[key]
	e[key] = value
	return previous, loaded
}

// Map_CompareAndSwap compares the entry's value with old as == does, so a
// value of an uncomparable type panics, as in sync.Map.
func Map_CompareAndSwap(m *syncMap, key, old, new any) (swapped bool) {
	hashKey(key)
	e := m.entries()
	v, ok := e[key]
	if !ok || v != old {
		return false
	}
	e[key] = new
	return true
}

func Map_CompareAndDelete(m *syncMap, key, old any) (deleted bool) {
	hashKey(key)
	e := m.entries()
	v, ok := e[key]
	if !ok || v != old {
		return false
	}
	delete(e, key)
	return true
}

// Map_Range calls f on the entries present when it starts, in map order,
// as sync.Map's does when f changes nothing.
func Map_Range(m *syncMap, f func(key, value any) bool) {
	for k, v := range m.entries() {
		if !f(k, v) {
			return
		}
	}
}
