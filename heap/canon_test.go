package heap

import (
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/gosym/gosym/solver"
)

// canonList makes, in a heap of ctx, `skip` unrelated objects and then a
// list of nodes holding vals, linked in order (the last to the node at
// index loop, if loop >= 0), and returns the heap and the nodes' ids.
func canonList(t *testing.T, ctx *solver.Context, node types.Type, skip int, vals []*solver.Term, loop int) (*Heap, []ObjID) {
	t.Helper()
	h := New(ctx, Config{Mode: LazierSharp, K: 3})
	for range skip {
		h.Alloc(types.Typ[types.Int])
	}
	ids := make([]ObjID, len(vals))
	for i := range vals {
		ids[i] = h.Alloc(node).Obj
	}
	for i, v := range vals {
		store(t, h, ids[i], 0, Scalar{v})
		if i+1 < len(vals) {
			store(t, h, ids[i], 1, Ptr{Obj: ids[i+1]})
		} else if loop >= 0 {
			store(t, h, ids[i], 1, Ptr{Obj: ids[loop]})
		}
	}
	return h, ids
}

// TestCanonical checks that two heaps get one Canon Key exactly when a
// renaming of objects and symbols takes the one's list to the other's.
func TestCanonical(t *testing.T) {
	ctx := solver.NewContext()
	t.Cleanup(ctx.Close)
	node := nodeType()
	x, y, z := ctx.FreshBV("x", 64), ctx.FreshBV("y", 64), ctx.FreshBV("z", 64)
	one := ctx.BV(64, 1)
	tests := []struct {
		name      string
		a, b      []*solver.Term
		skip      int
		loopA     int
		loopB     int
		wantEqual bool
	}{
		{"the same list", []*solver.Term{x, y}, []*solver.Term{x, y}, 0, -1, -1, true},
		{"other ids", []*solver.Term{x, y}, []*solver.Term{x, y}, 3, -1, -1, true},
		{"other symbols", []*solver.Term{x, y}, []*solver.Term{y, z}, 2, -1, -1, true},
		{"a term over other symbols", []*solver.Term{ctx.Add(x, one)}, []*solver.Term{ctx.Add(z, one)}, 0, -1, -1, true},
		{"one symbol twice against two", []*solver.Term{x, x}, []*solver.Term{y, z}, 0, -1, -1, false},
		{"another operation", []*solver.Term{ctx.Add(x, one)}, []*solver.Term{ctx.Sub(x, one)}, 0, -1, -1, false},
		{"another constant", []*solver.Term{one}, []*solver.Term{ctx.BV(64, 2)}, 0, -1, -1, false},
		{"a longer list", []*solver.Term{x, y}, []*solver.Term{x, y, z}, 0, -1, -1, false},
		{"a cycle against a chain", []*solver.Term{x, y}, []*solver.Term{x, y}, 0, 0, -1, false},
		{"cycles to other nodes", []*solver.Term{x, y, z}, []*solver.Term{x, y, z}, 0, 0, 1, false},
		{"the same cycle at other ids", []*solver.Term{x, y, z}, []*solver.Term{y, z, x}, 4, 1, 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ids := &Identities{}
			ha, a := canonList(t, ctx, node, 0, tt.a, tt.loopA)
			hb, b := canonList(t, ctx, node, tt.skip, tt.b, tt.loopB)
			ca, okA := ha.Canonical(nil, []Value{Ptr{Obj: a[0]}}, ids)
			cb, okB := hb.Canonical(nil, []Value{Ptr{Obj: b[0]}}, ids)
			if !okA || !okB {
				t.Fatalf("Canonical: ok %t and %t", okA, okB)
			}
			if got := ca.Key == cb.Key; got != tt.wantEqual {
				t.Errorf("keys equal = %t, want %t\n%q\n%q", got, tt.wantEqual, ca.Key, cb.Key)
			}
		})
	}
}

// inputNode makes, from base, whose argument object args holds a *Node
// parameter, and after skip unrelated objects, a heap whose parameter is
// resolved to a fresh node whose Next, unless next is "", was read and
// resolved by the choice labelled next (its first word: "nil", "alias"
// or "fresh"), or only read ("read"), or compared unequal to the node
// ("unlike"), and whose Val was read if val. It returns the heap and the
// parameter's value.
func inputNode(t *testing.T, base *Heap, args ObjID, ptr types.Type, skip int, next string, val bool) (*Heap, Value) {
	t.Helper()
	h := base.Clone()
	for range skip {
		h.Alloc(types.Typ[types.Int])
	}
	n, _ := h.Load(Ptr{Obj: args, Path: Path("").Field(0)}, ptr)
	choose(t, h, n, "fresh")
	if val {
		h.Load(fieldOf(t, h, n, 0), types.Typ[types.Int])
	}
	if next == "" {
		return h, n
	}
	v, _ := h.Load(fieldOf(t, h, n, 1), ptr)
	switch next {
	case "read":
	case "unlike":
		_, d := h.SamePtr(v, n)
		if d == nil || d.Choices[1].Label()[:3] != "not" {
			t.Fatalf("comparing %v with %v: %v, want a choice of not", v, n, labels(d))
		}
		d.Choices[1].Apply(h)
	default:
		choose(t, h, v, next)
	}
	return h, n
}

// choose resolves the reference v by the choice whose label begins with
// label.
func choose(t *testing.T, h *Heap, v Value, label string) {
	t.Helper()
	_, d := h.Deref(v)
	if d == nil {
		t.Fatalf("no decision on %v", v)
	}
	for _, c := range d.Choices {
		if strings.HasPrefix(c.Label(), label) {
			c.Apply(h)
			return
		}
	}
	t.Fatalf("no choice %q among %v", label, labels(d))
}

// fieldOf returns the address of field i of what the resolved v points to.
func fieldOf(t *testing.T, h *Heap, v Value, i int) Ptr {
	t.Helper()
	target, d := h.Deref(v)
	if d != nil {
		t.Fatalf("%v is not resolved", v)
	}
	return Ptr{Obj: target.Ptr.Obj, Path: target.Ptr.Path.Field(i)}
}

// TestCanonicalReads checks that what a path read of an input is part of
// its Canon: an input's fields keep their values in the heap's inputs,
// not in its object, and a Key that left them out took a node whose Next
// is nil for one whose Next points back to it (a summary of a recursion
// over the one then answered the other, which recurses forever).
func TestCanonicalReads(t *testing.T) {
	ctx := solver.NewContext()
	t.Cleanup(ctx.Close)
	ptr := types.NewPointer(nodeType())
	base := New(ctx, Config{Mode: LazierSharp, K: 3})
	args := base.NewArgs(types.NewTuple(types.NewParam(token.NoPos, nil, "n", ptr)))
	type input struct {
		next string
		val  bool
	}
	tests := []struct {
		name      string
		a, b      input
		skip      int
		wantEqual bool
	}{
		{"the same reads at other ids", input{"nil", true}, input{"nil", true}, 3, true},
		{"nil against a cycle", input{"nil", false}, input{"alias", false}, 0, false},
		{"nil against a fresh node", input{"nil", false}, input{"fresh", false}, 0, false},
		{"read against not read", input{"", false}, input{"nil", false}, 0, false},
		{"a value read against not", input{"", true}, input{"", false}, 0, false},
		{"read against compared unequal", input{"read", false}, input{"unlike", false}, 0, false},
		{"compared unequal at other ids", input{"unlike", false}, input{"unlike", false}, 3, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ids := &Identities{}
			ha, a := inputNode(t, base, args, ptr, 0, tt.a.next, tt.a.val)
			hb, b := inputNode(t, base, args, ptr, tt.skip, tt.b.next, tt.b.val)
			ca, okA := ha.Canonical(nil, []Value{a}, ids)
			cb, okB := hb.Canonical(nil, []Value{b}, ids)
			if !okA || !okB {
				t.Fatalf("Canonical: ok %t and %t", okA, okB)
			}
			if got := ca.Key == cb.Key; got != tt.wantEqual {
				t.Errorf("keys equal = %t, want %t\n%q\n%q", got, tt.wantEqual, ca.Key, cb.Key)
			}
		})
	}
}

// TestRenamingApply carries what a call did to one list (a write of a
// term over its nodes' values, a node it made and linked, and a result)
// to a list of another heap that differs in ids and symbols, and checks
// MadeOnly.
func TestRenamingApply(t *testing.T) {
	ctx := solver.NewContext()
	t.Cleanup(ctx.Close)
	node := nodeType()
	x, y := ctx.FreshBV("x", 64), ctx.FreshBV("y", 64)
	u, v := ctx.FreshBV("u", 64), ctx.FreshBV("v", 64)
	one := ctx.BV(64, 1)

	// The entry has an object the list does not reach first.
	entry, a := canonList(t, ctx, node, 1, []*solver.Term{x, y}, -1)
	exit := entry.Clone()
	store(t, exit, a[1], 0, Scalar{ctx.Add(x, one)})
	made := exit.Alloc(node).Obj
	store(t, exit, made, 0, Scalar{y})
	store(t, exit, a[1], 1, Ptr{Obj: made})
	if !exit.MadeOnly(entry) {
		t.Fatal("writes and an allocation are not MadeOnly")
	}
	if ref := exit.Clone(); ref.FreshRef(node) == nil || ref.MadeOnly(entry) {
		t.Fatal("a new symbolic reference is MadeOnly")
	}

	h, b := canonList(t, ctx, node, 5, []*solver.Term{u, v}, -1)
	before := h.Counters().next
	ids := &Identities{}
	from, _ := entry.Canonical(nil, []Value{Ptr{Obj: a[0]}}, ids)
	to, _ := h.Canonical(nil, []Value{Ptr{Obj: b[0]}}, ids)
	r := NewRenaming(from, to, ctx)
	d, ok := r.Delta(entry, exit, h)
	if !ok {
		t.Fatal("Delta refused")
	}
	d.Apply(h)
	got := load(t, h, b[1], 0, types.Typ[types.Int]).(Scalar).T
	if want := ctx.Add(u, one); got.Identity() != want.Identity() {
		t.Errorf("written value = %v, want %v", got, want)
	}
	if got := load(t, h, b[0], 0, types.Typ[types.Int]).(Scalar).T; got.Identity() != u.Identity() {
		t.Errorf("unwritten value = %v, want u", got)
	}
	link := load(t, h, b[1], 1, types.NewPointer(node)).(Ptr)
	if link.Obj != before+1 || h.Counters().next != before+1 {
		t.Fatalf("made node at o%d, heap's last o%d; want both o%d", link.Obj, h.Counters().next, before+1)
	}
	if got := load(t, h, link.Obj, 0, types.Typ[types.Int]).(Scalar).T; got.Identity() != v.Identity() {
		t.Errorf("made node's value = %v, want v", got)
	}
	res, ok := r.Value(Scalar{y})
	if !ok || res.(Scalar).T.Identity() != v.Identity() {
		t.Errorf("result = %v (%t), want v", res, ok)
	}
	if res, ok := r.Value(Ptr{Obj: made}); !ok || res.(Ptr).Obj != link.Obj {
		t.Errorf("result pointing to the made node = %v (%t), want o%d", res, ok, link.Obj)
	}
	if _, ok := r.Value(Scalar{ctx.FreshBV("w", 64)}); ok {
		t.Error("a value over a symbol the entry did not have was renamed")
	}
	if _, ok := r.Value(Ptr{Obj: 1}); ok {
		t.Error("a pointer to an object the entry had but did not reach was renamed")
	}
}
