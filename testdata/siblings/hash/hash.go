// Package hash spreads keys over buckets, for package siblings.
package hash

// Bucket maps key to one of n buckets. Go's % keeps the sign of its left
// operand, so a negative key gives a negative bucket.
func Bucket(key, n int) int {
	if n <= 0 {
		return 0
	}
	return key % n
}

// Find returns the index of name in names, or -1.
func Find(names []string, name string) int {
	for i, n := range names {
		if n == name {
			return i
		}
	}
	return -1
}
