package solver

import (
	"iter"
	"runtime"
	"slices"
	"time"
)

// Model returns a model of the last Check if it returned Sat and the
// solver has not changed since (Push, Pop, Assert); otherwise nil. A
// Check decided without Z3 has Z3 find the model here, and nil is also
// returned if Z3 does not within the budget (or timeout). A returned Model stays
// usable after later changes.
func (s *Solver) Model() *Model {
	if !s.fresh || s.last != Sat {
		return nil
	}
	if s.inGo && (s.sliced || s.guessedOptional || s.floatQuery(s.inGoAssumed) || s.nonlinearQuery(s.inGoAssumed)) {
		// Z3 takes seconds over floats and nonlinear arithmetic: an
		// assignment Go found is the model, if one satisfies the stack.
		// So is the one made from a slice's model (see independent),
		// which spared Z3 the whole query.
		if a := s.goModel(); a != nil {
			s.inGo, s.inGoAssumed = false, nil
			s.model = &Model{ctx: s.ctx, a: a}
			return s.model
		}
	}
	if s.inGo {
		// Sat was known without Z3, which must find the model now.
		s.ctx.enter()
		start := time.Now()
		r := s.run(s.inGoAssumed, false)
		s.spent += time.Since(start)
		if r == Unsat {
			s.disagree(Sat, Unsat, s.inGoAssumed)
		}
		s.inGo, s.inGoAssumed = false, nil
		if r != Sat {
			return nil
		}
	}
	if s.model == nil {
		c := s.ctx
		c.enter()
		s.model = &Model{ctx: c, m: c.z3().model(s.answered)}
		runtime.AddCleanup(s.model, c.z3().rel.model, s.model.m)
	}
	return s.model
}

// goModel returns the latest kept assignment under which the stack and
// the assumptions of the last Check hold, all evaluated in Go, or nil.
func (s *Solver) goModel() *assignment {
	for i := len(s.models) - 1; i >= 0; i-- {
		if s.models[i] == nil {
			continue // a level that kept no model (see keep)
		}
		a := s.models[i].assignment
		if holdsAll(a, s.assertions()) && holdsAll(a, slices.Values(s.inGoAssumed)) {
			return a
		}
	}
	return nil
}

func holdsAll(a *assignment, ts iter.Seq[*Term]) bool {
	for t := range ts {
		if holds, ok := a.holds(t); !holds || !ok {
			return false
		}
	}
	return true
}

// Model assigns a value to every symbol; symbols the solver never saw get
// an arbitrary one (model completion). It is Z3's model, or an assignment
// the Go side found (a).
type Model struct {
	ctx *Context
	m   zmodel
	a   *assignment
}

// Uint64 returns the value of a bit-vector term in m, zero-extended.
func (m *Model) Uint64(t *Term) uint64 { return m.bv("Model.Uint64", t) }

// Int64 returns the value of a bit-vector term in m, sign-extended from
// the term's width.
func (m *Model) Int64(t *Term) int64 {
	return signed(m.bv("Model.Int64", t), t.sort.Width())
}

func (m *Model) bv(what string, t *Term) uint64 {
	c := m.ctx
	c.enter()
	c.wantBV(what, t)
	if t.concrete {
		return t.val
	}
	if m.a != nil {
		return m.fromGo(t)
	}
	return c.z3().eval(m.m, c.astOf(t), false)
}

// Bool returns the value of a Bool term in m.
func (m *Model) Bool(t *Term) bool {
	c := m.ctx
	c.enter()
	c.wantBool("Model.Bool", t)
	if t.concrete {
		return t.val != 0
	}
	if m.a != nil {
		return m.fromGo(t) != 0
	}
	return c.z3().eval(m.m, c.astOf(t), true) != 0
}

// fromGo evaluates t under the Go side's assignment. A term Go cannot
// evaluate (one Z3 built) gets 0, as a symbol the model does not
// mention would.
func (m *Model) fromGo(t *Term) uint64 {
	limit := m.ctx.evalLimit
	m.ctx.evalLimit = 0
	defer func() { m.ctx.evalLimit = limit }()
	v, _ := m.a.eval(t)
	return v
}
