// Package bytealg holds the models gosym runs in place of the functions of
// the standard library's internal/bytealg that are written in assembly or
// linked from the runtime. Each is the plain Go loop that computes the
// same result; the tests compare them with the standard library.
//
// The file is compiled into gosym (embedded) and type-checked on its own,
// so it imports nothing.
package bytealg

// Compare is bytes.Compare.
func Compare(a, b []byte) int {
	return CompareString(string(a), string(b))
}

// CompareString is strings.Compare.
func CompareString(a, b string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	switch {
	case len(a) < len(b):
		return -1
	case len(a) > len(b):
		return 1
	}
	return 0
}

// Count counts the bytes of b equal to c.
func Count(b []byte, c byte) int {
	n := 0
	for _, x := range b {
		if x == c {
			n++
		}
	}
	return n
}

// CountString counts the bytes of s equal to c.
func CountString(s string, c byte) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
		}
	}
	return n
}

// IndexByte is the index of the first c in b, or -1.
func IndexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}

// IndexByteString is the index of the first c in s, or -1.
func IndexByteString(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// Index is the index of the first b in a, or -1 (b is not empty).
func Index(a, b []byte) int {
	for i := 0; i+len(b) <= len(a); i++ {
		if string(a[i:i+len(b)]) == string(b) {
			return i
		}
	}
	return -1
}

// IndexString is the index of the first b in a, or -1 (b is not empty).
func IndexString(a, b string) int {
	for i := 0; i+len(b) <= len(a); i++ {
		if a[i:i+len(b)] == b {
			return i
		}
	}
	return -1
}

// MakeNoZero is make([]byte, n): the runtime's version leaves the bytes
// uninitialized, which callers overwrite before reading.
func MakeNoZero(n int) []byte {
	return make([]byte, n)
}
