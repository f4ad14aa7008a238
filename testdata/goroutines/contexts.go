package goroutines

import (
	"context"
	"time"
)

// context's cancellation runs from its own code: channels, a mutex and
// atomics; its deadlines are timers, which fire at any point.

// Expiring gives up on its work when its deadline passes first.
func Expiring(x int) int {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	results := make(chan int, 1)
	go func() { results <- x }()
	select {
	case r := <-results:
		return r
	case <-ctx.Done():
		return 10 / x // want div-zero `^integer divide by zero: x is 0$`
	}
}

// Derived waits for a child context that only its parent's cancel ends.
func Derived(n int) int {
	parent, stop := context.WithCancel(context.Background())
	defer stop()
	child, cancel := context.WithCancel(parent)
	defer cancel()
	if n > 0 {
		stop()
	}
	<-child.Done() // want deadlock `^deadlock: chan receive blocks forever$`
	return 10 / n
}
