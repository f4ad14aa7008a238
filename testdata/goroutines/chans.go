// Package goroutines starts goroutines and talks to them over channels.
// gosym runs each goroutine as a thread of the path and explores the
// orders in which they take their channel, lock and atomic operations,
// so a panic that needs one goroutine to go before another is found with
// that schedule, and a program that can only block is a deadlock.
package goroutines

// Double hands x to a goroutine over an unbuffered channel and divides
// by what comes back.
func Double(x int) int {
	ch := make(chan int)
	go func() { ch <- x * 2 }()
	return 100 / (<-ch - 8) // want div-zero `^integer divide by zero: <-ch - 8 is 0$`
}

// Sum adds what a producer sends until it closes the channel.
func Sum(n int) int {
	ch := make(chan int, 2)
	go func() {
		for i := 1; i <= n; i++ {
			ch <- i
		}
		close(ch)
	}()
	total := 0
	for v := range ch {
		total += v
	}
	return 60 / (total - 6) // want div-zero `^integer divide by zero: total - 6 is 0$`
}

// Drained tells a closed channel's zero value from a sent one.
func Drained(send bool) int {
	ch := make(chan int, 1)
	if send {
		ch <- 0
	}
	close(ch)
	v, ok := <-ch
	if !ok {
		return v
	}
	return 1 / v // want div-zero `^integer divide by zero: v is 0$`
}

// Buffered reads a buffered channel's length and capacity.
func Buffered(k int) int {
	ch := make(chan string, 3)
	for i := 0; i < k && i < 3; i++ {
		ch <- "x"
	}
	return 6 / (cap(ch) - len(ch)) // want div-zero `^integer divide by zero: cap\(ch\) - len\(ch\) is 0$`
}

// Poll takes a value if one is there, or goes on.
func Poll(ready bool) int {
	ch := make(chan int, 1)
	if ready {
		ch <- 7
	}
	select {
	case v := <-ch:
		return v
	default:
		var m map[string]int
		m["polled"]++ // want nil-map `^assignment to entry in nil map`
		return 0
	}
}

// Either takes whichever of two ready channels the runtime picks.
func Either() int {
	a := make(chan int, 1)
	b := make(chan int, 1)
	a <- 0
	b <- 2
	select {
	case v := <-a:
		return 4 / v // want div-zero `^integer divide by zero: v is 0$`
	case v := <-b:
		return 4 / v
	}
}

// Nil receives from a channel it never made.
func Nil(wait bool) {
	var ch chan int
	if wait {
		<-ch // want deadlock `^deadlock: chan receive \(nil chan\) blocks forever$`
	}
}

// Unanswered sends where no goroutine receives.
func Unanswered() {
	ch := make(chan bool)
	ch <- true // want deadlock `^deadlock: chan send blocks forever$`
}
