// Package search holds what runs an entry function's search, apart from
// what the search explores: the order in which it takes up its pending
// work (Searcher, DepthFirst), the budget that counts its work (Budget),
// the typed bounds that cut its paths (BoundKind, Bound, Bounds), and the
// passes of iterative deepening over the bounds that multiply paths most
// (Pass, Deepening).
//
// The engine (package ssaexec) keeps its pending work, tasks over path
// states, in a DepthFirst worklist, with the solver's assertion stack
// mirroring the path; it asks the budget before each step and each
// query, records the bounds its paths hit, and runs one pass after
// another as Deepening says.
//
// It imports package solver only.
package search
