package report

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gosym/gosym/result"
	"github.com/owenrumney/go-sarif/v2/sarif"
)

// kindRules describes each kind of finding, one SARIF rule each.
var kindRules = []struct {
	kind        result.Kind
	name, about string
}{
	{result.NilDeref, "NilDereference", "A field access, load, store or method call through a nil pointer or interface."},
	{result.Index, "IndexOutOfRange", "An index out of the range of a slice, array or string."},
	{result.SliceBounds, "SliceBoundsOutOfRange", "A slice expression whose bounds are out of range."},
	{result.MakeLen, "MakeLengthOutOfRange", "make with a negative or too large length or capacity."},
	{result.DivZero, "DivisionByZero", "An integer division or remainder by zero."},
	{result.NilMap, "NilMapWrite", "An assignment to an entry of a nil map."},
	{result.TypeAssert, "FailedTypeAssertion", "A type assertion that fails."},
	{result.NilFunc, "NilFunctionCall", "A call of a nil function value."},
	{result.Panic, "Panic", "An explicit panic, or another runtime panic such as a negative shift count."},
	{result.Assert, "AssertionFailure", "An assert.Assert whose condition can be false."},
	{result.Deadlock, "Deadlock", "A goroutine that blocks forever, such as a Lock of a mutex it already holds."},
	{result.Fatal, "FatalError", "A fatal error of the runtime, such as an Unlock of an unlocked mutex: no recover stops it."},
	{result.Leak, "GoroutineLeak", "A goroutine the function started that blocks forever after the function returned."},
	{result.SendClosed, "SendOnClosedChannel", "A send on a closed channel."},
	{result.CloseClosed, "CloseOfClosedChannel", "A close of a closed channel."},
	{result.CloseNil, "CloseOfNilChannel", "A close of a nil channel."},
	{result.Race, "DataRace", "Two accesses of one variable by two goroutines, one a write, with nothing ordering them."},
}

// WriteSARIF writes the findings as a SARIF 2.1.0 log in the form GitHub
// code scanning reads: one rule per kind of finding, each result's
// message with its witness, and its path as a code flow. File names are
// relative to the working directory, which is the repository's root in
// CI.
func WriteSARIF(file string, results []*result.FuncResult, rel func(string) string) error {
	report, err := sarif.New(sarif.Version210)
	if err != nil {
		return err
	}
	run := sarif.NewRunWithInformationURI("gosym", "https://github.com/gosym/gosym")
	for _, r := range kindRules {
		run.AddRule(string(r.kind)).WithName(r.name).WithDescription(r.about).
			WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel("error"))
	}
	for _, r := range results {
		for _, f := range r.Findings {
			res := run.CreateResultForRule(string(f.Kind)).WithLevel("error").
				WithMessage(sarif.NewTextMessage(sarifMessage(f))).
				WithLocations([]*sarif.Location{sarifLocation(f.Pos.Filename, f.Pos.Line, f.Pos.Column, rel)})
			res.WithCodeFlows([]*sarif.CodeFlow{sarifFlow(f, rel)})
		}
	}
	report.AddRun(run)
	out, err := os.Create(file)
	if err != nil {
		return err
	}
	if err := report.PrettyWrite(out); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// sarifMessage is the finding's message, the function, and the witness.
func sarifMessage(f *result.Finding) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (in %s). Input that panics:\n", f.Message, f.Func)
	for _, line := range append(append([]string(nil), f.Setup...), f.Call) {
		b.WriteString("    " + line + "\n")
	}
	return b.String()
}

func sarifLocation(file string, line, col int, rel func(string) string) *sarif.Location {
	uri := filepath.ToSlash(rel(file))
	if filepath.IsAbs(uri) {
		uri = "file://" + uri
	}
	region := sarif.NewRegion().WithStartLine(line)
	if col > 0 {
		region.WithStartColumn(col)
	}
	return sarif.NewLocationWithPhysicalLocation(sarif.NewPhysicalLocation().
		WithArtifactLocation(sarif.NewSimpleArtifactLocation(uri)).WithRegion(region))
}

// sarifFlow writes a finding's path: a location per step, with the branch
// taken as its message and the call depth as its nesting level.
func sarifFlow(f *result.Finding, rel func(string) string) *sarif.CodeFlow {
	locs := make([]*sarif.ThreadFlowLocation, len(f.Trace))
	for i, st := range f.Trace {
		loc := sarifLocation(st.Pos.Filename, st.Pos.Line, st.Pos.Column, rel)
		switch {
		case i == len(f.Trace)-1:
			loc.WithMessage(sarif.NewTextMessage("panics: " + f.Message))
		case st.Branch != "":
			text := st.Branch
			if len(st.Values) > 0 {
				text += ": " + strings.Join(st.Values, ", ")
			}
			loc.WithMessage(sarif.NewTextMessage(text))
		}
		locs[i] = sarif.NewThreadFlowLocation().WithLocation(loc).WithNestingLevel(st.Depth)
	}
	return sarif.NewCodeFlow().WithThreadFlows([]*sarif.ThreadFlow{sarif.NewThreadFlow().WithLocations(locs)})
}
