package solver

import varint "encoding/binary"

// A Term is built in Go only: its Z3 AST is made when Z3 first needs it
// (a query the Go side could not decide, a model, a print), and its
// identity, which Z3's sharing of structurally equal ASTs used to give, is
// an id the Context gives each structurally distinct term when first
// asked. Most searches decide every query in Go: building ASTs they
// never read took a fifth of their time in cgo calls, and making the Z3
// context a tenth.

// termID identifies a term of a Context up to structure: two terms built
// by the same operations over the same operands have the same id. 0
// stands for none given yet.
type termID uint64

// termKey is what interns a term: its operation and its operands' ids
// (the fourth and later ones, of a junction, as varints in more). A
// constant's key has kind constKey and its value in args[0].
type termKey struct {
	kind   exprKind
	op     op
	signed bool
	sort   Sort
	args   [3]termID
	more   string
}

// constKey is the kind of a constant's termKey; no expression has it.
const constKey exprKind = 255

func (c *Context) newID() termID {
	c.lastID++
	return c.lastID
}

// key returns t's id, giving it one on first use (see idOf).
func (t *Term) key() termID {
	if t.id != 0 {
		return t.id
	}
	return t.ctx.idOf(t)
}

// idOf gives t its id: a named symbol one of its own, a term Z3 built
// (or a symbol found in one) the id of its AST, and any other term the id
// of its key, interned.
func (c *Context) idOf(t *Term) termID {
	var k termKey
	switch {
	case t.concrete:
		k = termKey{kind: constKey, sort: t.sort, args: [3]termID{termID(t.val)}}
	case t.expr.kind == symbolExpr && t.name != "":
		// A named symbol (FreshBV's, or its import) is distinct from
		// every other term, whether its AST was made or not.
		t.id = c.newID()
		return t.id
	case t.expr.kind == symbolExpr, t.expr.kind == opaqueExpr:
		id, ok := c.astIDs[t.ast]
		if !ok {
			id = c.newID()
			c.astIDs[t.ast] = id
		}
		t.id = id
		return id
	default:
		k = termKey{kind: t.expr.kind, op: t.expr.op, signed: t.expr.signed, sort: t.sort}
		var more []byte
		for i, a := range t.expr.args {
			if i < len(k.args) {
				k.args[i] = a.key()
			} else {
				more = varint.AppendUvarint(more, uint64(a.key()))
			}
		}
		k.more = string(more)
	}
	id, ok := c.ids[k]
	if !ok {
		id = c.newID()
		c.ids[k] = id
	}
	t.id = id
	return id
}

// astOf returns t's AST, making it, and its operands', on first use.
func (c *Context) astOf(t *Term) zast {
	if t.ast != nil {
		return t.ast
	}
	z := c.z3()
	switch {
	case t.concrete && t.sort.IsBool():
		t.ast = z.boolean(t.val != 0)
	case t.concrete:
		t.ast = z.numeral(t.val, t.sort.Width())
	default:
		t.ast = c.makeAST(z, t)
	}
	c.adopt(t)
	return t.ast
}

// makeAST builds the AST of a symbolic term as its expression says.
func (c *Context) makeAST(z *z3, t *Term) zast {
	e := t.expr
	arg := func(i int) zast { return c.astOf(e.args[i]) }
	switch e.kind {
	case symbolExpr:
		a := z.constant(t.name, t.sort.Width())
		c.symbolASTs[a] = t
		return a
	case notExpr:
		return z.unary(opNot, arg(0))
	case junctionExpr:
		args := make([]zast, len(e.args))
		for i := range args {
			args[i] = arg(i)
		}
		return z.nary(e.op, args)
	case impliesExpr:
		return z.binary(opImplies, arg(0), arg(1))
	case iteExpr:
		return z.ite(arg(0), arg(1), arg(2))
	case eqExpr:
		return z.binary(opEq, arg(0), arg(1))
	case unaryExpr:
		return z.unary(e.op, arg(0))
	case binaryExpr, compareExpr:
		return z.binary(e.op, arg(0), arg(1))
	case extendExpr:
		extra := t.sort.Width() - e.args[0].sort.Width()
		if e.signed {
			return z.signExt(arg(0), extra)
		}
		return z.zeroExt(arg(0), extra)
	case truncExpr:
		return z.extract(arg(0), t.sort.Width()-1, 0)
	case floatExpr:
		var b zast
		if len(e.args) > 1 {
			b = arg(1)
		}
		return z.float(e.op, arg(0), b, e.args[0].sort.Width(), t.sort.Width())
	}
	panic("solver: internal: a term Z3 built has no AST")
}
