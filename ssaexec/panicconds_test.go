package ssaexec

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gosym/gosym/result"
)

// TestPanicConds checks which conditions over a function's arguments are
// proved to make every call of it panic, and that none is proved where
// the function returns under every condition over its arguments alone.
func TestPanicConds(t *testing.T) {
	type shownCond struct {
		Atoms       []CondAtom
		Text        string
		Kind        result.Kind
		Cause, Posn string
		Want        []string
	}
	index := []string{"index out of range"}
	tests := []struct {
		fn   string
		want []shownCond
	}{
		{"window.At", []shownCond{{[]CondAtom{{1, ""}, {0, "len"}}, "uint(i) >= uint(len(s))", result.Index, "index out of range", "window.go:8:10", index}}},
		{"window.Span", []shownCond{{[]CondAtom{{0, "cap"}, {2, ""}, {1, ""}}, "uint(cap(s)) < uint(hi) || uint(hi) < uint(lo)",
			result.SliceBounds, "slice bounds out of range", "window.go:13:10", []string{"slice bounds out of range"}}}},
		{"window.Clamp", []shownCond{{[]CondAtom{{2, ""}, {1, ""}}, "hi < lo", result.Panic, "panic: window: empty range", "window.go:19:8", []string{"window: empty range"}}}},
		{"window.Every", []shownCond{{[]CondAtom{{1, ""}}, "step <= 0", result.Panic, "panic: window: step must be positive", "window.go:27:8", []string{"window: step must be positive"}}}},
		// Checked first: no path panics.
		{"window.Get", nil},
		// The second panic rests on s's elements: only the first is a
		// condition of the arguments.
		{"window.Mixed", []shownCond{{[]CondAtom{{1, ""}}, "n < 0", result.Panic, "panic: window: negative n", "window.go:48:8", []string{"window: negative n"}}}},
		// A bool: its negation, as Go writes it.
		{"window.Check", []shownCond{{[]CondAtom{{0, ""}}, "!ok", result.Panic, "panic: window: check failed", "window.go:59:8", []string{"window: check failed"}}}},
		// Only that b is 0: a NilPanic says so.
		{"nilpanics.Ratio", nil},
		// Pointers are nil by a heap decision, no condition: NilPanics
		// has them.
		{"nilpanics.Last", nil},
	}
	prog := testdataProgram(t)
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			var got []shownCond
			for _, pc := range prog.PanicConds(entry(t, tt.fn), deepConfig()) {
				got = append(got, shownCond{pc.Atoms, pc.Text, pc.Kind, pc.Cause, shortPos(pc.Pos), pc.Want})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s: PanicConds (-want +got):\n%s", tt.fn, diff)
			}
		})
	}
}
