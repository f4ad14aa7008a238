package solver

import (
	"fmt"
	"os"
	"strings"
)

// A Solver decides a query as a chain of deciders, cheapest first, as
// KLEE's solver chain does: the models of earlier Sat answers (KLEE's
// counterexample cache) and the assignments fitted from them, then the
// Go side's reasoning over literals, orders, offsets and forced values,
// which refutes, then Z3's incremental solver, then Z3's fallback tactic
// on the query's slice (constraint independence, independence.go) or,
// where it has none, on the whole query. Chain says which of them run,
// and whether Z3 checks the others: deciders assembles the Go side's
// list from it, in deciders.go.
type Chain int

const (
	// Cached runs the whole chain (the default).
	Cached Chain = iota
	// Validate runs the whole chain, and sends every answer the Go side
	// gave (models, reasoning, and slices of the query) to Z3 too: where
	// Z3 answers otherwise, the check panics with a *Disagreement. It
	// costs a Z3 run per check.
	Validate
	// Z3Only sends every check to Z3: the Go side decides nothing.
	Z3Only
	// NoModels turns the models off: the Go side only refutes, and
	// every Sat comes from Z3.
	NoModels
)

// NoIndependence, added to a chain, turns constraint independence off:
// Z3 gets every query whole.
const NoIndependence Chain = 1 << 4

// chainNames are the -solver flag's spellings of the chains.
var chainNames = map[Chain]string{Cached: "default", Validate: "validate", Z3Only: "z3", NoModels: "nomodels"}

// noIndependenceName is the -solver flag's spelling of NoIndependence.
const noIndependenceName = "noindependence"

// base is c without NoIndependence.
func (c Chain) base() Chain { return c &^ NoIndependence }

func (c Chain) String() string {
	name := chainNames[c.base()]
	if c&NoIndependence != 0 {
		name += "," + noIndependenceName
	}
	return name
}

// ParseChain reads a chain as the -solver flag spells it: default,
// validate, nomodels or z3, optionally followed by ",noindependence"
// (or noindependence alone, for the default chain without it).
func ParseChain(s string) (Chain, error) {
	var c Chain
	baseSet := false
	for _, part := range strings.Split(s, ",") {
		if part == noIndependenceName && c&NoIndependence == 0 {
			c |= NoIndependence
			continue
		}
		b, ok := chainNamed(part)
		if !ok || baseSet {
			return Cached, fmt.Errorf("unknown solver chain %q (want default, validate, nomodels or z3, optionally with ,%s)", s, noIndependenceName)
		}
		c, baseSet = c|b, true
	}
	return c, nil
}

// chainNamed returns the chain without modifiers that is spelled name.
func chainNamed(name string) (Chain, bool) {
	for c, n := range chainNames {
		if n == name {
			return c, true
		}
	}
	return Cached, false
}

// SetChain sets which deciders s's later checks run (see Chain).
func (s *Solver) SetChain(c Chain) {
	s.ctx.enter()
	s.chain = c.base()
	s.goSide = deciders(c, s.validate)
	s.noIndependence = c&NoIndependence != 0
}

// Disagreement is the panic value of a check whose answer from the Go
// side Z3 contradicts: a bug in gosym's solver, never a bound. The query
// is written to a file in SMT-LIB, for a bug report.
type Disagreement struct {
	Go, Z3 Result
	// File holds the query, or is empty if it could not be written;
	// Query then holds it.
	File, Query string
}

func (d *Disagreement) Error() string {
	where := "query written to " + d.File
	if d.File == "" {
		where = "query:\n" + d.Query
	}
	return fmt.Sprintf("solver disagreement: the Go side answered %s, Z3 %s; %s", d.Go, d.Z3, where)
}

// validate has Z3 decide the query the Go side answered got (the stack
// and the assumptions), within the solver's budget, and panics with a
// Disagreement if Z3 gives the other definite answer.
func (s *Solver) validate(got Result, assumptions []*Term) {
	if z := s.run(assumptions, false); z != Unknown && z != got {
		s.disagree(got, z, assumptions)
	}
	s.reason = "" // the answer is the Go side's, not unknown
}

// disagree panics with the Disagreement of goAnswer and z3Answer over the
// current stack and assumptions.
func (s *Solver) disagree(goAnswer, z3Answer Result, assumptions []*Term) {
	s.sync()
	var b strings.Builder
	b.WriteString(s.ctx.z3().solverString(s.zsolver()))
	for _, t := range assumptions {
		fmt.Fprintf(&b, "(assert %s) ; assumed\n", s.ctx.z3().astString(s.ctx.astOf(t)))
	}
	b.WriteString("(check-sat)\n")
	d := &Disagreement{Go: goAnswer, Z3: z3Answer, Query: b.String()}
	if f, err := os.CreateTemp("", "gosym-disagreement-*.smt2"); err == nil {
		_, werr := f.WriteString(d.Query)
		if cerr := f.Close(); werr == nil && cerr == nil {
			d.File = f.Name()
		}
	}
	panic(d)
}

// symbolic returns the assumptions that are not constants, and whether
// a constant false is among them or on the stack.
func (s *stack) symbolic(assumptions []*Term) (out []*Term, constFalse bool) {
	constFalse = s.constFalseAt >= 0
	for _, t := range assumptions {
		s.ctx.wantBool("Check", t)
		switch {
		case !t.concrete:
			out = append(out, t)
		case t.val == 0:
			constFalse = true
		}
	}
	return out, constFalse
}
