package ssaexec

import "github.com/gosym/gosym/search"

// hitBound records that b cut a path.
func (x *machine) hitBound(b search.Bound) {
	x.bounds[b] = true
	x.res.Cut++
	x.cuts++
}

// hit reports whether a bound of one of the kinds cut a path of the
// search's current pass.
func (x *machine) hit(kinds ...search.BoundKind) bool { return x.bounds.Hit(kinds...) }
