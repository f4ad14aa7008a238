package goroutines

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// The functions of this file use every primitive correctly: gosym must
// report nothing on them.

// Pool runs jobs on two workers and collects their results.
func Pool(jobs []int) int {
	in := make(chan int)
	out := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range in {
				out <- j * 2
			}
		}()
	}
	go func() {
		for _, j := range jobs {
			in <- j
		}
		close(in)
	}()
	go func() {
		wg.Wait()
		close(out)
	}()
	sum := 0
	for r := range out {
		sum += r
	}
	return sum
}

// Pipeline chains three stages, each closing its output when its input
// ends.
func Pipeline(n int) int {
	gen := make(chan int)
	sq := make(chan int)
	go func() {
		defer close(gen)
		for i := 0; i < n && i < 3; i++ {
			gen <- i
		}
	}()
	go func() {
		defer close(sq)
		for v := range gen {
			sq <- v * v
		}
	}()
	total := 0
	for v := range sq {
		total += v
	}
	if total < 0 {
		panic("a sum of squares is never negative")
	}
	return total
}

// TrySend sends without blocking, dropping the value when the buffer is
// full.
func TrySend(vs []int) int {
	ch := make(chan int, 1)
	dropped := 0
	for i := 0; i < len(vs) && i < 3; i++ {
		select {
		case ch <- vs[i]:
		default:
			dropped++
		}
	}
	if len(ch)+dropped != min(len(vs), 3) {
		panic("a value was lost")
	}
	return dropped
}

// Config is built once, whichever goroutine asks first.
type Config struct {
	once sync.Once
	vals map[string]int
}

// Get builds c's values on first use; two goroutines ask at once.
func Get(c *Config) int {
	if c == nil {
		return 0
	}
	load := func() int {
		c.once.Do(func() { c.vals = map[string]int{"a": 1} })
		return c.vals["a"]
	}
	got := make(chan int, 1)
	go func() { got <- load() }()
	a := load()
	if a+<-got != 2 {
		panic("Once ran twice or not at all")
	}
	return a
}

// Table is read by many goroutines and written by one, under an
// RWMutex.
type Table struct {
	mu sync.RWMutex
	m  map[string]int
}

// Snapshot reads while a writer updates.
func Snapshot() int {
	t := &Table{m: map[string]int{"k": 1}}
	done := make(chan bool)
	go func() {
		t.mu.Lock()
		t.m["k"] = 2
		t.mu.Unlock()
		done <- true
	}()
	t.mu.RLock()
	v := t.m["k"]
	t.mu.RUnlock()
	<-done
	if v != 1 && v != 2 {
		panic("a torn read")
	}
	return v
}

// Cancel stops a worker through a done channel, as context does.
func Cancel() int {
	done := make(chan struct{})
	ticks := make(chan int)
	var count atomic.Int32
	go func() {
		defer close(ticks)
		for i := 0; ; i++ {
			select {
			case <-done:
				return
			case ticks <- i:
				count.Add(1)
			}
		}
	}()
	<-ticks
	close(done)
	for range ticks {
	}
	return int(count.Load())
}

// Independent sums what three producers send, each on its own channel:
// no two of their operations touch one channel, so every schedule is the
// same.
func Independent() int {
	a := make(chan int, 1)
	b := make(chan int, 1)
	c := make(chan int, 1)
	go func() { a <- 1; a <- 2 }()
	go func() { b <- 3; b <- 4 }()
	go func() { c <- 5; c <- 6 }()
	sum := <-a + <-b + <-c + <-a + <-b + <-c
	if sum != 21 {
		panic("a value was lost")
	}
	return sum
}

// Handoff waits on a Cond until a goroutine has put an item, checking
// the condition in a loop around Wait.
func Handoff() int {
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	var items []int
	go func() {
		mu.Lock()
		items = append(items, 7)
		mu.Unlock()
		cond.Signal()
	}()
	mu.Lock()
	for len(items) == 0 {
		cond.Wait()
	}
	v := items[0]
	mu.Unlock()
	return v
}

// Timeout waits for a worker or a timer; the worker's buffered send
// never blocks, so it ends either way.
func Timeout(x int) int {
	results := make(chan int, 1)
	go func() { results <- x * 2 }()
	timer := time.NewTimer(time.Second)
	defer timer.Stop()
	select {
	case r := <-results:
		return r
	case <-timer.C:
		return -1
	}
}

// Heartbeat ticks until its done channel closes.
func Heartbeat() int {
	done := make(chan struct{})
	beats := 0
	tk := time.NewTicker(time.Millisecond)
	defer tk.Stop()
	time.AfterFunc(time.Millisecond, func() { close(done) })
	for {
		select {
		case <-done:
			return beats
		case <-tk.C:
			beats++
		}
	}
}

// Bounded stops its worker when its context ends: neither blocks
// forever, whichever comes first.
func Bounded(n int) int {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	out := make(chan int)
	go func() {
		select {
		case out <- n:
		case <-ctx.Done():
		}
	}()
	select {
	case v := <-out:
		return v
	case <-ctx.Done():
		return 0
	}
}
