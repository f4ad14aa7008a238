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
