package ssaexec

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/search"
	"github.com/gosym/gosym/solver"
)

// The explorer's work is layered by what each part may touch, and each
// method sits in the lowest layer that holds what it reads:
//
//   - subject is what is analysed: the entry function, its program, the
//     configuration, the parameters the API builds, and the type
//     universe. Its methods name positions, describe values and raise
//     the panics of Go's runtime on a path's state.
//   - evaluator turns operands into values and builds terms in the
//     search's solver context.
//   - machine carries out instructions' effects on a path's state,
//     returning the alternatives where the heap must decide first. It
//     records the bounds met and the calls not executed, but it cannot
//     reach the solver, the budget or the search.
//   - explorer is the search: it embeds the machine and adds the solver,
//     the budget, the loop-head table, calls and their summaries, and
//     the findings.
//
// Each layer embeds those below it, so a method of a lower layer reads
// as it did on the explorer, and the compiler keeps it from reaching
// above.

// subject is what a search is of, fixed when it starts but for the
// caches it keeps.
type subject struct {
	// prog is the program fn is of, whose per-program state the search
	// shares with the other functions analysed.
	prog   *Program
	fn     *ssa.Function
	fset   *token.FileSet
	cfg    Config
	params *types.Tuple
	// repOK is the receiver's invariant, assumed at entry, or nil.
	repOK *ssa.Function
	// std is what the program knows of the standard library.
	std *stdLibrary
	// slots are the entry's parameters the package's API builds (see
	// sequence.go).
	slots []apiSlot
	// named lists the program's types, for dynamic type choices.
	named []types.Type
	// implementors caches candidates; meets caches the interfaces of
	// the types that implement two (see meet).
	implementors map[*types.Interface][]types.Type
	meets        map[[2]*types.Interface]*types.Interface
	// lastFile and lastStarts are the file lineOf read last, and its
	// lines.
	lastFile   *token.File
	lastStarts []int
}

// evaluator builds the values of SSA operands in the search's context.
type evaluator struct {
	ctx *solver.Context
	// scalarConsts caches the values of the numeric and string constants
	// met (see constant).
	scalarConsts map[*ssa.Const]heap.Value
}

// machine carries out instructions on a path's state, and records what
// bounded or approximated them.
type machine struct {
	subject
	evaluator
	res *result.FuncResult
	// bounds records the bounds the search met; cuts and approximations
	// count what makes a loop-head entry's continuations cut or
	// approximate (see closeEntries).
	bounds               search.Bounds
	cuts, approximations int
	approx               map[string]bool
	// notExecuted names the functions the entry called but did not
	// execute (see unexecuted).
	notExecuted map[string]bool
	notes       map[string]bool // assumptions the search made, for the record
	// steps hands out the steps of the paths' traces.
	steps traceSlabs
}

// newMachine returns the machine of a search of fn of prog, whose terms
// are built in ctx and whose record is res.
func newMachine(prog *Program, fn *ssa.Function, cfg Config, ctx *solver.Context, res *result.FuncResult) machine {
	return machine{
		subject: subject{
			prog:   prog,
			fn:     fn,
			fset:   fn.Prog.Fset,
			cfg:    cfg,
			params: paramTuple(fn),
			std:    prog.std,
		},
		evaluator: evaluator{
			ctx:          ctx,
			scalarConsts: map[*ssa.Const]heap.Value{},
		},
		res:         res,
		bounds:      search.Bounds{},
		approx:      map[string]bool{},
		notExecuted: map[string]bool{},
		notes:       map[string]bool{},
	}
}
