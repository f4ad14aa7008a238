// Package stdlib calls into the standard library, whose functions gosym
// executes where that is exact.
package stdlib

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
)

// KeyLen divides by the position of '=', which may be the first byte.
func KeyLen(s string) int {
	i := strings.IndexByte(s, '=')
	if i < 0 {
		return 0
	}
	return 10 / i // want div-zero `^integer divide by zero: i is 0$`
}

// Pad repeats a dash a caller-given number of times: a negative count
// panics inside bytes.Repeat, and so does one too large to allocate.
func Pad(n int) string {
	return string(bytes.Repeat([]byte("-"), n)) // want panic `^panic: bytes: negative Repeat count \(in bytes.Repeat\)$` make-len `^makeslice: len out of range \(n\) \(in bytes.Repeat\)$`
}

// Port parses a port number and divides by it: "0" parses to 0.
func Port(s string) int {
	p, err := strconv.Atoi(s)
	if err != nil {
		return 0
	}
	return 60000 / p // want div-zero `^integer divide by zero: p is 0$`
}

// Find returns the element after the one equal to x: x may be the last.
func Find(a []int, x int) int {
	i := slices.Index(a, x)
	if i < 0 {
		return 0
	}
	return a[i+1] // want index `^index out of range \[\d+\] with length \d+ \(a\[i \+ 1\]\)$`
}

// FindOK checks that there is a next element: no finding.
func FindOK(a []int, x int) int {
	i := slices.Index(a, x)
	if i < 0 || i+1 >= len(a) {
		return 0
	}
	return a[i+1]
}

// Same reads past equal buffers' end when they are empty.
func Same(a, b []byte) byte {
	if bytes.Equal(a, b) {
		return a[0] // want index `^index out of range \[0\] with length 0 \(a\[0\]\)$`
	}
	return 0
}

// Field returns the second space-separated field, which may be missing.
func Field(s string) string {
	f := strings.Split(s, " ")
	return f[1] // want index `^index out of range \[1\] with length 1 \(f\[1\]\)$`
}

// LastUnread returns the last byte of b's unread data. A *bytes.Buffer
// comes from its package's API (its zero value is ready to use), so the
// empty buffer is a witness; one that needs a hand-built buffer is
// latent. Sequences of calls of its many methods are left out, for time.
//
//gosym:seq 0
func LastUnread(b *bytes.Buffer) byte {
	data := b.Bytes()        // want latent slice-bounds `^slice bounds out of range .* \(in \(\*bytes.Buffer\).Bytes\)$`
	return data[len(data)-1] // want index `^index out of range \[-1\]`
}

// Words divides by the number of fields of s less two. strings.Fields
// reads the table of ASCII spaces its package's initialization fills: a
// table left zero would make "a b" one field.
func Words(s string) int {
	n := len(strings.Fields("zero one"))
	if s == "" {
		return n / (len(strings.Fields(s)) + n - 2) // want div-zero `^integer divide by zero: len\(strings.Fields\(s\)\) \+ n - 2 is 0$`
	}
	return n
}
