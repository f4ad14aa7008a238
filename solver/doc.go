// Package solver builds path conditions as bit-vector terms and decides
// them incrementally with Z3, through a small cgo binding of Z3's C API
// that no other package sees: everything exported here is plain Go.
//
// # Terms
//
// A Term is Bool or a bit-vector (BV) of width 1..64. Go's integers wrap,
// so an int is a BV64 and a uint8 a BV8; signedness belongs to the
// operation (SDiv, Slt, AShr, SignExt), not to the sort. Operations whose
// results Go defines follow Go: SDiv truncates, SRem takes the dividend's
// sign, shifts accept a count of any width read as unsigned and shift
// everything out when it reaches the width. Division by zero follows
// SMT-LIB, which makes it total; the executor tests for zero first.
// Sort errors a Go check can see (different widths, a BV where a Bool is
// needed) panic before Z3 is called; an error Z3 itself reports becomes a
// panic "solver: Z3 error: ...", because Z3's default handler would exit
// the process.
//
// # Folding
//
// An operation whose operands are all concrete is computed in Go, with
// exactly Z3's semantics (tests check this against Z3 over edge values),
// and makes no Z3 object. Nor does any other operation: a symbolic term
// records how it was built, and its Z3 AST (and its operands') is made
// the first time Z3 needs it, for a check, a model or a print. The Z3
// context itself is made then: a search whose checks are all decided in
// Go never makes one. Structurally equal terms share an id the Context
// gives them (Identity), as Z3 shares their AST. Trivial Boolean identities
// are folded too: And drops true operands and is false if any is false, Or
// dually, Not(Not(x)) is x, Ite with a concrete condition picks a branch.
// The Solver applies the same idea: it never sends a concrete assertion to
// Z3, and answers Unsat itself when a concrete false is asserted or
// assumed.
//
// # Deciding in Go
//
// A symbolic executor asks mostly about conditions its path already
// settles: a loop test seen before, the opposite of a branch taken, a
// comparison that, with the path's others, orders keys in a cycle. The
// Solver keeps the literals on its stack (a comparison is always built
// from a strict one and Not, so a condition and its opposite share one
// atom) and a graph of the comparisons among them. A Check is Unsat
// without Z3 when the stack holds a literal and its negation, or a cycle
// of comparisons through a strict one; it is Sat without Z3 when Z3 found
// the stack satisfiable before and nothing new was asserted since. Only
// a model asked after such a Check makes Z3 run. Calls counts Z3's runs,
// Checks every check.
//
// # The chain of deciders
//
// The models of earlier answers, the reasoning in Go and Z3 form a chain,
// cheapest first, as KLEE's solver chain; SetChain picks which run. The
// Go side is a list of deciders (deciders.go), each a small type that
// reads the solver's stack (the assertions and what the Go side knows of
// them, its own type) and answers or passes the query on; the list is
// assembled in one function from the chain. Z3 comes after them, its
// incremental solver, then the query's slice, then the fallback tactic.
// Under Validate, a wrapper around each decider has Z3 decide again every
// query the Go side decided, and
// a different answer panics with a *Disagreement that names the query,
// written out in SMT-LIB. A model Z3 cannot find for a Sat the Go side
// decided is such a disagreement under any chain. Z3Only sends every
// query to Z3 (the tests that compare folding with Z3 use it).
//
// # Ownership
//
// Z3 contexts are created with Z3_mk_context_rc, so every Z3 object lives
// only while referenced. Each Term, Model and Solver owns one reference to
// its Z3 object, taken when the object is made (for a Term, when its AST
// is). When the Go value becomes
// unreachable a cleanup (runtime.AddCleanup) gives the reference back, but
// cleanups run on a runtime goroutine and Z3 contexts are single-threaded,
// so the cleanup only appends the object to a mutex-protected queue of its
// Context. The Context drains that queue, calling Z3's dec_ref, at the
// start of its next API call, on the owning goroutine. Since draining
// happens nowhere else, an AST read from a live Term during a call stays
// valid until the call returns. Close deletes the Z3 context, which frees
// everything in it at once; the queue is then closed, so late cleanups
// never touch the deleted context. A Context dropped without Close is
// closed by its own cleanup, which is safe because no Term, Model or Solver
// of it can still be reachable.
//
// # Goroutines
//
// A Context and everything made from it must be used by one goroutine at a
// time. Independent Contexts may be used in parallel, for example one per
// analysed function.
package solver
