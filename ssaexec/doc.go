// Package ssaexec is gosym's engine: it loads packages as SSA (Load,
// Program), picks their entry functions (Entries), and explores each
// symbolically (Program.Analyze), handing over a result.FuncResult with
// its findings and coverage.
//
// The parts, each in its own files:
//   - the executor: one switch over SSA instructions (instr.go) on a path
//     state of frames, a heap.Heap and a path condition (state.go), with
//     calls, defers and panics (calls.go, defer.go), values of strings,
//     slices, maps and interfaces (strings.go, slices.go, maps.go,
//     iface.go), and the decide-then-re-execute protocol by which a step
//     that branches returns its alternatives;
//   - the search: depth-first over those alternatives, a worklist of
//     tasks whose order is written in one file (worklist.go), under
//     the budget that counts work, the bounds that cut paths and the
//     passes of iterative deepening over k, sequence length and bytes,
//     all from package search (budget.go, bound.go, searcher.go);
//     subsumption at loop heads with package abstraction (subsume.go)
//     and procedure summaries (procsum.go);
//   - entry states: the package's initialization, run once and shared
//     (initonce.go), and values with unexported state built through the
//     package's API, by constructors and call sequences (api.go,
//     sequence.go, probe.go);
//   - goroutines, channels, sync and timers (goroutines.go, chans.go,
//     syncvars.go, timers.go, waits.go), explored with dynamic
//     partial-order reduction under a preemption bound (dpor.go, on the
//     core in package dpor), and data races (races.go);
//   - models of library code, listed in one registry (models.go): which
//     standard packages run from source, the model packages that replace
//     some of their functions (std.go, internal/models), the intrinsics
//     gosym carries out, time's natives, and calls into C (cgo.go);
//   - findings: the record of a panicking path, its witness written by
//     package witness and its trace (found.go, external.go, trace.go), and
//     the facts other functions may know of one (summary.go,
//     panicconds.go, callfacts.go).
//
// A search's own state is layered by what each part may touch (see
// machine.go): subject, what is analysed; evaluator, operands and terms;
// machine, instructions short of the search; explorer, the search. Each
// embeds the layers below, and a method sits in the lowest that holds
// what it reads.
//
// It imports packages solver, heap, abstraction, search, ssafacts, dpor,
// witness and result; no package it imports imports it.
package ssaexec
