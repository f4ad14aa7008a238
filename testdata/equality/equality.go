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

// Keys of interface type: Go hashes the dynamic value, so a key of a
// slice type panics, even on a nil map, and keys of different dynamic
// types are different keys.

// Seen records which events were observed, by payload.
type Seen struct{ by map[any]int }

// Mark counts e's payload. A slice payload cannot be hashed.
func (s *Seen) Mark(e Event) {
	if s.by == nil {
		s.by = map[any]int{}
	}
	s.by[e.Payload]++ // want panic "^runtime error: hash of unhashable type \\[\\]int$"
}

// Count looks a payload up, which hashes it even before anything was
// marked: the runtime words it differently for an empty map.
func (s *Seen) Count(p any) int {
	return s.by[p] // want panic "^hash of unhashable type: \\[\\]int$"
}

// Forget deletes a payload; deleting hashes the key too.
func (s *Seen) Forget(p any) {
	delete(s.by, p) // want panic "^hash of unhashable type: \\[\\]int$"
}

// Code is a status code, distinct as a key from the int it holds.
type Code int

// Weights gives a weight per key, where the int 1 and the Code 1 are
// different keys.
var Weights = map[any]int{1: 10, Code(1): 0, "1": 5}

// Share divides by the weight of k: only Code(1) has weight zero, and
// keys the map lacks weigh 0 too; a slice k cannot be hashed.
func Share(total int, k any) int {
	return total / Weights[k] // want div-zero "^integer divide by zero: Weights\\[k\\] is 0$" panic "^runtime error: hash of unhashable type \\[\\]int$"
}

// Tally reads a counter keyed by any: a map that holds its key 0 with a
// nil counter panics.
func Tally(m map[any]*int) int {
	c, ok := m[0]
	if !ok {
		return 0
	}
	return *c // want nil-deref "^nil dereference: c is nil$"
}

// Longest returns the share of the longest string key among m's keys,
// which may be of any type.
func Longest(m map[any]int) int {
	best := 0
	for k := range m {
		if s, ok := k.(string); ok && len(s) > best {
			best = len(s)
		}
	}
	if best > 3 {
		return 100 / (len(m) - 1) // want div-zero "^integer divide by zero: len\\(m\\) - 1 is 0$"
	}
	return 0
}
