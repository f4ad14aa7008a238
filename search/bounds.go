package search

import (
	"fmt"
	"maps"
	"slices"
)

// BoundKind is the limit of the search that cut a path. The search
// deepens by the kinds its passes hit (see Deepening); the record says
// each bound hit as text.
type BoundKind uint8

// The kinds of bound.
const (
	NoBound BoundKind = iota
	// BoundK: a materialization chain longer than the k bound.
	BoundK
	// BoundN: more input objects of a type than the n bound.
	BoundN
	// BoundKBytes: more bytes of an input string than the kbytes bound.
	BoundKBytes
	// BoundStringLength: two strings equal in their first kbytes bytes,
	// compared further.
	BoundStringLength
	// BoundStringKeyLength: a map's string key compared past kbytes
	// bytes.
	BoundStringKeyLength
	// BoundLoops: more iterations of a loop that materialize nothing
	// than the loops bound.
	BoundLoops
	// BoundRecursion: more active calls of a function than the
	// recursion bound.
	BoundRecursion
	// BoundSeq: a value built by seq method calls that longer sequences
	// may change.
	BoundSeq
	// BoundSolver: a query the solver did not settle within its budget.
	BoundSolver
	// BoundIntKeys: a map literal's canonical order tried with int keys
	// only.
	BoundIntKeys
	// BoundMapOrder: a range over a map taken in one order of several.
	BoundMapOrder
	// BoundGoroutine: code that waits for another goroutine.
	BoundGoroutine
	// BoundInit: the package's initialization ended early.
	BoundInit
	// BoundAPI: values the package's API builds were not all explored.
	BoundAPI
	// BoundTypes: more dynamic types of an interface than gosym tries.
	BoundTypes
	// BoundDeepening: the search did not run a deeper pass, which would
	// have taken more than the budget left.
	BoundDeepening
	// BoundPreemption: a schedule with more preemptions than the
	// preemption bound.
	BoundPreemption
)

// boundNames are the names of the bounds a path is cut at, as the record
// writes them.
var boundNames = map[BoundKind]string{
	BoundK:               "k",
	BoundN:               "n",
	BoundKBytes:          "kbytes",
	BoundStringLength:    "string length",
	BoundStringKeyLength: "string key length",
	BoundLoops:           "loops",
	BoundRecursion:       "recursion",
	BoundSolver:          "solver",
	BoundIntKeys:         "keys of the canonical order are ints",
	BoundTypes:           "types",
	BoundPreemption:      "preemptions",
}

// HeapBound is the kind of a bound the heap names in a decision it cut
// (heap.Decision.Bound).
func HeapBound(name string) BoundKind {
	for k, n := range boundNames {
		if n == name {
			return k
		}
	}
	return BoundK // the heap leaves k unnamed
}

func (k BoundKind) String() string { return boundNames[k] }

// Bound is a bound hit: its kind, the record's text, which says where
// and, for some kinds, why, and the limit coverage counts it as (see
// result.FuncResult.Limits).
type Bound struct {
	Kind  BoundKind
	Text  string
	Limit string
}

// BoundAt is the bound of kind k at pos, with detail after its name
// ("solver: max. resource limit exceeded at f.go:3:4").
func BoundAt(k BoundKind, detail, pos string) Bound {
	name := k.String()
	if detail != "" {
		name += ": " + detail
	}
	return Bound{Kind: k, Text: fmt.Sprintf("%s at %s", name, pos), Limit: name}
}

// Bounds is the set of bounds a pass of a search hit.
type Bounds map[Bound]bool

// Hit reports whether a bound of one of the kinds is in bs.
func (bs Bounds) Hit(kinds ...BoundKind) bool {
	for b := range bs {
		if slices.Contains(kinds, b.Kind) {
			return true
		}
	}
	return false
}

// Texts returns the texts of the bounds, each once, sorted.
func (bs Bounds) Texts() []string {
	return sortedOnce(bs, func(b Bound) string { return b.Text })
}

// Limits returns the limits of the bounds, each once, sorted.
func (bs Bounds) Limits() []string {
	return sortedOnce(bs, func(b Bound) string { return b.Limit })
}

// sortedOnce returns what of each bound, each once, sorted.
func sortedOnce(bs Bounds, what func(Bound) string) []string {
	out := make([]string, 0, len(bs))
	for b := range maps.Keys(bs) {
		out = append(out, what(b))
	}
	slices.Sort(out)
	return slices.Compact(out)
}
