package solver

// Symbols returns the symbolic constants that occur in the terms, each
// once, in the order first met.
func (c *Context) Symbols(ts ...*Term) []*Term {
	c.enter()
	w := symbolWalk{c: c, seen: map[*Term]bool{}, have: map[termID]bool{}}
	for _, t := range ts {
		c.own("Symbols", t)
		w.in(t)
	}
	return w.out
}

// symbolWalk lists symbols as Z3 walks an AST: operands left to right,
// each shared operand once.
type symbolWalk struct {
	c    *Context
	seen map[*Term]bool
	have map[termID]bool
	out  []*Term
	asts map[zast]bool // the ASTs walked in terms Z3 built
}

func (w *symbolWalk) in(t *Term) {
	if t.concrete || w.seen[t] {
		return
	}
	w.seen[t] = true
	switch t.expr.kind {
	case symbolExpr:
		w.add(t)
	case opaqueExpr:
		w.inAST(t)
	default:
		for _, a := range t.expr.args {
			w.in(a)
		}
	}
}

func (w *symbolWalk) add(sym *Term) {
	if !w.have[sym.key()] {
		w.have[sym.key()] = true
		w.out = append(w.out, sym)
	}
}

// inAST lists the symbols of a term Z3 built: those Go made, by their
// ASTs, and any other as a new symbol term.
func (w *symbolWalk) inAST(t *Term) {
	if w.asts == nil {
		w.asts = map[zast]bool{}
	}
	z := w.c.z3()
	var asts []zast
	var widths []uint
	z.symbols(t.ast, w.asts, &asts, &widths)
	for i, a := range asts {
		sym, ok := w.c.symbolASTs[a]
		if !ok {
			s := BoolSort()
			if widths[i] > 0 {
				s = BVSort(widths[i])
			}
			sym = w.c.opaque(s, z.own(a))
			sym.expr = expr{kind: symbolExpr}
			w.c.symbolASTs[a] = sym
		}
		w.add(sym)
	}
}

// Substitute returns t with each symbolic constant from[i] replaced by
// to[i] (of the same sort). The result is built as t was, operation by
// operation over the replaced operands, so that it folds as terms built
// directly do ((x-3) == (y-2) with y replaced by x is false) and the Go
// side of a Solver reads it; only a part of t that Z3 built itself
// (Forall's) is substituted by Z3.
func (c *Context) Substitute(t *Term, from, to []*Term) *Term {
	return c.NewSubstitution(from, to).Apply(t)
}

// Substitution replaces symbolic constants by terms, as Substitute does,
// in every term it is applied to; the terms it rebuilt are kept, so that
// applying it to terms that share parts (the conjuncts of a path
// condition) rebuilds each part once.
type Substitution struct {
	c        *Context
	from, to []*Term
	by       map[termID]*Term
	done     map[*Term]*Term
	// fromASTs and toASTs are from's and to's ASTs, made for the first
	// term Z3 built that the substitution meets.
	fromASTs, toASTs []zast
}

// NewSubstitution returns the substitution of each symbolic constant
// from[i] by to[i] (of the same sort).
func (c *Context) NewSubstitution(from, to []*Term) *Substitution {
	c.enter()
	if len(from) != len(to) {
		panic("solver: Substitute: from and to differ in length")
	}
	sub := &Substitution{c: c, by: make(map[termID]*Term, len(from)), done: map[*Term]*Term{}}
	for i := range from {
		c.own("Substitute", from[i])
		c.own("Substitute", to[i])
		c.wantSameSort("Substitute", from[i], to[i])
		if from[i].concrete {
			panic("solver: Substitute: replacing a constant")
		}
		sub.from = append(sub.from, from[i])
		sub.to = append(sub.to, to[i])
		sub.by[from[i].key()] = to[i]
	}
	return sub
}

// Apply returns t with the substitution's symbols replaced.
func (sub *Substitution) Apply(t *Term) *Term {
	sub.c.enter()
	sub.c.own("Substitute", t)
	if len(sub.from) == 0 {
		return t
	}
	return sub.apply(t)
}

func (sub *Substitution) apply(t *Term) *Term {
	if t.concrete {
		return t
	}
	if r, ok := sub.done[t]; ok {
		return r
	}
	var r *Term
	switch e := t.expr; e.kind {
	case symbolExpr:
		r = t
		if to, ok := sub.by[t.key()]; ok {
			r = to
		}
	case opaqueExpr:
		r = sub.c.opaque(t.sort, sub.c.z3().substitute(t.ast, sub.z3From(), sub.toASTs))
	default:
		args := make([]*Term, len(e.args))
		changed := false
		for i, a := range e.args {
			args[i] = sub.apply(a)
			changed = changed || args[i] != a
		}
		r = t
		if changed {
			r = sub.c.rebuild(t, args)
		}
	}
	sub.done[t] = r
	return r
}

// z3From returns the ASTs of the symbols replaced, making them and those
// of their replacements on first use.
func (sub *Substitution) z3From() []zast {
	if sub.fromASTs == nil {
		for i := range sub.from {
			sub.fromASTs = append(sub.fromASTs, sub.c.astOf(sub.from[i]))
			sub.toASTs = append(sub.toASTs, sub.c.astOf(sub.to[i]))
		}
	}
	return sub.fromASTs
}

// rebuild builds t's operation over args, through the constructor that
// built t, which folds what it can.
func (c *Context) rebuild(t *Term, args []*Term) *Term {
	e := t.expr
	switch e.kind {
	case notExpr:
		return c.not(args[0])
	case junctionExpr:
		return c.junction(e.op, args)
	case impliesExpr:
		return c.implies(args[0], args[1])
	case iteExpr:
		return c.ite(args[0], args[1], args[2])
	case eqExpr:
		return c.eq(args[0], args[1])
	case unaryExpr:
		return c.unary(e.op, args[0])
	case binaryExpr:
		if e.op == opShl || e.op == opLShr || e.op == opAShr {
			return c.shift(e.op, args[0], args[1])
		}
		return c.arith(e.op, args[0], args[1])
	case compareExpr:
		return c.compare(e.op, args[0], args[1])
	case extendExpr:
		return c.extend("Substitute", args[0], t.sort.Width(), e.signed)
	case truncExpr:
		return c.trunc("Substitute", args[0], t.sort.Width())
	case floatExpr:
		var b *Term
		if len(args) > 1 {
			b = args[1]
		}
		return c.floatOp(e.op, t.sort, args[0], b)
	}
	panic("solver: internal: rebuild of an unknown expression")
}

// Forall returns the formula "for all values of vars, body", vars being
// symbolic constants.
func (c *Context) Forall(vars []*Term, body *Term) *Term {
	c.enter()
	c.wantBool("Forall", body)
	if len(vars) == 0 || body.concrete {
		return body
	}
	va := make([]zast, len(vars))
	for i, v := range vars {
		c.own("Forall", v)
		if v.concrete {
			panic("solver: Forall: binding a constant")
		}
		va[i] = c.astOf(v)
	}
	return c.opaque(BoolSort(), c.z3().forall(va, c.astOf(body)))
}

// SolveFor returns a term v such that lhs with the symbol x replaced by v
// equals rhs, when x occurs in lhs exactly once and only under additions,
// subtractions and negations (bit-vector arithmetic wraps, so each step
// inverts exactly). ok is false otherwise.
func (c *Context) SolveFor(x, lhs, rhs *Term) (v *Term, ok bool) {
	c.enter()
	if x.concrete || lhs.concrete || x.sort != lhs.sort || x.sort.IsBool() {
		return nil, false
	}
	if occurrences(x, lhs, map[*Term]int{}) != 1 {
		return nil, false
	}
	target, at := rhs, lhs
	for !isSymbol(at, x) {
		e := at.expr
		linear := e.kind == binaryExpr && (e.op == opAdd || e.op == opSub) || e.kind == unaryExpr && e.op == opNeg
		i := -1
		for j, a := range e.args {
			if occurrences(x, a, map[*Term]int{}) > 0 {
				i = j
			}
		}
		if !linear || i < 0 {
			return nil, false
		}
		switch {
		case e.op == opAdd:
			target = c.Sub(target, e.args[1-i])
		case e.op == opSub && i == 0:
			target = c.Add(target, e.args[1])
		case e.op == opSub:
			target = c.Sub(e.args[0], target)
		default: // opNeg
			target = c.Neg(target)
		}
		at = e.args[i]
	}
	return target, true
}

// isSymbol reports whether t is the symbol x.
func isSymbol(t, x *Term) bool {
	return t == x || !t.concrete && t.expr.kind == symbolExpr && t.key() == x.key()
}

// occurrences counts the occurrences of the symbol x in t, as a tree.
func occurrences(x, t *Term, memo map[*Term]int) int {
	if t.concrete {
		return 0
	}
	if isSymbol(t, x) {
		return 1
	}
	if n, ok := memo[t]; ok {
		return n
	}
	total := 0
	for _, a := range t.expr.args {
		total += occurrences(x, a, memo)
	}
	memo[t] = total
	return total
}

// SplitOffset returns base and off with t = base + off (wrapping), where
// off gathers the constants added to or subtracted from t's outermost
// symbolic part, read as a signed number: (n-1)-1 splits as n and -2.
// base is nil for a constant t, and off is then its value. Terms with the
// same base differ by the difference of their offsets, which orders them
// without the solver.
func (c *Context) SplitOffset(t *Term) (base *Term, off int64) {
	c.enter()
	if t.sort.IsBool() {
		return t, 0
	}
	w := t.sort.Width()
	if t.concrete {
		return nil, signed(t.val, w)
	}
	var sum uint64
	at := t
	for e := at.expr; e.kind == binaryExpr && (e.op == opAdd || e.op == opSub); e = at.expr {
		x, y := e.args[0], e.args[1]
		switch {
		case y.concrete && e.op == opAdd:
			sum += y.val
			at = x
		case y.concrete:
			sum -= y.val
			at = x
		case x.concrete && e.op == opAdd:
			sum += x.val
			at = y
		default:
			return at, signed(sum&mask(w), w)
		}
	}
	return at, signed(sum&mask(w), w)
}
