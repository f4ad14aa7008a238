package ssaexec

import (
	"testing"

	"github.com/gosym/gosym/heap"
)

// BenchmarkAnalyze explores testdata functions and reports, besides time,
// the figures that do not depend on the machine: paths, states and solver
// calls per exploration.
//
//	go test ./ssaexec -run '^$' -bench Analyze
func BenchmarkAnalyze(b *testing.B) {
	cases := []struct {
		name string
		fn   string
		mode heap.Mode
	}{
		{"Swap/lazy", "(*kiasan.Container).Swap", heap.Lazy},
		{"Swap/lazier", "(*kiasan.Container).Swap", heap.Lazier},
		{"Swap/lazier#", "(*kiasan.Container).Swap", heap.LazierSharp},
		{"InsertSorted", "lists.InsertSorted", heap.LazierSharp},
		{"InsertSortedFixed", "lists.InsertSortedFixed", heap.LazierSharp},
		{"ThreeBug", "lists.ThreeBug", heap.LazierSharp},
		{"RemoveFixed", "(*dlist.List).RemoveFixed", heap.LazierSharp},
		{"Mid", "arith.Mid", heap.LazierSharp},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			fn := entry(&testing.T{}, c.fn)
			cfg := DefaultConfig()
			cfg.Init = c.mode
			var res *FuncResult
			for b.Loop() {
				res = Analyze(fn, cfg)
			}
			b.ReportMetric(float64(res.Paths), "paths")
			b.ReportMetric(float64(res.States), "states")
			b.ReportMetric(float64(res.SolverCalls), "solver-calls")
		})
	}
}
