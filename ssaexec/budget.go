package ssaexec

import (
	"time"

	"github.com/gosym/gosym/search"
	"github.com/gosym/gosym/solver"
)

// newBudget returns the budget of a search under cfg started at start,
// whose terms are built in ctx.
func newBudget(cfg Config, ctx *solver.Context, start time.Time) search.Budget {
	return search.NewBudget(search.Limits{
		MaxWork:      cfg.MaxWork,
		MaxStates:    cfg.MaxStates,
		Timeout:      cfg.Timeout,
		Interrupt:    cfg.Interrupt,
		SolverBudget: cfg.SolverBudget,
		Clock:        cfg.clock,
	}, ctx, start)
}

// optionalQuery returns the Z3 units a query the search can do without
// may spend: limit, and no more than a preferenceShare of the work left.
func (x *explorer) optionalQuery(limit uint) uint {
	if left, ok := x.budget.Z3UnitsLeft(); ok {
		return uint(min(uint64(limit), max(left/preferenceShare, 1)))
	}
	return limit
}
