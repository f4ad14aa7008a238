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
