// Package report turns gosym's results into what a user reads and runs:
// findings and function statuses as text or JSON Lines (Writer), a
// SARIF log (WriteSARIF), the run's summary and coverage (Summary,
// CoverageOf), heap pictures (WritePictures), and witness tests, written
// into the package (Emit) and replayed (Replay).
//
// # Witness tests
//
// A Suite holds, for one package, one test per finding: a regression
// test that builds the witness input with ordinary Go and calls the
// function. It fails while the call panics, saying whether the panic is
// the one gosym reported (the runtime's words, or the explicit panic's
// value, raised at the reported statement of the reported function), and
// passes once the bug is fixed. It finds the statement by its text, not
// its line, so edits elsewhere in the file leave it valid. A test a user
// of the package could have written goes in the external test package
// (package p_test), using the package's API only; the rest (latent
// findings, whose inputs need the package's unexported state, and
// witnesses that name unexported code) go in a file of the package
// itself. Replay compiles and runs the files against the package,
// without writing into it, and says of each finding whether its test
// confirmed it: failed with the reported panic.
package report
