package realcode

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/gosym/gosym/report"
	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/ssaexec"
)

// ReplayFailed is the outcome of a finding whose package's replay failed
// as a whole (report.Replay returned an error): its test never ran.
const ReplayFailed report.Outcome = "replay-failed"

// Statuses lists every function status, in the order cmd/gosym's summary
// gives them.
var Statuses = []result.Status{
	result.Failed, result.Complete, result.Abstract, result.Bounded, result.NotReached, result.Unsupported,
	result.Timeout, result.Stopped, result.Ignored, result.Error,
}

// Report is the record of a run.
type Report struct {
	Roots   Roots
	Modules []Module
	Config  ssaexec.Config
	Workers int
	// RunWork is Options.RunWork.
	RunWork int64
	Sets    []*SetReport
	// Wall is the run's time from fetching the modules to the last replay.
	Wall time.Duration
}

// SetReport is the record of one set: its packages and where the time went.
type SetReport struct {
	Name     string
	Patterns []string
	Packages []*PackageReport
	// Load, Analysis and Replay are wall times of the set's phases.
	Load, Analysis, Replay time.Duration
}

// PackageReport is the record of one analysed package.
type PackageReport struct {
	Path, Name, Dir string
	// Results are its functions' records, in source order.
	Results []*result.FuncResult
	// Replays holds each finding's replay (absent with Options.NoReplay).
	Replays map[*result.Finding]report.ReplayResult
	// ReplayErr is why the package's replay failed as a whole, or "".
	ReplayErr string
}

// Counts is a number of functions per status, with their summed analysis
// time and findings.
type Counts struct {
	Funcs    int
	ByStatus map[result.Status]int
	Findings int
	// Latent counts the latent findings, left out of Findings; Sequences
	// and Pruned the call sequences that built entry parameters and those
	// state matching pruned.
	Latent, Sequences, Pruned int
	// States, Checks and Work sum the functions' states, solver checks
	// and work units; Applied and Renamed the calls procedure summaries
	// answered, and those of them answered up to a renaming.
	States, Checks, Applied, Renamed int
	Work                             int64
	// APIWork, HandBuiltWork and SolverWork are the parts of Work that
	// went to building inputs through the API, to the entry on
	// hand-built values of the types it builds, and to the solver (see
	// result.WorkSplit).
	APIWork, HandBuiltWork, SolverWork int64
	// Time sums the functions' Elapsed (analysis time, not wall time).
	Time time.Duration
}

func (c *Counts) add(r *result.FuncResult) {
	if c.ByStatus == nil {
		c.ByStatus = map[result.Status]int{}
	}
	c.Funcs++
	c.ByStatus[r.Status]++
	c.Findings += len(r.Findings)
	c.Latent += r.Latent
	c.Sequences += r.Sequences
	c.Pruned += r.SequencesPruned
	c.States += r.States
	c.Checks += r.SolverChecks
	c.Work += r.Work
	c.APIWork += r.WorkSplit.API
	c.HandBuiltWork += r.WorkSplit.HandBuilt
	c.SolverWork += r.WorkSplit.Solver
	c.Applied += r.Summaries.Applied
	c.Renamed += r.Summaries.Renamed
	c.Time += r.Elapsed
}

func (c *Counts) merge(o Counts) {
	if c.ByStatus == nil {
		c.ByStatus = map[result.Status]int{}
	}
	c.Funcs += o.Funcs
	c.Findings += o.Findings
	c.Latent += o.Latent
	c.Sequences += o.Sequences
	c.Pruned += o.Pruned
	c.States += o.States
	c.Checks += o.Checks
	c.Work += o.Work
	c.APIWork += o.APIWork
	c.HandBuiltWork += o.HandBuiltWork
	c.SolverWork += o.SolverWork
	c.Applied += o.Applied
	c.Renamed += o.Renamed
	c.Time += o.Time
	for s, n := range o.ByStatus {
		c.ByStatus[s] += n
	}
}

// Counts counts the package's functions.
func (p *PackageReport) Counts() Counts {
	var c Counts
	for _, r := range p.Results {
		c.add(r)
	}
	return c
}

// Counts counts the set's functions.
func (s *SetReport) Counts() Counts {
	var c Counts
	for _, p := range s.Packages {
		c.merge(p.Counts())
	}
	return c
}

// Counts counts every function of the run.
func (r *Report) Counts() Counts {
	var c Counts
	for _, s := range r.Sets {
		c.merge(s.Counts())
	}
	return c
}

// FindingRecord is one finding with what the report says about it.
type FindingRecord struct {
	Key     string
	Pos     string // relative to the module cache or GOROOT
	Package *PackageReport
	Result  *result.FuncResult
	Finding *result.Finding
	Replay  report.ReplayResult
	// Replayed is false when the run skipped replays.
	Replayed bool
}

// Findings lists every finding of the run, in the order of the results.
func (r *Report) Findings() []FindingRecord {
	var out []FindingRecord
	for _, s := range r.Sets {
		for _, p := range s.Packages {
			for _, res := range p.Results {
				for _, f := range res.Findings {
					rec := FindingRecord{Key: r.Key(res, f), Pos: r.pos(f), Package: p, Result: res, Finding: f}
					rec.Replay, rec.Replayed = p.Replays[f]
					out = append(out, rec)
				}
			}
		}
	}
	return out
}

// Errors lists the functions whose analysis crashed (status error).
func (r *Report) Errors() []*result.FuncResult {
	var out []*result.FuncResult
	for _, s := range r.Sets {
		for _, p := range s.Packages {
			for _, res := range p.Results {
				if res.Status == result.Error {
					out = append(out, res)
				}
			}
		}
	}
	return out
}

// Key names a finding in the triage file: "pkgpath func kind
// file:line:col", and then the function the panic was raised in when the
// position is the call to it (result.Finding.Within). Spaces in function
// names (type arguments) are dropped, so that the key is four or five
// fields; it survives changes of the message or of the witness. The column
// is kept because two findings of a function often share a line (n and
// n.cow nil in one expression).
func (r *Report) Key(res *result.FuncResult, f *result.Finding) string {
	key := fmt.Sprintf("%s %s %s %s", res.PkgPath, noSpaces(res.Func), f.Kind, r.pos(f))
	if f.Within != "" {
		key += " " + noSpaces(f.Within)
	}
	return key
}

func noSpaces(s string) string { return strings.ReplaceAll(s, " ", "") }

func (r *Report) pos(f *result.Finding) string {
	return fmt.Sprintf("%s:%d:%d", r.Roots.rel(f.Pos.Filename), f.Pos.Line, f.Pos.Column)
}

// group splits a set's results by package, in the results' order.
func group(results []*result.FuncResult) []*PackageReport {
	var out []*PackageReport
	index := map[string]*PackageReport{}
	for _, r := range results {
		p := index[r.PkgPath]
		if p == nil {
			p = &PackageReport{Path: r.PkgPath, Name: r.PkgName, Dir: filepath.Dir(r.Pos.Filename)}
			index[r.PkgPath] = p
			out = append(out, p)
		}
		p.Results = append(p.Results, r)
	}
	return out
}

// replay builds and runs the package's witness tests in its directory
// (for the module cache, in a copy: see report.Copies). report.Replay adds
// the test file through a build overlay, so GOROOT is not written.
func replay(p *PackageReport, cp *report.Copies, log io.Writer) {
	var findings []*result.Finding
	for _, r := range p.Results {
		findings = append(findings, r.Findings...)
	}
	if len(findings) == 0 {
		return
	}
	logf(log, "replaying %d findings of %s", len(findings), p.Path)
	suite := report.NewSuite(p.Path, p.Name, findings)
	p.Replays = map[*result.Finding]report.ReplayResult{}
	res, err := report.Replay(suite, p.Dir, report.ReplayOptions{Copies: cp})
	if err != nil {
		p.ReplayErr = err.Error()
		for _, f := range findings {
			p.Replays[f] = report.ReplayResult{Outcome: ReplayFailed, Reason: p.ReplayErr}
		}
		return
	}
	for _, t := range suite.Tests {
		p.Replays[t.Finding] = res[t.Name]
	}
}
