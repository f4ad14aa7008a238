package goroutines

import "sync"

// Counter adds one per goroutine under a mutex and waits for them all.
func Counter(workers int) int {
	var mu sync.Mutex
	var wg sync.WaitGroup
	n := 0
	for i := 0; i < workers && i < 3; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			n++
			mu.Unlock()
		}()
	}
	wg.Wait()
	return 6 / (n - 2) // want div-zero `^integer divide by zero: n - 2 is 0$`
}

// Publish reads a value another goroutine may not have set yet: on the
// schedule where the main goroutine takes the lock first, it is zero.
func Publish() int {
	var mu sync.Mutex
	x := 0
	done := make(chan bool)
	go func() {
		mu.Lock()
		x = 5
		mu.Unlock()
		done <- true
	}()
	mu.Lock()
	y := x
	mu.Unlock()
	<-done
	return 10 / y // want div-zero `^integer divide by zero: y is 0$`
}

// Relock locks a mutex a goroutine holds and never releases.
func Relock() {
	var mu sync.Mutex
	locked := make(chan bool)
	go func() {
		mu.Lock()
		locked <- true
	}()
	<-locked
	mu.Lock() // want deadlock `^deadlock: Lock of a locked Mutex blocks forever \(in \(\*sync.Mutex\).Lock\)$`
}

// Overdone calls Done once too often from a goroutine. The second Done
// panics; the Wait the first one woke may run before that panic ends the
// program, find the counter below zero, and panic first.
func Overdone() {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		wg.Done()
		wg.Done() // want panic `^panic: sync: negative WaitGroup counter \(in \(\*sync.WaitGroup\).Done\)$`
	}()
	wg.Wait() // want panic `^panic: sync: WaitGroup is reused before previous Wait has returned \(in \(\*sync.WaitGroup\).Wait\)$`
}

// Early divides by a value the goroutine zeroes if it takes the lock
// before the entry does: the entry must be preempted at its Lock.
func Early() int {
	var mu sync.Mutex
	x := 1
	go func() {
		mu.Lock()
		x = 0
		mu.Unlock()
	}()
	mu.Lock()
	y := x
	mu.Unlock()
	return 10 / y // want div-zero `^integer divide by zero: y is 0$`
}

// Missed waits on a Cond without checking for what it waits for: when
// the goroutine signals before the Wait, no signal ever comes.
func Missed() {
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	go cond.Signal()
	mu.Lock()
	cond.Wait() // want deadlock `^deadlock: Cond.Wait blocks forever \(in \(\*sync.Cond\).Wait\)$`
	mu.Unlock()
}
