// Package isync holds the models gosym runs in place of the functions of
// the standard library's internal/sync (sync.Mutex's implementation) that
// are linked from the runtime. See the package sync models for why a
// semaphore acquire blocks forever.
//
// The file is compiled into gosym (embedded) and type-checked on its own,
// so it imports nothing.
package isync

// blockForever stands for a goroutine that blocks and that nothing wakes;
// gosym reports a deadlock where the package under analysis called into
// sync. Run as Go, it blocks.
func blockForever(why string) { select {} }

// fatalError stands for the runtime's fatal error, which no recover stops.
func fatalError(msg string) { panic("fatal error: " + msg) }

func runtime_SemacquireMutex(s *uint32, lifo bool, skipframes int) {
	blockForever("Lock of a locked Mutex")
}

func runtime_Semrelease(s *uint32, handoff bool, skipframes int) {}

// runtime_canSpin is false: spinning waits for another goroutine.
func runtime_canSpin(i int) bool { return false }

func runtime_doSpin() {}

func runtime_nanotime() int64 { return 0 }

func throw(msg string) { fatalError(msg) }

func fatal(msg string) { fatalError(msg) }
