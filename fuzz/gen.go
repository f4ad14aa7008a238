// Package fuzz checks gosym against the Go it analyses, and its
// shortcuts against its plain search, on small random programs (issue 7,
// "Robustness"; issue 56, "The fuzz harness learns the same oracle").
//
// Generate turns a fuzzer's bytes into a package: a node type (a list, a
// tree, or both) and a few functions of two node pointers and two ints,
// built from what gosym models: int arithmetic with / and %, field reads
// and writes, pointer and int comparisons, if, for loops with a small
// constant bound (walking a list or not), early returns, explicit panics,
// a deferred recover, and calls of an unexported helper. Besides, so that
// procedure summaries and schedules have work: pure predicates over an
// int or a byte, called from conditions, loops and switch chains whose
// cases panic (each predicate from several places); helpers that recurse
// along the nodes or on an int to a small depth; and goroutines that may
// outlive the function: a closure or helper that writes a node or panics
// under a condition, and a send on a channel of the function, buffered
// or not, that the function receives, polls or leaves (a leak). The same
// bytes also choose gosym's bounds and policies (k, lazy initialization,
// subsumption, refinement); nil parameters are always reported.
//
// Check writes such packages into a module, runs gosym on every function,
// and returns what disagrees with Go:
//
//   - gosym failed on a function (status error) or left out panics that
//     its configuration should have reported;
//   - a finding whose witness test, replayed by package report, was
//     not confirmed (one that needs a schedule its test never took is
//     counted, neither confirmed nor refuted);
//   - a panic that the compiled function raised on a random input within
//     what gosym's record claims to cover (see ClaimOf: every input, or
//     those whose nodes lie at most k fields from a parameter), at a line
//     where gosym reported no panic of that kind. A panic of a goroutine
//     the call started counts as the call's (see runConcrete);
//   - with Options.Oracle, a shortcut of package oracle (procedure
//     summaries, partial-order reduction, shared initialization, exact
//     subsumption, the solver's Go side) that lost a finding of the plain
//     search under the program's configuration, or called complete a
//     function the plain search found a panic in. Pairs where a search ran
//     out of budget are skipped, and counted in Report.Oracle.
//
// The fuzz target FuzzGosym drives Check, one program per input; the
// corpus entries in testdata/fuzz/FuzzGosym are inputs on which it found
// gosym bugs. Each input costs a load, the analyses (the oracle's
// included), a replay and two builds, a few seconds:
//
//	go test ./fuzz                       # the seeds, batched, and the corpus
//	go test ./fuzz -run '^$' -fuzz FuzzGosym -parallel 1 -fuzzminimizetime 5s
//	go test ./fuzz -run TestRandom -random 20   # 20 batches of 8 programs
package fuzz

import (
	"fmt"
	"go/format"
	"strings"
	"time"

	"github.com/gosym/gosym/abstraction"
	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/ssaexec"
)

// Shape is the node type of a generated package: its pointer fields, all
// of the node's own pointer type, besides the int Val.
type Shape []string

// The node types: gosym summarizes list nodes in loops and gives them
// more depth there; tree nodes it does not.
var shapes = []Shape{
	{"Next"},
	{"Left", "Right"},
	{"Next", "Left", "Right"},
}

// Program is a generated package and the configuration gosym analyses it
// with.
type Program struct {
	// Name suffixes the file, the node type and the functions, so that
	// programs can share a package.
	Name  string
	Shape Shape
	// Funcs are the functions' names; all have the signature
	// func(p, q *Node, a, b int) int.
	Funcs []string
	// Source is the file, gofmt-ed, in package Package.
	Source string
	Config ssaexec.Config
	// Seed seeds the random inputs of the concrete runs.
	Seed uint64
}

// Package is the name of the generated package.
const Package = "fuzzgen"

// Helper returns the name of the program's helper, an unexported
// function that the others may call, and gosym then executes inline.
func (p *Program) Helper() string { return "help" + p.Name }

// File returns the base name of the program's file.
func (p *Program) File() string { return "gen" + p.Name + ".go" }

// NodeType returns the name of the program's node type.
func (p *Program) NodeType() string { return "Node" + p.Name }

// Limits of the generated code: they keep gosym's search small and every
// loop under Config.Loops iterations, so that no loop bound cuts a path.
const (
	maxFuncs      = 4
	maxTopStmts   = 6
	maxBlockStmts = 3
	maxNesting    = 2 // of if and for
	maxLoopNest   = 2
	maxLoopTrips  = 3 // of a loop that counts only
	maxWalkTrips  = 8 // of a loop that walks: the default Config.Loops
	maxExprDepth  = 2
	maxSelectors  = 2 // fields in a chain: p.Next.Left
	// maxDivisions bounds the / and % of a function: Z3 takes seconds on
	// paths through several 64-bit divisions, and the function then ends
	// timeout, which claims nothing.
	maxDivisions = 2
)

// Generate builds the program that data describes; name is as for
// Program.Name. Every byte string gives a program that compiles: bytes
// past the end read as zero, which picks the first, simplest choice.
func Generate(data []byte, name string) (*Program, error) {
	g := &gen{src: &source{data: data}, name: name}
	p := &Program{Name: name, Seed: seedOf(data)}
	p.Config = g.config()
	g.shape = shapes[g.src.intn(len(shapes))]
	p.Shape = g.shape
	fmt.Fprintf(&g.b, "package %s\n\n", Package)
	fmt.Fprintf(&g.b, "type %s struct {\n", p.NodeType())
	for _, f := range g.shape {
		fmt.Fprintf(&g.b, "%s *%s\n", f, p.NodeType())
	}
	g.b.WriteString("Val int\n}\n")
	g.node = p.NodeType()
	if g.src.intn(2) == 1 {
		// Written before the callee is set: the helper calls nothing.
		g.function(p.Helper(), false)
		g.callee = p.Helper()
	}
	for i := range 1 + g.src.intn(maxFuncs) {
		fn := fmt.Sprintf("F%s%d", name, i)
		p.Funcs = append(p.Funcs, fn)
		g.function(fn, true)
	}
	// The helpers that statements asked for, each written once, at the
	// end, where writing one does not interrupt the function that first
	// called it.
	g.b.WriteString(g.helpers.String())
	src, err := format.Source([]byte(g.b.String()))
	if err != nil {
		return nil, fmt.Errorf("generated code does not parse: %v\n%s", err, g.b.String())
	}
	p.Source = string(src)
	return p, nil
}

// seedOf hashes data (FNV-1a), so that the inputs follow from it.
func seedOf(data []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range data {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}

// source hands out the fuzzer's bytes as choices.
type source struct {
	data []byte
	pos  int
}

// intn returns a choice in [0, n): the next byte modulo n, 0 past the end.
func (s *source) intn(n int) int {
	if s.pos >= len(s.data) {
		return 0
	}
	c := s.data[s.pos]
	s.pos++
	return int(c) % n
}

// gen writes one program.
type gen struct {
	src   *source
	name  string
	shape Shape
	node  string
	b     strings.Builder
	// nesting counts the enclosing ifs and fors, loops the fors; inIf
	// says whether the innermost is an if.
	nesting, loops int
	inIf           bool
	// divisions counts the function's / and %: see maxDivisions.
	divisions int
	// callee is the helper the functions may call, or "".
	callee string
	// entry says whether the function written is one of Program.Funcs:
	// only those start goroutines (see goStmt); goroutines and chans
	// count its go statements and channels.
	entry             bool
	goroutines, chans int
	// helpers holds the predicates, recursive helpers and goroutine
	// bodies written so far, defined says which of them by name.
	helpers strings.Builder
	defined map[string]bool
}

// config picks gosym's configuration: the defaults first, then a smaller
// k, other lazy initializations and subsumption modes. NilParams is always
// set: the concrete runs pass nil parameters too.
func (g *gen) config() ssaexec.Config {
	c := ssaexec.DefaultConfig()
	c.NilParams = true
	c.K = []int{3, 2, 1}[g.src.intn(3)]
	c.Init = []heap.Mode{heap.LazierSharp, heap.Lazier, heap.Lazy}[g.src.intn(3)]
	c.Subsume = []abstraction.Mode{abstraction.Abstract, abstraction.Exact, abstraction.Off}[g.src.intn(3)]
	c.Refine = g.src.intn(2) == 1
	// A generated function is small; one that needs more than this
	// (nested divisions keep Z3 busy) is recorded as stopped, a timeout
	// or a solver cut, which claim nothing.
	c.Timeout = 5 * time.Second
	c.SolverBudget = 8_000_000
	c.MaxStates = 200000
	return c
}

// function writes a function of the Program.Funcs signature; entry says
// whether it is one of Program.Funcs rather than the helper.
func (g *gen) function(name string, entry bool) {
	g.divisions, g.entry, g.goroutines, g.chans = 0, entry, 0, 0
	fmt.Fprintf(&g.b, "\nfunc %s(p, q *%s, a, b int) int {\n", name, g.node)
	g.b.WriteString("n, m := p, q\nx, y := a, b\n")
	if g.src.intn(4) == 3 {
		g.recoverIf()
	}
	g.block(1 + g.src.intn(maxTopStmts))
	g.b.WriteString("_, _ = n, m\nreturn x - y\n}\n")
}

// recoverIf writes a deferred call that recovers from the panic when an
// int variable, as the panic left it, compares so with a constant: such
// a panic is no finding. The condition cannot panic itself.
func (g *gen) recoverIf() {
	c := constants[g.src.intn(len(constants))]
	op := []string{"==", "!=", "<", ">"}[g.src.intn(4)]
	fmt.Fprintf(&g.b, "defer func() {\nif %s %s %s {\nrecover()\n}\n}()\n", g.intVar(), op, c)
}

// block writes up to count statements, fewer when one ends the block.
func (g *gen) block(count int) {
	for range count {
		if g.stmt() {
			return
		}
	}
}

// stmt writes one statement and reports whether it ends its block (a
// return or a panic, after which code would be dead).
func (g *gen) stmt() (ends bool) {
	nested := g.nesting < maxNesting
	// Choices 10 to 13 came later: a byte below 10 picks what it picked
	// before them, so that the corpus keeps its programs.
	switch g.src.intn(14) {
	case 0:
		fmt.Fprintf(&g.b, "%s = %s\n", g.intVar(), g.intExpr(maxExprDepth).text)
	case 1:
		fmt.Fprintf(&g.b, "%s = %s\n", g.ptrVar(), g.ptrValue())
	case 2:
		fmt.Fprintf(&g.b, "%s.Val = %s\n", g.ptrRead(), g.intExpr(maxExprDepth).text)
	case 3:
		fmt.Fprintf(&g.b, "%s.%s = %s\n", g.ptrRead(), g.field(), g.ptrValue())
	case 4:
		if !nested {
			return g.leaf()
		}
		g.ifStmt()
	case 5:
		if !nested || g.loops >= maxLoopNest {
			return g.leaf()
		}
		g.loop()
	case 6:
		if !g.inIf {
			return g.leaf()
		}
		g.b.WriteString("panic(\"boom\")\n")
		return true
	case 7:
		if !g.inIf {
			return g.leaf()
		}
		fmt.Fprintf(&g.b, "return %s\n", g.intExpr(maxExprDepth).text)
		return true
	case 9:
		if g.callee == "" {
			return g.leaf()
		}
		// The arguments are variables: Go does not order the call
		// against the dereferences and divisions of other operands.
		fmt.Fprintf(&g.b, "%s = %s(%s, %s, %s, %s)\n", g.intVar(), g.callee, g.ptrVar(), g.ptrVar(), g.intVar(), g.intVar())
	case 10:
		if !nested {
			return g.leaf()
		}
		g.predSwitch()
	case 11:
		fmt.Fprintf(&g.b, "%s = %s\n", g.intVar(), g.recCall())
	case 12:
		if !g.entry || g.loops > 0 || g.goroutines == maxGoroutines {
			return g.leaf()
		}
		g.goStmt()
	case 13:
		if !g.entry || g.loops > 0 || g.goroutines == maxGoroutines {
			return g.leaf()
		}
		g.chanStmt()
	case 8:
		// Division gets a statement of its own, so that most programs
		// have one.
		l, r := g.intExpr(1), g.intExpr(1)
		fmt.Fprintf(&g.b, "%s = %s\n", g.intVar(), g.binary(l, r, []string{"/", "%"}[g.src.intn(2)]).text)
	}
	return false
}

// leaf writes an assignment where a nested statement is not allowed.
func (g *gen) leaf() bool {
	fmt.Fprintf(&g.b, "%s = %s\n", g.intVar(), g.intExpr(maxExprDepth).text)
	return false
}

// ifStmt writes an if: only its branches may panic or return, so that
// the code after it stays reachable.
func (g *gen) ifStmt() {
	g.nesting++
	outer := g.inIf
	g.inIf = true
	defer func() { g.nesting--; g.inIf = outer }()
	fmt.Fprintf(&g.b, "if %s {\n", g.cond(maxExprDepth))
	g.block(1 + g.src.intn(maxBlockStmts))
	if g.src.intn(2) == 1 {
		g.b.WriteString("} else {\n")
		g.block(1 + g.src.intn(maxBlockStmts))
	}
	g.b.WriteString("}\n")
}

// loop writes a for loop of at most maxLoopTrips iterations, or one that
// walks a pointer variable along a field while it is not nil, for at
// most maxWalkTrips: the counter bounds the walk on cyclic inputs too,
// and its iterations there, which materialize nothing, stay within
// Config.Loops. Walks are longer, so that subsumption has lists to
// summarize.
func (g *gen) loop() {
	g.nesting++
	g.loops++
	outer := g.inIf
	g.inIf = false
	defer func() { g.nesting--; g.loops--; g.inIf = outer }()
	i := fmt.Sprintf("i%d", g.loops)
	if g.src.intn(2) == 0 {
		trips := 1 + g.src.intn(maxLoopTrips)
		fmt.Fprintf(&g.b, "for %s := 0; %s < %d; %s++ {\n", i, i, trips, i)
		g.block(1 + g.src.intn(maxBlockStmts))
		g.b.WriteString("}\n")
		return
	}
	v, f := g.ptrVar(), g.field()
	trips := []int{2, 3, 5, maxWalkTrips}[g.src.intn(4)]
	fmt.Fprintf(&g.b, "for %s := 0; %s != nil && %s < %d; %s++ {\n", i, v, i, trips, i)
	g.block(1 + g.src.intn(maxBlockStmts))
	fmt.Fprintf(&g.b, "%s = %s.%s\n}\n", v, v, f)
}

func (g *gen) intVar() string { return []string{"x", "y", "a", "b"}[g.src.intn(4)] }

func (g *gen) ptrVar() string { return []string{"n", "m", "p", "q"}[g.src.intn(4)] }

func (g *gen) field() string { return g.shape[g.src.intn(len(g.shape))] }

// ptrRead is a pointer variable followed by up to maxSelectors fields,
// most often none or one: each selector dereferences what precedes it,
// and a chain of them makes most inputs panic.
func (g *gen) ptrRead() string {
	s := g.ptrVar()
	for range []int{0, 1, 0, maxSelectors}[g.src.intn(4)] {
		s += "." + g.field()
	}
	return s
}

// ptrValue is a pointer to assign: a read, nil, or a new node.
func (g *gen) ptrValue() string {
	switch g.src.intn(4) {
	case 1:
		return "nil"
	case 2:
		return fmt.Sprintf("&%s{Val: %s}", g.node, g.intExpr(1).text)
	}
	return g.ptrRead()
}

// expr is an int expression; constant ones need care, since Go rejects a
// constant division by zero and constant overflow at compile time.
type expr struct {
	text     string
	constant bool
	zero     bool
	// divides marks an expression with a division or a remainder.
	divides bool
}

// constants favour the edges of int.
var constants = []string{"0", "1", "-1", "2", "3", "7", "-9223372036854775808", "9223372036854775807"}

func (g *gen) intExpr(depth int) expr {
	choices := 3
	if depth > 0 {
		choices = 5
	}
	switch g.src.intn(choices) {
	case 1:
		c := constants[g.src.intn(len(constants))]
		return expr{text: c, constant: true, zero: c == "0"}
	case 2:
		return expr{text: g.ptrRead() + ".Val"}
	case 3:
		l, r := g.intExpr(depth-1), g.intExpr(depth-1)
		return g.binary(l, r, []string{"+", "-", "*", "/", "%", "&", "|", "^"}[g.src.intn(8)])
	case 4:
		e := g.intExpr(depth - 1)
		if e.constant {
			e = g.varExpr()
		}
		return expr{text: "-(" + e.text + ")"}
	}
	return g.varExpr()
}

func (g *gen) varExpr() expr { return expr{text: g.intVar()} }

// binary combines l and r, replacing an operand by a variable where Go
// would evaluate the expression at compile time or reject it. A division
// of a division, or past maxDivisions, becomes a subtraction.
func (g *gen) binary(l, r expr, op string) expr {
	if l.constant && r.constant {
		l = g.varExpr()
	}
	divides := op == "/" || op == "%"
	if divides && (l.divides || r.divides || g.divisions == maxDivisions) {
		op, divides = "-", false
	}
	if divides {
		g.divisions++
	}
	if divides && r.zero {
		r = g.varExpr()
	}
	return expr{text: fmt.Sprintf("(%s %s %s)", l.text, op, r.text), divides: divides || l.divides || r.divides}
}

// cond is a boolean expression over ints and pointers, or a call of a
// predicate. The predicate came later than the others, as the last
// choice, so that a byte that chose one of them still does.
func (g *gen) cond(depth int) string {
	choices := 4
	if depth > 0 {
		choices = 6
	}
	switch c := g.src.intn(choices); {
	case c == choices-1:
		return g.predCall()
	case c == 0:
		l, r := g.intExpr(1), g.intExpr(1)
		if l.constant && r.constant {
			l = g.varExpr()
		}
		return fmt.Sprintf("%s %s %s", l.text, []string{"==", "!=", "<", "<=", ">", ">="}[g.src.intn(6)], r.text)
	case c == 1:
		return fmt.Sprintf("%s %s nil", g.ptrRead(), []string{"==", "!="}[g.src.intn(2)])
	case c == 2:
		return fmt.Sprintf("%s %s %s", g.ptrRead(), []string{"==", "!="}[g.src.intn(2)], g.ptrRead())
	case c == 3:
		return fmt.Sprintf("(%s %s %s)", g.cond(depth-1), []string{"&&", "||"}[g.src.intn(2)], g.cond(depth-1))
	}
	return fmt.Sprintf("!(%s)", g.cond(depth-1))
}
