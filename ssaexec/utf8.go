package ssaexec

import (
	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/solver"
)

// UTF-8 over symbolic bytes and runes, with the rules of unicode/utf8:
// decoding accepts exactly the shortest encodings of valid runes and
// yields U+FFFD of width 1 for anything else; encoding writes U+FFFD for
// surrogates and values out of range.

const runeError = 0xFFFD

// decodeStep decodes the rune at byte pos of the string (arr, off, n),
// pos < n being known, and passes it to yield: directly when the bytes
// settle it, otherwise in the alternatives it returns. Each alternative has
// a known width, so positions stay concrete where they were: the lead byte
// is ASCII; or it cannot start a sequence that fits (U+FFFD, width 1); or
// it leads a sequence of 2, 3 or 4 bytes, which setLead records so that
// the instruction runs again with lead set and reads the rest, splitting
// on whether they complete a valid rune. Every byte is read with the
// k-bound of input arrays.
func (x *machine) decodeStep(s *state, lead int, arr *heap.Array, off, pos, n *solver.Term,
	setLead func(*state, int), yield func(s *state, r, width *solver.Term)) []alt {
	c := x.ctx
	b := make([]*solver.Term, max(lead, 1))
	for i := range b {
		e, d := s.heap.Elem(arr, c.Add(off, c.Add(pos, c.BV(64, uint64(i)))))
		if d != nil {
			return x.decide(s, d)
		}
		if e, d = s.heap.Use(e); d != nil {
			return x.decide(s, d)
		}
		b[i] = e.(heap.Scalar).T
	}
	one := c.BV(64, 1)
	if lead > 0 {
		valid, r := sequence(c, b)
		return []alt{
			{guard: valid, apply: func(s *state) { yield(s, r, c.BV(64, uint64(lead))) }},
			{guard: c.Not(valid), apply: func(s *state) { yield(s, c.BV(32, runeError), one) }},
		}
	}
	ascii := c.Ult(b[0], c.BV(8, 0x80))
	if v, isConst := ascii.BoolValue(); isConst && v {
		yield(s, c.ZeroExt(b[0], 32), one)
		return nil
	}
	alts := []alt{{guard: ascii, apply: func(s *state) { yield(s, c.ZeroExt(b[0], 32), one) }}}
	avail := c.Sub(n, pos)
	invalid := c.Not(ascii)
	for size := 2; size <= 4; size++ {
		leads := c.And(inRange(c, b[0], leadRange[size][0], leadRange[size][1]), c.Uge(avail, c.BV(64, uint64(size))))
		invalid = c.And(invalid, c.Not(leads))
		alts = append(alts, alt{guard: leads, apply: func(s *state) { setLead(s, size) }})
	}
	return append(alts, alt{guard: invalid, apply: func(s *state) { yield(s, c.BV(32, runeError), one) }})
}

// leadRange holds, per sequence length, the first bytes that start one.
var leadRange = [5][2]uint64{2: {0xC2, 0xDF}, 3: {0xE0, 0xEF}, 4: {0xF0, 0xF4}}

func inRange(c *solver.Context, t *solver.Term, lo, hi uint64) *solver.Term {
	return c.And(c.Ule(c.BV(8, lo), t), c.Ule(t, c.BV(8, hi)))
}

// sequence is whether the bytes b (their first a lead byte of a sequence
// of len(b) bytes) are a valid encoding, and the rune they encode.
func sequence(c *solver.Context, b []*solver.Term) (valid, r *solver.Term) {
	is := func(t *solver.Term, v uint64) *solver.Term { return c.Eq(t, c.BV(8, v)) }
	conds := []*solver.Term{}
	for _, t := range b[1:] {
		conds = append(conds, inRange(c, t, 0x80, 0xBF))
	}
	// The second byte's range excludes overlong forms, surrogates and
	// values past U+10FFFF.
	switch len(b) {
	case 3:
		conds = append(conds, c.Implies(is(b[0], 0xE0), c.Uge(b[1], c.BV(8, 0xA0))),
			c.Implies(is(b[0], 0xED), c.Ule(b[1], c.BV(8, 0x9F))))
	case 4:
		conds = append(conds, c.Implies(is(b[0], 0xF0), c.Uge(b[1], c.BV(8, 0x90))),
			c.Implies(is(b[0], 0xF4), c.Ule(b[1], c.BV(8, 0x8F))))
	}
	leadMask := uint64(0xFF >> (len(b) + 1))
	r = c.BitAnd(c.ZeroExt(b[0], 32), c.BV(32, leadMask))
	for _, t := range b[1:] {
		r = c.BitOr(c.Shl(r, c.BV(32, 6)), c.BitAnd(c.ZeroExt(t, 32), c.BV(32, 0x3F)))
	}
	return c.And(conds...), r
}

// encoding is one case of encoding a rune: its guard and its bytes.
type encoding struct {
	guard *solver.Term
	bytes []*solver.Term
}

// encodeRune returns the cases of encoding the integer r (of the given
// signedness) as string(r) does: one case per encoded length.
func encodeRune(c *solver.Context, r *solver.Term, signed bool) []encoding {
	w := r.Sort().Width()
	if w < 32 {
		r = c.Convert(r, 32, signed)
		w = 32
	}
	valid := c.Ule(r, c.BV(w, 0x10FFFF))
	if signed {
		valid = c.And(c.Sge(r, c.BV(w, 0)), valid)
	}
	surrogate := c.And(c.Ule(c.BV(w, 0xD800), r), c.Ule(r, c.BV(w, 0xDFFF)))
	valid = c.And(valid, c.Not(surrogate))
	r32 := c.Convert(r, 32, false)
	below := func(n uint64) *solver.Term { return c.Ult(r32, c.BV(32, n)) }
	byteOf := func(prefix, shift, mask uint64) *solver.Term {
		v := c.BitAnd(c.LShr(r32, c.BV(32, shift)), c.BV(32, mask))
		return c.Convert(c.BitOr(v, c.BV(32, prefix)), 8, false)
	}
	replacement := []uint64{0xEF, 0xBF, 0xBD}
	three := []*solver.Term{byteOf(0xE0, 12, 0x0F), byteOf(0x80, 6, 0x3F), byteOf(0x80, 0, 0x3F)}
	for i := range three {
		three[i] = c.Ite(valid, three[i], c.BV(8, replacement[i]))
	}
	return []encoding{
		{guard: c.And(valid, below(0x80)), bytes: []*solver.Term{c.Convert(r32, 8, false)}},
		{guard: c.And(valid, c.Not(below(0x80)), below(0x800)),
			bytes: []*solver.Term{byteOf(0xC0, 6, 0x1F), byteOf(0x80, 0, 0x3F)}},
		{guard: c.Or(c.Not(valid), c.And(c.Not(below(0x800)), below(0x10000))), bytes: three},
		{guard: c.And(valid, c.Not(below(0x10000))),
			bytes: []*solver.Term{byteOf(0xF0, 18, 0x07), byteOf(0x80, 12, 0x3F), byteOf(0x80, 6, 0x3F), byteOf(0x80, 0, 0x3F)}},
	}
}
