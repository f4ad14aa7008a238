package ssaexec

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// shownStep is a step of a trace with the file name shortened.
type shownStep struct {
	Posn   string
	Depth  int
	Branch string
	Values []string
}

// TestTrace checks the exact paths of findings: lines entered, calls
// indented, branches with the values that decided them, a call into the
// standard library as one step, and deferred calls run after the panic
// left out.
func TestTrace(t *testing.T) {
	tests := []struct {
		fn   string
		want []shownStep
	}{{
		fn: "lists.ThreeBug",
		want: []shownStep{
			{Posn: "lists.go:47"},
			{Posn: "lists.go:48", Branch: "cur != nil is true"},
			{Posn: "lists.go:49"},
			{Posn: "lists.go:48", Branch: "cur != nil is true"},
			{Posn: "lists.go:49"},
			{Posn: "lists.go:48", Branch: "cur != nil is true"},
			{Posn: "lists.go:49"},
			{Posn: "lists.go:48", Branch: "cur != nil is false"},
			{Posn: "lists.go:51", Branch: "count == 3 is true", Values: []string{"count = 3"}},
			{Posn: "lists.go:52:30"},
		},
	}, {
		// Both operands of && are branches of their own on one line.
		fn: "lists.InsertSorted",
		want: []shownStep{
			{Posn: "lists.go:14"},
			{Posn: "lists.go:15", Branch: "head == nil is false"},
			{Posn: "lists.go:15", Branch: "v < head.Val is false", Values: []string{"v = 0", "head.Val = 0"}},
			{Posn: "lists.go:19"},
			{Posn: "lists.go:20:15"},
		},
	}, {
		fn: "funcs.Twice",
		want: []shownStep{
			{Posn: "funcs.go:46"},
			{Posn: "funcs.go:36", Depth: 1},
			{Posn: "funcs.go:37", Depth: 1},
			{Posn: "funcs.go:46"},
			{Posn: "funcs.go:47"},
			{Posn: "funcs.go:38", Depth: 1},
			{Posn: "funcs.go:39", Depth: 1},
			{Posn: "funcs.go:47"},
			{Posn: "funcs.go:48"},
			{Posn: "funcs.go:38", Depth: 1},
			{Posn: "funcs.go:39", Depth: 1},
			{Posn: "funcs.go:48", Branch: "next() == 2 is true", Values: []string{"next() = 2"}},
			{Posn: "funcs.go:49:8"},
		},
	}, {
		// The deferred release runs after the panic: not on its path.
		fn: "(*funcs.Lock).Read",
		want: []shownStep{
			{Posn: "funcs.go:96"},
			{Posn: "funcs.go:97", Branch: "l == nil is false"},
			{Posn: "funcs.go:100"},
			{Posn: "funcs.go:101"},
			{Posn: "funcs.go:102:16"},
		},
	}, {
		// The division panics, the deferred function recovers and
		// panics in turn.
		fn: "funcs.ErrorLen",
		want: []shownStep{
			{Posn: "funcs.go:160"},
			{Posn: "funcs.go:161"},
			{Posn: "funcs.go:167"},
			{Posn: "funcs.go:162", Depth: 1, Branch: "r != nil is true"},
			{Posn: "funcs.go:163", Depth: 1},
			{Posn: "funcs.go:164:11", Depth: 1},
		},
	}, {
		fn: "stdlib.Port",
		want: []shownStep{
			{Posn: "stdlib.go:29"},
			{Posn: "stdlib.go:30", Branch: "err != nil is false"},
			{Posn: "stdlib.go:33:15"},
		},
	}, {
		// A timer firing is a step of its own, which the select's
		// branch on the case taken does not replace.
		fn: "goroutines.Expired",
		want: []shownStep{
			{Posn: "timers.go:29"},
			{Posn: "timers.go:31"},
			{Posn: "timers.go:30", Branch: "the timer made at timers.go:29:20 fires"},
			{Posn: "timers.go:30", Branch: "t3 == 0 is true", Values: []string{"t3 = 0"}},
			{Posn: "timers.go:31"},
			{Posn: "timers.go:32:14"},
		},
	}}
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			res := testdataProgram(t).analyze(entry(t, tt.fn), deepConfig())
			if len(res.Findings) != 1 {
				t.Fatalf("want one finding, got %d", len(res.Findings))
			}
			var got []shownStep
			trace := res.Findings[0].Trace
			for i, st := range trace {
				posn := fmt.Sprintf("%s:%d", filepath.Base(st.Pos.Filename), st.Pos.Line)
				if i == len(trace)-1 {
					posn += fmt.Sprintf(":%d", st.Pos.Column)
				}
				got = append(got, shownStep{Posn: posn, Depth: st.Depth, Branch: st.Branch, Values: st.Values})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("trace (-want +got):\n%s", diff)
			}
		})
	}
}
