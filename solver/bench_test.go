package solver

import (
	"fmt"
	"testing"
)

// branchConds is a synthetic path-condition workload: depth many branch
// conditions over four inputs of the given width, mixing the range checks,
// bit tests and (if products) multiplications that executing Go code
// produces.
func branchConds(c *Context, depth int, width uint, products bool) []*Term {
	var xs [4]*Term
	for i := range xs {
		xs[i] = c.FreshBV("x", width)
	}
	kinds := 2
	if products {
		kinds = 3
	}
	conds := make([]*Term, depth)
	for d := range conds {
		x, y := xs[d%4], xs[(d+1)%4]
		switch d % kinds {
		case 0:
			conds[d] = c.Ult(c.Add(x, c.BV(width, uint64(d)*1000)), c.BV(width, 1<<(width-3)))
		case 1:
			conds[d] = c.Eq(c.BitAnd(x, c.BV(width, 1<<(uint(d)%width))), c.BV(width, 0))
		default:
			conds[d] = c.Slt(c.Mul(x, c.BV(width, uint64(3+d))), y)
		}
	}
	return conds
}

// dfs explores every feasible path through conds the way the executor
// does: push, assert a branch, check, recurse, pop. It returns the number
// of feasible leaves.
func dfs(c *Context, s *Solver, conds []*Term) int {
	if len(conds) == 0 {
		return 1
	}
	leaves := 0
	for _, br := range []*Term{conds[0], c.Not(conds[0])} {
		s.Push()
		s.Assert(br)
		if s.Check() == Sat {
			leaves += dfs(c, s, conds[1:])
		}
		s.Pop()
	}
	return leaves
}

// BenchmarkSolverKind compares Z3's two solver objects on the DFS workload;
// its figures justify defaultSolverKind.
func BenchmarkSolverKind(b *testing.B) {
	for _, w := range []struct {
		name     string
		width    uint
		products bool
	}{{"linear8", 8, false}, {"linear64", 64, false}, {"products64", 64, true}} {
		for _, k := range []struct {
			name string
			kind solverKind
		}{{"simple", simpleSolver}, {"combined", combinedSolver}} {
			b.Run(fmt.Sprintf("%s/%s", w.name, k.name), func(b *testing.B) {
				c := NewContext()
				defer c.Close()
				conds := branchConds(c, 11, w.width, w.products)
				for b.Loop() {
					s := c.newSolver(k.kind)
					dfs(c, s, conds)
					b.ReportMetric(float64(s.Calls()), "checks/op")
				}
			})
		}
	}
}
