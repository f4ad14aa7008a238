package stringslite

import (
	"strings"
	"testing"
)

func TestClone(t *testing.T) {
	for _, s := range []string{"", "a", "héllo", strings.Repeat("x", 100)} {
		if got, want := Clone(s), strings.Clone(s); got != want {
			t.Errorf("Clone(%q) = %q, want %q", s, got, want)
		}
	}
}
