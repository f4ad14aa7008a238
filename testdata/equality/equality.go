// Package equality holds code whose panics depend on how Go compares
// values: interfaces holding values of any dynamic type, which panic when
// the type cannot be compared, and floats as map keys, where -0 finds +0
// and NaN finds nothing.
package equality

// Event is a value of any type an observer was given.
type Event struct {
	Payload any
	Seq     int
}

// Dedup reports whether e repeats last. Comparing payloads of a slice
// type panics.
func Dedup(last, e Event) bool {
	return last.Payload == e.Payload // want panic "^runtime error: comparing uncomparable type \\[\\]int$"
}

// SameKind compares the dynamic types first, so only a payload of a
// comparable type reaches ==.
func SameKind(a, b any) bool {
	switch a.(type) {
	case int, string, bool:
		return a == b
	}
	return false
}

// Set is a set of any comparable values.
type Set struct{ items []any }

// Add puts v in the set.
func (s *Set) Add(v any) { s.items = append(s.items, v) }

// Has looks v up; two values of one uncomparable type panic.
func (s *Set) Has(v any) bool {
	for _, it := range s.items {
		if it == v { // want panic "^runtime error: comparing uncomparable type \\[\\]int$"
			return true
		}
	}
	return false
}

// Labels names levels by a float value.
var Labels = map[float64]string{0: "zero", 1: "one"}

// Label reads the first letter of x's label. -0 finds the label of 0, and
// a missing label is empty.
func Label(x float64) byte {
	return Labels[x][0] // want index "^index out of range \\[0\\] with length 0 \\(Labels\\[x\\]\\[0\\]\\)$"
}

// Known reads only labels that exist, so NaN, which no key matches, is
// safe.
func Known(x float64) byte {
	l, ok := Labels[x]
	if !ok {
		return '?'
	}
	return l[0]
}

// Cache memoizes a computation by its float input.
type Cache struct{ results map[float64][]int }

// Get returns the cached result's first element. A NaN input is never
// found, so it falls through to compute, which returns nothing for it.
func (c *Cache) Get(x float64) int {
	if r, ok := c.results[x]; ok && len(r) > 0 {
		return r[0]
	}
	return compute(x)[0] // want index "^index out of range \\[0\\] with length 0 \\(compute\\(x\\)\\[0\\]\\)$"
}

func compute(x float64) []int {
	if x != x {
		return nil
	}
	return []int{int(x)}
}
