package ssaexec

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gosym/gosym/result"
)

// TestProbe checks which entries the hand-built probe answers for: those
// no hand-built value makes panic, whose API values are then not built.
// Where one does, or where the hand-built values do not stand for the
// API's (an input function, a sync type's state), the API search runs.
func TestProbe(t *testing.T) {
	type record struct {
		Status   result.Status
		Answered bool // the record says the API's values were not built
		BuiltBy  bool // the record says how the API builds them
	}
	tests := []struct {
		fn   string
		want record
	}{
		{"(*probe.Queue).Cap", record{result.Complete, true, false}},
		{"(*probe.Queue).Reset", record{result.Complete, true, false}},
		// A hand-built queue panics: the API's one does too.
		{"(*probe.Queue).Pop", record{result.Failed, false, true}},
		// A hand-built queue panics; no API-built one does.
		{"(*probe.Queue).Peek", record{result.Bounded, false, true}},
		// The body calls a function a field holds: hand-built, it is
		// the caller's, while the API's holds one that panics.
		{"(*probe.Labels).Label", record{result.Failed, false, true}},
		{"(*probe.Labels).Size", record{result.Bounded, true, false}},
		// An atomic counter inside: a hand-built one is zero.
		{"(*syncs.Ring).Take", record{result.Failed, false, true}},
	}
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			cfg := deepConfig()
			res := testdataProgram(t).analyze(entry(t, tt.fn), cfg)
			has := func(prefix string) bool {
				return slices.ContainsFunc(res.Notes, func(n string) bool { return strings.Contains(n, prefix) })
			}
			got := record{res.Status, has("hand-built only: no hand-built value"), has(" built by ")}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("record (-want +got):\n%s\nnotes: %q", diff, res.Notes)
			}
			if got.Answered && res.Work > cfg.MaxWork/probeShare {
				t.Errorf("work %d, more than the probe's share %d", res.Work, cfg.MaxWork/probeShare)
			}
		})
	}
}

// TestProbeSharesInitialization checks that a probe under a budget too
// small to run its package's initialization alone still shares it with
// the search after it: both import it into the one Context (an internal
// error once, when the probe ran the initialization itself).
func TestProbeSharesInitialization(t *testing.T) {
	for _, fn := range []string{"(*probe.Queue).Push", "(*probe.Labels).Label"} {
		t.Run(fn, func(t *testing.T) {
			cfg := deepConfig()
			cfg.MaxWork = 30_000
			res := testdataProgram(t).Analyze(entry(t, fn), cfg)
			if res.Status == result.Error {
				t.Errorf("status %s: %s", res.Status, res.Err)
			}
		})
	}
}
