// Package stringslite holds the models gosym runs in place of functions
// of the standard library's internal/stringslite that use unsafe.
//
// The file is compiled into gosym (embedded) and type-checked on its own,
// so it imports nothing.
package stringslite

// Clone returns a copy of s: strings are immutable, so s itself has the
// same value (the runtime's copy only differs in where its bytes live).
func Clone(s string) string {
	return s
}
