package goroutines

import (
	"sync"
	"time"
)

// Timers fire at any point until they are stopped: gosym has no clock,
// so what a program does when a timer fires early, late or not yet is
// each a path.

// Deadline waits for a worker or gives up when the timer fires first;
// the worker then blocks forever on its unbuffered send.
func Deadline(x int) int {
	results := make(chan int)
	go func() {
		results <- x * 2 // want leak `^leak: goroutine \d \(goroutines.Deadline\$1, started at timers.go:\d+:\d+\) blocks forever on chan send after goroutines.Deadline returned$`
	}()
	select {
	case r := <-results:
		return r
	case <-time.After(time.Second):
		return -1
	}
}

// Expired checks without blocking whether its timer fired.
func Expired(n int) int {
	t := time.NewTimer(time.Millisecond)
	select {
	case <-t.C:
		return 100 / n // want div-zero `^integer divide by zero: n is 0$`
	default:
		return n
	}
}

// StopThenWait stops a timer that had not fired and waits for it anyway.
func StopThenWait() {
	t := time.NewTimer(time.Second)
	if t.Stop() {
		<-t.C // want deadlock `^deadlock: chan receive blocks forever$`
	}
}

// Ticks counts n ticks of a ticker.
func Ticks(n int) int {
	tk := time.NewTicker(time.Millisecond)
	defer tk.Stop()
	count := 0
	for range tk.C {
		count++
		if count >= n {
			break
		}
	}
	return 10 / (count - 3) // want div-zero `^integer divide by zero: count - 3 is 0$`
}

// Every ticks at an interval its caller chooses.
func Every(d time.Duration) {
	tk := time.NewTicker(d) // want panic `^panic: non-positive interval for NewTicker \(in time.NewTicker\)$`
	tk.Stop()
}

// Unstarted stops a timer no constructor made.
func Unstarted() bool {
	var t time.Timer
	return t.Stop() // want panic `^panic: time: Stop called on uninitialized Timer \(in \(\*time.Timer\).Stop\)$`
}

// Callback stops a callback; where Stop is too late, the callback has
// started but need not have run.
func Callback() int {
	var mu sync.Mutex
	ran := 0
	t := time.AfterFunc(time.Millisecond, func() {
		mu.Lock()
		ran = 1
		mu.Unlock()
	})
	if t.Stop() {
		return 0
	}
	mu.Lock()
	defer mu.Unlock()
	return 10 / ran // want div-zero `^integer divide by zero: ran is 0$`
}

// Rearmed resets a fired timer and waits for it again.
func Rearmed(n int) int {
	t := time.NewTimer(time.Millisecond)
	<-t.C
	if t.Reset(time.Millisecond) {
		return 1 / (n - n) // never: a fired timer's Reset reports false
	}
	<-t.C
	return n
}
