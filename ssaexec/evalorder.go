package ssaexec

import (
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// An assignment's operands may be evaluated in any order the spec allows
// (only calls are ordered), and go/ssa and gc choose differently: in
// n.Next.Val = 7 % x, go/ssa loads n.Next before dividing, gc divides
// first (but not in n.Next.Val, m.Val = 7 % x, 0). A witness must panic the way the compiled code does, so before
// any function runs, the instructions that compute only the address of an
// assignment's left-hand side are moved to just before the store, after
// the right-hand side, as gc evaluates them.

// orderLikeGC moves, in every function of prog, the address computations
// of assignments after their right-hand sides. It must run before any
// function executes: it rewrites the blocks' instruction lists.
func orderLikeGC(prog *ssa.Program) {
	for fn := range ssautil.AllFunctions(prog) {
		if len(fn.Blocks) == 0 {
			continue
		}
		lhs := assignedExprs(fn)
		if len(lhs) == 0 {
			continue
		}
		for _, b := range fn.Blocks {
			for i := 0; i < len(b.Instrs); i++ {
				if st, ok := b.Instrs[i].(*ssa.Store); ok {
					moveAddressToStore(b, i, st, lhs)
				}
			}
		}
	}
}

// assignment is the left-hand side of a plain assignment and the whole
// statement it belongs to.
type assignment struct {
	lhs  ast.Expr
	stmt *ast.AssignStmt
}

// assignedExprs lists the left-hand sides of the plain (=) assignments of
// one variable in fn's syntax, function literals excluded: they are
// functions of their own. In a tuple assignment gc, like go/ssa, evaluates
// the operands of the left-hand sides first.
func assignedExprs(fn *ssa.Function) []assignment {
	syntax := fn.Syntax()
	if syntax == nil {
		return nil
	}
	var out []assignment
	ast.Inspect(syntax, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && lit != syntax {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.ASSIGN && len(as.Lhs) == 1 {
			out = append(out, assignment{lhs: as.Lhs[0], stmt: as})
		}
		return true
	})
	return out
}

// enclosing returns the assignment whose left-hand side contains pos.
func enclosing(assignments []assignment, pos token.Pos) (assignment, bool) {
	for _, a := range assignments {
		if within(pos, a.lhs) {
			return a, true
		}
	}
	return assignment{}, false
}

func within(pos token.Pos, n ast.Node) bool {
	return pos.IsValid() && n.Pos() <= pos && pos < n.End()
}

// moveAddressToStore moves the instructions of b that compute only st's
// address, and lie on the left-hand side of st's assignment, to just
// before st (at index i), provided everything they pass belongs to the
// same statement: the right-hand side, which gc evaluates first.
func moveAddressToStore(b *ssa.BasicBlock, i int, st *ssa.Store, assignments []assignment) {
	as, ok := enclosing(assignments, st.Pos())
	if !ok {
		return
	}
	chain := addressChain(b, i, st, as.lhs)
	if len(chain) == 0 {
		return
	}
	first := slices.Index(b.Instrs, chain[0])
	var passed []ssa.Instruction
	for _, in := range b.Instrs[first:i] {
		if slices.Contains(chain, in) {
			continue
		}
		if !inStatement(in, as.stmt) {
			return
		}
		passed = append(passed, in)
	}
	copy(b.Instrs[first:i], append(passed, chain...))
}

// addressChain returns, in block order, the instructions of b before index
// i that are on lhs, are free of side effects other than a panic, and
// whose values are used only by st, by each other, or by DebugRefs (which
// move with them).
func addressChain(b *ssa.BasicBlock, i int, st *ssa.Store, lhs ast.Expr) []ssa.Instruction {
	index := map[ssa.Instruction]int{}
	for k, in := range b.Instrs[:i] {
		index[in] = k
	}
	candidates := map[ssa.Instruction]bool{}
	var visit func(v ssa.Value)
	visit = func(v ssa.Value) {
		in, ok := v.(ssa.Instruction)
		if !ok || candidates[in] || !movable(in) || !within(in.Pos(), lhs) {
			return
		}
		if _, here := index[in]; !here {
			return
		}
		candidates[in] = true
		for _, op := range in.Operands(nil) {
			visit(*op)
		}
	}
	visit(st.Addr)
	for changed := true; changed; {
		changed = false
		for in := range candidates {
			if !usedOnlyBy(in.(ssa.Value), st, candidates) {
				delete(candidates, in)
				changed = true
			}
		}
	}
	var chain []ssa.Instruction
	for in := range candidates {
		chain = append(chain, in)
		for _, r := range *in.(ssa.Value).Referrers() {
			if _, ok := r.(*ssa.DebugRef); ok && r.Block() == b {
				chain = append(chain, r)
			}
		}
	}
	slices.SortFunc(chain, func(x, y ssa.Instruction) int { return index[x] - index[y] })
	return chain
}

// usedOnlyBy reports whether v's only users, DebugRefs aside, are st and
// the members of set.
func usedOnlyBy(v ssa.Value, st *ssa.Store, set map[ssa.Instruction]bool) bool {
	for _, r := range *v.Referrers() {
		if _, debug := r.(*ssa.DebugRef); !debug && r != st && !set[r] {
			return false
		}
	}
	return true
}

// movable reports whether in may be evaluated later without a change but
// in which panic comes first: it reads memory at most, and writes none.
func movable(in ssa.Instruction) bool {
	switch in := in.(type) {
	case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Field, *ssa.Index, *ssa.Slice, *ssa.BinOp,
		*ssa.Convert, *ssa.ChangeType:
		return true
	case *ssa.UnOp:
		return in.Op != token.ARROW
	case *ssa.Lookup:
		return !in.CommaOk
	}
	return false
}

// inStatement reports whether in belongs to stmt: it has a position inside
// it, or none and no effect (the implicit conversions go/ssa adds).
func inStatement(in ssa.Instruction, stmt *ast.AssignStmt) bool {
	if within(in.Pos(), stmt) {
		return true
	}
	if in.Pos().IsValid() {
		return false
	}
	switch in.(type) {
	case *ssa.DebugRef, *ssa.ChangeType, *ssa.ChangeInterface, *ssa.MakeInterface, *ssa.Extract:
		return true
	}
	return false
}
