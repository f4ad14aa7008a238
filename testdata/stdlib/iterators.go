package stdlib

import (
	"cmp"
	"maps"
	"slices"
)

// Item is an entry of an inventory.
type Item struct {
	Name  string
	Count int
}

// Total sums the counts of items, ranging over slices.Values: a nil
// item panics in the loop's body, which the standard library's iterator
// calls back.
func Total(items []*Item) int {
	n := 0
	for it := range slices.Values(items) {
		n += it.Count // want nil-deref `^nil dereference: it is nil$`
	}
	return n
}

// Stock sums the counts of an inventory by name, ranging over maps.All.
func Stock(byName map[string]*Item) int {
	n := 0
	for name, it := range maps.All(byName) {
		if name != "" {
			n += it.Count // want nil-deref `^nil dereference: it is nil$`
		}
	}
	return n
}

// Ranked returns the items by count; the comparison the standard
// library's sort calls back panics on a nil item.
func Ranked(items []*Item) []*Item {
	return slices.SortedFunc(slices.Values(items), func(a, b *Item) int {
		return cmp.Compare(a.Count, b.Count) // want nil-deref `^nil dereference: a is nil$` nil-deref `^nil dereference: b is nil$`
	})
}

// Names lists the names of items, skipping the nil ones: nothing
// panics.
func Names(items []*Item) []string {
	var names []string
	for i, it := range slices.All(items) {
		if it == nil {
			continue
		}
		names = append(names, it.Name+string(rune('0'+i%10)))
	}
	return names
}
