// Package pkgchans makes channels and a ticker while it is initialized:
// its functions use them as the package's initialization left them.
package pkgchans

import "time"

// closed is closed once the package is initialized.
var closed = make(chan struct{})

// pending is closed by no code of the package.
var pending = make(chan struct{})

// ticks is a ticker every function shares.
var ticks = time.Tick(time.Millisecond)

func init() { close(closed) }

// Ready divides once the package is initialized.
func Ready(n int) int {
	<-closed
	return 10 / n // want div-zero `^integer divide by zero: n is 0$`
}

// Paced waits for a tick before each of its n steps.
func Paced(n int) int {
	steps := 0
	for i := 0; i < n && i < 3; i++ {
		<-ticks
		steps++
	}
	return 6 / (steps - 2) // want div-zero `^integer divide by zero: steps - 2 is 0$`
}

// Wait waits on a package channel, which another goroutine of its
// caller may close: a wait for another goroutine, not a deadlock.
func Wait() {
	<-pending
}

// Reclose closes the channel initialization closed.
func Reclose() {
	close(closed) // want close-closed `^close of closed channel$`
}
