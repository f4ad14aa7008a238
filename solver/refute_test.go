package solver

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// refutes reports whether analyse refutes the conjunction of atoms.
func refutes(atoms []*Term) bool {
	_, refuted := analyse(atoms)
	return refuted
}

// TestRefutes checks the conjunctions refutes decides, among them the
// Unsat checks of a leftist heap's repOK that reached Z3, and the
// conjunctions that wrapping makes satisfiable, which it must not refute.
func TestRefutes(t *testing.T) {
	c := NewContext()
	defer c.Close()
	x, y, z := c.FreshBV("x", 64), c.FreshBV("y", 64), c.FreshBV("z", 64)
	bv := func(v int64) *Term { return c.BV(64, uint64(v)) }
	one := bv(1)
	tests := []struct {
		name  string
		atoms []*Term
		want  bool
	}{
		{"offset cycle", []*Term{c.Sle(y, x), c.Eq(x, c.Add(y, one)), c.Sle(x, y)}, true},
		{"equal offsets", []*Term{c.Eq(x, c.Add(z, one)), c.Eq(y, c.Add(z, one)), c.Slt(x, y)}, true},
		{"shift of a bound", []*Term{c.Sle(z, bv(-1)), c.Eq(y, c.Add(z, one)), c.Slt(one, y)}, true},
		{"two offsets between two", []*Term{c.Eq(x, c.Add(y, one)), c.Eq(y, c.Add(x, one))}, true},
		{"constants in a cycle", []*Term{c.Sle(x, bv(3)), c.Sle(bv(4), y), c.Sle(y, x)}, true},
		{"differ but equal", []*Term{c.Sle(x, y), c.Sle(y, x), c.Ne(x, y)}, true},
		{"signed against unsigned", []*Term{c.Slt(bv(5), x), c.Ult(x, bv(3))}, true},
		{"signed arc", []*Term{c.Sle(y, z), c.Sle(z, one), c.Slt(c.Add(z, one), c.Add(y, one))}, true},
		{"wraps in no case", []*Term{
			// A leftist heap's null path lengths: z + 1, y + 1 and z + 2.
			c.Sle(z, c.Add(y, one)), c.Sle(y, c.Add(z, bv(2))),
			c.Sle(c.Add(z, one), y), c.Slt(c.Add(y, one), c.Add(z, bv(2))),
		}, true},
		{"wraps at the top", []*Term{c.Eq(x, c.Add(y, one)), c.Slt(x, y)}, false},
		{"wraps at the bottom", []*Term{c.Eq(x, c.Sub(y, one)), c.Slt(y, x)}, false},
		{"unsigned wrap", []*Term{c.Ult(c.Add(x, one), x)}, false},
		{"satisfiable order", []*Term{c.Slt(x, y), c.Slt(y, z), c.Sle(z, bv(2))}, false},
		{"differs from both ends", []*Term{c.Ule(x, one), c.Ne(x, bv(0)), c.Ne(one, x)}, true},
		{"differs from an end", []*Term{c.Ule(x, one), c.Ne(x, bv(0))}, false},
		{"differs from an end, then ordered", []*Term{c.Ule(x, one), c.Ne(x, bv(0)), c.Ult(x, y), c.Ule(y, one)}, true},
		{"differs from every value, ends first", []*Term{c.Ule(x, bv(2)), c.Ne(x, one), c.Ne(x, bv(0)), c.Ne(x, bv(2))}, true},
		{"differs from the middle", []*Term{c.Ule(x, bv(2)), c.Ne(x, one)}, false},
	}
	for _, tt := range tests {
		if got := refutes(tt.atoms); got != tt.want {
			t.Errorf("%s: refutes(%v) = %v, want %v", tt.name, tt.atoms, got, tt.want)
		}
	}
}

// TestCheckDecidedByArcs checks the checks that analyse's arcs and cases
// decide in Go: values that only wrapping gives are found, and what no
// case of wrapping allows is Unsat.
func TestCheckDecidedByArcs(t *testing.T) {
	c := NewContext()
	defer c.Close()
	s := c.NewSolver()
	x, y := c.FreshBV("x", 64), c.FreshBV("y", 64)
	var got []step
	check := asserting(s, &got)
	check(c.Eq(y, c.Add(x, c.BV(64, 1)))) // Go
	check(c.Slt(y, x))                    // only at x = MaxInt64: Go
	check(c.Slt(x, c.BV(64, 5)))          // Unsat in Go
	// 2 < l <= 3 pins l to 3, and so a binary heap's parent index
	// (l - 1) / 2 to 1.
	s = c.NewSolver()
	check = asserting(s, &got)
	l := c.FreshBV("l", 64)
	check(c.Slt(c.BV(64, 2), l), c.Sle(l, c.BV(64, 3)))
	check(c.Eq(c.SDiv(c.Sub(l, c.BV(64, 1)), c.BV(64, 2)), c.BV(64, 0))) // Unsat in Go
	want := []step{{Sat, 0}, {Sat, 0}, {Unsat, 0}, {Sat, 0}, {Unsat, 0}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("steps (-want +got):\n%s", diff)
	}
}

// TestRefutesOnlyUnsat checks refutes against every assignment of three
// 4-bit symbols, on random conjunctions of comparisons between them plus
// offsets: wrapping is common at that width. It also counts what was
// refuted, so that a refutes that gives up on everything fails.
func TestRefutesOnlyUnsat(t *testing.T) {
	c := NewContext()
	defer c.Close()
	const w = 4
	syms := []*Term{c.FreshBV("x", w), c.FreshBV("y", w), c.FreshBV("z", w)}
	rng := rand.New(rand.NewPCG(7, 7))
	operand := func() *Term {
		k := c.BV(w, rng.Uint64N(16))
		switch rng.IntN(4) {
		case 0:
			return k
		case 1:
			return c.Add(syms[rng.IntN(3)], k)
		default:
			return syms[rng.IntN(3)]
		}
	}
	relations := []func(a, b *Term) *Term{c.Slt, c.Sle, c.Ult, c.Ule, c.Eq, c.Ne}
	counts := map[string]int{}
	for range 3000 {
		var atoms []*Term
		for range 2 + rng.IntN(4) {
			atoms = append(atoms, relations[rng.IntN(len(relations))](operand(), operand()))
		}
		sat := satisfiable(c, syms, atoms)
		refuted := refutes(atoms)
		if refuted && sat {
			t.Fatalf("refutes(%v) on a satisfiable conjunction", atoms)
		}
		counts[fmt.Sprintf("sat=%v refuted=%v", sat, refuted)]++
	}
	// Recorded from this seed: every unsatisfiable conjunction is
	// refuted, and none of the satisfiable ones.
	want := map[string]int{
		"sat=false refuted=true": 1164,
		"sat=true refuted=false": 1836,
	}
	if diff := cmp.Diff(want, counts); diff != "" {
		t.Errorf("counts (-want +got):\n%s", diff)
	}
}

// satisfiable reports whether some assignment of the symbols makes every
// atom true, by trying them all.
func satisfiable(c *Context, syms []*Term, atoms []*Term) bool {
	w := syms[0].sort.Width()
	n := uint64(1) << w
	for v := range n * n * n {
		vals := map[termID]uint64{
			syms[0].key(): v % n,
			syms[1].key(): v / n % n,
			syms[2].key(): v / n / n,
		}
		a := &assignment{ctx: c, vals: map[*Term]uint64{}, fit: &fitted{vals: vals}}
		all := true
		for _, t := range atoms {
			if holds, ok := a.holds(t); !ok || !holds {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// flatten merges a chain of fits with the upper ones winning, and leaves
// out a first fit many times the size of the new one.
func TestFlatten(t *testing.T) {
	c := NewContext()
	defer c.Close()
	syms := make([]termID, 100)
	for i := range syms {
		syms[i] = c.FreshBV("s", 8).key()
	}
	fit := func(base *assignment, vals map[termID]uint64) *assignment {
		return &assignment{ctx: c, vals: map[*Term]uint64{}, fit: &fitted{base: base, vals: vals}}
	}
	small := fit(nil, map[termID]uint64{syms[0]: 1, syms[1]: 1, syms[2]: 1})
	layer := fit(small, map[termID]uint64{syms[1]: 2})
	layer.fit.layers = 1
	got, root, dropped := flatten(map[termID]uint64{syms[2]: 3}, layer)
	want := map[termID]uint64{syms[0]: 1, syms[1]: 2, syms[2]: 3}
	if diff := cmp.Diff(want, got); diff != "" || root != nil || dropped {
		t.Errorf("flatten over a small fit (-want +got):\n%s\nroot %v, dropped %v", diff, root, dropped)
	}
	big := map[termID]uint64{}
	for _, s := range syms {
		big[s] = 1
	}
	layer = fit(fit(nil, big), map[termID]uint64{syms[1]: 2, syms[2]: 2})
	layer.fit.layers = 1
	got, _, dropped = flatten(map[termID]uint64{syms[2]: 3}, layer)
	want = map[termID]uint64{syms[1]: 2, syms[2]: 3}
	if diff := cmp.Diff(want, got); diff != "" || !dropped {
		t.Errorf("flatten over a stale fit (-want +got):\n%s", diff)
	}
}
