// Package analyzer runs gosym as a golang.org/x/tools/go/analysis
// Analyzer, for go vet -vettool (see cmd/gosym-vet), gopls and
// golangci-lint.
//
// Each exported function of the package is executed symbolically, as the
// gosym command does, and each finding is a diagnostic at the panicking
// instruction, with the input that makes it panic as related
// information. In this mode only the analysed package has function
// bodies. Calls into other packages use facts computed when those
// packages were analysed: an exported function that panics whenever one
// of its pointer, slice or map parameters is nil, or one of its integer or
// string parameters is 0 or "", or whenever its arguments meet a
// condition over their numbers and lengths (every path explored, no
// bound or unexecuted call in the way), has a fact saying so, and a call
// that can pass it such a value, or meet such a condition, is a finding
// at the call. Otherwise, and for the standard
// library, whose packages are not analysed, a call is modelled by fresh
// results, and panics that rest on those results are left out, as the
// command's default does.
package analyzer

import (
	"fmt"
	"go/build"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/solver"
	"github.com/gosym/gosym/ssaexec"
)

const doc = `find the inputs that make functions panic, by symbolic execution

gosym executes each exported function of the package symbolically and
reports every nil dereference, index or slice bound out of range, division
by zero, nil-map write, failed type assertion, explicit panic and failed
assert.Assert that some input within the bounds reaches, with that input.`

// Analyzer reports the panics gosym finds in a package's functions.
var Analyzer = &analysis.Analyzer{
	Name: "gosym",
	Doc:  doc,
	URL:  "https://github.com/gosym/gosym",
	Run:  run,

	FactTypes: []analysis.Fact{new(panicsFact)},
}

// panicsFact is the fact of a function that panics whenever one of its
// pointer, slice or map parameters is nil, or one of its integer or
// string parameters is 0 or "", or whenever its arguments meet a
// condition (uint(i) >= uint(len(s))).
type panicsFact struct {
	Panics []ssaexec.NilPanic
	Conds  []ssaexec.PanicCond
}

func (*panicsFact) AFact() {}

func (f *panicsFact) String() string {
	var nils, zeros []string
	for _, np := range f.Panics {
		param := fmt.Sprintf("%s (%s)", np.Name, np.Kind)
		if np.Zero == "" {
			nils = append(nils, param)
		} else {
			zeros = append(zeros, param)
		}
	}
	var parts []string
	if nils != nil {
		parts = append(parts, "panics when nil: "+strings.Join(nils, ", "))
	}
	if zeros != nil {
		parts = append(parts, "panics when zero: "+strings.Join(zeros, ", "))
	}
	for _, pc := range f.Conds {
		parts = append(parts, fmt.Sprintf("panics when %s (%s)", pc.Text, pc.Kind))
	}
	return strings.Join(parts, "; ")
}

var (
	k       int
	maxWork int64
	timeout time.Duration
	budget  time.Duration
	all     bool
	latent  bool
	seq     int
	chain   = solver.Cached
)

// chainFlag is the -solver flag: a solver.Chain by its name.
type chainFlag struct{ c *solver.Chain }

func (f chainFlag) String() string {
	if f.c == nil {
		return solver.Cached.String()
	}
	return f.c.String()
}

func (f chainFlag) Set(s string) error {
	c, err := solver.ParseChain(s)
	if err == nil {
		*f.c = c
	}
	return err
}

func init() {
	def := ssaexec.DefaultConfig()
	fs := &Analyzer.Flags
	fs.IntVar(&k, "k", def.K, "bound on materialization chains from each parameter")
	fs.Int64Var(&maxWork, "max-work", def.MaxWork, "work budget of each function, in work units (see gosym -help; 0: no limit)")
	fs.DurationVar(&timeout, "timeout", def.Timeout, "time budget of each function, a safety net over -max-work (0: none)")
	fs.DurationVar(&budget, "budget", 0, "time budget of each package (0: none); functions left when it runs out are reported as not analysed")
	fs.BoolVar(&all, "unexported", false, "analyse unexported functions too")
	fs.BoolVar(&latent, "latent", false, "also report latent panics: those that need a value with unexported state that no caller of its package can build")
	fs.IntVar(&seq, "seq", def.Seq, "bound on the method calls that build a value with unexported state after its constructor")
	fs.Var(chainFlag{&chain}, "solver", "the solver's deciders, as gosym's -solver: default, validate (Z3 checks every answer decided in Go; a disagreement is reported), nomodels or z3, each optionally with ,noindependence")
}

func run(pass *analysis.Pass) (any, error) {
	if isStandard(pass) {
		// Drivers run analyzers with facts on every dependency; the
		// engine models the calls of the standard library it knows.
		return nil, nil
	}
	prog := ssaexec.FromTypes(pass.Fset, pass.Pkg, pass.Files, pass.TypesInfo)
	defer prog.Release()
	cfg := ssaexec.DefaultConfig()
	cfg.K, cfg.MaxWork, cfg.Timeout, cfg.Seq, cfg.Solver = k, maxWork, timeout, seq, chain
	cfg.Summaries = func(fn *types.Func) *ssaexec.Summary {
		var fact panicsFact
		if !pass.ImportObjectFact(fn, &fact) {
			return nil
		}
		return &ssaexec.Summary{NilPanics: fact.Panics, Conds: fact.Conds}
	}
	for _, e := range prog.DirectiveErrors {
		pass.Report(analysis.Diagnostic{Pos: posOf(pass.Fset, pass.Files[0].Package, e.Pos), Category: "directive",
			Message: "gosym: " + e.Msg + " (not applied)"})
	}
	start := time.Now()
	var skipped []string
	var results []*result.FuncResult
	var entries []*ssa.Function
	for _, fn := range prog.Entries(all, nil) {
		if budget > 0 && time.Since(start) > budget {
			skipped = append(skipped, ssaexec.FuncName(fn))
			continue
		}
		exportFacts(pass, prog, fn, cfg)
		results, entries = append(results, prog.Analyze(fn, cfg)), append(entries, fn)
	}
	result.Consolidate(results, latent) // one panic, one diagnostic
	for i, r := range results {
		for _, f := range r.Findings {
			pass.Report(diagnostic(pass, entries[i].Pos(), f))
		}
		if r.Status == result.Error {
			msg, _, _ := strings.Cut(r.Err, "\n")
			pass.Report(analysis.Diagnostic{Pos: entries[i].Pos(), Category: "internal-error",
				Message: fmt.Sprintf("gosym internal error in %s (a bug in gosym: please report it): %s", r.Func, msg)})
		}
	}
	if len(skipped) > 0 && len(pass.Files) > 0 {
		pass.Report(analysis.Diagnostic{Pos: pass.Files[0].Package, Category: "budget",
			Message: fmt.Sprintf("gosym: the package's budget of %s ran out: %d functions not analysed: %s", budget, len(skipped), strings.Join(skipped, ", "))})
	}
	return nil, nil
}

// exportFacts computes the facts of fn that other packages may use: the
// parameters with which, when nil or zero, every call of it panics, and
// the conditions over its arguments under which every call does. Their
// runs take a quarter of a function's budget, since a nil
// parameter usually ends a path early.
func exportFacts(pass *analysis.Pass, prog *ssaexec.Program, fn *ssa.Function, cfg ssaexec.Config) {
	obj, ok := fn.Object().(*types.Func)
	if !ok || !obj.Exported() || obj.Pkg() != pass.Pkg || fn.Origin() != nil {
		return
	}
	cfg.MaxWork /= 4
	cfg.Timeout /= 4
	if sum := prog.Facts(fn, cfg); sum != nil {
		pass.ExportObjectFact(obj, &panicsFact{Panics: sum.NilPanics, Conds: sum.Conds})
	}
}

// isStandard reports whether the pass is over a package of the standard
// library, whose files lie under GOROOT.
func isStandard(pass *analysis.Pass) bool {
	if len(pass.Files) == 0 || build.Default.GOROOT == "" {
		return false
	}
	name := pass.Fset.File(pass.Files[0].Pos()).Name()
	root := filepath.Join(build.Default.GOROOT, "src") + string(filepath.Separator)
	return strings.HasPrefix(name, root)
}

// diagnostic reports finding f of the function at fnPos: at the
// panicking position, with the witness as related information at the
// function.
func diagnostic(pass *analysis.Pass, fnPos token.Pos, f *result.Finding) analysis.Diagnostic {
	input := strings.Join(append(append([]string(nil), f.Setup...), f.Call), "; ")
	return analysis.Diagnostic{
		Pos:      posOf(pass.Fset, fnPos, f.Pos),
		Category: string(f.Kind),
		Message:  fmt.Sprintf("%s (%s)", f.Message, f.Label()),
		Related:  []analysis.RelatedInformation{{Pos: fnPos, Message: "input that panics: " + input}},
	}
}

// posOf turns a finding's position back into a token.Pos of the file
// set, falling back to the function's when the file is not there.
func posOf(fset *token.FileSet, fallback token.Pos, p token.Position) token.Pos {
	var found token.Pos = token.NoPos
	fset.Iterate(func(f *token.File) bool {
		if f.Name() != p.Filename || p.Line > f.LineCount() {
			return true
		}
		found = f.LineStart(p.Line) + token.Pos(p.Column-1)
		return false
	})
	if !found.IsValid() {
		return fallback
	}
	return found
}
