package ssaexec

import (
	"slices"
	"testing"
	"time"

	"github.com/gosym/gosym/abstraction"
	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/result"
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
			cfg := deepConfig()
			cfg.Init = c.mode
			var res *result.FuncResult
			for b.Loop() {
				res = testdataProgram(&testing.T{}).analyze(fn, cfg)
			}
			b.ReportMetric(float64(res.Paths), "paths")
			b.ReportMetric(float64(res.States), "states")
			b.ReportMetric(float64(res.SolverCalls), "solver-calls")
		})
	}
}

// BenchmarkSubsumption explores the loop testdata with each subsumption
// mode and reports, per mode, the states explored and the time taken, and
// the ratios of abstract to off.
//
//	go test ./ssaexec -run '^$' -bench Subsumption -benchtime 5x
func BenchmarkSubsumption(b *testing.B) {
	fns := []string{
		"loops.Sum", "loops.Length", "loops.Find", "loops.Reverse", "loops.Insert",
		"loops.RemoveLast", "loops.SumSlice", "lists.InsertSortedFixed", "(*dlist.List).Len",
		"kiasan.InsertionSort", "slices.InsertionSortFixed",
	}
	modes := []abstraction.Mode{abstraction.Off, abstraction.Exact, abstraction.Abstract}
	for _, name := range fns {
		b.Run(name, func(b *testing.B) {
			fn := entry(&testing.T{}, name)
			states := map[abstraction.Mode]int{}
			elapsed := map[abstraction.Mode]time.Duration{}
			for b.Loop() {
				for _, mode := range modes {
					cfg := deepConfig()
					cfg.Subsume = mode
					start := time.Now()
					res := testdataProgram(&testing.T{}).analyze(fn, cfg)
					elapsed[mode] += time.Since(start)
					states[mode] = res.States
				}
			}
			for _, mode := range modes {
				b.ReportMetric(float64(states[mode]), "states-"+mode.String())
				b.ReportMetric(float64(elapsed[mode].Microseconds())/float64(b.N), "µs-"+mode.String())
			}
			b.ReportMetric(float64(states[abstraction.Abstract])/float64(states[abstraction.Off]), "states-abstract/off")
			b.ReportMetric(float64(elapsed[abstraction.Abstract])/float64(elapsed[abstraction.Off]), "time-abstract/off")
		})
	}
}

// BenchmarkWorkUnits explores every testdata entry with a work budget and
// reports what a work unit costs in time (see search/budget.go): the median over
// the functions of nanoseconds per unit, and the 5th and 95th
// percentiles. The rates in search/budget.go are fitted so that the median is
// about 5 µs and the spread small.
//
//	go test ./ssaexec -run '^$' -bench WorkUnits -benchtime 1x
func BenchmarkWorkUnits(b *testing.B) {
	prog := testdataProgram(&testing.T{})
	cfg := deepConfig()
	cfg.MaxWork = 300_000
	for b.Loop() {
		var perUnit []float64
		var work int64
		for _, fn := range prog.Entries(true, nil) {
			r := prog.analyze(fn, cfg)
			work += r.Work
			if r.Work >= 1000 { // below, the fixed cost of a search dominates
				perUnit = append(perUnit, float64(r.Elapsed.Nanoseconds())/float64(r.Work))
			}
		}
		slices.Sort(perUnit)
		at := func(q float64) float64 { return perUnit[int(q*float64(len(perUnit)-1))] }
		b.ReportMetric(at(0.5), "ns/unit")
		b.ReportMetric(at(0.05), "p5-ns/unit")
		b.ReportMetric(at(0.95), "p95-ns/unit")
		b.ReportMetric(float64(work), "units")
	}
}
