package solver

// Importer copies the terms of one Context into another, so that a state
// built once (a package's initialization, say) can seed searches that
// each own a Context. Each term is copied once; a copy is built as the
// original was (the same expression over the copied operands), so that Go
// evaluates and folds it alike.
//
// An Importer reads its source Context's Z3 context: while one is in use,
// nothing else may use the source, from any goroutine. The target must
// not have made symbols yet (see NewImporter).
type Importer struct {
	from, to *Context
	done     map[*Term]*Term
}

// NewImporter returns an Importer of from's terms into to. to takes over
// from's symbol counter, so that the symbols it makes later are distinct
// from those it imports; it panics if to already made symbols of its own,
// whose names could then collide.
func NewImporter(from, to *Context) *Importer {
	from.enter()
	to.enter()
	if from == to {
		panic("solver: import of a Context into itself")
	}
	if to.fresh > 0 {
		panic("solver: import into a Context that made symbols of its own")
	}
	to.fresh = from.fresh
	return &Importer{from: from, to: to, done: map[*Term]*Term{}}
}

// NewImporterAfter returns an Importer of from's terms into to, which
// may have made symbols of its own or imported some from other Contexts:
// the caller keeps their counters apart (see ReserveSymbols), since a
// symbol is its name. to's counter goes on past from's.
func NewImporterAfter(from, to *Context) *Importer {
	from.enter()
	to.enter()
	if from == to {
		panic("solver: import of a Context into itself")
	}
	to.fresh = max(to.fresh, from.fresh)
	return &Importer{from: from, to: to, done: map[*Term]*Term{}}
}

// ReserveSymbols makes the symbols c makes from now on count from past
// floor: Contexts whose terms meet in another (see NewImporterAfter)
// each count in a range of their own.
func (c *Context) ReserveSymbols(floor uint64) {
	c.enter()
	c.fresh = max(c.fresh, floor)
}

// Compose makes im, an Importer from the target of a into the target of
// b, where a and b import from one Context, copy a term a made to the
// term b made of the same original, instead of copying it again: two
// Contexts that each imported a shared state then hold one copy of it
// between them. It reports false, and does nothing, where a and b do not
// import from one Context into im's two.
func (im *Importer) Compose(a, b *Importer) bool {
	if a.from != b.from || a.to != im.from || b.to != im.to {
		return false
	}
	for t, ta := range a.done {
		if tb, ok := b.done[t]; ok {
			im.done[ta] = tb
		}
	}
	return true
}

// Target returns the Context terms are imported into.
func (im *Importer) Target() *Context { return im.to }

// Import returns t's copy in the target Context; nil for nil, and t
// itself for a term of the target.
func (im *Importer) Import(t *Term) *Term {
	if t == nil || t.ctx == im.to {
		return t
	}
	if t.ctx != im.from {
		panic("solver: import of a term of a third Context")
	}
	if c, ok := im.done[t]; ok {
		return c
	}
	var c *Term
	if t.concrete {
		c = im.to.constant(t.sort, t.val)
	} else {
		im.to.enter()
		e := t.expr
		e.args = make([]*Term, len(t.expr.args))
		for i, a := range t.expr.args {
			e.args[i] = im.Import(a)
		}
		if e.kind == opaqueExpr || e.kind == symbolExpr && t.name == "" {
			// Z3 built it (Symbols found it in such a term): only Z3
			// can copy it.
			c = im.to.opaque(t.sort, im.to.z3().translate(im.from.z3(), t.ast))
		} else {
			c = &Term{ctx: im.to, sort: t.sort}
		}
		c.expr, c.name, c.float, c.nonlinear = e, t.name, t.float, t.nonlinear
		if im.from.floatSyms != nil {
			if w, ok := im.from.floatSyms[t.key()]; ok {
				if im.to.floatSyms == nil {
					im.to.floatSyms = map[termID]uint{}
				}
				im.to.floatSyms[c.key()] = w
			}
		}
	}
	im.done[t] = c
	return c
}
