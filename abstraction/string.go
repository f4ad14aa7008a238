package abstraction

import (
	"fmt"
	"strings"
)

// String renders g compactly: roots, then each node's slots (?: not
// observed, ?≠: not resolved and compared unequal to objects, s: a
// scalar, #n: a node, c(...): a constant), for test failures and
// debugging.
func (g *Graph) String() string {
	var b strings.Builder
	r := func(x ref) string {
		switch x.kind {
		case absent:
			mark := "?"
			if x.unlike != nil {
				mark = "?≠"
			}
			if x.nonNil {
				return mark + "!"
			}
			return mark
		case nilRef:
			return "nil"
		case nodeRef:
			return fmt.Sprintf("#%d%s", x.node, x.path)
		case scalarRef:
			return "s"
		}
		if x.kinds != nil {
			return fmt.Sprintf("c(%s %v)", x.key, x.kinds)
		}
		return "c(" + x.key + ")"
	}
	for _, x := range g.roots {
		b.WriteString(r(x) + " ")
	}
	b.WriteString("|")
	for i, n := range g.nodes {
		fmt.Fprintf(&b, " #%d", i)
		if n.summary {
			fmt.Fprintf(&b, "S%d", len(n.members))
		}
		b.WriteString("[")
		for _, s := range n.slots {
			b.WriteString(r(s) + " ")
		}
		b.WriteString("]")
	}
	return b.String()
}
