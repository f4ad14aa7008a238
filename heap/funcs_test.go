package heap

import (
	"fmt"
	"go/types"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestInputFuncSnapshot checks what a path's input says of input
// functions: what each call returned, in order (zero where it read
// nothing of it), and a function the path called never, took for
// another, or needed nil, as such. (witness writes them.)
func TestInputFuncSnapshot(t *testing.T) {
	p := newDotHeap(t)
	sig := func(results ...types.Type) *types.Signature {
		vars := make([]*types.Var, len(results))
		for i, r := range results {
			vars[i] = dotParam("", r)
		}
		return types.NewSignatureType(nil, nil, nil, types.NewTuple(dotParam("x", dotInt)), types.NewTuple(vars...), false)
	}
	next := types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(dotParam("v", dotInt), dotParam("ok", types.Typ[types.Bool])), false)
	params := dotParams(
		dotParam("f", sig(dotInt)), dotParam("g", next), dotParam("h", sig(dotInt)),
		dotParam("given", sig(dotInt)), dotParam("null", sig(dotInt)), dotParam("calls", dotInt))
	p.h.NewArgs(params)
	fn := func(i int) SymPtr {
		v := p.load(p.param(i), params.At(i).Type())
		if _, _, d := p.h.IsNilPtr(v); d != nil {
			p.decide(d, "non-nil")
		}
		return v.(SymPtr)
	}
	call := func(f SymPtr, name string, want ...int64) {
		results := Under(p.h.Sym(f.ID).Elem).(*types.Signature).Results()
		id := p.h.CallInput(f, results, name)
		for i, n := range want {
			v := p.load(Ptr{Obj: id, Path: Path("").Field(i)}, results.At(i).Type())
			if IsBool(results.At(i).Type()) {
				p.conds = append(p.conds, p.ctx.Eq(v.(Scalar).T, p.ctx.Bool(n != 0)))
				continue
			}
			p.is(v, n)
		}
	}
	f, g := fn(0), fn(1)
	call(f, "f", 5)
	call(f, "f", 7)
	call(f, "f", 5)
	call(f, "f") // what it returned was never read
	call(g, "g", 3, 1)
	call(g, "g", 4, 1)
	fn(2) // never called
	p.h.GiveFunc(fn(3), Func{}, "Ascending")
	if v := p.load(p.param(4), params.At(4).Type()); true {
		if _, _, d := p.h.IsNilPtr(v); d != nil {
			p.decide(d, "nil")
		}
	}
	in := p.h.Snapshot(p.model())
	var got []string
	for i := 0; i < params.Len(); i++ {
		got = append(got, describeInput(in, in.Values[Loc{Obj: in.Args, Path: Path("").Field(i)}]))
	}
	want := []string{
		"func: 5; 7; 5; ?",
		"func: 3 true; 4 true",
		"func:",
		"func Ascending",
		"nil func",
		"unread",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("input (-want +got):\n%s", diff)
	}
	// The results' symbols say which call returned them.
	var names []string
	for _, l := range p.h.Inputs() {
		if p.h.isResults(l.Obj) {
			names = append(names, p.h.locName(l))
		}
	}
	if got, want := strings.Join(names, " "), "f#1 f#2 f#3 g#1.0 g#1.1 g#2.0 g#2.1"; got != want {
		t.Errorf("results named %q, want %q", got, want)
	}
}

// TestInputFuncCopies checks that a path's record of an input function's
// calls is its own: a forked heap's calls do not show in the other.
func TestInputFuncCopies(t *testing.T) {
	p := newDotHeap(t)
	params := dotParams(dotParam("f", types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(dotParam("", dotInt)), false)))
	p.h.NewArgs(params)
	f := p.load(p.param(0), params.At(0).Type()).(SymPtr)
	results := params.At(0).Type().(*types.Signature).Results()
	for range 3 { // room for a fourth in the slice's array
		p.h.CallInput(f, results, "f")
	}
	fork := p.h.Clone()
	fork.CallInput(f, results, "f")
	if n, m := len(p.h.InputFunc(f).Calls), len(fork.InputFunc(f).Calls); n != 3 || m != 4 {
		t.Errorf("calls: %d on the path, %d on its fork; want 3 and 4", n, m)
	}
	p.h.Alloc(dotInt) // the path's next objects are numbered apart from the fork's
	p.h.CallInput(f, results, "f")
	if a, b := p.h.InputFunc(f).Calls[3], fork.InputFunc(f).Calls[3]; a == b {
		t.Errorf("the fork's fourth call is the path's, o%d", a)
	}
}

// describeInput writes an input function as "func:" and the results of
// its calls (? for one never read), a number as it is, or "unread".
func describeInput(in *Input, v InputValue) string {
	switch x := v.(type) {
	case FuncValue:
		switch {
		case !x.NotNil:
			return "nil func"
		case x.Given != nil:
			return fmt.Sprint("func ", x.Given)
		}
		var calls []string
		for _, id := range x.Calls {
			var results []string
			for j := 0; ; j++ {
				r, ok := in.Values[Loc{Obj: id, Path: Path("").Field(j)}]
				if !ok {
					break
				}
				results = append(results, describeInput(in, r))
			}
			if len(results) == 0 {
				results = []string{"?"}
			}
			calls = append(calls, strings.Join(results, " "))
		}
		return strings.TrimSpace("func: " + strings.Join(calls, "; "))
	case nil:
		return "unread"
	case Number:
		if x.Int == 0 && x.Bits == 0 && x.Bool {
			return "true"
		}
		return fmt.Sprint(x.Int)
	}
	return fmt.Sprintf("%T", v)
}
