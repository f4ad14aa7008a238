package solver

import (
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Sort is the type of a term: Bool, or a bit-vector of a width in 1..64.
// The zero Sort is Bool. Sorts are comparable with ==.
type Sort struct {
	width uint8 // 0 means Bool
}

// BoolSort returns the Bool sort.
func BoolSort() Sort { return Sort{} }

// BVSort returns the bit-vector sort of the given width, which must be in
// 1..64 because concrete values are kept in a uint64.
func BVSort(width uint) Sort {
	if width < 1 || width > 64 {
		panic(fmt.Sprintf("solver: bit-vector width %d not in 1..64", width))
	}
	return Sort{width: uint8(width)}
}

// IsBool reports whether s is the Bool sort.
func (s Sort) IsBool() bool { return s.width == 0 }

// Width returns the bit-vector width of s, or 0 for Bool.
func (s Sort) Width() uint { return uint(s.width) }

// String returns "Bool" or "BV" followed by the width, e.g. "BV64".
func (s Sort) String() string {
	if s.IsBool() {
		return "Bool"
	}
	return fmt.Sprintf("BV%d", s.width)
}

// Context owns terms and solvers and the Z3 context behind them. It is not
// safe for concurrent use: keep each Context, and everything made from it,
// on one goroutine at a time.
type Context struct {
	// z is made on first use (see z3): most searches decide every query
	// in Go, and never need Z3.
	z      *z3
	closed bool
	fresh  uint64
	// ids gives each structurally distinct compound term its id (see
	// idOf); astIDs gives Z3-built terms theirs, by AST, and lastID is
	// the last id given.
	ids    map[termKey]termID
	astIDs map[zast]termID
	lastID termID
	// symbolASTs maps the AST of each symbol that has one back to the
	// symbol, for Symbols over terms Z3 built.
	symbolASTs map[zast]*Term
	tru        *Term
	fls        *Term
	// small holds the constants below smallConst of each width, made on
	// first use: a search builds lengths, offsets and indices such as
	// 0 and 1 at every step.
	small [65]*[smallConst]*Term
	// floatSyms holds the symbols a float operation has read, by width:
	// the Go side tries the values where floats behave differently for
	// them (see floatCandidates).
	floatSyms map[termID]uint
	// evaluated counts the terms the Go side computed a value of (see
	// Work).
	evaluated uint64
	// evalLimit, if not 0, is the count of evaluated past which the Go
	// side evaluates nothing more in deciding queries (see
	// LimitEvaluations).
	evalLimit uint64
	// charged is the resource units charged for Z3's checks.
	charged uint64
}

// Work is what a Context's solvers have done so far, counted so that the
// same queries count the same on any machine and under any load.
type Work struct {
	// Z3 is the resource units (the unit of SetBudget) charged for Z3's
	// checks (see Solver.checkOn).
	Z3 uint64
	// Go is the number of terms the Go side evaluated, deciding queries
	// and testing models without Z3.
	Go uint64
	// Ops counts the changes made to Z3's assertion stacks (push, pop,
	// assert), which Z3 does not count in its resources.
	Ops uint64
}

// Work returns what c's solvers have done so far.
func (c *Context) Work() Work {
	if c.z == nil {
		return Work{Z3: c.charged, Go: c.evaluated}
	}
	return Work{Z3: c.charged, Go: c.evaluated, Ops: c.z.ops}
}

// LimitEvaluations lets the Go side evaluate n more terms (Work.Go) in
// deciding queries, 0 meaning no limit. Past it every query it would have
// decided goes to Z3, whose budget the caller limits too: a search whose
// work budget is nearly spent stops there, instead of after a query Go
// spent half a million evaluations on. The values of a Model are
// computed whatever the limit.
func (c *Context) LimitEvaluations(n uint64) {
	c.evalLimit = 0
	if n > 0 {
		c.evalLimit = c.evaluated + n
	}
}

const smallConst = 16

// NewContext creates a Context, whose Z3 context is made when a query
// first needs Z3. Call Close when done; a Context that becomes
// unreachable unclosed is closed by the garbage collector, which is safe
// because nothing can then be using it.
func NewContext() *Context {
	c := &Context{ids: map[termKey]termID{}, astIDs: map[zast]termID{}, symbolASTs: map[zast]*Term{}}
	c.tru = &Term{ctx: c, concrete: true, val: 1}
	c.fls = &Term{ctx: c, concrete: true}
	return c
}

// z3 returns c's Z3 context, making it on first use: making one costs
// milliseconds and two 8 MB tables, and a search whose queries Go decides
// never needs it.
func (c *Context) z3() *z3 {
	if c.z == nil {
		if c.closed {
			panic("solver: use of closed Context")
		}
		c.z = newZ3()
		runtime.AddCleanup(c, (*z3).close, c.z)
	}
	return c.z
}

// Close frees the Z3 context and everything in it. Terms, solvers and
// models of c must not be used with Z3 afterwards (concrete terms can
// still be read). Calling Close again does nothing.
func (c *Context) Close() {
	c.closed = true
	if c.z != nil {
		c.z.close()
		c.z = nil
	}
}

// CloseLater is Close done by a goroutine of the package: deleting a Z3
// context takes time that grows with what it holds (a third of a second
// for a hundred thousand terms), which a caller that has its results need
// not wait for. When a few contexts are already waiting it waits, so
// memory does not pile up.
func (c *Context) CloseLater() {
	c.closed = true
	if c.z == nil {
		return
	}
	z := c.z
	c.z = nil
	deleter.start.Do(func() {
		deleter.queue = make(chan *z3, closingAtOnce)
		go func() {
			for z := range deleter.queue {
				z.close()
			}
		}()
	})
	deleter.queue <- z
}

// closingAtOnce is how many contexts may wait for CloseLater's goroutine.
const closingAtOnce = 2

var deleter struct {
	start sync.Once
	queue chan *z3
}

// enter starts every API call that may reach Z3: it rejects a closed
// context and releases what the garbage collector has queued (see
// z3.drain for why only here).
func (c *Context) enter() {
	if c.closed {
		panic("solver: use of closed Context")
	}
	if c.z != nil {
		c.z.drain()
	}
}

// Holds reports whether t is a term of c (or nil).
func (c *Context) Holds(t *Term) bool { return t == nil || t.ctx == c }

// Term is an immutable Bool or bit-vector term. Its value is either known
// in Go (a concrete term) or symbolic. Pointer identity carries no
// meaning: equal terms may be distinct pointers.
type Term struct {
	ctx      *Context
	sort     Sort
	concrete bool
	val      uint64 // concrete value, zero-extended; Bool is 0 or 1
	// ast is t's Z3 AST, an owned reference, made when Z3 first needs it
	// (see astOf), except for a term Z3 built (opaqueExpr).
	ast zast
	// id is t's identity (see idOf), 0 until first asked for.
	id termID
	// expr is how a symbolic term was built: Go evaluates it under a
	// model, Not(Not(x)) folds to x through it, and the Solver's order
	// graph reads the operands of comparisons from it.
	expr expr
	// symbols are the symbols t is built of, once symbolsOf has read
	// them; manySymbols stands for more than it lists.
	symbols     []termID
	manySymbols bool
	symbolsRead bool
	name        string // a symbol's, as FreshBV and FreshBool made it
	// float says a floating-point operation occurs in t: a query over
	// such terms goes to Z3's bit-blasting tactic (see Solver.run).
	float bool
	// nonlinear says a product, quotient, remainder or shift of symbolic
	// operands occurs in t (see nonlinearFitted).
	nonlinear bool
}

// negated returns the operand of a symbolic Not, or nil.
func (t *Term) negated() *Term {
	if t.expr.kind == notExpr {
		return t.expr.args[0]
	}
	return nil
}

// identity is what Identity returns.
type identity struct {
	sort     Sort
	concrete bool
	val      uint64
	id       termID
}

// Identity returns a comparable key that is the same for equal terms
// built the same way: a constant's sort and value, or for a symbolic term
// an id its Context gives each structurally distinct term, as Z3 shares
// one AST among them.
func (t *Term) Identity() any {
	if t.concrete {
		return identity{sort: t.sort, concrete: true, val: t.val}
	}
	return identity{sort: t.sort, id: t.key()}
}

// Sort returns t's sort.
func (t *Term) Sort() Sort { return t.sort }

// IsConst reports whether t's value is known in Go.
func (t *Term) IsConst() bool { return t.concrete }

// IsSymbol reports whether t is a symbolic constant (FreshBV's,
// FreshBool's, or one Symbols returned).
func (t *Term) IsSymbol() bool { return !t.concrete && t.expr.kind == symbolExpr }

// Uint64 returns a concrete bit-vector's value zero-extended; ok is false
// for symbolic and Bool terms.
func (t *Term) Uint64() (v uint64, ok bool) {
	if !t.concrete || t.sort.IsBool() {
		return 0, false
	}
	return t.val, true
}

// Int64 returns a concrete bit-vector's value sign-extended from its
// width; ok is false for symbolic and Bool terms.
func (t *Term) Int64() (v int64, ok bool) {
	if !t.concrete || t.sort.IsBool() {
		return 0, false
	}
	return signed(t.val, t.sort.Width()), true
}

// BoolValue returns a concrete Bool's value; ok is false for symbolic and
// bit-vector terms.
func (t *Term) BoolValue() (value, ok bool) {
	if !t.concrete || !t.sort.IsBool() {
		return false, false
	}
	return t.val != 0, true
}

// String returns t in SMT-LIB syntax as Z3 prints it. Constants are
// printed by Go in Z3's numeral format, without creating an AST.
func (t *Term) String() string {
	switch {
	case t.concrete && t.sort.IsBool():
		return fmt.Sprint(t.val != 0)
	case t.concrete:
		return numeralString(t.val, t.sort.Width())
	case t.ctx.closed:
		return "<term of closed solver.Context>"
	}
	return t.ctx.z3().astString(t.ctx.astOf(t))
}

// Bool returns the constant b.
func (c *Context) Bool(b bool) *Term {
	if b {
		return c.tru
	}
	return c.fls
}

// BV returns the constant v of the given width; v is truncated to it.
func (c *Context) BV(width uint, v uint64) *Term {
	return c.constant(BVSort(width), v&mask(width))
}

// FreshBool returns a new Bool symbol, distinct from every other symbol of
// c. The name is only a display hint: a counter is appended.
func (c *Context) FreshBool(name string) *Term {
	c.enter()
	return c.freshSymbol(name, BoolSort())
}

// FreshBV returns a new bit-vector symbol of the given width, distinct from
// every other symbol of c. The name is only a display hint: a counter is
// appended.
func (c *Context) FreshBV(name string, width uint) *Term {
	s := BVSort(width)
	c.enter()
	return c.freshSymbol(name, s)
}

// freshSymbol appends "!n" with a counter unique in c; the counter holds no
// "!", so the full name determines it and names cannot collide.
func (c *Context) freshSymbol(hint string, s Sort) *Term {
	if hint == "" {
		hint = "v"
	}
	c.fresh++
	name := hint + "!" + strconv.FormatUint(c.fresh, 10)
	t := c.build(s, expr{kind: symbolExpr})
	t.name = name
	t.id = c.newID()
	return t
}

// MentionsSymbol reports whether a symbol whose name starts with prefix
// occurs in t. It reads how t was built, each shared operand once; only a
// term Z3 built (Substitute's, say) is printed, which costs time in the
// size of its tree, not of its DAG: printing a whole condition over a
// string's bytes took 95% of a search.
func (t *Term) MentionsSymbol(prefix string) bool {
	seen := map[*Term]bool{}
	var mentions func(u *Term) bool
	mentions = func(u *Term) bool {
		if u.concrete || seen[u] {
			return false
		}
		seen[u] = true
		switch {
		case u.expr.kind == symbolExpr && u.name != "":
			return strings.HasPrefix(u.name, prefix)
		case u.expr.kind == symbolExpr, u.expr.kind == opaqueExpr:
			// Z3 built it (or Symbols found it): only its print says.
			return strings.Contains(u.String(), prefix)
		}
		return slices.ContainsFunc(u.expr.args, mentions)
	}
	return mentions(t)
}

// constant wraps a concrete value; no Z3 object exists until astOf.
func (c *Context) constant(s Sort, v uint64) *Term {
	if s.IsBool() {
		return c.Bool(v != 0)
	}
	if v >= smallConst {
		return &Term{ctx: c, sort: s, concrete: true, val: v}
	}
	w := s.Width()
	if c.small[w] == nil {
		c.small[w] = new([smallConst]*Term)
	}
	t := c.small[w][v]
	if t == nil {
		t = &Term{ctx: c, sort: s, concrete: true, val: v}
		c.small[w][v] = t
	}
	return t
}

// opaque wraps a freshly referenced AST that Z3 built (Forall's,
// Substitute's); the reference is queued for release when the Term is
// collected.
func (c *Context) opaque(s Sort, a zast) *Term {
	t := &Term{ctx: c, sort: s, ast: a}
	c.adopt(t)
	return t
}

// adopt makes t the owner of the reference in t.ast.
func (c *Context) adopt(t *Term) {
	runtime.AddCleanup(t, c.z.rel.ast, t.ast)
	c.z.liveASTs++
}

// own panics unless t is a non-nil term of c; mixing contexts would hand
// Z3 an AST from another Z3 context.
func (c *Context) own(what string, t *Term) {
	if t == nil {
		panic(fmt.Sprintf("solver: %s: nil term", what))
	}
	if t.ctx != c {
		panic(fmt.Sprintf("solver: %s: term belongs to another Context", what))
	}
}

func (c *Context) wantBool(what string, t *Term) {
	c.own(what, t)
	if !t.sort.IsBool() {
		panic(fmt.Sprintf("solver: %s: want Bool, got %v", what, t.sort))
	}
}

func (c *Context) wantBV(what string, t *Term) uint {
	c.own(what, t)
	if t.sort.IsBool() {
		panic(fmt.Sprintf("solver: %s: want a bit-vector, got Bool", what))
	}
	return t.sort.Width()
}

// wantSameBV checks two bit-vector operands of equal width and returns it.
func (c *Context) wantSameBV(what string, a, b *Term) uint {
	wa, wb := c.wantBV(what, a), c.wantBV(what, b)
	if wa != wb {
		panic(fmt.Sprintf("solver: %s: width mismatch: BV%d vs BV%d", what, wa, wb))
	}
	return wa
}

func (c *Context) wantSameSort(what string, a, b *Term) {
	c.own(what, a)
	c.own(what, b)
	if a.sort != b.sort {
		panic(fmt.Sprintf("solver: %s: sort mismatch: %v vs %v", what, a.sort, b.sort))
	}
}
