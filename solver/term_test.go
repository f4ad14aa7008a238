package solver

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSort(t *testing.T) {
	type info struct {
		IsBool bool
		Width  uint
		String string
	}
	describe := func(s Sort) info { return info{s.IsBool(), s.Width(), s.String()} }
	got := []info{describe(BoolSort()), describe(BVSort(1)), describe(BVSort(64)), describe(Sort{})}
	want := []info{{true, 0, "Bool"}, {false, 1, "BV1"}, {false, 64, "BV64"}, {true, 0, "Bool"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("sorts (-want +got):\n%s", diff)
	}
	if BVSort(8) != BVSort(8) || BVSort(8) == BVSort(16) {
		t.Error("Sort equality does not follow the width")
	}
}

// concreteView is what Go knows about a term without asking Z3.
type concreteView struct {
	Const  bool
	Sort   string
	U      uint64
	UOK    bool
	I      int64
	IOK    bool
	B      bool
	BOK    bool
	String string
}

func view(t *Term) concreteView {
	u, uok := t.Uint64()
	i, iok := t.Int64()
	b, bok := t.BoolValue()
	return concreteView{t.IsConst(), t.Sort().String(), u, uok, i, iok, b, bok, t.String()}
}

func TestConcreteAccessors(t *testing.T) {
	c := NewContext()
	defer c.Close()
	x := c.FreshBV("x", 8)
	tests := []struct {
		name string
		term *Term
		want concreteView
	}{
		{"BV truncates", c.BV(8, 0x1ff), concreteView{true, "BV8", 0xff, true, -1, true, false, false, "#xff"}},
		{"positive", c.BV(16, 300), concreteView{true, "BV16", 300, true, 300, true, false, false, "#x012c"}},
		{"MinInt64", c.BV(64, 1<<63), concreteView{true, "BV64", 1 << 63, true, -1 << 63, true, false, false, "#x8000000000000000"}},
		{"true", c.Bool(true), concreteView{true, "Bool", 0, false, 0, false, true, true, "true"}},
		{"false", c.Bool(false), concreteView{true, "Bool", 0, false, 0, false, false, true, "false"}},
		{"folded", c.Sub(c.BV(32, 1), c.BV(32, 2)), concreteView{true, "BV32", 0xffffffff, true, -1, true, false, false, "#xffffffff"}},
		{"symbolic BV", x, concreteView{false, "BV8", 0, false, 0, false, false, false, "x!1"}},
		{"symbolic Bool", c.Ult(x, c.BV(8, 3)), concreteView{false, "Bool", 0, false, 0, false, false, false, "(bvult x!1 #x03)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, view(tt.term)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// Terms must not create Z3 ASTs, nor the Z3 context, until Z3 needs them:
// folded terms never, a symbolic term and its operands only when its AST
// is asked for.
func TestASTsWaitForZ3(t *testing.T) {
	c := NewContext()
	defer c.Close()
	a, b := c.BV(64, 6), c.BV(64, 7)
	folded := []*Term{
		c.Mul(a, b), c.Shl(a, c.BV(8, 3)), c.SignExt(c.BV(8, 0x80), 64),
		c.Ult(a, b), c.And(c.Eq(a, b), c.Bool(true)), c.Ite(c.Bool(true), a, b),
	}
	for i, f := range folded {
		if !f.IsConst() || f.ast != nil {
			t.Errorf("folded[%d] = %v: IsConst %v, has AST %v", i, f, f.IsConst(), f.ast != nil)
		}
	}
	if a.ast != nil || b.ast != nil {
		t.Fatal("operands of folded terms got ASTs")
	}
	x := c.FreshBV("x", 64)
	sum := c.Add(x, a)
	if sum.IsConst() || sum.ast != nil || a.ast != nil || c.z != nil {
		t.Errorf("x + 6: IsConst %v, has AST %v, constant has AST %v, Z3 context made %v; want all false",
			sum.IsConst(), sum.ast != nil, a.ast != nil, c.z != nil)
	}
	if s := c.NewSolver(); s.Check(c.Ult(sum, c.BV(64, 10))) != Sat || c.z != nil {
		t.Errorf("x + 6 < 10, decided in Go: Z3 context made %v; want Sat and none", c.z != nil)
	}
	c.astOf(sum)
	if x.ast == nil || a.ast == nil {
		t.Errorf("after x + 6's AST: x has one %v, 6 has one %v; want both", x.ast != nil, a.ast != nil)
	}
}

func TestBooleanIdentities(t *testing.T) {
	c := NewContext()
	defer c.Close()
	p, q := c.FreshBool("p"), c.FreshBool("q")
	x, y := c.FreshBV("x", 8), c.FreshBV("y", 8)
	tr, fa := c.Bool(true), c.Bool(false)
	tests := []struct {
		name      string
		got, want *Term
	}{
		{"And() is true", c.And(), tr},
		{"Or() is false", c.Or(), fa},
		{"And with false is false", c.And(p, fa, q), fa},
		{"And drops true", c.And(tr, p, tr), p},
		{"Or with true is true", c.Or(p, tr, q), tr},
		{"Or drops false", c.Or(fa, q), q},
		{"Not of Not", c.Not(c.Not(p)), p},
		{"Not of constant", c.Not(fa), tr},
		{"Ite on true", c.Ite(tr, x, y), x},
		{"Ite on false", c.Ite(fa, x, y), y},
		{"Ite with equal arms", c.Ite(p, x, x), x},
		{"Ite true false", c.Ite(p, tr, fa), p},
		{"Implies from false", c.Implies(fa, p), tr},
		{"Implies from true", c.Implies(tr, p), p},
		{"Implies to true", c.Implies(p, tr), tr},
		{"Eq with true", c.Eq(tr, p), p},
		{"Eq to itself", c.Eq(x, x), tr},
		{"Ne from itself", c.Ne(x, x), fa},
		{"Shl by width", c.Shl(x, c.BV(64, 8)), c.BV(8, 0)},
		{"Convert to same width", c.Convert(x, 8, true), x},
	}
	for _, tt := range tests {
		if tt.got != tt.want && !(tt.got.IsConst() && tt.want.IsConst() && tt.got.String() == tt.want.String()) {
			t.Errorf("%s: got %v, want %v", tt.name, tt.got, tt.want)
		}
	}
	// Not(Eq(p, false)) must give back p itself.
	if got := c.Not(c.Eq(p, fa)); got != p {
		t.Errorf("Not(Eq(p, false)) = %v, want p", got)
	}
}

func TestFreshSymbolsAreDistinct(t *testing.T) {
	c := NewContext()
	defer c.Close()
	x1, x2 := c.FreshBV("x", 64), c.FreshBV("x", 64)
	// A hint that looks like a generated name must not collide either.
	x3, x4 := c.FreshBV("x!1", 64), c.FreshBV("", 64)
	names := []string{x1.String(), x2.String(), x3.String(), x4.String(), c.FreshBool("x").String()}
	want := []string{"x!1", "x!2", "x!1!3", "v!4", "x!5"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("names (-want +got):\n%s", diff)
	}
	s := c.NewSolver()
	if r := s.Check(c.Ne(x1, x2), c.Ne(x1, x3)); r != Sat {
		t.Errorf("two fresh symbols cannot differ: %v", r)
	}
}

// mustPanic runs f and returns its panic message, failing if it returns.
func mustPanic(t *testing.T, f func()) (msg string) {
	t.Helper()
	defer func() {
		msg = fmt.Sprint(recover())
	}()
	f()
	t.Error("no panic")
	return ""
}

func TestMisusePanicsBeforeZ3(t *testing.T) {
	c := NewContext()
	defer c.Close()
	other := NewContext()
	defer other.Close()
	x8, x16, p := c.FreshBV("x", 8), c.FreshBV("y", 16), c.FreshBool("p")
	s := c.NewSolver()
	tests := []struct {
		name string
		f    func()
		want string
	}{
		{"Add widths", func() { c.Add(x8, x16) }, "solver: Add: width mismatch: BV8 vs BV16"},
		{"Add constants", func() { c.Add(c.BV(8, 1), c.BV(16, 1)) }, "solver: Add: width mismatch: BV8 vs BV16"},
		{"Ult on Bool", func() { c.Ult(p, p) }, "solver: Ult: want a bit-vector, got Bool"},
		{"Not on BV", func() { c.Not(x8) }, "solver: Not: want Bool, got BV8"},
		{"And on BV", func() { c.And(p, x8) }, "solver: And: want Bool, got BV8"},
		{"Eq sorts", func() { c.Eq(p, x8) }, "solver: Eq: sort mismatch: Bool vs BV8"},
		{"Ite arms", func() { c.Ite(p, x8, x16) }, "solver: Ite: sort mismatch: BV8 vs BV16"},
		{"Assert BV", func() { s.Assert(x8) }, "solver: Assert: want Bool, got BV8"},
		{"Check BV", func() { s.Check(x8) }, "solver: Check: want Bool, got BV8"},
		{"ZeroExt narrower", func() { c.ZeroExt(x16, 8) }, "solver: ZeroExt: cannot extend BV16 to BV8"},
		{"Trunc wider", func() { c.Trunc(x8, 16) }, "solver: Trunc: cannot truncate BV8 to BV16"},
		{"width 0", func() { c.BV(0, 1) }, "solver: bit-vector width 0 not in 1..64"},
		{"width 65", func() { c.FreshBV("x", 65) }, "solver: bit-vector width 65 not in 1..64"},
		{"nil term", func() { c.Neg(nil) }, "solver: Neg: nil term"},
		{"other context", func() { c.Add(x8, other.BV(8, 1)) }, "solver: Add: term belongs to another Context"},
		{"Pop without Push", s.Pop, "solver: Pop without a matching Push"},
		{"Model of wrong sort", func() {
			s.Check()
			s.Model().Bool(x8)
		}, "solver: Model.Bool: want Bool, got BV8"},
		{"Model.Int64 of Bool", func() {
			s.Check()
			s.Model().Int64(p)
		}, "solver: Model.Int64: want a bit-vector, got Bool"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := mustPanic(t, tt.f); got != tt.want {
				t.Errorf("panic %q, want %q", got, tt.want)
			}
		})
	}
}

// An error Z3 reports (here a sort error the Go checks would have caught)
// must become a Go panic rather than Z3 exiting, and leave the context
// usable.
func TestZ3ErrorBecomesPanic(t *testing.T) {
	c := NewContext()
	defer c.Close()
	a, b := c.FreshBV("a", 8), c.FreshBV("b", 16)
	msg := mustPanic(t, func() { c.z3().binary(opAdd, c.astOf(a), c.astOf(b)) })
	if !strings.HasPrefix(msg, "solver: Z3 error: Add: ") {
		t.Errorf("panic %q, want prefix %q", msg, "solver: Z3 error: Add: ")
	}
	s := c.NewSolver()
	if r := s.Check(c.Eq(c.Add(a, a), c.BV(8, 4))); r != Sat {
		t.Errorf("context after a Z3 error: Check = %v, want sat", r)
	}
}

func TestClosedContext(t *testing.T) {
	c := NewContext()
	x := c.FreshBV("x", 8)
	k := c.BV(8, 5)
	c.Close()
	c.Close() // a second Close is harmless
	if got := mustPanic(t, func() { c.Add(x, k) }); got != "solver: use of closed Context" {
		t.Errorf("panic %q", got)
	}
	if v, ok := k.Uint64(); !ok || v != 5 {
		t.Errorf("constant after Close: %v, %v", v, ok)
	}
	if got := x.String(); got != "<term of closed solver.Context>" {
		t.Errorf("symbol after Close prints %q", got)
	}
}

// MentionsSymbol reads how a term was built, and prints only what Z3
// built; it agrees with looking for the prefix in the printed term.
func TestMentionsSymbol(t *testing.T) {
	c := NewContext()
	defer c.Close()
	ext, x := c.FreshBV("ext:v", 8), c.FreshBV("x", 8)
	shared := c.Add(x, c.BV(8, 1))
	for range 20 { // a DAG whose tree is a million nodes wide
		shared = c.Add(shared, shared)
	}
	tests := []struct {
		name string
		t    *Term
		want bool
	}{
		{"the symbol", ext, true},
		{"another symbol", x, false},
		{"a constant", c.BV(8, 3), false},
		{"deep in a shared DAG", c.Ult(shared, c.Ite(c.Eq(ext, x), x, shared)), true},
		{"a shared DAG without it", c.Ult(shared, x), false},
		{"a substituted term", c.Substitute(c.Ult(x, c.BV(8, 9)), []*Term{x}, []*Term{ext}), true},
		{"a term Z3 built", c.Forall([]*Term{x}, c.Ult(c.Add(x, ext), c.BV(8, 9))), true},
		{"a symbol Symbols found", c.Symbols(c.Add(ext, x))[0], true},
	}
	for _, tt := range tests {
		if got := tt.t.MentionsSymbol("ext:"); got != tt.want {
			t.Errorf("%s: MentionsSymbol = %v, want %v", tt.name, got, tt.want)
		}
	}
}
