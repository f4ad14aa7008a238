// Package siblings panics on what another package of its module returns.
// gosym runs that package's code where it is called, though it analyses
// only the packages it is given.
package siblings

import "github.com/gosym/gosym/testdata/siblings/hash"

// Table is a hash table of strings with integer keys.
type Table struct {
	buckets [8][]string
}

// Add puts v in key's bucket: a negative key indexes below the table.
func (t *Table) Add(key int, v string) {
	b := hash.Bucket(key, len(t.buckets))
	t.buckets[b] = append(t.buckets[b], v) // want index `^index out of range \[-[1-7]\]`
}

// Rename replaces old in names with new, assuming it is there.
func Rename(names []string, old, new string) {
	names[hash.Find(names, old)] = new // want index `^index out of range \[-1\]`
}
