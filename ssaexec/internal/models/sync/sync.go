// Package sync holds the models gosym runs in place of the functions of
// the standard library's sync that are linked from the runtime: its
// semaphores and fatal errors.
//
// gosym executes one goroutine, so a semaphore acquire that the code
// reaches (a Lock of a held lock, a Wait on a positive WaitGroup counter)
// blocks forever: nothing else can release it. blockForever tells gosym
// so. A release finds no waiter, for the same reason.
//
// The file is compiled into gosym (embedded) and type-checked on its own,
// so it imports nothing.
package sync

// blockForever stands for a goroutine that blocks and that nothing wakes;
// gosym reports a deadlock where the package under analysis called into
// sync. Run as Go, it blocks.
func blockForever(why string) { select {} }

// fatalError stands for the runtime's fatal error, which no recover stops;
// gosym reports it where the package under analysis called into sync.
func fatalError(msg string) { panic("fatal error: " + msg) }

func runtime_Semacquire(s *uint32) { blockForever("the semaphore is never released") }

func runtime_SemacquireWaitGroup(s *uint32, synctestDurable bool) {
	blockForever("Wait on a WaitGroup whose counter is not zero")
}

func runtime_SemacquireRWMutexR(s *uint32, lifo bool, skipframes int) {
	blockForever("RLock of a locked RWMutex")
}

func runtime_SemacquireRWMutex(s *uint32, lifo bool, skipframes int) {
	blockForever("Lock of a read-locked RWMutex")
}

func runtime_Semrelease(s *uint32, handoff bool, skipframes int) {}

func runtime_notifyListCheck(size uintptr) {}

func runtime_registerPoolCleanup(cleanup func()) {}

func throw(msg string) { fatalError(msg) }

func fatal(msg string) { fatalError(msg) }

// notifyList stands for the runtime's list of a Cond's waiters; the
// models below never read it.
type notifyList struct{}

func runtime_notifyListAdd(l *notifyList) uint32 { return 0 }

// waitForOthers stands for a wait that another goroutine is meant to end
// (a Cond's Signal): gosym, which runs one goroutine, does not follow
// the path past it, and says so as a bound. Run as Go, it blocks.
func waitForOthers(what string) { select {} }

// runtime_notifyListWait is Cond.Wait's sleep, which a Signal from
// another goroutine ends.
func runtime_notifyListWait(l *notifyList, t uint32) {
	waitForOthers("Cond.Wait")
}

func runtime_notifyListNotifyAll(l *notifyList) {}

func runtime_notifyListNotifyOne(l *notifyList) {}

// copyChecker_check is (*copyChecker).check, which panics once a Cond is
// copied after first use. It compares the Cond's address with the one it
// recorded, which gosym does not model (unsafe): no copy is detected.
func copyChecker_check(c *uintptr) {}

// pool mirrors the fields of sync.Pool, so that the models below read its
// New where sync.Pool has it (the tests compare the two).
type pool struct {
	noCopy     struct{}
	local      uintptr // unsafe.Pointer in sync.Pool; never read
	localSize  uintptr
	victim     uintptr // unsafe.Pointer in sync.Pool; never read
	victimSize uintptr
	New        func() any
}

// Pool_Get is (*Pool).Get as Go may run it at any time: the pool ignores
// what was Put (the runtime may have dropped it) and returns New's value,
// or nil without New. A Get that returns a value Put before is not
// modelled.
func Pool_Get(p *pool) any {
	if p.New != nil {
		return p.New()
	}
	return nil
}

// Pool_Put is (*Pool).Put as Go may run it: the value is dropped.
func Pool_Put(p *pool, x any) {}
