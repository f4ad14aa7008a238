// Package kiasan holds ports of the Kiasan paper's examples.
package kiasan

// Container is Program 1 of the paper: its data is any object, containers
// included.
type Container struct {
	data *Container
}

// Swap exchanges the data of c and n. Kiasan explores 20, 6 and 2 paths
// under lazy, lazier and lazier# initialization.
func (c *Container) Swap(n *Container) {
	e := c.data
	c.data = n.data
	n.data = e
}

// InsertionSort is Weiss's insertion sort on an int slice (Kiasan's
// Sort.insertionSort): 1, 3 and 9 paths at k = 1, 2 and 3, where k bounds
// the elements of the input array that are read.
func InsertionSort(a []int) {
	for p := 1; p < len(a); p++ {
		tmp := a[p]
		j := p
		for ; j > 0 && tmp < a[j-1]; j-- {
			a[j] = a[j-1]
		}
		a[j] = tmp
	}
}
