package api

// tally is not exported: a caller outside the package can write no
// tally, not even tally{}, so an exported function that takes one is
// called with nil or with what the package's functions return, and
// none returns a tally.
type tally struct{ n int }

// Per divides by the tally's count. No caller can pass a tally that is
// not nil, so the division by zero is latent: it needs a value no
// caller can build.
func Per(t *tally) int {
	if t == nil {
		return 0
	}
	return 100 / t.n // want latent div-zero "^integer divide by zero: t.n is 0$"
}

// gauge is not exported either, but NewGauge returns one, which is
// how a caller gets the gauges Level takes.
type gauge struct{ v int }

// NewGauge returns an empty gauge.
func NewGauge() *gauge { return &gauge{} }

// Level divides by the gauge's value, which is 0 in every gauge
// NewGauge returns: a real finding.
func Level(g *gauge) int {
	if g == nil {
		return 0
	}
	return 10 / g.v // want div-zero "^integer divide by zero: g.v is 0$"
}
