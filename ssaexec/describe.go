package ssaexec

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
)

// sourceNames maps SSA values to the source expressions they are the
// value of, from the function's DebugRef instructions (packages are built
// with ssa.GlobalDebug).
type sourceNames map[ssa.Value][]ast.Expr

// exprAt names v as the source wrote it nearest to pos (the use that
// panicked), falling back to a reconstruction from SSA.
func (n sourceNames) exprAt(v ssa.Value, pos token.Pos) string {
	var best ast.Expr
	dist := func(e ast.Expr) int { return max(int(e.Pos())-int(pos), int(pos)-int(e.Pos())) }
	for _, e := range n[v] {
		if best == nil || dist(e) < dist(best) {
			best = e
		}
	}
	if best == nil {
		return cgoSpelling(describe(v))
	}
	return cgoSpelling(types.ExprString(best))
}

// describe writes an SSA value as the source expression it stands for, as
// far as SSA keeps it: parameters and variables by name, field loads as
// x.f, calls as f(...).
func describe(v ssa.Value) string { return roots(nil).describe(v) }

// roots names some values of a function otherwise than their own names:
// the parameters of a wrapper by its caller's arguments.
type roots map[ssa.Value]string

func (r roots) describe(v ssa.Value) string {
	if name, ok := r[v]; ok {
		return name
	}
	describe := r.describe
	switch v := v.(type) {
	case *ssa.Parameter:
		return v.Name()
	case *ssa.Phi:
		if v.Comment != "" {
			return v.Comment
		}
	case *ssa.Alloc:
		if v.Comment != "" {
			return "&" + v.Comment
		}
	case *ssa.UnOp:
		return r.describeUnOp(v)
	case *ssa.FieldAddr:
		return "&" + describe(v.X) + "." + fieldName(v.X.Type(), v.Field)
	case *ssa.Field:
		return describe(v.X) + "." + fieldName(v.X.Type(), v.Field)
	case *ssa.Call:
		if callee := v.Call.StaticCallee(); callee != nil {
			return callee.Name() + "(...)"
		}
		return "call(...)"
	case *ssa.Const:
		switch {
		case v.IsNil():
			return "nil"
		case v.Value == nil: // the zero value of a struct or an array
			return types.TypeString(v.Type(), nameOnly) + "{}"
		}
		return v.Value.ExactString()
	case *ssa.Extract:
		return describe(v.Tuple)
	case *ssa.ChangeType:
		return describe(v.X)
	case *ssa.ChangeInterface:
		return describe(v.X)
	case *ssa.Convert:
		return types.TypeString(v.Type(), nameOnly) + "(" + describe(v.X) + ")"
	case *ssa.MakeInterface:
		return describe(v.X)
	case *ssa.BinOp:
		return describe(v.X) + " " + v.Op.String() + " " + describe(v.Y)
	case *ssa.Global:
		return "&" + v.Name()
	}
	return v.Name()
}

func (r roots) describeUnOp(v *ssa.UnOp) string {
	describe := r.describe
	if v.Op != token.MUL {
		return v.Op.String() + describe(v.X)
	}
	switch a := v.X.(type) {
	case *ssa.FieldAddr:
		return describe(a.X) + "." + fieldName(a.X.Type(), a.Field)
	case *ssa.Alloc:
		if a.Comment != "" {
			return a.Comment
		}
	case *ssa.Global:
		return a.Name()
	}
	return "*" + describe(v.X)
}

// fieldName names field i of the struct t (or *t) points to or is.
func fieldName(t types.Type, i int) string {
	if p, ok := heap.Under(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if st, ok := heap.Under(t).(*types.Struct); ok && i < st.NumFields() {
		return st.Field(i).Name()
	}
	return "?"
}

func nameOnly(p *types.Package) string { return p.Name() }
