package solver

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// These tests pin folding to Go's own integer operators, computed on real
// Go types of the same width; crosscheck_test.go pins it to Z3. Together
// they show that Z3 terms built by this package follow Go wherever Go
// defines a result (everything except division by zero).

type signedInt interface {
	~int8 | ~int16 | ~int32 | ~int64
}
type unsignedInt interface {
	~uint8 | ~uint16 | ~uint32 | ~uint64
}

// goBinary computes op on a and b with the Go types S and U of width w.
// ok is false where Go panics (division by zero).
func goBinary[S signedInt, U unsignedInt](o op, a, b uint64) (r uint64, ok bool) {
	ua, ub := U(a), U(b)
	sa, sb := S(ua), S(ub)
	switch o {
	case opAdd:
		return uint64(ua + ub), true
	case opSub:
		return uint64(ua - ub), true
	case opMul:
		return uint64(ua * ub), true
	case opUDiv, opURem, opSDiv, opSRem:
		return goDivide(o, ua, ub, sa, sb)
	case opBVAnd:
		return uint64(ua & ub), true
	case opBVOr:
		return uint64(ua | ub), true
	case opBVXor:
		return uint64(ua ^ ub), true
	case opShl:
		return uint64(ua << b), true
	case opLShr:
		return uint64(ua >> b), true
	case opAShr:
		return uint64(U(sa >> b)), true
	}
	panic("goBinary: " + o.String())
}

func goDivide[S signedInt, U unsignedInt](o op, ua, ub U, sa, sb S) (uint64, bool) {
	if ub == 0 {
		return 0, false
	}
	switch o {
	case opUDiv:
		return uint64(ua / ub), true
	case opURem:
		return uint64(ua % ub), true
	case opSDiv:
		return uint64(U(sa / sb)), true
	}
	return uint64(U(sa % sb)), true
}

// goCompare computes a comparison with the Go types S and U.
func goCompare[S signedInt, U unsignedInt](o op, a, b uint64) bool {
	ua, ub := U(a), U(b)
	sa, sb := S(ua), S(ub)
	return map[op]bool{
		opEq: ua == ub, opUlt: ua < ub, opUle: ua <= ub, opUgt: ua > ub, opUge: ua >= ub,
		opSlt: sa < sb, opSle: sa <= sb, opSgt: sa > sb, opSge: sa >= sb,
	}[o]
}

// checkGoSemantics compares folding with Go on every pair of vals (and
// on a few large shift counts) and reports each disagreement.
func checkGoSemantics[S signedInt, U unsignedInt](t *testing.T, w uint, vals []uint64) {
	t.Helper()
	counts := append(append([]uint64{}, vals...), 200, 1000, 1<<40, ^uint64(0))
	for o := opAdd; o <= opAShr; o++ {
		bs := vals
		if o.isShift() {
			bs = counts
		}
		for _, a := range vals {
			for _, b := range bs {
				want, ok := goBinary[S, U](o, a, b)
				if got := foldBinary(o, w, a, b); ok && got != want {
					t.Fatalf("%v(%#x, %#x) at BV%d = %#x, Go says %#x", o, a, b, w, got, want)
				}
			}
		}
	}
	for o := opUlt; o <= opSge; o++ {
		for _, a := range vals {
			for _, b := range vals {
				if got, want := foldCompare(o, w, a, b), goCompare[S, U](o, a, b); got != want {
					t.Fatalf("%v(%#x, %#x) at BV%d = %v, Go says %v", o, a, b, w, got, want)
				}
			}
		}
	}
}

func TestFoldingMatchesGo(t *testing.T) {
	all8 := make([]uint64, 256)
	for i := range all8 {
		all8[i] = uint64(i)
	}
	t.Run("BV8 exhaustive", func(t *testing.T) { checkGoSemantics[int8, uint8](t, 8, all8) })
	t.Run("BV16", func(t *testing.T) { checkGoSemantics[int16, uint16](t, 16, edgeValues(16)) })
	t.Run("BV32", func(t *testing.T) { checkGoSemantics[int32, uint32](t, 32, edgeValues(32)) })
	t.Run("BV64", func(t *testing.T) { checkGoSemantics[int64, uint64](t, 64, edgeValues(64)) })
}

// The cases Go leaves undefined (it panics) get SMT-LIB's total
// definitions, and the overflow case Go does define gets Go's answer.
func TestFoldingSpecialCases(t *testing.T) {
	tests := []struct {
		name string
		o    op
		w    uint
		a, b uint64
		want uint64
	}{
		{"udiv by zero is all ones", opUDiv, 8, 5, 0, 0xff},
		{"urem by zero is the dividend", opURem, 16, 1234, 0, 1234},
		{"sdiv of positive by zero is -1", opSDiv, 32, 7, 0, 0xffffffff},
		{"sdiv of zero by zero is -1", opSDiv, 64, 0, 0, ^uint64(0)},
		{"sdiv of negative by zero is 1", opSDiv, 8, 0x80, 0, 1},
		{"srem by zero is the dividend", opSRem, 8, 0xf9, 0, 0xf9},
		{"MinInt8 / -1 is MinInt8", opSDiv, 8, 0x80, 0xff, 0x80},
		{"MinInt64 / -1 is MinInt64", opSDiv, 64, 1 << 63, ^uint64(0), 1 << 63},
		{"MinInt64 % -1 is 0", opSRem, 64, 1 << 63, ^uint64(0), 0},
		{"-7 % 2 is -1", opSRem, 32, 0xfffffff9, 2, 0xffffffff},
		{"7 % -2 is 1", opSRem, 32, 7, 0xfffffffe, 1},
		{"-7 / 2 is -3", opSDiv, 16, 0xfff9, 2, 0xfffd},
		{"shl by width is 0", opShl, 8, 0xff, 8, 0},
		{"shl by huge count is 0", opShl, 64, 1, ^uint64(0), 0},
		{"ashr of negative by 100 is -1", opAShr, 8, 0x80, 100, 0xff},
		{"ashr of positive by 100 is 0", opAShr, 8, 0x7f, 100, 0},
		{"lshr keeps zero fill", opLShr, 8, 0x80, 7, 1},
		{"ashr copies the sign", opAShr, 8, 0x80, 7, 0xff},
		{"one-bit add wraps", opAdd, 1, 1, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := foldBinary(tt.o, tt.w, tt.a, tt.b); got != tt.want {
				t.Errorf("%v(%#x, %#x) at BV%d = %#x, want %#x", tt.o, tt.a, tt.b, tt.w, got, tt.want)
			}
		})
	}
}

func TestNumeralString(t *testing.T) {
	got := []string{
		numeralString(0x2a, 8), numeralString(1, 1), numeralString(5, 3),
		numeralString(0xbeef, 16), numeralString(1, 64),
	}
	want := []string{"#x2a", "#b1", "#b101", "#xbeef", "#x0000000000000001"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("numeralString (-want +got):\n%s", diff)
	}
}

// Go prints constants itself, so it must print them exactly as Z3 does
// or a term's text would depend on whether its AST was ever created.
func TestNumeralStringMatchesZ3(t *testing.T) {
	c := NewContext()
	defer c.Close()
	for _, w := range []uint{1, 3, 7, 8, 12, 16, 33, 64} {
		for _, v := range edgeValues(w) {
			a := c.BV(w, v)
			want := c.z3().astString(c.astOf(a))
			if got := a.String(); got != want {
				t.Errorf("BV%d %#x: Go prints %q, Z3 prints %q", w, v, got, want)
			}
		}
	}
}
