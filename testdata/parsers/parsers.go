// Package parsers holds hand-written parsers whose crashes need inputs
// longer than the few bytes a bound on data structures allows: a field at
// the end of a fixed layout, a token after a keyword, and two inputs
// compared with each other.
package parsers

// secondNames has one name per second.
var secondNames [60]string

// Clock parses "HH:MM:SS" and names its seconds. It checks the layout and
// the digits, but not that the seconds are below 60.
func Clock(s string) string {
	if len(s) != 8 || s[2] != ':' || s[5] != ':' {
		return ""
	}
	for _, i := range [...]int{0, 1, 3, 4, 6, 7} {
		if s[i] < '0' || s[i] > '9' {
			return ""
		}
	}
	sec := int(s[6]-'0')*10 + int(s[7]-'0')
	return secondNames[sec] // want index "^index out of range \\[(6\\d|[7-9]\\d)\\] with length 60"
}

// Version reads the digit after "version " at the start of a line, which
// may be missing.
func Version(line []byte) int {
	const prefix = "version "
	if len(line) < len(prefix) {
		return -1
	}
	for i := range len(prefix) {
		if line[i] != prefix[i] {
			return -1
		}
	}
	return int(line[len(prefix)] - '0') // want index "^index out of range \\[8\\] with length 8"
}

// Rename panics when a name is renamed to itself, which == on the two
// inputs decides.
func Rename(from, to string) {
	if from == to && len(from) >= 6 {
		panic("renaming " + from + " to itself") // want panic `^panic: "renaming " \+ from \+ " to itself"$`
	}
}

// Before orders two names; it panics on a long name that sorts before a
// short one.
func Before(a, b string) bool {
	if len(a) > 5 && len(b) < 3 && a < b {
		panic("long name first") // want panic "^panic: long name first$"
	}
	return a < b
}
