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
	return name[dot+1:] // want slice-bounds `^slice bounds out of range \[\d+:\d+\] with length \d+ \(name\)$`
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
	return buf[len(buf)-1] // want index `^index out of range \[-1\] with length 0 \(buf\[len\(buf\) - 1\]\)$`
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
