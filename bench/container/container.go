// Package container ports Container.swap, the running example and first
// benchmark of the Kiasan paper (Deng, Lee and Robby, lazier# initialization,
// Program 1 and Table I).
//
// In the paper swap is a method of Container that exchanges the data of the
// receiver and of a second container n, which may be the receiver itself.
// Here the two containers of that call are the two nodes of a Container, so
// Swap takes no argument and the aliasing the paper explores (n == this) is
// the two fields pointing at one node.
package container

// Node holds one element. It plays the part of the paper's Container
// objects: the receiver and the argument of swap.
type Node struct {
	Elem int
}

// Container holds two nodes whose contents Swap exchanges. The nodes may be
// nil and may be the same node.
type Container struct {
	First, Second *Node
}

// Swap exchanges the contents of c's two slots. When both nodes are present
// their elements are exchanged in place, as the paper's swap writes the two
// objects' fields, so that every holder of a node sees the exchange. A nil
// node has no element to exchange, so then the nodes themselves trade
// places. Either way, afterwards First holds what Second held and vice versa.
func (c *Container) Swap() {
	if c.First == nil || c.Second == nil {
		c.First, c.Second = c.Second, c.First
		return
	}
	e := c.First.Elem
	c.First.Elem = c.Second.Elem
	c.Second.Elem = e
}

// repOK is the class invariant. The paper's Container has none besides the
// non-null precondition of swap's argument, which Swap handles itself, so
// any container will do.
func (c *Container) repOK() bool {
	return c != nil
}
