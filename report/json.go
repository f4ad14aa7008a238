package report

import (
	"strings"

	"github.com/gosym/gosym/result"
)

// FindingRecord is the JSON Lines object of a finding.
type FindingRecord struct {
	Type    string `json:"type"`
	Kind    string `json:"kind"`
	Posn    string `json:"posn"`
	Func    string `json:"func"`
	Message string `json:"message"`
	Input   string `json:"input"`
	// ExternalInput is the input as a user of the package writes it, in
	// its external test package; NotExternal says why there is none.
	ExternalInput string       `json:"external_input,omitempty"`
	NotExternal   []string     `json:"not_external,omitempty"`
	Trace         []StepRecord `json:"trace"`
	// Goroutine is the goroutine that panicked (0: the function's own),
	// Goroutines those its path started; ScheduleDependent says the
	// panic needs the trace's schedule (see result.Finding).
	Goroutine         int               `json:"goroutine,omitempty"`
	Goroutines        []GoroutineRecord `json:"goroutines,omitempty"`
	ScheduleDependent bool              `json:"schedule_dependent,omitempty"`
	Approximated      []string          `json:"approximated,omitempty"`
	// Unwritable says why Input does not compile in the package.
	Unwritable []string `json:"unwritable,omitempty"`
	// Latent marks a finding no caller of the package can reach
	// (-latent); HandBuilt names the types its input writes by hand.
	Latent    bool     `json:"latent,omitempty"`
	HandBuilt []string `json:"hand_built,omitempty"`
	// Replay is the outcome of running the witness as a test (-replay).
	Replay       string `json:"replay,omitempty"`
	ReplayReason string `json:"replay_reason,omitempty"`
	// ReplayUnoptimized marks a witness confirmed only when its package
	// is compiled with -gcflags=-N -l.
	ReplayUnoptimized bool `json:"replay_unoptimized,omitempty"`
	// InputPicture and PanicPicture are the finding's Graphviz files
	// (-dot).
	InputPicture string `json:"input_dot,omitempty"`
	PanicPicture string `json:"panic_dot,omitempty"`
}

// StepRecord is one step of a finding's path, taken by Goroutine.
type StepRecord struct {
	Posn      string   `json:"posn"`
	Depth     int      `json:"depth,omitempty"`
	Branch    string   `json:"branch,omitempty"`
	Values    []string `json:"values,omitempty"`
	Goroutine int      `json:"goroutine,omitempty"`
}

// GoroutineRecord is a goroutine a finding's path started.
type GoroutineRecord struct {
	ID    int    `json:"id"`
	Func  string `json:"func"`
	Start string `json:"start"`
}

// FuncRecord is the JSON Lines object of a function. Its fields are many
// because it is flat, a field for each count and list the record
// carries, so that a consumer reads one object without nesting.
type FuncRecord struct {
	Type      string `json:"type"`
	Func      string `json:"func"`
	Posn      string `json:"posn"`
	Status    string `json:"status"`
	Paths     int    `json:"paths"`
	Panics    int    `json:"panics"`
	Cut       int    `json:"cut"`
	NilParams int    `json:"nil_params"`
	Assumed   int    `json:"assumed"`
	Latent    int    `json:"latent"`
	Sequences int    `json:"sequences"`
	SeqPruned int    `json:"sequences_pruned"`
	States    int    `json:"states"`
	Work      int64  `json:"work"`
	// WorkSplit is Work by what it was spent on.
	WorkSplit WorkSplitRecord `json:"work_split"`
	Checks    int             `json:"subsumption_checks"`
	Subsumed  int             `json:"subsumed"`
	Stored    int             `json:"stored"`
	Refined   int             `json:"refined,omitempty"`
	// Summaries counts what procedure summaries did, under -summaries=on.
	Summaries   *SummaryRecord `json:"summaries,omitempty"`
	SolverCalls int            `json:"solver_calls"`
	Millis      int64          `json:"millis"`
	SolverMs    int64          `json:"solver_millis"`
	BoundsHit   []string       `json:"bounds_hit"`
	Unsupported []string       `json:"unsupported,omitempty"`
	Approx      []string       `json:"approximated,omitempty"`
	Notes       []string       `json:"notes,omitempty"`
	Error       string         `json:"error,omitempty"`
	// Cached marks a result taken from the result cache: its timings
	// are those of the run that left it there.
	Cached bool `json:"cached,omitempty"`
}

func findingJSON(f *result.Finding, rel func(string) string) FindingRecord {
	trace := make([]StepRecord, len(f.Trace))
	for i, st := range f.Trace {
		trace[i] = StepRecord{Posn: rel(st.Pos.String()), Depth: st.Depth, Branch: st.Branch, Values: st.Values, Goroutine: st.Goroutine}
	}
	var goroutines []GoroutineRecord
	for _, g := range f.Goroutines {
		goroutines = append(goroutines, GoroutineRecord{ID: g.ID, Func: g.Func, Start: rel(g.Start.String())})
	}
	input := append(append([]string(nil), f.Setup...), f.Call)
	var external string
	if e := f.External; e != nil {
		external = strings.Join(append(append([]string(nil), e.Setup...), e.Call), "\n")
	}
	return FindingRecord{
		ExternalInput:     external,
		NotExternal:       f.NotExternal,
		Type:              "finding",
		Kind:              string(f.Kind),
		Posn:              rel(f.Pos.String()),
		Func:              f.Func,
		Message:           f.Message,
		Input:             strings.Join(input, "\n"),
		Trace:             trace,
		Goroutine:         f.Goroutine,
		Goroutines:        goroutines,
		ScheduleDependent: f.ScheduleDependent,
		Approximated:      f.Approximated,
		Unwritable:        f.Unwritable,
		Latent:            f.Latent,
		HandBuilt:         f.HandBuilt,
	}
}

func funcJSON(r *result.FuncResult, rel func(string) string) FuncRecord {
	bounds := r.BoundsHit
	if bounds == nil {
		bounds = []string{}
	}
	return FuncRecord{
		Type:        "func",
		Func:        r.Func,
		Posn:        rel(r.Pos.String()),
		Status:      string(r.Status),
		Paths:       r.Paths,
		Checks:      r.Subsumption.Checks,
		Subsumed:    r.Subsumption.Subsumed,
		Stored:      r.Subsumption.Stored,
		Refined:     r.Refined,
		Summaries:   summaryJSON(r.Summaries),
		Panics:      r.Panics,
		Cut:         r.Cut,
		NilParams:   r.NilParams,
		Assumed:     r.Assumed,
		Latent:      r.Latent,
		Sequences:   r.Sequences,
		SeqPruned:   r.SequencesPruned,
		States:      r.States,
		Work:        r.Work,
		WorkSplit:   WorkSplitRecord(r.WorkSplit),
		SolverCalls: r.SolverCalls,
		Millis:      r.Elapsed.Milliseconds(),
		SolverMs:    r.SolverTime.Milliseconds(),
		BoundsHit:   bounds,
		Unsupported: unsupportedTexts(r),
		Approx:      r.Approximated,
		Notes:       r.Notes,
		Error:       r.Err,
	}
}

// WorkSplitRecord is a function's work by what it was spent on (see
// result.WorkSplit): init, api, hand_built, entry and shared_api add up
// to work, and solver and subsumption are parts of it.
type WorkSplitRecord struct {
	Init        int64 `json:"init"`
	API         int64 `json:"api"`
	HandBuilt   int64 `json:"hand_built"`
	Entry       int64 `json:"entry"`
	Shared      int64 `json:"shared_api"`
	Solver      int64 `json:"solver"`
	Subsumption int64 `json:"subsumption"`
}

// SummaryRecord is what procedure summaries did in a function's search
// (see result.SummaryStats).
type SummaryRecord struct {
	Recorded int `json:"recorded"`
	Broken   int `json:"broken"`
	Dropped  int `json:"dropped,omitempty"`
	Applied  int `json:"applied"`
	Covered  int `json:"covered"`
}

// summaryJSON is nil for a search that made no summary.
func summaryJSON(s result.SummaryStats) *SummaryRecord {
	if s == (result.SummaryStats{}) {
		return nil
	}
	return &SummaryRecord{s.Recorded, s.Broken, s.Dropped, s.Applied, s.Covered}
}
