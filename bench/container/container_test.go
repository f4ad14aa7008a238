package container

import "testing"

// slot is what one field of a Container holds, as Swap's postcondition sees
// it: no node, or a node with an element.
type slot struct {
	present bool
	elem    int
}

func contents(n *Node) slot {
	if n == nil {
		return slot{}
	}
	return slot{true, n.Elem}
}

func TestSwap(t *testing.T) {
	shared := &Node{Elem: 7}
	tests := []struct {
		name string
		c    *Container
	}{
		{"both nil", &Container{}},
		{"first nil", &Container{Second: &Node{Elem: 2}}},
		{"second nil", &Container{First: &Node{Elem: 1}}},
		{"distinct nodes", &Container{First: &Node{Elem: 1}, Second: &Node{Elem: 2}}},
		{"equal elements", &Container{First: &Node{Elem: 3}, Second: &Node{Elem: 3}}},
		{"one node twice", &Container{First: shared, Second: shared}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.c
			oldFirst, oldSecond := contents(c.First), contents(c.Second)
			firstNode, secondNode := c.First, c.Second
			c.Swap()
			if !c.repOK() {
				t.Fatal("repOK false after Swap")
			}
			if got := contents(c.First); got != oldSecond {
				t.Errorf("First holds %+v, want %+v", got, oldSecond)
			}
			if got := contents(c.Second); got != oldFirst {
				t.Errorf("Second holds %+v, want %+v", got, oldFirst)
			}
			if firstNode != nil && secondNode != nil && (c.First != firstNode || c.Second != secondNode) {
				t.Error("Swap moved nodes that both exist; it must exchange their elements in place")
			}
		})
	}
}

func TestSwapTwiceRestores(t *testing.T) {
	a, b := &Node{Elem: 1}, &Node{Elem: 2}
	c := &Container{First: a, Second: b}
	c.Swap()
	c.Swap()
	if c.First != a || c.Second != b || a.Elem != 1 || b.Elem != 2 {
		t.Errorf("after two swaps: First=%+v Second=%+v, want the original nodes and elements", c.First, c.Second)
	}
}
