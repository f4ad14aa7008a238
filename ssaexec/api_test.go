package ssaexec

import "testing"

// TestZeroDocumented checks which doc comments make a type's zero value a
// starting state a caller may write.
func TestZeroDocumented(t *testing.T) {
	tests := []struct {
		doc  string
		want bool
	}{
		{"The zero value for List is an empty list ready to use.", true},
		{"The zero Map is empty and ready for use.", true},
		{"The zero value of type Time is January 1, year 1, 00:00:00.000000000 UTC. As this time is unlikely to come up in practice, the IsZero method gives a simple way of detecting a time that has not been initialized explicitly.", true},
		{"The zero value for an Int represents the value 0.", true},
		{"The zero value for a Mutex is an unlocked mutex.", true},
		{"The zero value is not usable; use New.", false},
		{"The zero value of type Conn is invalid.", false},
		{"A Reader reads from a string.", false},
		{"IsZero reports whether the value is usable.", false},
	}
	for _, tt := range tests {
		if got := zeroDocumented(tt.doc); got != tt.want {
			t.Errorf("zeroDocumented(%q) = %v, want %v", tt.doc, got, tt.want)
		}
	}
}
