// Package sorts ports Sort, the array sorts of Weiss's textbook whose
// insertion sort on an int array is a Kiasan paper benchmark (Deng, Lee and
// Robby, lazier# initialization, Table I). Selection sort and Shell sort
// are the textbook's other simple sorts, kept beside it as more loops over
// one array.
package sorts

// InsertionSort sorts a in ascending order in place.
func InsertionSort(a []int) {
	for i := 1; i < len(a); i++ {
		// a[:i] is sorted; a[i] moves down a hole until the element
		// before the hole is no larger, so equal elements keep their
		// order.
		x := a[i]
		j := i
		for ; j > 0 && x < a[j-1]; j-- {
			a[j] = a[j-1]
		}
		a[j] = x
	}
}

// SelectionSort sorts a in ascending order in place.
func SelectionSort(a []int) {
	for i := 0; i < len(a)-1; i++ {
		m := i
		for j := i + 1; j < len(a); j++ {
			if a[j] < a[m] {
				m = j
			}
		}
		a[i], a[m] = a[m], a[i]
	}
}

// ShellSort sorts a in ascending order in place.
func ShellSort(a []int) {
	// Shell's own gaps, halving down to 1, keep the arithmetic to
	// integers; the last pass, with gap 1, is an insertion sort, which
	// makes the result sorted whatever gaps came before.
	for gap := len(a) / 2; gap > 0; gap /= 2 {
		for i := gap; i < len(a); i++ {
			x := a[i]
			j := i
			for ; j >= gap && x < a[j-gap]; j -= gap {
				a[j] = a[j-gap]
			}
			a[j] = x
		}
	}
}
