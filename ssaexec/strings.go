package ssaexec

import (
	"fmt"
	"go/token"
	"go/types"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/search"
	"github.com/gosym/gosym/solver"
)

// Strings: constants are Go strings; other strings (inputs, slices of
// them, concatenations, conversions) are windows of immutable byte arrays.

func isString(t types.Type) bool {
	b, ok := heap.Under(t).(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// stringIndex is s[i] (an Index or, in older SSA, a Lookup on a string):
// a byte, after the bounds check.
func (x *machine) stringIndex(s *state, in ssa.Value, str, idx ssa.Value) []alt {
	i, d, ok := x.index64(s, idx)
	if d != nil {
		return x.decide(s, d)
	}
	v, d := x.use(s, str)
	if d != nil {
		return x.decide(s, d)
	}
	if !ok {
		s.unsupported("index of a non-integer value")
		return nil
	}
	arr, off, n := s.heap.StrArray(v)
	if !s.top().checked {
		if alts := x.checkIndex(s, i, n, in, str, idx); alts != nil {
			return alts
		}
	}
	b, d := s.heap.Elem(arr, x.ctx.Add(off, i))
	if d != nil {
		return x.decide(s, d)
	}
	s.set(in, b)
	return nil
}

// stringSlice is s[lo:hi] on any string.
func (x *machine) stringSlice(s *state, in *ssa.Slice) []alt {
	c := x.ctx
	v, d := x.use(s, in.X)
	if d != nil {
		return x.decide(s, d)
	}
	arr, off, n := s.heap.StrArray(v)
	lo, hi := c.BV(64, 0), n
	for _, b := range []struct {
		v   ssa.Value
		dst **solver.Term
	}{{in.Low, &lo}, {in.High, &hi}} {
		if b.v == nil {
			continue
		}
		t, d, ok := x.index64(s, b.v)
		if d != nil {
			return x.decide(s, d)
		}
		if !ok {
			s.unsupported("slice bound of a non-integer value")
			return nil
		}
		*b.dst = t
	}
	if !s.top().checked {
		okBounds := c.And(c.Ule(hi, n), c.Ule(lo, hi))
		b := sliceBounds{lo: boundOf(in.Low, lo), hi: boundOf(in.High, hi), limit: "length", limitLen: n}
		if alts := x.checkBounds(s, okBounds, result.SliceBounds, in.Pos(), func(s *state) func(heap.Valuer) string {
			name := x.describeAt(s, in.X, in.Pos())
			return func(m heap.Valuer) string { return b.message(m) + " (" + name + ")" }
		}); alts != nil {
			return alts
		}
	}
	if str, ok := v.(heap.Str); ok {
		l, lok := lo.Uint64()
		h, hok := hi.Uint64()
		if lok && hok {
			s.set(in, heap.Str{S: str.S[l:h]})
			return nil
		}
	}
	s.set(in, heap.SymStr{Arr: arr, Off: c.Add(off, lo), Len: c.Sub(hi, lo)})
	return nil
}

// stringOp is a binary operator on strings: + and comparisons. A string
// compares equal to a constant byte by byte; other comparisons read both
// strings' first bytes (see compareStrings).
func (x *explorer) stringOp(s *state, in *ssa.BinOp, a, b heap.Value) []alt {
	c := x.ctx
	as, aConst := a.(heap.Str)
	bs, bConst := b.(heap.Str)
	if aConst && bConst {
		return x.constStringOp(s, in, as.S, bs.S)
	}
	switch in.Op {
	case token.ADD:
		s.set(in, x.concat(s, a, b))
		return nil
	case token.EQL, token.NEQ:
		if !aConst && !bConst {
			break
		}
		sym, lit := a, bs.S
		if aConst {
			sym, lit = b, as.S
		}
		eq, d := x.equalsConst(s, sym, lit)
		if d != nil {
			return x.decide(s, d)
		}
		if in.Op == token.NEQ {
			eq = c.Not(eq)
		}
		s.set(in, heap.Scalar{T: eq})
		return nil
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		s.unsupported(fmt.Sprintf("operator %s on strings", in.Op))
		return nil
	}
	return x.compareStrings(s, in, a, b)
}

// compareStrings is ==, !=, <, <=, > or >= on two strings of which at
// most one is constant. Go compares strings bytewise; without quantifiers
// only a bounded prefix can be compared, so the first B bytes of each are
// read, B being -kbytes or the constant's length. Where those bytes and the
// lengths settle the comparison (the strings differ early, or one is at
// most B long) the result is exact; the rest is cut as the bound
// "string length".
func (x *explorer) compareStrings(s *state, in *ssa.BinOp, a, b heap.Value) []alt {
	c := x.ctx
	cmp, d := x.stringOrder(s, a, b)
	if d != nil {
		return x.decide(s, d)
	}
	var result *solver.Term
	switch in.Op {
	case token.EQL, token.NEQ:
		result = cmp.equal
		if in.Op == token.NEQ {
			result = c.Not(result)
		}
	case token.LSS, token.GEQ:
		result = cmp.less
		if in.Op == token.GEQ {
			result = c.Not(result)
		}
	case token.GTR, token.LEQ:
		result = cmp.greater
		if in.Op == token.LEQ {
			result = c.Not(result)
		}
	}
	decided := cmp.decided
	if in.Op == token.EQL || in.Op == token.NEQ {
		decided = cmp.decidedEqual
	}
	return []alt{
		{guard: decided, apply: func(s *state) { s.set(in, heap.Scalar{T: result}) }},
		{guard: c.Not(decided), apply: func(s *state) { s.cutBy(search.BoundStringLength, "") }},
	}
}

// stringComparison is how two strings compare (see compareStrings), where
// decided holds: decidedEqual for equal, the wider decided for less and
// greater.
type stringComparison struct {
	less, greater, equal  *solver.Term
	decided, decidedEqual *solver.Term
}

// stringOrder compares the strings a and b, reading the first B bytes of
// each (see compareStrings).
func (x *explorer) stringOrder(s *state, a, b heap.Value) (stringComparison, *heap.Decision) {
	c := x.ctx
	bound := max(x.pass.KBytes, 1)
	for _, v := range []heap.Value{a, b} {
		if str, ok := v.(heap.Str); ok {
			bound = max(bound, len(str.S))
		}
	}
	pa, la, d := s.heap.StrPrefix(a, bound)
	if d != nil {
		return stringComparison{}, d
	}
	pb, lb, d := s.heap.StrPrefix(b, bound)
	if d != nil {
		return stringComparison{}, d
	}
	shorter := c.Ite(c.Ule(la, lb), la, lb)
	// samePrefix: the bytes both strings have among the first B agree.
	var same []*solver.Term
	var less []*solver.Term // a < b decided at byte i
	var greater []*solver.Term
	for i := range bound {
		inBoth := c.Ult(c.BV(64, uint64(i)), shorter)
		before := c.And(append([]*solver.Term{inBoth}, same...)...)
		less = append(less, c.And(before, c.Ult(pa[i], pb[i])))
		greater = append(greater, c.And(before, c.Ult(pb[i], pa[i])))
		same = append(same, c.Implies(inBoth, c.Eq(pa[i], pb[i])))
	}
	samePrefix := c.And(same...)
	short := c.Ule(shorter, c.BV(64, uint64(bound)))
	decided := c.Or(c.Not(samePrefix), short)
	return stringComparison{
		less:         c.Or(c.Or(less...), c.And(samePrefix, c.Ult(la, lb))),
		greater:      c.Or(c.Or(greater...), c.And(samePrefix, c.Ult(lb, la))),
		equal:        c.And(c.Eq(la, lb), samePrefix, short),
		decided:      decided,
		decidedEqual: c.Or(decided, c.Not(c.Eq(la, lb))),
	}, nil
}

// equalsConst is the condition that string v equals the constant lit.
func (x *evaluator) equalsConst(s *state, v heap.Value, lit string) (*solver.Term, *heap.Decision) {
	c := x.ctx
	arr, off, n := s.heap.StrArray(v)
	conds := []*solver.Term{c.Eq(n, c.BV(64, uint64(len(lit))))}
	if b, ok := conds[0].BoolValue(); ok && !b {
		return conds[0], nil
	}
	for j := range len(lit) {
		e, d := s.heap.ElemUnbounded(arr, c.Add(off, c.BV(64, uint64(j))))
		if d != nil {
			return nil, d
		}
		e, d = s.heap.Use(e)
		if d != nil {
			return nil, d
		}
		conds = append(conds, c.Eq(e.(heap.Scalar).T, c.BV(8, uint64(lit[j]))))
	}
	return c.And(conds...), nil
}

// concat is a + b: an array whose first part is a's bytes and second b's.
func (x *evaluator) concat(s *state, a, b heap.Value) heap.Value {
	c := x.ctx
	zero := c.BV(64, 0)
	aArr, aOff, aLen := s.heap.StrArray(a)
	bArr, bOff, bLen := s.heap.StrArray(b)
	n := c.Add(aLen, bLen)
	empty := &heap.Array{Len: n, Elem: types.Typ[types.Byte]}
	first := s.heap.Window(empty, zero, aLen, aOff, aArr)
	both := s.heap.Window(first, aLen, n, c.Sub(bOff, aLen), bArr)
	return heap.SymStr{Arr: both, Off: zero, Len: n}
}

func (x *evaluator) constStringOp(s *state, in *ssa.BinOp, a, b string) []alt {
	var r heap.Value
	switch in.Op {
	case token.ADD:
		r = heap.Str{S: a + b}
	case token.EQL:
		r = heap.Scalar{T: x.ctx.Bool(a == b)}
	case token.NEQ:
		r = heap.Scalar{T: x.ctx.Bool(a != b)}
	case token.LSS:
		r = heap.Scalar{T: x.ctx.Bool(a < b)}
	case token.LEQ:
		r = heap.Scalar{T: x.ctx.Bool(a <= b)}
	case token.GTR:
		r = heap.Scalar{T: x.ctx.Bool(a > b)}
	case token.GEQ:
		r = heap.Scalar{T: x.ctx.Bool(a >= b)}
	default:
		s.unsupported(fmt.Sprintf("operator %s on strings", in.Op))
		return nil
	}
	s.set(in, r)
	return nil
}

// stringConvert is []byte(s) and string(b): a new store holding a copy of
// the string's bytes, or a string over a snapshot of the slice's store.
func (x *machine) stringConvert(s *state, in *ssa.Convert) []alt {
	c := x.ctx
	from, to := in.X.Type(), in.Type()
	v, d := x.use(s, in.X)
	if d != nil {
		return x.decide(s, d)
	}
	switch {
	case isString(from) && isByteSlice(to):
		arr, off, n := s.heap.StrArray(v)
		store := s.heap.AllocArray(to, types.Typ[types.Byte], n)
		copied := s.heap.Window(&heap.Array{Len: n, Elem: types.Typ[types.Byte]}, c.BV(64, 0), n, off, arr)
		storeArray(s, store, copied)
		s.set(in, heap.Slice{Store: store, Off: c.BV(64, 0), Len: n, Cap: n, Nil: c.Bool(false)})
		return nil
	case isByteSlice(from) && isString(to):
		sv, ok := v.(heap.Slice)
		if !ok {
			break
		}
		arr, d := x.arrayOf(s, sv, sliceElem(from))
		if d != nil {
			return x.decide(s, d)
		}
		s.set(in, heap.SymStr{Arr: arr, Off: sv.Off, Len: sv.Len})
		return nil
	case isString(from) && isRuneSlice(to):
		return x.stringToRunes(s, in, v)
	case isRuneSlice(from) && isString(to):
		if sv, ok := v.(heap.Slice); ok {
			return x.runesToString(s, in, sv)
		}
	case isString(to):
		if _, signed, isInt := heap.IntInfo(from); isInt {
			return x.runeToString(s, in, v.(heap.Scalar).T, signed)
		}
	}
	s.unsupported(fmt.Sprintf("conversion from %s to %s", from, to))
	return nil
}

func isRuneSlice(t types.Type) bool {
	sl, ok := heap.Under(t).(*types.Slice)
	if !ok {
		return false
	}
	b, ok := heap.Under(sl.Elem()).(*types.Basic)
	return ok && b.Kind() == types.Int32
}

// runeToString is string(r) for an integer r: one path per encoded length.
func (x *evaluator) runeToString(s *state, in *ssa.Convert, r *solver.Term, signed bool) []alt {
	if v, ok := r.Uint64(); ok {
		s.set(in, heap.Str{S: constRuneString(v, r.Sort().Width(), signed)})
		return nil
	}
	var alts []alt
	for _, e := range encodeRune(x.ctx, r, signed) {
		alts = append(alts, alt{guard: e.guard, apply: func(s *state) {
			s.set(in, s.heap.BytesString(e.bytes))
		}})
	}
	return alts
}

// constRuneString is string(r) for a constant r of the given width.
func constRuneString(v uint64, width uint, signed bool) string {
	if signed && width < 64 && v&(1<<(width-1)) != 0 || signed && int64(v) < 0 || v > utf8.MaxRune {
		return string(rune(runeError))
	}
	return string(rune(v))
}

// decoding is the progress of []rune(s) over a symbolic string: the byte
// offset reached, the runes so far, whether the end test was passed at
// pos, and the length of the multibyte sequence known to start there.
type decoding struct {
	pos   *solver.Term
	runes []*solver.Term
	more  bool
	lead  int
}

// stringToRunes is []rune(s): the string is decoded rune by rune, the
// path splitting where it may end and on how each rune is encoded, so
// each path has a known number of runes (at most k bytes are read from an
// input string, as from any input array).
func (x *machine) stringToRunes(s *state, in *ssa.Convert, v heap.Value) []alt {
	c := x.ctx
	if str, ok := v.(heap.Str); ok {
		var runes []*solver.Term
		for _, r := range str.S {
			runes = append(runes, c.BV(32, uint64(r)))
		}
		x.setRunes(s, in, runes)
		return nil
	}
	arr, off, n := s.heap.StrArray(v)
	for {
		p, ok := s.top().progress[in].(decoding)
		if !ok {
			p = decoding{pos: c.BV(64, 0)}
		}
		done := c.Uge(p.pos, n)
		if b, isConst := done.BoolValue(); isConst && b {
			x.setRunes(s, in, p.runes)
			return nil
		}
		if !p.more {
			more := p
			more.more = true
			return []alt{
				{guard: done, apply: func(s *state) { x.setRunes(s, in, p.runes) }},
				{guard: c.Not(done), apply: func(s *state) { s.top().setProgress(in, more) }},
			}
		}
		decodedOne := false
		setLead := func(s *state, n int) {
			next := p
			next.lead = n
			s.top().setProgress(in, next)
		}
		alts := x.decodeStep(s, p.lead, arr, off, p.pos, n, setLead, func(s *state, r, width *solver.Term) {
			s.top().setProgress(in, decoding{pos: c.Add(p.pos, width), runes: appendTerm(p.runes, r)})
			decodedOne = true
		})
		if !decodedOne || s.end != running {
			return alts
		}
	}
}

func appendTerm(ts []*solver.Term, t *solver.Term) []*solver.Term {
	return append(ts[:len(ts):len(ts)], t)
}

// setRunes completes []rune(s) with a new slice of the decoded runes.
func (x *evaluator) setRunes(s *state, in *ssa.Convert, runes []*solver.Term) {
	c := x.ctx
	vals := make([]heap.Value, len(runes))
	for i, r := range runes {
		vals[i] = heap.Scalar{T: r}
	}
	n := c.BV(64, uint64(len(runes)))
	store := s.heap.AllocArray(in.Type(), types.Typ[types.Int32], n)
	storeArray(s, store, s.heap.ArrayOf(types.Typ[types.Int32], vals))
	s.top().setProgress(in, nil)
	s.set(in, heap.Slice{Store: store, Off: c.BV(64, 0), Len: n, Cap: n, Nil: c.Bool(false)})
}

// encodingProgress is the progress of string(runes): the runes encoded so far
// and their bytes, and whether the end test was passed.
type encodingProgress struct {
	i     int
	bytes []*solver.Term
	more  bool
}

// runesToString is string(runes): each rune is encoded in turn, the path
// splitting on where the slice may end and on each rune's encoded length.
func (x *machine) runesToString(s *state, in *ssa.Convert, sv heap.Slice) []alt {
	c := x.ctx
	arr, d := x.arrayOf(s, sv, sliceElem(in.X.Type()))
	if d != nil {
		return x.decide(s, d)
	}
	f := s.top()
	p, _ := f.progress[in].(encodingProgress)
	finish := func(s *state, bytes []*solver.Term) {
		s.top().setProgress(in, nil)
		s.set(in, s.heap.BytesString(bytes))
	}
	for {
		idx := c.BV(64, uint64(p.i))
		done := c.Uge(idx, sv.Len)
		if b, isConst := done.BoolValue(); isConst && b {
			finish(s, p.bytes)
			return nil
		}
		if !p.more {
			more := p
			more.more = true
			bytes := p.bytes
			return []alt{
				{guard: done, apply: func(s *state) { finish(s, bytes) }},
				{guard: c.Not(done), apply: func(s *state) { s.top().setProgress(in, more) }},
			}
		}
		e, d := s.heap.Elem(arr, c.Add(sv.Off, idx))
		if d != nil {
			return x.decide(s, d)
		}
		if e, d = s.heap.Use(e); d != nil {
			return x.decide(s, d)
		}
		var alts []alt
		for _, enc := range encodeRune(c, e.(heap.Scalar).T, true) {
			next := encodingProgress{i: p.i + 1, bytes: append(p.bytes[:len(p.bytes):len(p.bytes)], enc.bytes...)}
			if b, isConst := enc.guard.BoolValue(); isConst {
				if b {
					p = next
					f.setProgress(in, p)
					alts = nil
					break
				}
				continue
			}
			alts = append(alts, alt{guard: enc.guard, apply: func(s *state) { s.top().setProgress(in, next) }})
		}
		if alts != nil {
			return alts
		}
	}
}

func isByteSlice(t types.Type) bool {
	sl, ok := heap.Under(t).(*types.Slice)
	if !ok {
		return false
	}
	b, ok := heap.Under(sl.Elem()).(*types.Basic)
	return ok && b.Kind() == types.Byte
}

// rangeIter is the state of a range over a string (the string and the
// byte offset of the next rune) or over a map (its possible entries and
// the next to consider).
type rangeIter struct {
	str     heap.Value
	pos     *solver.Term
	entries []heap.MapEntry
	next    int
}

// rangeInstr starts a range over a string or a map. A map's possible
// entries are visited in one order, input keys first and then written
// keys from the oldest write: one of the orders Go may take, so with more
// than one entry the other orders are recorded as the bound "map order".
// An input map's key set is settled first (see heap.CloseMap).
func (x *machine) rangeInstr(s *state, in *ssa.Range) []alt {
	var it rangeIter
	if mt, isMap := heap.Under(in.X.Type()).(*types.Map); isMap {
		if !heap.IsKeyType(mt.Key()) {
			s.unsupported("range over a map with keys of type " + mt.Key().String())
			return nil
		}
		t, d, ok := x.mapRef(s, in.X)
		if d != nil {
			return x.decide(s, d)
		}
		if !ok {
			s.unsupported("range over a map value")
			return nil
		}
		if !t.IsNil {
			if d := s.heap.CloseMap(t.Ptr); d != nil {
				return x.decide(s, d)
			}
			it.entries = s.heap.MapEntries(t.Ptr)
		}
		if len(it.entries) > 1 {
			x.hitBound(search.Bound{Kind: search.BoundMapOrder, Text: fmt.Sprintf("map order at %s", shortPos(x.fset.Position(in.Pos()))), Limit: "map order"})
		}
	} else {
		v, d := x.use(s, in.X)
		if d != nil {
			return x.decide(s, d)
		}
		it = rangeIter{str: v, pos: x.ctx.BV(64, 0)}
	}
	s.set(in, heap.Opaque{Type: in.Type(), Why: "range iterator"})
	s.top().ranges = cloneIters(s.top().ranges)
	s.top().ranges[in] = it
	return nil
}

func cloneIters(m map[*ssa.Range]rangeIter) map[*ssa.Range]rangeIter {
	out := make(map[*ssa.Range]rangeIter, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

// nextEntry yields the next (ok, key, value) of a range over a map: the
// next possible entry that is live, splitting the path where that
// depends on the input.
func (x *evaluator) nextEntry(s *state, in *ssa.Next, rng *ssa.Range, it rangeIter) []alt {
	c := x.ctx
	tup := in.Type().(*types.Tuple)
	moveTo := func(s *state, next int) {
		f := s.top()
		f.ranges = cloneIters(f.ranges)
		f.ranges[rng] = rangeIter{entries: it.entries, next: next}
	}
	for i := it.next; i < len(it.entries); i++ {
		e := it.entries[i]
		yield := func(s *state) {
			moveTo(s, i+1)
			key := s.heap.KeyValue(e.Key, tup.At(1).Type())
			s.set(in, heap.Tuple{Elems: []heap.Value{heap.Scalar{T: c.Bool(true)}, key, e.Val}})
		}
		live, isConst := e.Live.BoolValue()
		if !isConst {
			return []alt{
				{guard: e.Live, apply: yield},
				{guard: c.Not(e.Live), apply: func(s *state) { moveTo(s, i+1) }},
			}
		}
		if live {
			yield(s)
			return nil
		}
	}
	s.set(in, heap.Tuple{Elems: []heap.Value{heap.Scalar{T: c.Bool(false)},
		heap.Zero(c, tup.At(1).Type()), heap.Zero(c, tup.At(2).Type())}})
	return nil
}

// next yields the next (ok, index, rune) of a range over a string,
// decoding symbolic bytes as utf8 does (see decodeStep).
func (x *machine) next(s *state, in *ssa.Next) []alt {
	c := x.ctx
	rng, ok := in.Iter.(*ssa.Range)
	it, found := s.top().ranges[rng]
	if !ok || !found {
		s.unsupported("range over an unknown iterator")
		return nil
	}
	if !in.IsString {
		return x.nextEntry(s, in, rng, it)
	}
	arr, off, n := s.heap.StrArray(it.str)
	done := c.Uge(it.pos, n)
	finish := func(s *state) {
		s.set(in, heap.Tuple{Elems: []heap.Value{heap.Scalar{T: c.Bool(false)}, heap.Scalar{T: c.BV(64, 0)}, heap.Scalar{T: c.BV(32, 0)}}})
	}
	if b, isConst := done.BoolValue(); isConst && b {
		finish(s)
		return nil
	}
	if str, ok := it.str.(heap.Str); ok {
		p, _ := it.pos.Uint64()
		r, width := utf8DecodeString(str.S[p:])
		x.yield(s, in, rng, it, c.BV(32, uint64(r)), c.BV(64, uint64(width)))
		return nil
	}
	if !s.top().checked {
		return []alt{
			{guard: done, apply: finish},
			{guard: c.Not(done), apply: func(s *state) { s.top().checked = true }},
		}
	}
	lead, _ := s.top().progress[in].(int)
	setLead := func(s *state, n int) { s.top().setProgress(in, n) }
	return x.decodeStep(s, lead, arr, off, it.pos, n, setLead, func(s *state, r, width *solver.Term) {
		s.top().setProgress(in, nil)
		x.yield(s, in, rng, it, r, width)
	})
}

// yield produces one (true, index, rune) and moves the iterator on.
func (x *evaluator) yield(s *state, in *ssa.Next, rng *ssa.Range, it rangeIter, r, width *solver.Term) {
	c := x.ctx
	f := s.top()
	f.ranges = cloneIters(f.ranges)
	f.ranges[rng] = rangeIter{str: it.str, pos: c.Add(it.pos, width)}
	s.set(in, heap.Tuple{Elems: []heap.Value{heap.Scalar{T: c.Bool(true)}, heap.Scalar{T: it.pos}, heap.Scalar{T: r}}})
}

// utf8DecodeString decodes the first rune of a constant string as range
// does (an invalid byte is U+FFFD of width 1).
func utf8DecodeString(s string) (rune, int) {
	return utf8.DecodeRuneInString(s)
}
