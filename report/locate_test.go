package report

import (
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLocate checks the statements a witness test looks for: the
// function as the runtime names it, and the line's code without its
// comment.
func TestLocate(t *testing.T) {
	src := `package p

var table = []int{1, 2}[3:] // a panic in a package variable's initializer

func F(s []int) int { return s[0] }

func G[T any](s []T) T {
	return s[1] /* the second */
}

type L struct{ n *L }

func (l *L) Next() *L { return l.n.n }

func (l L) Value() int {
	f := func() int {
		return l.n.n.n.n == nil
	}
	return f()
}

type Box[T any] struct{ v *T }

func (b *Box[T]) Get() T { return *b.v }
`
	file := filepath.Join(t.TempDir(), "p.go")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		line, col int
		want      statement
	}{
		{3, 24, statement{"init", "var table = []int{1, 2}[3:]"}},
		{5, 31, statement{"F", "func F(s []int) int { return s[0] }"}},
		{8, 10, statement{"G[...]", "return s[1]"}},
		{13, 33, statement{"(*L).Next", "func (l *L) Next() *L { return l.n.n }"}},
		{17, 13, statement{"L.Value", "return l.n.n.n.n == nil"}},
		{24, 35, statement{"(*Box[...]).Get", "func (b *Box[T]) Get() T { return *b.v }"}},
	}
	loc := newLocator()
	for _, tt := range tests {
		got := loc.at(token.Position{Filename: file, Line: tt.line, Column: tt.col})
		if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(statement{})); diff != "" {
			t.Errorf("at %d:%d (-want +got):\n%s", tt.line, tt.col, diff)
		}
	}
	if got := loc.at(token.Position{Filename: filepath.Join(t.TempDir(), "gone.go"), Line: 1, Column: 1}); got != (statement{}) {
		t.Errorf("a file that cannot be read gives %+v, want nothing", got)
	}
}

func TestWithoutComment(t *testing.T) {
	tests := []struct{ line, want string }{
		{"return a[0] // want index", "return a[0]"},
		{`s := "http://x" // url`, `s := "http://x"`},
		{"x := `//` /* c */", "x := `//`"},
		{"n++", "n++"},
	}
	for _, tt := range tests {
		if got := withoutComment(tt.line); got != tt.want {
			t.Errorf("withoutComment(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}
