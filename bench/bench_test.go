package main

import (
	"regexp"
	"runtime/debug"
	"testing"
	"time"
)

// BenchmarkTableI runs each of Table I's methods at k = 3 under lazier#,
// the paper's fastest column, and reports besides the time the figures
// that do not depend on the machine. The harness times a row a few
// times at most, in a process busy with other rows; this is the way to
// compare two versions of the engine on a row:
//
//	go test ./bench -run '^$' -bench 'TableI/LeftistHeap.merge' -count 5
func BenchmarkTableI(b *testing.B) {
	root, err := moduleRoot()
	if err != nil {
		b.Fatal(err)
	}
	h, err := newHarness(root, options{run: regexp.MustCompile("")})
	if err != nil {
		b.Fatal(err)
	}
	defer h.prog.Release()
	// The collector's target that main sets.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	for _, r := range tableI {
		b.Run(r.name, func(b *testing.B) {
			fn := h.funcs[r.fn]
			cfg := kboundConfig("lazier#", 3)
			// As the table's runs: to the end, with time as the only
			// budget (the default work budget stopped LeftistHeap.merge
			// after 32 of its 599 paths).
			cfg.MaxWork, cfg.Timeout = 0, time.Minute
			var paths, states, checks, calls int
			var elapsed time.Duration
			for b.Loop() {
				m := h.prog.Analyze(fn, cfg)
				paths, states, checks, calls = m.Paths, m.States, m.SolverChecks, m.SolverCalls
				elapsed += m.Elapsed
			}
			b.ReportMetric(float64(elapsed.Microseconds())/float64(b.N)/1000, "ms-analysis")
			b.ReportMetric(float64(paths), "paths")
			b.ReportMetric(float64(states), "states")
			b.ReportMetric(float64(checks), "checks")
			b.ReportMetric(float64(calls), "z3-runs")
		})
	}
}
