package fuzz

import (
	"reflect"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/oracle"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/ssaexec"
)

// noTime is why a comparison was skipped that the deadline left no time
// for.
const noTime = "no time left before Check's deadline"

// compareShortcuts compares, for every shortcut of package oracle and
// every generated function, the search with the shortcut on and off,
// under the program's configuration otherwise (Options.Oracle). The
// function's record is one side, where its configuration is that side's;
// the other side, or both where the configuration is neither (abstract
// subsumption is no shortcut of the plain search's), is analysed again.
// Shortcut by shortcut, so that a deadline leaves each shortcut some
// functions. A shortcut that lost something is a problem; every
// comparison is counted in Report.Oracle.
func (c *checker) compareShortcuts(prog *ssaexec.Program, fns []*ssa.Function) {
	scs := oracle.Shortcuts()
	c.rep.Oracle = make([]oracle.Tally, len(scs))
	for i, sc := range scs {
		c.rep.Oracle[i].Shortcut = sc.Name
		for _, fn := range fns {
			c.judge(&c.rep.Oracle[i], c.compareOne(prog, fn, sc))
		}
	}
}

// compareOne compares fn's searches with sc on and off.
func (c *checker) compareOne(prog *ssaexec.Program, fn *ssa.Function, sc oracle.Shortcut) *oracle.Comparison {
	cfg, rec := c.byFunc[fn.Name()].Config, c.rep.Records[fn.Name()]
	plainCfg, shortCfg := cfg, cfg
	sc.Plain(&plainCfg)
	sc.Short(&shortCfg)
	sides := []*result.FuncResult{reuse(rec, cfg, plainCfg), reuse(rec, cfg, shortCfg)}
	for i, side := range []ssaexec.Config{plainCfg, shortCfg} {
		if sides[i] != nil {
			continue
		}
		if c.noTime() {
			return &oracle.Comparison{Func: rec.Func, Shortcut: sc.Name, Skipped: noTime}
		}
		sides[i] = prog.Analyze(fn, withDeadline(side, c.opts.Deadline, time.Now()))
	}
	return comparison(sc.Name, sides[0], sides[1])
}

// reuse returns rec, analysed under cfg, where side is cfg, else nil. The
// generated configurations set no function, so that the two compare
// field by field.
func reuse(rec *result.FuncResult, cfg, side ssaexec.Config) *result.FuncResult {
	if reflect.DeepEqual(cfg, side) {
		return rec
	}
	return nil
}

// noTime reports whether Options.Deadline leaves the oracle nothing: the
// time after the point where withDeadline interrupts a search is the
// replay's and the concrete runs'.
func (c *checker) noTime() bool {
	return !c.opts.Deadline.IsZero() && time.Until(c.opts.Deadline) <= restTime
}

// comparison compares the plain search's record with the shortcut's as
// oracle.Diff does, and skips besides a pair that Check's configurations
// make incomparable: one where either search was stopped by Check's
// deadline after a finding, or where the solver gave up on a query. The
// shortcuts change the queries a search asks, and the generated
// configuration bounds each query by Config.Timeout, a time that a loaded
// machine may not give one side: either is a budget that ran out, not a
// path the shortcut lost. A falsely complete function is a difference
// whatever the other side: complete says no query was given up.
func comparison(name string, plain, short *result.FuncResult) *oracle.Comparison {
	c := oracle.Diff(name, plain, short)
	if c.Skipped != "" || c.FalselyComplete {
		return c
	}
	for _, r := range []*result.FuncResult{plain, short} {
		if i := slices.IndexFunc(r.Limits, givenUp); i >= 0 {
			c.Skipped = "a search ran out of budget: " + r.Limits[i]
			c.Lost, c.Extra = nil, nil
			break
		}
	}
	return c
}

// givenUp reports whether a record's limit is a budget Check's
// configuration sets on a search or its solver's queries.
func givenUp(limit string) bool {
	return limit == deadlineLimit || strings.HasPrefix(limit, "solver")
}

// judge counts the comparison c in t, and reports it as a problem where
// the shortcut lost something.
func (c *checker) judge(t *oracle.Tally, cmp *oracle.Comparison) {
	t.Count(cmp)
	if cmp.Differs() {
		c.rep.problem(cmp.Func, "the shortcut %s lost what the plain search found: %s", cmp.Shortcut, cmp)
	}
}
