// Package summaries ports the micro-benchmark of "Procedure summaries for
// Boolean programs with references" (ZING) (Figure 10): M clones a global
// object, sets its flag to a nondeterministic bool, recurses, and asserts the
// flag is still the bool before restoring it. A search that explores each
// level's two choices again under every choice above takes 2^N paths; with
// summaries of M over its argument and the flag, 2N.
//
// The seed's choose(bool) is the model checker's nondeterministic
// choice, which explores both values. Here it is an input function, and
// the flag is set by a branch on its result, so that a symbolic search
// explores both values too: set to the result itself, the flag would be
// one symbolic bool, and one path would cover both.
package summaries

// Foo is the seed's class Foo: a flag.
type Foo struct{ x bool }

// Clone returns a copy of f.
func (f *Foo) Clone() *Foo { return &Foo{x: f.x} }

// g is the seed's static Main.g.
var g *Foo

// run is the seed's main for n levels: the flag is false after M.
func run(n int, choose func() bool) {
	g = &Foo{}
	m(0, n, choose)
	if g.x {
		panic("assertion failed: g.x == false")
	}
}

// m is the seed's M, recursing until level n.
func m(i, n int, choose func() bool) {
	if i < n {
		f := g.Clone()
		if choose() {
			g.x = true
		} else {
			g.x = false
		}
		b := g.x
		m(i+1, n, choose)
		if g.x != b {
			panic("assertion failed: g.x == b")
		}
		g.x = f.x
	}
}

// Run5 and the others are the benchmark at N = 5 to 200.
func Run5(choose func() bool)   { run(5, choose) }
func Run10(choose func() bool)  { run(10, choose) }
func Run15(choose func() bool)  { run(15, choose) }
func Run20(choose func() bool)  { run(20, choose) }
func Run25(choose func() bool)  { run(25, choose) }
func Run50(choose func() bool)  { run(50, choose) }
func Run100(choose func() bool) { run(100, choose) }
func Run200(choose func() bool) { run(200, choose) }
