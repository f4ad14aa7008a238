package ssaexec

import (
	"fmt"
	"maps"
	"slices"
)

// boundKind is the limit of the search that cut a path. The searcher
// deepens a search by the kinds its passes hit (see searcher.go); the
// record says each bound hit as text.
type boundKind uint8

const (
	noBound boundKind = iota
	// boundK: a materialization chain longer than Config.K.
	boundK
	// boundN: more input objects of a type than Config.N.
	boundN
	// boundKBytes: more bytes of an input string than Config.KBytes.
	boundKBytes
	// boundStringLength: two strings equal in their first
	// Config.KBytes bytes, compared further.
	boundStringLength
	// boundStringKeyLength: a map's string key compared past
	// Config.KBytes bytes.
	boundStringKeyLength
	// boundLoops: more iterations of a loop than Config.Loops that
	// materialize nothing.
	boundLoops
	// boundRecursion: more active calls of a function than
	// Config.Recursion.
	boundRecursion
	// boundSeq: a value built by Config.Seq method calls that longer
	// sequences may change.
	boundSeq
	// boundSolver: a query the solver did not settle within its budget.
	boundSolver
	// boundIntKeys: a map literal's canonical order tried with int keys
	// only.
	boundIntKeys
	// boundMapOrder: a range over a map taken in one order of several.
	boundMapOrder
	// boundGoroutine: code that waits for another goroutine.
	boundGoroutine
	// boundInit: the package's initialization ended early.
	boundInit
	// boundAPI: values the package's API builds were not all explored.
	boundAPI
	// boundTypes: more dynamic types of an interface than gosym tries.
	boundTypes
	// boundDeepening: the searcher did not run a deeper pass, which
	// would have taken more than the budget left.
	boundDeepening
	// boundPreemption: a schedule with more preemptions than
	// Config.Preemptions.
	boundPreemption
)

// names of the bounds a path is cut at, as the record writes them.
var boundNames = map[boundKind]string{
	boundK:               "k",
	boundN:               "n",
	boundKBytes:          "kbytes",
	boundStringLength:    "string length",
	boundStringKeyLength: "string key length",
	boundLoops:           "loops",
	boundRecursion:       "recursion",
	boundSolver:          "solver",
	boundIntKeys:         "keys of the canonical order are ints",
	boundTypes:           "types",
	boundPreemption:      "preemptions",
}

// heapBound is the kind of a bound the heap names in a decision it cut
// (heap.Decision.Bound).
func heapBound(name string) boundKind {
	for k, n := range boundNames {
		if n == name {
			return k
		}
	}
	return boundK // the heap leaves k unnamed
}

func (k boundKind) String() string { return boundNames[k] }

// bound is a bound hit: its kind, the record's text, which says where
// and, for some kinds, why, and the limit coverage counts it as (see
// FuncResult.Limits).
type bound struct {
	kind  boundKind
	text  string
	limit string
}

// hitBound records that b cut a path.
func (x *machine) hitBound(b bound) {
	x.bounds[b] = true
	x.res.Cut++
	x.cuts++
}

// hit reports whether a bound of one of the kinds cut a path of the
// search's current pass.
func (x *machine) hit(kinds ...boundKind) bool {
	for b := range x.bounds {
		if slices.Contains(kinds, b.kind) {
			return true
		}
	}
	return false
}

// boundTexts returns the texts of bounds, each once, sorted.
func boundTexts(bounds map[bound]bool) []string {
	return sortedOnce(bounds, func(b bound) string { return b.text })
}

// boundLimits returns the limits of bounds, each once, sorted.
func boundLimits(bounds map[bound]bool) []string {
	return sortedOnce(bounds, func(b bound) string { return b.limit })
}

// sortedOnce returns what of each bound, each once, sorted.
func sortedOnce(bounds map[bound]bool, what func(bound) string) []string {
	out := make([]string, 0, len(bounds))
	for b := range maps.Keys(bounds) {
		out = append(out, what(b))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// boundAt is the bound of kind k at pos, with detail after its name
// ("solver: max. resource limit exceeded at f.go:3:4").
func boundAt(k boundKind, detail, pos string) bound {
	name := k.String()
	if detail != "" {
		name += ": " + detail
	}
	return bound{kind: k, text: fmt.Sprintf("%s at %s", name, pos), limit: name}
}
