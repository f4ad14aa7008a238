// Package maps holds map code: nil-map writes, missing keys, and map
// values with nil links.
package maps

// Index counts words in a map held by a struct.
type Index struct {
	counts map[string]int
}

// Add counts w; the map may never have been made.
func (ix *Index) Add(w string) {
	ix.counts[w]++ // want nil-map `^assignment to entry in nil map \(ix.counts\)$`
}

// AddSafe makes the map first.
func (ix *Index) AddSafe(w string) {
	if ix.counts == nil {
		ix.counts = map[string]int{}
	}
	ix.counts[w]++
}

// Node is a graph node.
type Node struct {
	Next *Node
	Val  int
}

// NextVal reads the node after the one stored under id, which may have no
// next node.
func NextVal(nodes map[int]*Node, id int) int {
	n, ok := nodes[id]
	if !ok || n == nil {
		return 0
	}
	return n.Next.Val // want nil-deref `^nil dereference: n.Next is nil$`
}

// NextValSafe checks the link too.
func NextValSafe(nodes map[int]*Node, id int) int {
	n, ok := nodes[id]
	if !ok || n == nil || n.Next == nil {
		return 0
	}
	return n.Next.Val
}

// Ratio divides the counts of two keys, the second of which may be
// missing (zero).
func Ratio(m map[string]int) int {
	return m["hits"] / m["total"] // want div-zero `^integer divide by zero: m\["total"\] is 0$`
}

// Share holds a map that two counters may share.
func Share(a, b map[int]int) int {
	if a == nil || b == nil {
		return 0
	}
	a[1] = 0
	b[1] = 5
	return 10 / a[1] // want div-zero `^integer divide by zero: a\[1\] is 0$`
}

// Fresh builds a map and reads it back: no finding.
func Fresh(k int) int {
	m := make(map[int]int)
	m[1] = 2
	m[2] = 3
	delete(m, 2)
	if len(m) != 1 {
		panic("len")
	}
	m[k] = 5
	return 10 / m[1]
}

// SumValues ranges over a map it built: no finding, in any order.
func SumValues() int {
	m := map[string]int{"a": 1, "b": 2}
	t := 0
	for k, v := range m {
		if k == "a" {
			t += v
		}
		t += v
	}
	return 10 / (t - 2)
}

// Average divides by the number of entries, which may be none.
func Average(scores map[string]int) int {
	t := 0
	for _, v := range scores {
		t += v
	}
	return t / len(scores) // want div-zero `^integer divide by zero: len\(scores\) is 0$`
}

// AverageOK returns 0 for an empty map: no finding.
func AverageOK(scores map[string]int) int {
	if len(scores) == 0 {
		return 0
	}
	t := 0
	for _, v := range scores {
		t += v
	}
	return t / len(scores)
}

// Distinct: after writing two different keys a map has two entries more
// than it had without them; with equal keys only one.
func Distinct(a, b int) int {
	m := map[int]bool{}
	m[a] = true
	m[b] = true
	return 10 / (len(m) - 1) // want div-zero `^integer divide by zero: len\(m\) - 1 is 0$`
}

// Tags counts the tags named by a key read from the input: a tag that is
// present and named "x" panics.
func Tags(tags map[string]*Node, name string) int {
	n := tags[name]
	if n != nil && name == "x" {
		return n.Next.Val // want nil-deref `^nil dereference: n.Next is nil$`
	}
	return 0
}

// Longest ranges over the keys of an input map and indexes each key's
// last byte: an empty key panics.
func Longest(m map[string]int) byte {
	var b byte
	for k := range m {
		b = max(b, k[len(k)-1]) // want index `^index out of range \[-1\] \(k\[len\(k\) - 1\]\)$`
	}
	return b
}

// AnyKeyIsString ranges over a map whose keys are interfaces: an input
// map's keys, beyond those the code looked up, are ints or strings.
func AnyKeyIsString(m map[any]int) bool {
	for k := range m {
		_, ok := k.(string)
		return ok
	}
	return false
}

// Vertex is a node of a directed graph.
type Vertex struct {
	Out  []*Vertex
	Cost int
}

// LoopLength follows first edges, remembering each vertex's step by its
// address, and returns 100 divided by the loop's length less two: two
// vertices that point to each other divide by zero.
func LoopLength(v *Vertex) int {
	at := map[*Vertex]int{}
	for i := 0; v != nil; i++ {
		if j, ok := at[v]; ok {
			return 100 / (i - j - 2) // want div-zero "^integer divide by zero: i - j - 2 is 0$"
		}
		at[v] = i
		if len(v.Out) == 0 {
			return 0
		}
		v = v.Out[0]
	}
	return 0
}

// Jobs tracks the jobs running, by name.
type Jobs struct{ running map[string]int }

// NewJobs returns a tracker with nothing running.
func NewJobs() *Jobs { return &Jobs{running: map[string]int{}} }

// Run marks name running while its share is computed, and forgets it on
// return, deferred. A second Run of a name still marked divides by zero.
func (j *Jobs) Run(name string) int {
	j.running[name]++ // want latent nil-map "^assignment to entry in nil map \\(j.running\\)$"
	defer delete(j.running, name)
	return 10 / (2 - j.running[name]) // want div-zero "^integer divide by zero: 2 - j.running\\[name\\] is 0$"
}

// Hold marks name running for good.
func (j *Jobs) Hold(name string) {
	j.running[name] = 1 // want latent nil-map "^assignment to entry in nil map \\(j.running\\)$"
}

// Drop forgets a key of any type when it returns; a slice key cannot be
// hashed, not even to be deleted from a nil map. Go reports the panic
// where the deferred delete runs: at the closing brace.
func Drop(m map[any]bool, key any) {
	defer delete(m, key)
} // want panic "^hash of unhashable type: \\[\\]int$"

// Shares counts owners of any type. When a and b are one vertex, the
// second count overwrites the first, and the map holds a single owner.
func Shares(a, b *Vertex) int {
	owners := map[any]int{a: 1, b: 2}
	for k, n := range owners {
		if v, ok := k.(*Vertex); ok && v == b && n == 2 {
			return 10 / (len(owners) - 1) // want div-zero "^integer divide by zero: len\\(owners\\) - 1 is 0$"
		}
	}
	return 0
}

// Contact is a person in an address book kept in maps: each knows
// others by number, and names one as their referee.
type Contact struct {
	Referee *Contact
	Knows   map[int]*Contact
}

// RefereesReach counts whom the referee of c's first contact, and that
// referee's referee, know. A first contact whose referee is c, with no
// referee of its own, panics on the second hop: its witness needs a map
// that holds a contact declared after the map.
func RefereesReach(c *Contact) int {
	first := c.Knows[1]
	return len(first.Referee.Knows) + len(first.Referee.Referee.Knows) // want nil-deref `^nil dereference: first is nil$` nil-deref `^nil dereference: first.Referee is nil$` nil-deref `^nil dereference: first.Referee.Referee is nil$`
}
