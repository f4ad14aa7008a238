// Package strs holds string code: indexing an empty string, slicing past
// the end, comparisons with constants.
package strs

// First returns the first byte; an empty string panics.
func First(s string) byte {
	return s[0] // want index `^index out of range \[0\] with length 0 \(s\[0\]\)$`
}

// FirstOK checks the length.
func FirstOK(s string) byte {
	if len(s) == 0 {
		return 0
	}
	return s[0]
}

// Ext returns what follows the last dot found by a caller-supplied index.
func Ext(name string, dot int) string {
	if dot < 0 {
		return ""
	}
	return name[dot+1:] // want slice-bounds `^slice bounds out of range \[\d+:\d+\] \(name\)$`
}

// Command divides by a count only for one command.
func Command(cmd string, n int) int {
	if cmd == "avg" {
		return 100 / n // want div-zero `^integer divide by zero: n is 0$`
	}
	return 0
}

// Greeting panics on a long greeting built from the name.
func Greeting(name string) string {
	g := "hi " + name
	if len(g) > 5 && g[3] == 'x' {
		panic("x") // want panic `^panic: x$`
	}
	return g
}

// Bytes round-trips through a byte slice: no finding.
func Bytes(s string) byte {
	b := []byte(s)
	if len(b) > 0 && string(b) == "ok" {
		return b[1]
	}
	return 0
}

// PerSpace divides by the number of spaces, which may be none.
func PerSpace(s string) int {
	n := 0
	for _, r := range s {
		if r == ' ' {
			n++
		}
	}
	return len(s) / n // want div-zero `^integer divide by zero: n is 0$`
}

// Vowels counts vowels in a constant: no finding.
func Vowels() int {
	n := 0
	for _, r := range "héllo" {
		switch r {
		case 'a', 'e', 'i', 'o', 'u', 'é':
			n++
		}
	}
	return 10 / n
}

// AppendBytes appends a string's bytes to a buffer and reads the last.
func AppendBytes(buf []byte, s string) byte {
	buf = append(buf, s...)
	return buf[len(buf)-1] // want index `^index out of range \[-1\] \(buf\[len\(buf\) - 1\]\)$`
}

// CopyBytes copies a string into a buffer of its length: no finding.
func CopyBytes(s string) byte {
	b := make([]byte, len(s))
	n := copy(b, s)
	if n > 0 && b[0] != s[0] {
		panic("copy")
	}
	return 0
}

// FirstOfGreater reads the first byte of the greater of two strings: b is
// not empty when a < b, so only the other branch can fail.
func FirstOfGreater(a, b string) byte {
	if a < b {
		return b[0]
	}
	return a[0] // want index `^index out of range \[0\] with length 0 \(a\[0\]\)$`
}

// Same divides by n when the two names are equal.
func Same(a, b string, n int) int {
	if a == b {
		return 10 / n // want div-zero `^integer divide by zero: n is 0$`
	}
	return 0
}

// SameOK checks n first: no finding.
func SameOK(a, b string, n int) int {
	if a != b || n == 0 {
		return 0
	}
	return 10 / n
}

// Euro panics on a string holding the euro sign, a three-byte rune.
func Euro(s string) {
	for _, r := range s {
		if r == '€' {
			panic("euro") // want panic `^panic: euro$`
		}
	}
}

// NoSurrogate: range never yields a surrogate half, whatever the bytes.
func NoSurrogate(s string) {
	for _, r := range s {
		if r >= 0xD800 && r <= 0xDFFF {
			panic("surrogate")
		}
	}
}

// Initial returns the first rune of a name; an empty name panics.
func Initial(name string) rune {
	return []rune(name)[0] // want index `^index out of range \[0\] with length 0 \(\[\]rune\(name\)\[0\]\)$`
}

// Reverse reverses the runes of s: no finding.
func Reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

// Width divides by the encoded length of r less three.
func Width(r rune) int {
	return 10 / (len(string(r)) - 3) // want div-zero `^integer divide by zero: len\(string\(r\)\) - 3 is 0$`
}

// ASCIIWidth: a rune below 0x80 encodes in one byte, so no finding.
func ASCIIWidth(r rune) int {
	if r < 0 || r >= 0x80 {
		return 0
	}
	return 10 / len(string(r))
}
