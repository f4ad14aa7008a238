package ssaexec

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/solver"
)

// canonicalOrder is the function a call of a sequence is given for an
// ordering parameter (a less or a compare function) that no function of
// the package fills: the natural order of an integer key type, executed
// exactly, and written out in the witness as a literal. An arbitrary
// input function could order keys in ways no real ordering does, and a
// state built with it would be no state a user can reach.
type canonicalOrder struct {
	sig *types.Signature
	// key is the type the order compares: the parameters' type, or int
	// where they are interfaces (the literal asserts it).
	key types.Type
	// compare says it returns -1, 0 or +1 (an int), not a bool (less).
	compare bool
}

// orderFor returns the canonical order of a parameter of type t: a
// function of two parameters of one integer or interface type that
// returns a bool or an int. It returns nil for other types.
func orderFor(t types.Type) *canonicalOrder {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Params().Len() != 2 || sig.Results().Len() != 1 || sig.Variadic() {
		return nil
	}
	a, b := sig.Params().At(0).Type(), sig.Params().At(1).Type()
	if !types.Identical(a, b) {
		return nil
	}
	o := &canonicalOrder{sig: sig, key: a}
	switch {
	case types.IsInterface(a):
		if iface, _ := a.Underlying().(*types.Interface); iface == nil || !iface.Empty() {
			return nil
		}
		o.key = types.Typ[types.Int]
	case !isInteger(a):
		return nil
	}
	res := sig.Results().At(0).Type()
	switch {
	case heap.IsBool(res):
	case isInteger(res) && types.Identical(res.Underlying(), types.Typ[types.Int]):
		o.compare = true
	default:
		return nil
	}
	return o
}

func isInteger(t types.Type) bool {
	_, _, ok := heap.IntInfo(t)
	return ok
}

// literal writes the order as a Go function literal of its signature.
func (o *canonicalOrder) literal(q types.Qualifier) string {
	param := types.TypeString(o.sig.Params().At(0).Type(), q)
	a, b := "a", "b"
	if types.IsInterface(o.sig.Params().At(0).Type()) {
		key := types.TypeString(o.key, q)
		a, b = "a.("+key+")", "b.("+key+")"
	}
	if !o.compare {
		return fmt.Sprintf("func(a, b %s) bool { return %s < %s }", param, a, b)
	}
	return fmt.Sprintf("func(a, b %s) int { switch { case %s < %s: return -1; case %s > %s: return 1 }; return 0 }",
		param, a, b, a, b)
}

// callOrder runs a call of the canonical order o on args.
func (x *explorer) callOrder(s *state, o *canonicalOrder, args []heap.Value, call *ssa.Call) []alt {
	terms := make([]*solver.Term, len(args))
	for i, v := range args {
		if types.IsInterface(o.sig.Params().At(i).Type()) {
			is, d := s.heap.HasType(v, o.key)
			if d != nil {
				return x.decide(s, d)
			}
			if !is {
				// The literal would panic on a key of another type: the
				// order is one of int keys, and other keys are not tried.
				x.cutPath(s, "keys of the canonical order are ints")
				s.end = dropped
				return nil
			}
			iv, _ := s.heap.Concrete(v, nil, false)
			v = iv.V
		}
		v, d := s.heap.Use(v)
		if d != nil {
			return x.decide(s, d)
		}
		sc, ok := v.(heap.Scalar)
		if !ok {
			x.unsupported(s, fmt.Sprintf("canonical order on a %T", v))
			return nil
		}
		terms[i] = sc.T
	}
	if call == nil {
		return nil // a deferred call: its result is dropped
	}
	c := x.ctx
	_, signed, _ := heap.IntInfo(o.key)
	less, greater := c.Ult(terms[0], terms[1]), c.Ugt(terms[0], terms[1])
	if signed {
		less, greater = c.Slt(terms[0], terms[1]), c.Sgt(terms[0], terms[1])
	}
	if !o.compare {
		x.set(s, call, heap.Scalar{T: less})
		return nil
	}
	w, _, _ := heap.IntInfo(o.sig.Results().At(0).Type())
	r := c.Ite(less, c.BV(w, ^uint64(0)>>(64-w)), c.Ite(greater, c.BV(w, 1), c.BV(w, 0)))
	x.set(s, call, heap.Scalar{T: r})
	return nil
}
