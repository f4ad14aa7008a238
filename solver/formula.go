package solver

import (
	"fmt"
	"strconv"
	"strings"
)

// Formula is a term written down without its Context: its symbols are
// numbered holes, so that it can be kept (gob-encoded, in an analyzer's
// facts) and built again in another Context over other terms. A
// function's condition for panicking is kept so, over its parameters, and
// built again at each call over the call's arguments.
type Formula struct {
	// Nodes lists the term's distinct subterms, each after its
	// operands; the last is the term.
	Nodes []FormulaNode
}

// FormulaNode is one subterm of a Formula.
type FormulaNode struct {
	// Kind says how the subterm is built: a hole, a constant or an
	// operation (the Context's own codes, with Op and Signed).
	Kind   uint8
	Op     uint8
	Signed bool
	// Width is the subterm's sort: 0 for Bool, else a bit-vector width.
	Width uint8
	// Value is a constant's value, or a hole's number.
	Value uint64
	// Args are the operands' indices in Nodes.
	Args []int
}

// constNode is the Kind of a constant; a hole's is symbolExpr's.
const constNode = 255

// Encode writes t as a Formula whose holes are the symbols holes numbers
// (by Identity). ok is false if t holds any other symbol, a term Z3 built,
// or a floating-point operation.
func (c *Context) Encode(t *Term, holes map[any]int) (f Formula, ok bool) {
	c.own("Encode", t)
	return encodeOne(t, holes, nil)
}

// EncodeNaming is Encode where a symbol holes does not number yet gets
// the next number and is appended to *named: terms encoded one after the
// other with one holes map and named number their symbols in the order
// met, which is what makes two states that differ only in their symbols'
// names encode alike (procedure summaries' renaming).
func (c *Context) EncodeNaming(t *Term, holes map[any]int, named *[]*Term) (f Formula, ok bool) {
	c.own("EncodeNaming", t)
	return encodeOne(t, holes, named)
}

// encodeOne is Encode, or EncodeNaming where named is set.
func encodeOne(t *Term, holes map[any]int, named *[]*Term) (Formula, bool) {
	e := encoder{holes: holes, index: map[*Term]int{}, named: named}
	if _, ok := e.node(t); !ok {
		return Formula{}, false
	}
	return Formula{Nodes: e.nodes}, true
}

// Encoder writes many terms into one table of nodes, each distinct
// subterm once, for a key of them all: two Encoders that were given
// terms alike, in one order, agree on their nodes and on the node each
// term got. Symbols are numbered as EncodeNaming numbers them.
type Encoder struct{ e encoder }

// NewEncoder returns an Encoder of c's terms, with holes and named as
// EncodeNaming takes them.
func (c *Context) NewEncoder(holes map[any]int, named *[]*Term) *Encoder {
	return &Encoder{encoder{holes: holes, index: map[*Term]int{}, named: named, ctx: c}}
}

// Node writes t and returns its node's index; false if t holds a term
// Encode refuses.
func (e *Encoder) Node(t *Term) (int, bool) {
	e.e.ctx.own("Encoder.Node", t)
	return e.e.node(t)
}

// Len returns the number of nodes written.
func (e *Encoder) Len() int { return len(e.e.nodes) }

// AppendKey appends the nodes' key to b (see Formula.AppendKey).
func (e *Encoder) AppendKey(b []byte) []byte { return Formula{Nodes: e.e.nodes}.AppendKey(b) }

type encoder struct {
	ctx   *Context
	holes map[any]int
	index map[*Term]int
	nodes []FormulaNode
	// named, if set, takes the symbols holes does not number (see
	// EncodeNaming).
	named *[]*Term
}

func (e *encoder) node(t *Term) (int, bool) {
	if i, ok := e.index[t]; ok {
		return i, true
	}
	n := FormulaNode{Width: t.sort.width}
	switch {
	case t.concrete:
		n.Kind, n.Value = constNode, t.val
	case t.expr.kind == symbolExpr:
		h, ok := e.holes[t.Identity()]
		if !ok && e.named != nil {
			h, ok = len(e.holes), true
			e.holes[t.Identity()] = h
			*e.named = append(*e.named, t)
		}
		if !ok {
			return 0, false
		}
		n.Kind, n.Value = uint8(symbolExpr), uint64(h)
	case t.expr.kind == opaqueExpr, t.expr.kind == floatExpr:
		return 0, false
	default:
		n.Kind, n.Op, n.Signed = uint8(t.expr.kind), uint8(t.expr.op), t.expr.signed
		for _, a := range t.expr.args {
			i, ok := e.node(a)
			if !ok {
				return 0, false
			}
			n.Args = append(n.Args, i)
		}
	}
	e.nodes = append(e.nodes, n)
	e.index[t] = len(e.nodes) - 1
	return len(e.nodes) - 1, true
}

// Decode builds f in c with holes[i] for hole i, simplifying as the
// Context's operations do (a hole filled with a constant folds). It
// returns an error for a malformed Formula, one whose holes are not all
// given, or one whose sorts do not fit the holes'.
func (c *Context) Decode(f Formula, holes []*Term) (t *Term, err error) {
	c.enter()
	if len(f.Nodes) == 0 {
		return nil, fmt.Errorf("solver: empty formula")
	}
	defer func() {
		if r := recover(); r != nil {
			t, err = nil, fmt.Errorf("solver: formula does not fit its holes: %v", r)
		}
	}()
	built := make([]*Term, len(f.Nodes))
	for i, n := range f.Nodes {
		args := make([]*Term, len(n.Args))
		for j, a := range n.Args {
			if a < 0 || a >= i {
				return nil, fmt.Errorf("solver: formula node %d has operand %d", i, a)
			}
			args[j] = built[a]
		}
		if built[i], err = c.decodeNode(n, args, holes); err != nil {
			return nil, err
		}
	}
	return built[len(built)-1], nil
}

// arities are the operand counts of the kinds that have a fixed one.
var arities = map[exprKind]int{notExpr: 1, impliesExpr: 2, iteExpr: 3, eqExpr: 2, unaryExpr: 1,
	binaryExpr: 2, compareExpr: 2, extendExpr: 1, truncExpr: 1}

func (c *Context) decodeNode(n FormulaNode, args []*Term, holes []*Term) (*Term, error) {
	sort := Sort{width: n.Width}
	k := exprKind(n.Kind)
	if want, ok := arities[k]; ok && len(args) != want {
		return nil, fmt.Errorf("solver: formula node of kind %d has %d operands", n.Kind, len(args))
	}
	var t *Term
	switch k {
	case constNode:
		t = c.constant(sort, n.Value)
	case symbolExpr:
		if n.Value >= uint64(len(holes)) || holes[n.Value] == nil {
			return nil, fmt.Errorf("solver: formula hole %d not given", n.Value)
		}
		t = holes[n.Value]
		c.own("Decode", t)
	case notExpr:
		t = c.not(args[0])
	case junctionExpr:
		t = c.junction(op(n.Op), args)
	case impliesExpr:
		t = c.implies(args[0], args[1])
	case iteExpr:
		t = c.ite(args[0], args[1], args[2])
	case eqExpr:
		t = c.eq(args[0], args[1])
	case unaryExpr:
		t = c.unary(op(n.Op), args[0])
	case binaryExpr:
		if op(n.Op).isShift() {
			t = c.shift(op(n.Op), args[0], args[1])
		} else {
			t = c.arith(op(n.Op), args[0], args[1])
		}
	case compareExpr:
		t = c.compare(op(n.Op), args[0], args[1])
	case extendExpr:
		t = c.extend("Decode", args[0], uint(n.Width), n.Signed)
	case truncExpr:
		t = c.trunc("Decode", args[0], uint(n.Width))
	default:
		return nil, fmt.Errorf("solver: formula node of kind %d", n.Kind)
	}
	if t.sort != sort {
		return nil, fmt.Errorf("solver: formula node of sort %s built as %s", sort, t.sort)
	}
	return t, nil
}

// Format writes f in Go's syntax, with names[i] for hole i (a Bool hole
// may be named as a comparison, "s == nil"): comparisons and arithmetic
// as Go writes them, unsigned ones on uint(...) operands, conversions
// left out, negations pushed into comparisons.
func (f Formula) Format(names []string) string {
	if len(f.Nodes) == 0 {
		return ""
	}
	p := printer{f: f, names: names}
	return p.print(len(f.Nodes)-1, 0)
}

type printer struct {
	f     Formula
	names []string
}

// goOps are the Go operators of the operations Format writes infix.
var goOps = map[op]string{
	opEq: "==", opAdd: "+", opSub: "-", opMul: "*", opUDiv: "/", opSDiv: "/", opURem: "%", opSRem: "%",
	opBVAnd: "&", opBVOr: "|", opBVXor: "^", opShl: "<<", opLShr: ">>", opAShr: ">>",
	opUlt: "<", opUle: "<=", opUgt: ">", opUge: ">=", opSlt: "<", opSle: "<=", opSgt: ">", opSge: ">=",
	opAnd: "&&", opOr: "||",
}

// negatedOps are the comparisons Not turns each one into.
var negatedOps = map[op]op{
	opEq: opEq, opUlt: opUge, opUle: opUgt, opUgt: opUle, opUge: opUlt,
	opSlt: opSge, opSle: opSgt, opSgt: opSle, opSge: opSlt,
}

// unsignedOps are those Format writes on uint(...) operands.
var unsignedOps = map[op]bool{opUDiv: true, opURem: true, opLShr: true, opUlt: true, opUle: true, opUgt: true, opUge: true}

// precedence is Go's for a binary operator; unary operators and operands
// bind tighter (6).
func precedence(o op) int {
	switch o {
	case opOr:
		return 1
	case opAnd:
		return 2
	case opEq, opUlt, opUle, opUgt, opUge, opSlt, opSle, opSgt, opSge:
		return 3
	case opAdd, opSub, opBVOr, opBVXor:
		return 4
	}
	return 5
}

// print writes node i where an operand of at least precedence min is
// expected, parenthesizing it if it binds less tightly.
func (p printer) print(i, min int) string {
	n := p.f.Nodes[i]
	switch exprKind(n.Kind) {
	case constNode:
		return p.constant(n)
	case symbolExpr:
		if n.Value < uint64(len(p.names)) {
			return p.names[n.Value]
		}
		return fmt.Sprintf("x%d", n.Value)
	case notExpr:
		return p.printNot(n.Args[0], min)
	case junctionExpr, binaryExpr:
		return p.infix(n.Args, op(n.Op), false, min)
	case eqExpr, compareExpr:
		o, _ := nodeComparison(n)
		return p.comparison(n.Args, o, false, min)
	case impliesExpr:
		return parenthesize("!"+p.print(n.Args[0], 6)+" || "+p.print(n.Args[1], 2), 1, min)
	case unaryExpr:
		if op(n.Op) == opNeg {
			return "-" + p.print(n.Args[0], 6)
		}
		return "^" + p.print(n.Args[0], 6)
	case extendExpr, truncExpr:
		return p.print(n.Args[0], min)
	case iteExpr:
		return fmt.Sprintf("ite(%s, %s, %s)", p.print(n.Args[0], 0), p.print(n.Args[1], 0), p.print(n.Args[2], 0))
	}
	return "?"
}

// printNot writes the negation of node i: a comparison inverted, a
// junction as its dual over its operands negated (De Morgan), a negation
// as its operand, a hole named "a == b" as a != b.
func (p printer) printNot(i, min int) string {
	n := p.f.Nodes[i]
	if o, ok := nodeComparison(n); ok {
		return p.comparison(n.Args, negatedOps[o], o == opEq, min)
	}
	switch exprKind(n.Kind) {
	case notExpr:
		return p.print(n.Args[0], min)
	case symbolExpr:
		if name := p.print(i, 0); strings.Count(name, " == ") == 1 {
			return parenthesize(strings.Replace(name, " == ", " != ", 1), 3, min)
		}
	case junctionExpr:
		dual := opAnd
		if op(n.Op) == opAnd {
			dual = opOr
		}
		parts := make([]string, len(n.Args))
		for j, a := range n.Args {
			parts[j] = p.printNot(a, precedence(dual)+1)
		}
		return parenthesize(strings.Join(parts, " "+goOps[dual]+" "), precedence(dual), min)
	}
	return "!" + p.print(i, 6)
}

// mirroredOps are the comparisons that hold with the operands swapped.
var mirroredOps = map[op]op{
	opEq: opEq, opUlt: opUgt, opUle: opUge, opUgt: opUlt, opUge: opUle,
	opSlt: opSgt, opSle: opSge, opSgt: opSlt, opSge: opSle,
}

// comparison writes a comparison of two operands, a constant on the
// right as Go programmers write it.
func (p printer) comparison(args []int, o op, ne bool, min int) string {
	if exprKind(p.f.Nodes[args[0]].Kind) == constNode && exprKind(p.f.Nodes[args[1]].Kind) != constNode {
		args, o = []int{args[1], args[0]}, mirroredOps[o]
	}
	return p.infix(args, o, ne, min)
}

// nodeComparison returns the operator of an equality or comparison node.
func nodeComparison(n FormulaNode) (op, bool) {
	switch exprKind(n.Kind) {
	case eqExpr:
		return opEq, true
	case compareExpr:
		return op(n.Op), true
	}
	return 0, false
}

// infix writes the operands joined by o (by != where ne says so).
func (p printer) infix(args []int, o op, ne bool, min int) string {
	prec := precedence(o)
	parts := make([]string, len(args))
	for j, a := range args {
		switch {
		case unsignedOps[o]:
			parts[j] = "uint(" + p.print(a, 0) + ")"
		case j == 0, o == opAnd, o == opOr:
			parts[j] = p.print(a, prec)
		default:
			parts[j] = p.print(a, prec+1)
		}
	}
	sym := goOps[o]
	if ne {
		sym = "!="
	}
	return parenthesize(strings.Join(parts, " "+sym+" "), prec, min)
}

func parenthesize(s string, prec, min int) string {
	if prec < min {
		return "(" + s + ")"
	}
	return s
}

// constant writes a constant: a Bool as true or false, a bit-vector in
// decimal, as a negative number when its top bit is set.
func (p printer) constant(n FormulaNode) string {
	if n.Width == 0 {
		return fmt.Sprint(n.Value != 0)
	}
	if v := signed(n.Value, uint(n.Width)); v < 0 {
		return fmt.Sprint(v)
	}
	return fmt.Sprint(n.Value)
}

// AppendKey appends to b a compact text of f that two Formulas share if
// and only if they are equal.
func (f Formula) AppendKey(b []byte) []byte {
	b = append(b, '{')
	for _, n := range f.Nodes {
		signed := byte(0)
		if n.Signed {
			signed = 1
		}
		b = append(b, n.Kind, n.Op, n.Width, signed)
		b = strconv.AppendUint(b, n.Value, 36)
		for _, a := range n.Args {
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(a), 36)
		}
		b = append(b, ';')
	}
	return append(b, '}')
}
