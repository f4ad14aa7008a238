package goroutines

// Shutdown closes a channel that its caller may have closed already.
func Shutdown(again bool) {
	done := make(chan struct{})
	close(done)
	if again {
		close(done) // want close-closed `^close of closed channel$`
	}
}

// CloseUnmade closes a channel only some paths make.
func CloseUnmade(make_ bool) {
	var ch chan int
	if make_ {
		ch = make(chan int)
	}
	close(ch) // want close-nil `^close of nil channel$`
}

// LateSend sends after the consumer's channel was closed: the consumer
// itself has gone, so the send panics whatever the schedule.
func LateSend(n int) {
	ch := make(chan int, 1)
	done := make(chan bool)
	go func() {
		for range ch {
		}
		done <- true
	}()
	ch <- n
	close(ch)
	if n > 10 {
		ch <- n // want send-closed `^send on closed channel$`
	}
	<-done
}

// Race closes a channel while a goroutine may still send on it: on the
// schedule where the close comes first, the goroutine's send panics.
func Race() {
	ch := make(chan int, 1)
	go func() {
		ch <- 1 // want send-closed `^send on closed channel$`
	}()
	close(ch)
}

// FirstOnly waits for the first of two workers: the other one's send
// blocks forever once FirstOnly returned.
func FirstOnly() int {
	results := make(chan int)
	for i := 0; i < 2; i++ {
		go func() {
			results <- i // want leak `^leak: goroutine \d \(goroutines.FirstOnly\$1, started at misuse.go:\d+:\d+\) blocks forever on chan send after goroutines.FirstOnly returned$`
		}()
	}
	return <-results
}

// Crossed waits for a goroutine that waits for it.
func Crossed() {
	ping := make(chan int)
	pong := make(chan int)
	go func() {
		<-ping
		pong <- 1
	}()
	<-pong // want deadlock `^deadlock: chan receive blocks forever; every other goroutine blocks too: goroutine 1 \(goroutines.Crossed\$1\) on chan receive at misuse.go:\d+:\d+$`
	ping <- 1
}

// Crash panics in a goroutine: the program ends, whoever waits for it.
func Crash(xs []int) {
	done := make(chan bool)
	go func() {
		_ = xs[2] // want index `^index out of range \[2\] with length [01] \(xs\[2\]\)$`
		done <- true
	}()
	<-done
}

// Tally counts in two goroutines without a lock: the increments race.
func Tally() int {
	n := 0
	done := make(chan bool)
	go func() {
		n++ // want race `^data race on n: a read by goroutine 1 at misuse.go:88:3 and a write by goroutine 0 at misuse.go:91:2, with nothing ordering them$`
		done <- true
	}()
	n++
	<-done
	return n
}

// Abandon gives up in a goroutine of its own, which ends the program.
func Abandon(fail bool) {
	if fail {
		go panic("abandoned") // want panic `^panic: abandoned$`
	}
}

// Hooks are the callbacks a server runs as it starts and stops.
type Hooks struct {
	OnStart, OnStop func()
}

// Launch runs the start hook in a goroutine of its own: a Hooks without
// one ends the program, which no recover stops.
func Launch(h Hooks) {
	go h.OnStart() // want fatal `^fatal error: go of nil func value: h.OnStart is nil$`
}

// Halt runs the stop hook in a goroutine of its own, if there is one.
func Halt(h Hooks) {
	if h.OnStop != nil {
		go h.OnStop()
	}
}

// registry maps names to the handlers a server warms up.
type registry struct{ handlers map[string]func() }

// Warm checks the name in a goroutine of its own while it registers a
// handler in a registry that was never made: the write to its nil map
// panics, and so does the check of an empty name, which may come first
// and end the program before it.
func Warm(name string) {
	go func() {
		if name == "" {
			panic("warm: empty name") // want panic `^panic: warm: empty name$`
		}
	}()
	var r registry
	r.handlers[name] = func() {} // want nil-map `^assignment to entry in nil map \(r.handlers\)$`
}
