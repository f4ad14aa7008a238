package ssaexec

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/witness"
)

// writeWitness writes the witness of the panicking path s under model m
// into f, as code of the function's package and, where a user of the
// package could write it, of its external test package. Package
// witness writes it from what the path holds (see witnessEntry).
// A witness that writes by hand a value the package's API builds, or
// names a type its package does not export, makes f latent.
func (x *explorer) writeWitness(s *state, m heap.Valuer, f *found) {
	e := x.witnessEntry(s, m)
	w := witness.Write(e)
	f.Latent, f.HandBuilt = len(w.HandBuilt) > 0, w.HandBuilt
	f.External, f.NotExternal = nil, nil
	if !f.Latent {
		ext, why := witness.External(e)
		switch {
		case why == nil:
			f.External = &result.ExternalWitness{Setup: ext.Setup, Call: ext.Call, InvariantCheck: ext.InvariantCheck, Imports: ext.Imports}
		case len(ext.Unnameable) > 0:
			// A value of a type its package does not export (a nil
			// *io.discard, a sort.reverse literal): written so, the
			// input is none a user of the package can write.
			f.NotExternal, f.Latent, f.HandBuilt = why, true, ext.Unnameable
		default:
			f.NotExternal = why
		}
	}
	f.Setup, f.Call, f.InvariantCheck, f.Unwritable = w.Setup, w.Call, w.InvariantCheck, w.Unwritable
	f.Imports = w.Imports
}

// witnessEntry is what the witness of path s is written from: its input
// under model m, and the calls that built values through the API.
func (x *explorer) witnessEntry(s *state, m heap.Valuer) *witness.Entry {
	e := &witness.Entry{Fn: x.fn, Params: x.params, Input: s.heap.Snapshot(m), Invariant: s.finding.invariant, MustBuild: x.api.mustBuild}
	if s.seqLen() > 0 {
		e.Sequence = x.sequenceOf(s)
	}
	if isAbstractGeneric(x.fn) {
		e.Generic = genericOf(x.fn)
	}
	return e
}

// genericOf lists the type parameters a witness of generic code analysed
// abstractly replaces.
func genericOf(fn *ssa.Function) *witness.Generic {
	g := &witness.Generic{Instance: abstractInstance(fn)}
	switch {
	case g.Instance:
		for _, t := range fn.TypeArgs() {
			g.Params = append(g.Params, t.(*types.TypeParam))
		}
	case fn.Signature.RecvTypeParams().Len() > 0:
		g.Params = typeParams(fn.Signature.RecvTypeParams())
	default:
		g.Params = typeParams(fn.TypeParams())
	}
	return g
}

// typeParams lists a tuple of type parameters.
func typeParams(l *types.TypeParamList) []*types.TypeParam {
	out := make([]*types.TypeParam, l.Len())
	for i := range out {
		out[i] = l.At(i)
	}
	return out
}
