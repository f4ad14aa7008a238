// Package heap is the memory of one symbolic path: objects of Go types
// whose fields hold values (constants, solver terms, references), arrays
// and maps as association lists with symbolic lengths, and the inputs the
// path observed. An input object exists before the entry call and is
// materialized lazily, as the path first reads it (Mode: lazy, lazier or
// lazier#), under the bounds of Config; the record of what each input
// location first held is what a witness is written from (Input) and what
// a picture draws (InputDot, PanicDot).
//
// Heaps fork cheaply (Clone): objects are immutable once placed, and a heap
// copies on write what it shares with the heap it was forked from. The
// package also gives what the searches above it compare heaps by: the
// terms a path's state holds (Terms), what a call can see and change
// (View), a call's state up to a renaming of its objects (Canon,
// Renaming), and the copy of a heap into another solver context
// (Importer).
//
// It imports package solver, and nothing else of gosym.
package heap
