package ssaexec

import (
	"fmt"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/search"
	"github.com/gosym/gosym/solver"
	"github.com/gosym/gosym/witness"
)

// canonicalOrder is the function a call of a sequence is given for an
// ordering parameter (a less or a compare function) that no function of
// the package fills, and an input function value that is an ordering or
// an equality (see inputOrders): the natural order, or equality, of an
// integer or string key type, executed exactly, and written out in the
// witness as a literal. An arbitrary input function could order keys in
// ways no real ordering does, and a state built with it would be no
// state a user can reach.
type canonicalOrder struct {
	sig *types.Signature
	// key is the type the order compares: the parameters' type, or int
	// where they are interfaces (the literal asserts it).
	key types.Type
	// compare says it returns -1, 0 or +1 (an int), not a bool (less);
	// equal that it is an equality (==), not an order.
	compare, equal bool
}

// orderFor returns the canonical order of a parameter of type t: a
// function of two parameters of one integer, string or empty interface
// type that returns a bool or an int. It returns nil for other types.
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
	case !isInteger(a) && !isString(a):
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

// written is the order as witness writes it.
func (o *canonicalOrder) written() witness.Order {
	return witness.Order{Param: o.sig.Params().At(0).Type(), Key: o.key, Compare: o.compare, Equal: o.equal}
}

// callOrder runs a call of the canonical order o on args.
func (x *explorer) callOrder(s *state, o *canonicalOrder, args []heap.Value, call *ssa.Call) []alt {
	keys := make([]heap.Value, len(args))
	for i, v := range args {
		if types.IsInterface(o.sig.Params().At(i).Type()) {
			is, d := s.heap.HasType(v, o.key)
			if d != nil {
				return x.decide(s, d)
			}
			if !is {
				// The literal would panic on a key of another type: the
				// order is one of int keys, and other keys are not tried.
				x.cutPath(s, search.BoundIntKeys, "")
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
		keys[i] = v
	}
	if call == nil {
		return nil // a deferred call: its result is dropped
	}
	c := x.ctx
	var less, greater, equal *solver.Term
	decided := c.Bool(true)
	if isString(o.key) {
		cmp, d := x.stringOrder(s, keys[0], keys[1])
		if d != nil {
			return x.decide(s, d)
		}
		less, greater, equal, decided = cmp.less, cmp.greater, cmp.equal, cmp.decided
		if o.equal {
			decided = cmp.decidedEqual
		}
	} else {
		terms := make([]*solver.Term, len(keys))
		for i, v := range keys {
			sc, ok := v.(heap.Scalar)
			if !ok {
				s.unsupported(fmt.Sprintf("canonical order on a %T", v))
				return nil
			}
			terms[i] = sc.T
		}
		_, signed, _ := heap.IntInfo(o.key)
		less, greater, equal = c.Ult(terms[0], terms[1]), c.Ugt(terms[0], terms[1]), c.Eq(terms[0], terms[1])
		if signed {
			less, greater = c.Slt(terms[0], terms[1]), c.Sgt(terms[0], terms[1])
		}
	}
	r := less
	switch {
	case o.equal:
		r = equal
	case o.compare:
		w, _, _ := heap.IntInfo(o.sig.Results().At(0).Type())
		r = c.Ite(less, c.BV(w, ^uint64(0)>>(64-w)), c.Ite(greater, c.BV(w, 1), c.BV(w, 0)))
	}
	if b, ok := decided.BoolValue(); ok && b {
		s.set(call, heap.Scalar{T: r})
		return nil
	}
	// Strings are compared by their first bytes (see compareStrings).
	return []alt{
		{guard: decided, apply: func(s *state) { s.set(call, heap.Scalar{T: r}) }},
		{guard: c.Not(decided), apply: func(s *state) { s.cutBy(search.BoundStringLength, "") }},
	}
}

// orderingName and equalityName match the names of functions that order
// their two arguments (less, cmp, compare, a Comparator, ...) and that
// compare them for equality (eq, equal, ...).
var (
	orderingName = regexp.MustCompile(`(?i)less|cmp|compar|order|^(lt|gt|before|after)$`)
	equalityName = regexp.MustCompile(`(?i)^(eq|eqfn|eqfunc|same|.*equal.*)$`)
)

// inputOrders says whether an input function value of type t, which the
// code calls as name, is an ordering or an equality: its type is one's
// (two parameters of one type, one result: a bool, or an int for a
// compare) and its name, or its type's, says so. It returns the functions
// the value is taken to be, one per path: for an ordering, those the
// package offers (see offeredFuncs), else the canonical order of its key
// type; for an equality, the canonical equality. It returns none where
// the key type has no canonical one.
func (x *explorer) inputOrders(t types.Type, name string) ([]offeredFunc, bool) {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Params().Len() != 2 || sig.Results().Len() != 1 || sig.Variadic() ||
		!types.Identical(sig.Params().At(0).Type(), sig.Params().At(1).Type()) {
		return nil, false
	}
	names := []string{lastName(name)}
	if named, ok := types.Unalias(t).(*types.Named); ok {
		names = append(names, named.Obj().Name())
	}
	says := func(re *regexp.Regexp) bool { return slices.ContainsFunc(names, re.MatchString) }
	res := sig.Results().At(0).Type()
	switch {
	case heap.IsBool(res) && says(equalityName):
		if o := x.api.order(t, true); o != nil {
			return []offeredFunc{{order: o}}, true
		}
		return nil, true
	case (heap.IsBool(res) || isInteger(res)) && says(orderingName):
		return x.offeredFor(x.fn, t), true
	}
	return nil, false
}

// lastName returns the last name in an expression that names a function
// value (less of s.less, fs of fs[i]).
func lastName(expr string) string {
	for {
		i := strings.LastIndexByte(expr, '[')
		j := strings.LastIndexByte(expr, ']')
		if i < 0 || j < i {
			break
		}
		expr = expr[:i] + expr[j+1:]
	}
	if i := strings.LastIndexByte(expr, '.'); i >= 0 {
		expr = expr[i+1:]
	}
	return expr
}
