package solver

// Symbols returns the symbolic constants that occur in the terms, each
// once, in the order first met.
func (c *Context) Symbols(ts ...*Term) []*Term {
	c.enter()
	seen := map[zast]bool{}
	var asts []zast
	var widths []uint
	for _, t := range ts {
		c.own("Symbols", t)
		if !t.concrete {
			c.z.symbols(t.ast, seen, &asts, &widths)
		}
	}
	out := make([]*Term, len(asts))
	for i, a := range asts {
		s := BoolSort()
		if widths[i] > 0 {
			s = BVSort(widths[i])
		}
		out[i] = c.build(s, a, expr{kind: symbolExpr})
	}
	return out
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
	from, to []zast
	by       map[zast]*Term
	done     map[*Term]*Term
}

// NewSubstitution returns the substitution of each symbolic constant
// from[i] by to[i] (of the same sort).
func (c *Context) NewSubstitution(from, to []*Term) *Substitution {
	c.enter()
	if len(from) != len(to) {
		panic("solver: Substitute: from and to differ in length")
	}
	sub := &Substitution{c: c, by: make(map[zast]*Term, len(from)), done: map[*Term]*Term{}}
	for i := range from {
		c.own("Substitute", from[i])
		c.own("Substitute", to[i])
		c.wantSameSort("Substitute", from[i], to[i])
		if from[i].concrete {
			panic("solver: Substitute: replacing a constant")
		}
		sub.from = append(sub.from, from[i].ast)
		sub.to = append(sub.to, c.astOf(to[i]))
		sub.by[from[i].ast] = to[i]
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
		if to, ok := sub.by[t.ast]; ok {
			r = to
		}
	case opaqueExpr:
		r = sub.c.symbolic(t.sort, sub.c.z.substitute(t.ast, sub.from, sub.to))
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
		va[i] = v.ast
	}
	return c.symbolic(BoolSort(), c.z.forall(va, c.astOf(body)))
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
	if c.z.occurrences(x.ast, lhs.ast, map[zast]int{}) != 1 {
		return nil, false
	}
	target, at := rhs, lhs.ast
	for at != x.ast {
		op, args := c.z.linear(at)
		i := -1
		for j, a := range args {
			if c.z.occurrences(x.ast, a, map[zast]int{}) > 0 {
				i = j
			}
		}
		if op == otherAST || i < 0 {
			return nil, false
		}
		others := func() []*Term {
			var ts []*Term
			for j, a := range args {
				if j != i {
					ts = append(ts, c.symbolic(x.sort, c.z.own(a)))
				}
			}
			return ts
		}
		switch op {
		case addAST:
			for _, o := range others() {
				target = c.Sub(target, o)
			}
		case subAST: // binary: args[0] - args[1]
			other := others()[0]
			if i == 0 {
				target = c.Add(target, other)
			} else {
				target = c.Sub(other, target)
			}
		case negAST:
			target = c.Neg(target)
		}
		at = args[i]
	}
	return target, true
}

// SplitOffset returns base and off with t = base + off (wrapping), where
// off gathers the constants added to or subtracted from t's outermost
// symbolic part, read as a signed number: (n-1)-1 splits as n and -2.
// base is nil for a constant t, and off is then its value. Terms with the same base differ by the difference of their offsets,
// which orders them without the solver.
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
	at := t.ast
	for {
		op, args := c.z.linear(at)
		if len(args) != 2 || op != addAST && op != subAST {
			break
		}
		if v, ok := c.z.numeralValue(args[1]); ok {
			if op == addAST {
				sum += v
			} else {
				sum -= v
			}
			at = args[0]
			continue
		}
		if v, ok := c.z.numeralValue(args[0]); ok && op == addAST {
			sum += v
			at = args[1]
			continue
		}
		break
	}
	if at == t.ast {
		return t, 0
	}
	return c.symbolic(t.sort, c.z.own(at)), signed(sum&mask(w), w)
}
