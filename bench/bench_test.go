package main

import (
	"fmt"
	"regexp"
	"runtime/debug"
	"testing"
	"time"

	"github.com/gosym/gosym/ssaexec"
)

// BenchmarkTableI runs each of Table I's methods at k = 3 under lazier#,
// the paper's fastest column, and reports besides the time the figures
// that do not depend on the machine. The harness times a row a few
// times at most, in a process busy with other rows; this is the way to
// compare two versions of the engine on a row:
//
//	go test ./bench -run '^$' -bench 'TableI/LeftistHeap.merge' -count 5
func BenchmarkTableI(b *testing.B) {
	h := benchHarness(b)
	for _, r := range tableI {
		b.Run(r.name, func(b *testing.B) {
			benchAnalyze(b, h, r.fn, kboundConfig("lazier#", 3))
		})
	}
}

// BenchmarkTableII runs the rows of Kiasan's Table II (see nbound) at
// each n-bound.
func BenchmarkTableII(b *testing.B) {
	h := benchHarness(b)
	for _, r := range tableII {
		for _, n := range r.ns {
			b.Run(fmt.Sprintf("%s/n=%d", r.name, n), func(b *testing.B) {
				benchAnalyze(b, h, r.fn, nboundConfig(n))
			})
		}
	}
}

// benchHarness loads the bench's packages, with the collector's target
// that main sets, for the benchmark's life.
func benchHarness(b *testing.B) *harness {
	root, err := moduleRoot()
	if err != nil {
		b.Fatal(err)
	}
	h, err := newHarness(root, options{run: regexp.MustCompile("")})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(h.prog.Release)
	old := debug.SetGCPercent(400)
	b.Cleanup(func() { debug.SetGCPercent(old) })
	return h
}

// benchAnalyze analyses fn under cfg, as the tables' runs do: to the end,
// with time as the only budget (the default work budget stopped
// LeftistHeap.merge after 32 of its 599 paths), and reports the
// analysis's time and counts.
func benchAnalyze(b *testing.B, h *harness, fn string, cfg ssaexec.Config) {
	cfg.MaxWork, cfg.Timeout = 0, time.Minute
	var paths, states, checks, calls int
	var elapsed time.Duration
	for b.Loop() {
		m := h.prog.Analyze(h.funcs[fn], cfg)
		paths, states, checks, calls = m.Paths, m.States, m.SolverChecks, m.SolverCalls
		elapsed += m.Elapsed
	}
	b.ReportMetric(float64(elapsed.Microseconds())/float64(b.N)/1000, "ms-analysis")
	b.ReportMetric(float64(paths), "paths")
	b.ReportMetric(float64(states), "states")
	b.ReportMetric(float64(checks), "checks")
	b.ReportMetric(float64(calls), "z3-runs")
}
