package fuzz

import (
	"fmt"
	"slices"
	"strings"
)

// Limits of the helpers and goroutines of a generated program.
const (
	// predSlots is the number of predicates a program may have: those of
	// even slots test an int, those of odd slots a byte. Few, so that
	// each is called from several places, which procedure summaries
	// answer from the first call's paths.
	predSlots = 4
	// maxRecDepth bounds the depth a recursive helper is called with, far
	// below Config.Recursion.
	maxRecDepth = 3
	// maxCases bounds the cases of a predicate switch.
	maxCases = 4
	// maxGoroutines bounds the go statements of a function.
	maxGoroutines = 2
)

// predConsts are the constants predicates compare an int with.
var predConsts = []string{"-3", "0", "1", "7", "42", "-100", "1000"}

// byteClasses are the ranges (or single bytes) byte predicates test.
var byteClasses = [][2]string{
	{"'0'", "'9'"}, {"'a'", "'z'"}, {"'A'", "'Z'"},
	{"' '", ""}, {"'_'", ""}, {"'-'", ""}, {"'\\n'", ""}, {"0", ""}, {"255", ""},
}

// comparisons are the operators of a comparison.
var comparisons = []string{"==", "!=", "<", "<=", ">", ">="}

// define writes a helper of the program called name with write, the
// first time name is asked for, and returns name. The helper's choices
// are read then, so the program stays a function of the bytes.
func (g *gen) define(name string, write func(b *strings.Builder, name string)) string {
	if g.defined == nil {
		g.defined = map[string]bool{}
	}
	if !g.defined[name] {
		g.defined[name] = true
		write(&g.helpers, name)
	}
	return name
}

// predCall is a call of one of the program's predicates on an int
// expression, or on a byte of one.
func (g *gen) predCall() string {
	return g.predOn(g.src.intn(predSlots), g.intExpr(0).text)
}

// predOn is a call of the predicate of slot on v (converted to a byte for
// a byte predicate).
func (g *gen) predOn(slot int, v string) string {
	name := fmt.Sprintf("pred%d%s", slot, g.name)
	if slot%2 == 0 {
		return fmt.Sprintf("%s(%s)", g.define(name, g.intPred), v)
	}
	// A constant may not fit in a byte; a variable converts.
	if slices.Contains(constants, v) {
		v = g.intVar()
	}
	return fmt.Sprintf("%s(byte(%s))", g.define(name, g.bytePred), v)
}

// intPred writes a pure predicate of an int: a disjunction of up to three
// conjunctions of comparisons with constants, or of the int's remainder.
func (g *gen) intPred(b *strings.Builder, name string) {
	var terms []string
	for range 1 + g.src.intn(3) {
		var conj []string
		for range 1 + g.src.intn(2) {
			if g.src.intn(5) == 4 {
				conj = append(conj, fmt.Sprintf("x%%%d == 0", 2+g.src.intn(2)))
				continue
			}
			conj = append(conj, fmt.Sprintf("x %s %s", comparisons[g.src.intn(len(comparisons))],
				predConsts[g.src.intn(len(predConsts))]))
		}
		terms = append(terms, strings.Join(conj, " && "))
	}
	fmt.Fprintf(b, "\nfunc %s(x int) bool {\nreturn %s\n}\n", name, strings.Join(terms, " || "))
}

// bytePred writes a pure predicate of a byte: whether it is in one of up
// to three classes (a range or one byte), the last perhaps with one byte
// left out, as a tokenizer's tests are.
func (g *gen) bytePred(b *strings.Builder, name string) {
	var classes []string
	for range 1 + g.src.intn(3) {
		cl := byteClasses[g.src.intn(len(byteClasses))]
		if cl[1] == "" {
			classes = append(classes, "c == "+cl[0])
			continue
		}
		classes = append(classes, fmt.Sprintf("c >= %s && c <= %s", cl[0], cl[1]))
	}
	if g.src.intn(2) == 1 {
		classes[len(classes)-1] += fmt.Sprintf(" && c != %s", byteClasses[g.src.intn(len(byteClasses))][0])
	}
	fmt.Fprintf(b, "\nfunc %s(c byte) bool {\nreturn %s\n}\n", name, strings.Join(classes, " || "))
}

// predSwitch writes a switch whose cases test one int variable with the
// program's predicates, each case a block that may panic or return, and
// perhaps a last case or default that panics: the chain of a
// classifier, whose later cases are reached only where the earlier
// predicates' calls, answered by summaries, returned false.
func (g *gen) predSwitch() {
	g.nesting++
	outer := g.inIf
	g.inIf = true
	defer func() { g.nesting--; g.inIf = outer }()
	v := g.intVar()
	g.b.WriteString("switch {\n")
	for range 1 + g.src.intn(maxCases-1) {
		fmt.Fprintf(&g.b, "case %s:\n", g.predOn(g.src.intn(predSlots), v))
		g.block(1 + g.src.intn(maxBlockStmts))
	}
	switch g.src.intn(3) {
	case 1:
		fmt.Fprintf(&g.b, "case %s:\npanic(\"boom\")\n", g.predOn(g.src.intn(predSlots), v))
	case 2:
		g.b.WriteString("default:\npanic(\"boom\")\n")
	}
	g.b.WriteString("}\n")
}

// recCall is a call of one of the program's recursive helpers, over the
// nodes or over an int, with a small constant depth.
func (g *gen) recCall() string {
	depth := 1 + g.src.intn(maxRecDepth)
	if g.src.intn(2) == 0 {
		return fmt.Sprintf("%s(%s, %d)", g.define("walk"+g.name, g.recNode), g.ptrVar(), depth)
	}
	return fmt.Sprintf("%s(%s, %d)", g.define("count"+g.name, g.recInt), g.intVar(), depth)
}

// recNode writes a helper that recurses along one or two pointer fields
// for d levels, adding up the nodes' Vals or counting them, perhaps
// panicking at a node whose Val compares so with a constant.
func (g *gen) recNode(b *strings.Builder, name string) {
	fmt.Fprintf(b, "\nfunc %s(n *%s, d int) int {\nif n == nil || d == 0 {\nreturn 0\n}\n", name, g.node)
	if g.src.intn(2) == 1 {
		fmt.Fprintf(b, "if n.Val %s %s {\npanic(\"boom\")\n}\n", comparisons[g.src.intn(len(comparisons))],
			predConsts[g.src.intn(len(predConsts))])
	}
	sum := []string{"n.Val", "1"}[g.src.intn(2)]
	f := g.field()
	sum += fmt.Sprintf(" + %s(n.%s, d-1)", name, f)
	if other := g.field(); other != f {
		sum += fmt.Sprintf(" + %s(n.%s, d-1)", name, other)
	}
	fmt.Fprintf(b, "return %s\n}\n", sum)
}

// recInt writes a helper that recurses on an int for at most d levels,
// stopping early where the int compares so with a constant, perhaps
// panicking at another.
func (g *gen) recInt(b *strings.Builder, name string) {
	fmt.Fprintf(b, "\nfunc %s(x, d int) int {\nif d == 0 || x %s %s {\nreturn x\n}\n", name,
		comparisons[g.src.intn(len(comparisons))], predConsts[g.src.intn(len(predConsts))])
	if g.src.intn(2) == 1 {
		fmt.Fprintf(b, "if x == %s {\npanic(\"boom\")\n}\n", predConsts[g.src.intn(len(predConsts))])
	}
	step := []string{"x - 1", "x / 2", "x + 3"}[g.src.intn(3)]
	fmt.Fprintf(b, "return %s(%s, d-1) %s 1\n}\n", name, step, []string{"+", "*", "-"}[g.src.intn(3)])
}

// goStmt writes a go statement of the program's goroutine helper or of a
// closure that writes a field or panics under a condition. Nothing waits
// for the goroutine: the entry may return before it runs, and gosym runs
// it after the return (see docs/design.md, "Ends"). The closure reads the
// function's variables when it runs, so the entry's later writes of them
// race with it, as they would in Go.
func (g *gen) goStmt() {
	g.goroutines++
	if g.src.intn(2) == 0 {
		fmt.Fprintf(&g.b, "go %s(%s, %s)\n", g.define("spawn"+g.name, g.spawnHelper), g.ptrVar(), g.intVar())
		return
	}
	g.b.WriteString("go func() {\n")
	for range 1 + g.src.intn(2) {
		switch g.src.intn(3) {
		case 0:
			fmt.Fprintf(&g.b, "%s.Val = %s\n", g.ptrRead(), g.intExpr(1).text)
		case 1:
			fmt.Fprintf(&g.b, "if %s {\npanic(\"boom\")\n}\n", g.cond(1))
		default:
			fmt.Fprintf(&g.b, "%s.%s = %s\n", g.ptrRead(), g.field(), g.ptrValue())
		}
	}
	g.b.WriteString("}()\n")
}

// spawnHelper writes the function goStmt starts: one or two statements
// over its node and int that write the node or panic under a condition.
func (g *gen) spawnHelper(b *strings.Builder, name string) {
	fmt.Fprintf(b, "\nfunc %s(n *%s, v int) {\n", name, g.node)
	for range 1 + g.src.intn(2) {
		c := predConsts[g.src.intn(len(predConsts))]
		switch g.src.intn(4) {
		case 0:
			fmt.Fprintf(b, "if v %s %s {\npanic(\"boom\")\n}\n", comparisons[g.src.intn(len(comparisons))], c)
		case 1:
			fmt.Fprintf(b, "n.Val = v %s %s\n", []string{"+", "-", "*"}[g.src.intn(3)], c)
		case 2:
			fmt.Fprintf(b, "if n != nil && n.Val %s v {\npanic(\"boom\")\n}\n", comparisons[g.src.intn(len(comparisons))])
		default:
			fmt.Fprintf(b, "n.%s = nil\n", g.field())
		}
	}
	b.WriteString("}\n")
}

// chanStmt writes a channel made in the function, buffered or not, and a
// goroutine that sends it an int expression (which may panic), then a
// receive that waits for it, one that does not, or none: an unbuffered
// channel nobody receives from leaks its sender.
func (g *gen) chanStmt() {
	g.goroutines++
	g.chans++
	ch := fmt.Sprintf("ch%d", g.chans)
	buf := []string{"", ", 1"}[g.src.intn(2)]
	fmt.Fprintf(&g.b, "%s := make(chan int%s)\ngo func() {\n%s <- %s\n}()\n", ch, buf, ch, g.intExpr(1).text)
	switch g.src.intn(3) {
	case 1:
		fmt.Fprintf(&g.b, "%s = <-%s\n", g.intVar(), ch)
	case 2:
		fmt.Fprintf(&g.b, "select {\ncase %s = <-%s:\ndefault:\n}\n", g.intVar(), ch)
	}
}
