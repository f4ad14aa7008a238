package solver

// Boolean connectives and the operations valid on both sorts. Each exported
// method calls enter once and then only unexported helpers, which never
// drain the release queue; see z3.drain.

// Not returns the negation of a Bool term.
func (c *Context) Not(a *Term) *Term {
	c.enter()
	c.wantBool("Not", a)
	return c.not(a)
}

func (c *Context) not(a *Term) *Term {
	if a.concrete {
		return c.Bool(a.val == 0)
	}
	if n := a.negated(); n != nil {
		return n
	}
	return c.build(BoolSort(), expr{kind: notExpr, args: []*Term{a}})
}

// And returns the conjunction of ts; And() is true.
func (c *Context) And(ts ...*Term) *Term {
	c.enter()
	return c.junction(opAnd, ts)
}

// Or returns the disjunction of ts; Or() is false.
func (c *Context) Or(ts ...*Term) *Term {
	c.enter()
	return c.junction(opOr, ts)
}

// junction builds And (o == opAnd) or Or. The identity element (true for
// And) is dropped and the absorbing one decides the result, so Z3 only
// sees the symbolic operands.
func (c *Context) junction(o op, ts []*Term) *Term {
	identity := o == opAnd
	var terms []*Term
	var last *Term
	for _, t := range ts {
		c.wantBool(o.String(), t)
		if !t.concrete {
			terms = append(terms, t)
			last = t
		} else if (t.val != 0) != identity {
			return c.Bool(!identity)
		}
	}
	switch len(terms) {
	case 0:
		return c.Bool(identity)
	case 1:
		return last
	}
	return c.build(BoolSort(), expr{kind: junctionExpr, op: o, args: terms})
}

// Implies returns a ⇒ b.
func (c *Context) Implies(a, b *Term) *Term {
	c.enter()
	c.wantBool("Implies", a)
	c.wantBool("Implies", b)
	return c.implies(a, b)
}

func (c *Context) implies(a, b *Term) *Term {
	switch {
	case a.concrete && a.val == 0, b.concrete && b.val != 0:
		return c.Bool(true)
	case a.concrete:
		return b
	case b.concrete:
		return c.not(a)
	}
	return c.build(BoolSort(), expr{kind: impliesExpr, args: []*Term{a, b}})
}

// Ite returns a if cond holds and b otherwise; a and b have the same sort,
// Bool or bit-vector.
func (c *Context) Ite(cond, a, b *Term) *Term {
	c.enter()
	c.wantBool("Ite", cond)
	c.wantSameSort("Ite", a, b)
	return c.ite(cond, a, b)
}

func (c *Context) ite(cond, a, b *Term) *Term {
	switch {
	case cond.concrete && cond.val != 0:
		return a
	case cond.concrete:
		return b
	case a == b, a.concrete && b.concrete && a.val == b.val:
		return a
	case a.sort.IsBool() && a.concrete && b.concrete:
		// Ite(c, true, false) is c, and Ite(c, false, true) is Not(c).
		if a.val != 0 {
			return cond
		}
		return c.not(cond)
	}
	return c.build(a.sort, expr{kind: iteExpr, args: []*Term{cond, a, b}})
}

// Eq returns a == b for two terms of the same sort.
func (c *Context) Eq(a, b *Term) *Term {
	c.enter()
	c.wantSameSort("Eq", a, b)
	return c.eq(a, b)
}

// Ne returns a != b for two terms of the same sort.
func (c *Context) Ne(a, b *Term) *Term {
	c.enter()
	c.wantSameSort("Ne", a, b)
	return c.not(c.eq(a, b))
}

func (c *Context) eq(a, b *Term) *Term {
	switch {
	case a.concrete && b.concrete:
		return c.Bool(a.val == b.val)
	case a == b || same(a, b):
		return c.Bool(true)
	case !a.sort.IsBool() && sameBase(a, b):
		// x + c == x + d holds exactly when c == d, wrapping or not.
		oa, _ := offsetOf(a)
		ob, _ := offsetOf(b)
		return c.Bool(oa.off == ob.off)
	case a.sort.IsBool() && (a.concrete || b.concrete):
		// x == true is x, and x == false is Not(x).
		if a.concrete {
			a, b = b, a
		}
		if b.val != 0 {
			return a
		}
		return c.not(a)
	}
	return c.build(BoolSort(), expr{kind: eqExpr, args: []*Term{a, b}})
}
