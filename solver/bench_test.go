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

// BenchmarkClose deletes a context holding n terms, each a sum of the one
// before and a product: a chain as deep as it is long, as a path's running
// sums are. Z3_del_context alone frees such a chain in one pass per level
// (78 s for 10,000 terms); Close drops the references first, so that the
// time grows with n, not n².
func BenchmarkClose(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("chain=%d", n), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				c := NewContext()
				x := c.FreshBV("x", 64)
				sum, terms := x, make([]*Term, n)
				for i := range terms {
					sum = c.Add(sum, c.Mul(x, c.BV(64, uint64(i+3))))
					terms[i] = sum
				}
				b.StartTimer()
				c.Close()
			}
		})
	}
}

// BenchmarkIndependence measures constraint independence where it
// works, at the fallback: the stack holds groups independent inputs,
// each a product of two 32-bit inputs equal to a constant, and every
// check asks for a new input whose product with the first group's x is a
// constant, which only Z3 decides, with the incremental solver
// given no resources so that the fallback decides each. With
// independence the fallback gets the first group alone; without, every
// group.
func BenchmarkIndependence(b *testing.B) {
	for _, groups := range []int{1, 4, 16} {
		for _, chain := range []Chain{Cached, NoIndependence} {
			b.Run(fmt.Sprintf("groups=%d/%s", groups, chain), func(b *testing.B) {
				c := NewContext()
				defer c.Close()
				s := c.NewSolver()
				s.SetChain(chain)
				s.escalate = 1
				var first *Term
				for g := range groups {
					x, y := c.FreshBV("x", 32), c.FreshBV("y", 32)
					s.Assert(c.Eq(c.Mul(x, y), c.BV(32, uint64(1000003+2*g))))
					s.Assert(c.Ugt(x, c.BV(32, 1)))
					s.Assert(c.Ugt(y, c.BV(32, 1)))
					if g == 0 {
						first = x
					}
				}
				if s.Check() != Sat {
					b.Fatal("the groups are unsatisfiable")
				}
				b.ResetTimer()
				for i := range b.N {
					s.Push()
					s.Assert(c.Eq(c.Mul(c.FreshBV("z", 32), first), c.BV(32, uint64(7+i))))
					s.Check()
					s.Pop()
				}
				b.ReportMetric(float64(s.Calls())/float64(b.N), "z3/op")
			})
		}
	}
}
