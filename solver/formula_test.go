package solver

import (
	"bytes"
	"encoding/gob"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFormula writes conditions over two symbols as Formulas, through
// gob, and builds them again in another Context over other terms: each
// is equivalent there to the condition built directly, and prints as Go
// writes it.
func TestFormula(t *testing.T) {
	tests := []struct {
		name  string
		build func(c *Context, i, n *Term) *Term
		text  string
	}{
		{"index", func(c *Context, i, n *Term) *Term { return c.Uge(i, n) }, "uint(i) >= uint(len(s))"},
		{"signed", func(c *Context, i, n *Term) *Term {
			return c.Or(c.Slt(i, c.BV(64, 0)), c.Not(c.Eq(c.Add(i, c.BV(64, 1)), n)))
		}, "i < 0 || i + 1 != len(s)"},
		{"negative constant", func(c *Context, i, n *Term) *Term { return c.Eq(i, c.BV(64, 1<<64-3)) }, "i == -3"},
		{"constant on the right", func(c *Context, i, n *Term) *Term { return c.Sle(c.BV(64, 0), i) }, "i >= 0"},
		{"negated conjunction", func(c *Context, i, n *Term) *Term {
			return c.Not(c.And(c.Ule(i, n), c.Or(c.Eq(n, c.BV(64, 4)), c.Not(c.Slt(i, c.BV(64, 2))))))
		}, "uint(len(s)) < uint(i) || len(s) != 4 && i < 2"},
		{"conversion", func(c *Context, i, n *Term) *Term {
			return c.And(c.Eq(c.SignExt(c.Trunc(i, 8), 64), n), c.Ugt(c.Shl(n, c.BV(64, 2)), i))
		}, "i == len(s) && uint(i) < uint(len(s) << 2)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			from := NewContext()
			defer from.Close()
			i, n := from.FreshBV("i", 64), from.FreshBV("n", 64)
			f, ok := from.Encode(tt.build(from, i, n), map[any]int{i.Identity(): 0, n.Identity(): 1})
			if !ok {
				t.Fatal("Encode: not ok")
			}
			var buf bytes.Buffer
			if err := gob.NewEncoder(&buf).Encode(f); err != nil {
				t.Fatal(err)
			}
			var back Formula
			if err := gob.NewDecoder(&buf).Decode(&back); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.text, back.Format([]string{"i", "len(s)"})); diff != "" {
				t.Errorf("Format (-want +got):\n%s", diff)
			}
			to := NewContext()
			defer to.Close()
			a, b := to.FreshBV("a", 64), to.FreshBV("b", 64)
			hole := to.Sub(a, b) // holes take any term, not only symbols
			got, err := to.Decode(back, []*Term{hole, b})
			if err != nil {
				t.Fatal(err)
			}
			s := to.NewSolver()
			if r := s.Check(to.Not(to.Eq(got, tt.build(to, hole, b)))); r != Unsat {
				t.Errorf("decoded formula differs from the condition built directly: %v", r)
			}
		})
	}
}

// TestFormulaFolds: a Formula built over constants is a constant.
func TestFormulaFolds(t *testing.T) {
	c := NewContext()
	defer c.Close()
	i, n := c.FreshBV("i", 64), c.FreshBV("n", 64)
	f, _ := c.Encode(c.Or(c.Uge(i, n), c.Eq(n, c.BV(64, 0))), map[any]int{i.Identity(): 0, n.Identity(): 1})
	for _, tt := range []struct {
		i, n uint64
		want bool
	}{{5, 3, true}, {2, 3, false}, {0, 0, true}, {1<<64 - 1, 3, true}} {
		got, err := c.Decode(f, []*Term{c.BV(64, tt.i), c.BV(64, tt.n)})
		if err != nil {
			t.Fatal(err)
		}
		if v, ok := got.BoolValue(); !ok || v != tt.want {
			t.Errorf("i = %d, n = %d: %v, want the constant %v", tt.i, tt.n, got, tt.want)
		}
	}
}

// TestFormulaRefused: Encode refuses a term with a symbol that is no
// hole; Decode refuses holes missing or of the wrong sort, and malformed
// formulas, with an error.
func TestFormulaRefused(t *testing.T) {
	c := NewContext()
	defer c.Close()
	i, other := c.FreshBV("i", 64), c.FreshBV("other", 64)
	if _, ok := c.Encode(c.Ult(i, other), map[any]int{i.Identity(): 0}); ok {
		t.Errorf("Encode of a term with a symbol that is no hole: ok")
	}
	f, ok := c.Encode(c.Ult(i, c.BV(64, 4)), map[any]int{i.Identity(): 0})
	if !ok {
		t.Fatal("Encode: not ok")
	}
	for name, decode := range map[string]func() (*Term, error){
		"no holes":   func() (*Term, error) { return c.Decode(f, nil) },
		"wrong sort": func() (*Term, error) { return c.Decode(f, []*Term{c.FreshBV("b", 8)}) },
		"bool hole":  func() (*Term, error) { return c.Decode(f, []*Term{c.FreshBool("p")}) },
		"empty":      func() (*Term, error) { return c.Decode(Formula{}, nil) },
		"forward arg": func() (*Term, error) {
			return c.Decode(Formula{Nodes: []FormulaNode{{Kind: uint8(notExpr), Args: []int{0}}}}, nil)
		},
	} {
		if got, err := decode(); err == nil {
			t.Errorf("%s: Decode gave %v, want an error", name, got)
		}
	}
}

// TestFormulaNamedBool: a Bool hole named as a comparison negates as
// one.
func TestFormulaNamedBool(t *testing.T) {
	c := NewContext()
	defer c.Close()
	isNil, n := c.FreshBool("nil"), c.FreshBV("n", 64)
	f, ok := c.Encode(c.And(c.Not(isNil), c.Or(c.Eq(n, c.BV(64, 1)), c.Not(c.And(isNil, c.Eq(n, c.BV(64, 2)))))), map[any]int{isNil.Identity(): 0, n.Identity(): 1})
	if !ok {
		t.Fatal("Encode: not ok")
	}
	want := "s != nil && (len(s) == 1 || s != nil || len(s) != 2)"
	if got := f.Format([]string{"s == nil", "len(s)"}); got != want {
		t.Errorf("Format = %q, want %q", got, want)
	}
}
