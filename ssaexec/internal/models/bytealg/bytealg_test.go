package bytealg

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestAgainstStandardLibrary compares each model with the standard
// library function that calls the real one, on random short inputs over a
// small alphabet (so that matches are common).
func TestAgainstStandardLibrary(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		b := make([]byte, r.IntN(6))
		for i := range b {
			b[i] = "ab\x00\xff"[r.IntN(4)]
		}
		return string(b)
	}
	for range 20000 {
		a, b := word(), word()
		c := "ab\x00\xff"[r.IntN(4)]
		if got, want := Compare([]byte(a), []byte(b)), bytes.Compare([]byte(a), []byte(b)); got != want {
			t.Fatalf("Compare(%q, %q) = %d, want %d", a, b, got, want)
		}
		if got, want := CompareString(a, b), strings.Compare(a, b); got != want {
			t.Fatalf("CompareString(%q, %q) = %d, want %d", a, b, got, want)
		}
		if got, want := Count([]byte(a), c), bytes.Count([]byte(a), []byte{c}); got != want {
			t.Fatalf("Count(%q, %q) = %d, want %d", a, c, got, want)
		}
		if got, want := CountString(a, c), strings.Count(a, string([]byte{c})); got != want {
			t.Fatalf("CountString(%q, %q) = %d, want %d", a, c, got, want)
		}
		if got, want := IndexByte([]byte(a), c), bytes.IndexByte([]byte(a), c); got != want {
			t.Fatalf("IndexByte(%q, %q) = %d, want %d", a, c, got, want)
		}
		if got, want := IndexByteString(a, c), strings.IndexByte(a, c); got != want {
			t.Fatalf("IndexByteString(%q, %q) = %d, want %d", a, c, got, want)
		}
		if b == "" {
			continue
		}
		if got, want := Index([]byte(a), []byte(b)), bytes.Index([]byte(a), []byte(b)); got != want {
			t.Fatalf("Index(%q, %q) = %d, want %d", a, b, got, want)
		}
		if got, want := IndexString(a, b), strings.Index(a, b); got != want {
			t.Fatalf("IndexString(%q, %q) = %d, want %d", a, b, got, want)
		}
	}
	if got := MakeNoZero(3); len(got) != 3 || cap(got) != 3 {
		t.Errorf("MakeNoZero(3) has len %d, cap %d", len(got), cap(got))
	}
}
