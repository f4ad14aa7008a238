// Package printer writes to standard output without a final newline
// before it panics, so that the test framework's own lines ("--- FAIL:")
// come after its text on one line.
package printer

import "fmt"

// Report prints the share of done items in total.
func Report(done, total int) {
	fmt.Print("progress: ")
	fmt.Print(100 * done / total)
}
