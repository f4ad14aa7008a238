// Package ifaces holds interface code: method calls on nil and typed-nil
// interfaces, type assertions and type switches.
package ifaces

// Shape has an area.
type Shape interface{ Area() int }

// Square is a shape.
type Square struct{ Side int }

// Area is the square of the side.
func (s Square) Area() int { return s.Side * s.Side }

// Rect is a shape held by pointer.
type Rect struct{ W, H int }

// Area reads through the receiver, which a typed nil makes nil.
func (r *Rect) Area() int {
	return r.W * r.H // want nil-deref `^nil dereference: r is nil$` nil-deref `^nil dereference: r is nil$` nil-deref `^nil dereference: r is nil$`
}

// Total sums the areas; a nil shape, or a nil *Rect in a shape, panics.
func Total(shapes []Shape) int {
	t := 0
	for _, s := range shapes {
		t += s.Area() // want nil-deref `^nil dereference: method Area called on nil interface s$` nil-deref `^nil dereference: value method ifaces.Square.Area called using nil \*Square pointer \(in \(\*ifaces.Square\).Area\)$`
	}
	return t
}

// TotalSafe skips nil shapes; a nil *Rect still panics inside Area.
func TotalSafe(shapes []Shape) int {
	t := 0
	for _, s := range shapes {
		if s != nil {
			if r, ok := s.(*Rect); ok && r == nil {
				continue
			}
			t += s.Area() // want nil-deref `^nil dereference: value method ifaces.Square.Area called using nil \*Square pointer \(in \(\*ifaces.Square\).Area\)$`
		}
	}
	return t
}

// AsInt asserts that v holds an int.
func AsInt(v any) int {
	return v.(int) // want type-assert `^interface conversion: interface is nil, not int \(v\)$`
}

// AsIntOK uses the comma-ok form.
func AsIntOK(v any) int {
	if n, ok := v.(int); ok {
		return n
	}
	return 0
}

// Inverse divides by an int held in v, or reads a *Square's side.
func Inverse(v any) int {
	switch x := v.(type) {
	case int:
		return 100 / x // want div-zero `^integer divide by zero: x is 0$`
	case *Square:
		return x.Side // want nil-deref `^nil dereference: x is nil$`
	case nil:
		return 0
	}
	return -1
}

// Area of a shape parameter: a nil shape is the caller's mistake, but a
// typed nil in it is not.
func Area(s Shape) int {
	return s.Area() // want nil-deref `^nil dereference: value method ifaces.Square.Area called using nil \*Square pointer \(in \(\*ifaces.Square\).Area\)$`
}

// Bigger compares two shapes' areas through the interface.
func Bigger(a, b Shape) bool {
	if a == nil || b == nil {
		return false
	}
	return a.Area() > b.Area() // want nil-deref `^nil dereference: value method ifaces.Square.Area called using nil \*Square pointer \(in \(\*ifaces.Square\).Area\)$` nil-deref `^nil dereference: value method ifaces.Square.Area called using nil \*Square pointer \(in \(\*ifaces.Square\).Area\)$`
}

// Weigher weighs something.
type Weigher interface{ Weight() int }

// Labelled embeds a Weigher and is one by its promoted Weight.
type Labelled struct {
	Weigher
	Label string
}

// WeightOf calls Weight, which a Labelled promotes from its embedded
// Weigher: a nil one, or a nil *Labelled, panics in the promoted method,
// which has no line of its own, so the panic is at the call.
func WeightOf(s Weigher) int {
	if s == nil {
		return 0
	}
	return s.Weight() // want nil-deref `^nil dereference: method Weight called on nil interface s.\(ifaces.Labelled\).Weigher \(in \(ifaces.Labelled\).Weight\)$` nil-deref `^nil dereference: s.\(\*ifaces.Labelled\) is nil \(in \(\*ifaces.Labelled\).Weight\)$`
}

// AreaOf returns the area method of the shapes' first shape, bound now:
// a method value of a nil interface panics where it is taken, not where
// it is called.
func AreaOf(shapes []Shape) func() int {
	if len(shapes) == 0 {
		return nil
	}
	return shapes[0].Area // want nil-deref `^nil dereference: method value Area of nil interface shapes\[0\]$`
}

// Asserted checks that s is a Shape the way a caller may write it: x.(I)
// on a nil x is a failed type assertion, not a nil dereference.
func Asserted(s struct{ S Shape }) Shape {
	return s.S.(Shape) // want type-assert `^interface conversion: interface is nil, not Shape \(s.S\)$`
}

// Scaler scales something.
type Scaler interface{ Scale(k int) int }

// Half scales by half; it is no Shape.
type Half struct{ N *int }

// Scale halves k times what h holds.
func (h *Half) Scale(k int) int { return *h.N * k / 2 } // want nil-deref `^nil dereference: h.N is nil$`

// ScaleOf scales a shape that is also a Scaler. Half is a Scaler but no
// Shape, so no value s holds is one, and Half's nil dereference is no
// finding of ScaleOf.
func ScaleOf(s Shape, k int) int {
	if sc, ok := s.(Scaler); ok {
		return sc.Scale(k)
	}
	return 0
}
