package goroutines

// Channels of the input are nil or made by the caller, whose goroutines
// gosym does not see: a path that uses one the caller made ends there.

// Gate sends on its semaphore only when it has one.
type Gate struct {
	sem chan struct{}
}

// Enter counts the entries of a gate without a semaphore.
func (g *Gate) Enter(n int) int {
	if g.sem != nil {
		g.sem <- struct{}{}
		return n
	}
	return 100 / n // want div-zero `^integer divide by zero: n is 0$`
}

// Forward passes values on until its input ends, and says how many.
func Forward(in <-chan int, out chan<- int) int {
	count := 0
	for v := range in {
		out <- v
		count++
	}
	return count
}

// Pick reads from whichever channel it was given.
func Pick(a, b chan int, useA bool) int {
	ch := b
	if useA {
		ch = a
	}
	if ch == nil {
		return 10 / len(a) // want div-zero `^integer divide by zero: len\(a\) is 0$`
	}
	return 1
}
