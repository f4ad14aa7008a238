// Package time holds the model gosym runs for the goroutine of a timer
// made by the standard library's time.AfterFunc. The timers themselves
// are gosym's own (see ssaexec/timers.go): a timer may fire at any point
// until it is stopped.
//
// The file is compiled into gosym (embedded) and type-checked on its own,
// so it imports nothing.
package time

// afterFunc is what the goroutine of an AfterFunc timer runs: it waits
// for the timer t to fire, then calls f, as the runtime's goroutine for
// the timer does. gosym starts it with the timer, and removes it where
// Stop stops the timer first.
func afterFunc(t *byte, f func()) {
	fireTimer(t)
	f()
}

// fireTimer is the timer t firing: gosym runs it as one operation of its
// goroutine, which a scheduling decision may take at any point. Run as
// Go, it does nothing.
func fireTimer(t *byte) {}
