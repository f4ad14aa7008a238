package ssaexec

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gosym/gosym/result"
)

// TestNilPanics checks which parameters are proved to make every call
// panic when nil (pointers, slices, maps) or zero (integers, strings), and
// which are not, and why not.
func TestNilPanics(t *testing.T) {
	type shownNilPanic struct {
		Param         int
		Name          string
		Kind          result.Kind
		Message, Posn string
		Want          []string
		Zero          string
	}
	deref := []string{"invalid memory address or nil pointer dereference"}
	empty := []string{"index out of range [0] with length 0"}
	tests := []struct {
		fn   string
		want []shownNilPanic
	}{
		{"nilpanics.Last", []shownNilPanic{{0, "head", result.NilDeref, "nil dereference: head is nil", "nilpanics.go:19:11", deref, ""}}},
		{"nilpanics.Second", []shownNilPanic{{0, "head", result.NilDeref, "nil dereference: head is nil", "nilpanics.go:37:14", deref, ""}}},
		{"nilpanics.Swap", []shownNilPanic{
			{0, "a", result.NilDeref, "nil dereference: a is nil", "nilpanics.go:42:26", deref, ""},
			{1, "b", result.NilDeref, "nil dereference: b is nil", "nilpanics.go:42:19", deref, ""},
		}},
		// The receiver's invariant is not assumed.
		{"(*nilpanics.Tree).Size", []shownNilPanic{{0, "t", result.NilDeref, "nil dereference: t is nil", "nilpanics.go:92:38", deref, ""}}},
		// An explicit panic of an error: the text it prints is not known.
		{"nilpanics.Checked", []shownNilPanic{{0, "n", result.Panic, "panic: New(...)", "nilpanics.go:56:8", nil, ""}}},
		// A nil list has a return.
		{"nilpanics.Len", nil},
		{"nilpanics.ValueOr", nil},
		// What an unexecuted call returns decides.
		{"nilpanics.Exit", nil},
		// The walk of the other list is summarized.
		{"nilpanics.Deep", nil},
		// The directive rules the panic out.
		{"nilpanics.Ignored", nil},
		// A nil slice: every index is out of its range.
		{"nilpanics.First", []shownNilPanic{{0, "a", result.Index, "index out of range [0] with length 0 (a[0])", "nilpanics.go:101:10", empty, ""}}},
		{"nilpanics.Pick", []shownNilPanic{{0, "a", result.Index, "index out of range [0] with length 0 (a[i])", "nilpanics.go:114:10", empty, ""}}},
		// An empty slice has a return.
		{"nilpanics.FirstOr", nil},
		// A nil map: every write panics.
		{"nilpanics.Count", []shownNilPanic{{0, "counts", result.NilMap, "assignment to entry in nil map (counts)", "nilpanics.go:120:8", []string{"assignment to entry in nil map"}, ""}}},
		// Zero numbers and strings.
		{"nilpanics.Ratio", []shownNilPanic{{1, "b", result.DivZero, "integer divide by zero: b is 0", "nilpanics.go:125:11", []string{"integer divide by zero"}, "0"}}},
		{"nilpanics.RatioOr", nil},
		{"nilpanics.Initial", []shownNilPanic{{0, "s", result.Index, "index out of range [0] with length 0 (s[0])", "nilpanics.go:138:10", empty, `""`}}},
	}
	prog := testdataProgram(t)
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			var got []shownNilPanic
			for _, np := range prog.NilPanics(entry(t, tt.fn), deepConfig()) {
				got = append(got, shownNilPanic{np.Param, np.Name, np.Kind, np.Message, shortPos(np.Pos), np.Want, np.Zero})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s: NilPanics (-want +got):\n%s", tt.fn, diff)
			}
		})
	}
}
