// Package isync holds the models gosym runs in place of the functions of
// the standard library's internal/sync (sync.Mutex's implementation) that
// are linked from the runtime: its semaphores, as the package sync models
// have them.
//
// The file is compiled into gosym (embedded) and type-checked on its own,
// so it imports nothing.
package isync

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

// fatalError stands for the runtime's fatal error, which no recover stops.
func fatalError(msg string) { panic("fatal error: " + msg) }

// lock sets the lock bit of *state, blocking while it is set (why says
// on what, as a deadlock's message does); unlock clears it, and is the
// runtime's fatal error where it is clear; tryLock sets it if it is
// clear. gosym runs each as one operation of its goroutine, and wakes the
// goroutines blocked in lock at an unlock. Run as Go, they do so without
// waking.
func lock(state *int32, why string) {
	if *state&mutexLocked != 0 {
		select {}
	}
	*state |= mutexLocked
}

func unlock(state *int32) {
	if *state&mutexLocked == 0 {
		fatalError("sync: unlock of unlocked mutex")
	}
	*state &^= mutexLocked
}

func tryLock(state *int32) bool {
	if *state&mutexLocked != 0 {
		return false
	}
	*state |= mutexLocked
	return true
}

const mutexLocked = 1

// mutex mirrors the fields of internal/sync's Mutex (sync.Mutex's). Its
// methods are one operation each, not the runtime's protocol of spinning,
// waiter counts and starvation mode, whose every order of atomic
// operations a search of schedules would try; what a caller sees of a
// Mutex is the same.
type mutex struct {
	state int32
	sema  uint32
}

func Mutex_Lock(m *mutex) { lock(&m.state, "Lock of a locked Mutex") }

func Mutex_Unlock(m *mutex) { unlock(&m.state) }

func Mutex_TryLock(m *mutex) bool { return tryLock(&m.state) }

func runtime_SemacquireMutex(s *uint32, lifo bool, skipframes int) {
	semacquire(s, "Lock of a locked Mutex")
}

func runtime_Semrelease(s *uint32, handoff bool, skipframes int) { semrelease(s) }

// runtime_canSpin is false: spinning waits for another goroutine.
func runtime_canSpin(i int) bool { return false }

func runtime_doSpin() {}

func runtime_nanotime() int64 { return 0 }

func throw(msg string) { fatalError(msg) }

func fatal(msg string) { fatalError(msg) }
