package heap

import (
	"bytes"
	"flag"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gosym/gosym/solver"
)

var updateDot = flag.Bool("update", false, "rewrite the golden files in testdata/dot")

// dotHeap drives a heap the way the executor does on one path, taking
// the named choice at each decision and collecting the path condition.
type dotHeap struct {
	t     *testing.T
	ctx   *solver.Context
	h     *Heap
	conds []*solver.Term
}

func newDotHeap(t *testing.T) *dotHeap {
	ctx := solver.NewContext()
	t.Cleanup(ctx.Close)
	return &dotHeap{t: t, ctx: ctx, h: New(ctx, Config{Mode: LazierSharp, K: 3})}
}

func (p *dotHeap) decide(d *Decision, label string) {
	p.t.Helper()
	for _, c := range d.Choices {
		if c.Label() == label {
			if c.Guard != nil {
				p.conds = append(p.conds, c.Guard)
			}
			c.Apply(p.h)
			return
		}
	}
	p.t.Fatalf("no choice %q among %v", label, labels(d))
}

// load reads at ptr, taking the given choices in turn.
func (p *dotHeap) load(ptr Ptr, t types.Type, choices ...string) Value {
	p.t.Helper()
	for {
		v, d := p.h.Load(ptr, t)
		if d == nil {
			if len(choices) > 0 {
				p.t.Fatalf("load %v: choices %v left", ptr, choices)
			}
			return v
		}
		if len(choices) == 0 {
			p.t.Fatalf("load %v: unexpected decision %v", ptr, labels(d))
		}
		p.decide(d, choices[0])
		choices = choices[1:]
	}
}

func (p *dotHeap) deref(v Value, choice string) Ptr {
	p.t.Helper()
	tgt, d := p.h.Deref(v)
	if d != nil {
		p.decide(d, choice)
		tgt, _ = p.h.Deref(v)
	}
	return tgt.Ptr
}

// is constrains a scalar to n.
func (p *dotHeap) is(v Value, n int64) {
	term := v.(Scalar).T
	p.conds = append(p.conds, p.ctx.Eq(term, p.ctx.BV(term.Sort().Width(), uint64(n))))
}

func (p *dotHeap) model() Valuer {
	p.t.Helper()
	s := p.ctx.NewSolver()
	for _, c := range p.conds {
		s.Assert(c)
	}
	if r := s.Check(); r != solver.Sat {
		p.t.Fatalf("path condition is %v", r)
	}
	return s.Model()
}

func (p *dotHeap) param(i int) Ptr { return Ptr{Obj: p.h.Args(), Path: Path("").Field(i)} }

func dotParams(vars ...*types.Var) *types.Tuple { return types.NewTuple(vars...) }

func dotParam(name string, t types.Type) *types.Var { return types.NewParam(token.NoPos, nil, name, t) }

var (
	dotInt = types.Typ[types.Int]
	dotAny = types.NewInterfaceType(nil, nil)
)

// TestDot checks the drawings of small heaps against the golden files in
// testdata/dot, that drawing neither changes the heap nor varies between
// calls, and that Graphviz accepts the drawings without a warning.
func TestDot(t *testing.T) {
	node := nodeType()
	nodePtr := types.NewPointer(node)
	tests := []struct {
		name string
		draw func(t *testing.T) (*Heap, func() string)
	}{
		{"list_nil_next", func(t *testing.T) (*Heap, func() string) {
			// f(head *Node) dereferences head.Next.Next of a 2-node list.
			p := newDotHeap(t)
			ps := dotParams(dotParam("head", nodePtr))
			p.h.NewArgs(ps)
			first := p.deref(p.load(p.param(0), nodePtr), "fresh")
			p.is(p.load(Ptr{Obj: first.Obj, Path: ".0"}, dotInt), 1)
			second := p.deref(p.load(Ptr{Obj: first.Obj, Path: ".1"}, nodePtr), "fresh")
			p.is(p.load(Ptr{Obj: second.Obj, Path: ".0"}, dotInt), 2)
			p.deref(p.load(Ptr{Obj: second.Obj, Path: ".1"}, nodePtr), "nil")
			m := p.model()
			mark := Mark{Obj: second.Obj, Path: Path("").Field(1)}
			return p.h, func() string { return p.h.InputDot(m, nil, ps, mark) }
		}},
		{"param_nil", func(t *testing.T) (*Heap, func() string) {
			// f(p *Node, n int) dereferences p, nil; n is never read.
			p := newDotHeap(t)
			ps := dotParams(dotParam("p", nodePtr), dotParam("n", dotInt))
			args := p.h.NewArgs(ps)
			p.deref(p.load(p.param(0), nodePtr), "nil")
			m := p.model()
			mark := Mark{Obj: args, Path: Path("").Field(0)}
			return p.h, func() string { return p.h.InputDot(m, nil, ps, mark) }
		}},
		{"shared_cycle", func(t *testing.T) (*Heap, func() string) {
			// f(a, b, c *Node): a.Next == a, b == a, c non-nil but never
			// dereferenced (a fresh zero node); a.Val never read.
			p := newDotHeap(t)
			ps := dotParams(dotParam("a", nodePtr), dotParam("b", nodePtr), dotParam("c", nodePtr))
			p.h.NewArgs(ps)
			a := p.deref(p.load(p.param(0), nodePtr), "fresh")
			p.deref(p.load(Ptr{Obj: a.Obj, Path: ".1"}, nodePtr), "alias o2")
			p.deref(p.load(p.param(1), nodePtr), "alias o2")
			c := p.load(p.param(2), nodePtr)
			if _, _, d := p.h.IsNilPtr(c); d != nil {
				p.decide(d, "non-nil")
			}
			m := p.model()
			return p.h, func() string { return p.h.InputDot(m, nil, ps, Mark{}) }
		}},
		{"slice_cells", func(t *testing.T) (*Heap, func() string) {
			// f(s []int, i int) reads s[0] == 5 and s[i] == 7 with i == 2,
			// len 3, cap 4, and fails on a later index.
			p := newDotHeap(t)
			sliceType := types.NewSlice(dotInt)
			ps := dotParams(dotParam("s", sliceType), dotParam("i", dotInt))
			p.h.NewArgs(ps)
			s := p.load(p.param(0), sliceType, "input slice").(Slice)
			i := p.load(p.param(1), dotInt)
			p.is(i, 2)
			p.is(Scalar{s.Len}, 3)
			p.is(Scalar{s.Cap}, 4)
			p.is(p.load(p.h.ElemPtr(s.Store, p.ctx.BV(64, 0)), dotInt), 5)
			p.is(p.load(p.h.ElemPtr(s.Store, i.(Scalar).T), dotInt, "new input cell"), 7)
			m := p.model()
			return p.h, func() string { return p.h.InputDot(m, nil, ps, Mark{Obj: s.Store.Obj}) }
		}},
		{"panic_store_alloc", func(t *testing.T) (*Heap, func() string) {
			// f(head *Node) { n := &Node{Val: 42}; head.Val = 9; head.Next = n;
			// _ = n.Next.Val } with head.Val == 1 and head.Next read (nil) first.
			p := newDotHeap(t)
			ps := dotParams(dotParam("head", nodePtr))
			p.h.NewArgs(ps)
			head := p.deref(p.load(p.param(0), nodePtr), "fresh")
			p.is(p.load(Ptr{Obj: head.Obj, Path: ".0"}, dotInt), 1)
			p.load(Ptr{Obj: head.Obj, Path: ".1"}, nodePtr)
			n := p.h.Alloc(node)
			p.h.Store(Ptr{Obj: n.Obj, Path: ".0"}, Scalar{p.ctx.BV(64, 42)})
			p.h.Store(Ptr{Obj: head.Obj, Path: ".0"}, Scalar{p.ctx.BV(64, 9)})
			p.h.Store(Ptr{Obj: head.Obj, Path: ".1"}, n)
			m := p.model()
			roots := []Root{{Name: "n", Type: nodePtr, Val: n}, {Name: "k", Type: dotInt, Val: Scalar{p.ctx.BV(64, 3)}}}
			mark := Mark{Obj: n.Obj, Path: Path("").Field(1)}
			return p.h, func() string { return p.h.PanicDot(m, nil, ps, roots, mark) }
		}},
		{"maps_ifaces", func(t *testing.T) (*Heap, func() string) {
			// f(m map[string]int, x any) reads m["k"] == 3, writes m["w"] = 4,
			// asserts x.(int) == 7, and makes seen := map[int]bool{2: true}.
			p := newDotHeap(t)
			mapType := types.NewMap(types.Typ[types.String], dotInt)
			ps := dotParams(dotParam("m", mapType), dotParam("x", dotAny))
			p.h.NewArgs(ps)
			mp := p.deref(p.load(p.param(0), mapType), "fresh")
			v, _, d := p.h.MapGet(mp, Key{T: p.h.StrKey("k")})
			p.decide(d, "new input key")
			v, _, _ = p.h.MapGet(mp, Key{T: p.h.StrKey("k")})
			v, d = p.h.Use(v)
			if d != nil {
				t.Fatalf("map value: decision %v", labels(d))
			}
			p.is(v, 3)
			p.h.MapPut(mp, Key{T: p.h.StrKey("w")}, Scalar{p.ctx.BV(64, 4)}, false)
			x := p.load(p.param(1), dotAny)
			if _, d := p.h.HasType(x, dotInt); d != nil {
				p.decide(d, "type int")
			}
			dyn, _ := p.h.Concrete(x, nil, false)
			boxed, _ := p.h.Use(dyn.V)
			p.is(boxed, 7)
			seenType := types.NewMap(dotInt, types.Typ[types.Bool])
			seen := p.h.MakeMap(seenType)
			p.h.MapPut(seen, Key{T: p.ctx.BV(64, 2)}, Scalar{p.ctx.Bool(true)}, false)
			m := p.model()
			roots := []Root{
				{Name: "seen", Type: seenType, Val: seen},
				{Name: "s", Type: types.Typ[types.String], Val: Str{S: `a "b" <c>`}},
				{Name: "f", Type: types.NewSignatureType(nil, nil, nil, nil, nil, false), Val: Func{}},
				{Name: "t", Type: types.NewTuple(), Val: Tuple{}},
				{Name: "c", Type: types.NewChan(types.SendRecv, dotInt), Val: Opaque{Why: "channel"}},
			}
			return p.h, func() string { return p.h.PanicDot(m, nil, ps, roots, Mark{}) }
		}},
		{"nested_inputs", func(t *testing.T) (*Heap, func() string) {
			// f(ps []Pair, i int, name string, arr *[20]int) with ps[i].P
			// nil (i == 1), name[:2] == "hi", arr[3] == 9 and arr[18] == 1.
			p := newDotHeap(t)
			pairs := types.NewSlice(pairType(nodePtr))
			arrPtr := types.NewPointer(types.NewArray(dotInt, 20))
			ps := dotParams(dotParam("ps", pairs), dotParam("i", dotInt), dotParam("name", types.Typ[types.String]), dotParam("arr", arrPtr))
			p.h.NewArgs(ps)
			s := p.load(p.param(0), pairs, "input slice").(Slice)
			p.is(Scalar{s.Len}, 2)
			p.is(Scalar{s.Cap}, 2)
			i := p.load(p.param(1), dotInt)
			p.is(i, 1)
			elem := p.h.ElemPtr(s.Store, i.(Scalar).T)
			p.is(p.load(Ptr{Obj: elem.Obj, Path: elem.Path.Field(0)}, dotInt), 4)
			p.deref(p.load(Ptr{Obj: elem.Obj, Path: elem.Path.Field(1)}, nodePtr), "nil")
			name := p.load(p.param(2), types.Typ[types.String], "input string")
			bytes, n, d := p.h.StrPrefix(name, 2)
			if d != nil {
				t.Fatalf("string prefix: decision %v", labels(d))
			}
			p.is(Scalar{n}, 3)
			p.is(Scalar{bytes[0]}, 'h')
			p.is(Scalar{bytes[1]}, 'i')
			arr := p.deref(p.load(p.param(3), arrPtr), "fresh")
			p.is(p.load(p.h.ElemPtr(arr, p.ctx.BV(64, 3)), dotInt), 9)
			p.is(p.load(p.h.ElemPtr(arr, p.ctx.BV(64, 18)), dotInt), 1)
			m := p.model()
			mark := Mark{Obj: elem.Obj, Path: elem.Path.Field(1)}
			return p.h, func() string { return p.h.InputDot(m, nil, ps, mark) }
		}},
		{"panic_slices", func(t *testing.T) (*Heap, func() string) {
			// xs := []int{10, 20, 30}; ys := xs[1:]; zs := append(xs, 40);
			// n := &Node{Val: 5}; p := &n.Val; e, q := any(*n), any(n); then
			// zs[k] fails.
			p := newDotHeap(t)
			ps := dotParams()
			p.h.NewArgs(ps)
			c := p.ctx
			ints := types.NewSlice(dotInt)
			xs := p.h.AllocArray(ints, dotInt, c.BV(64, 3))
			for j, v := range []uint64{10, 20, 30} {
				p.h.Store(p.h.ElemPtr(xs, c.BV(64, uint64(j))), Scalar{c.BV(64, v)})
			}
			src, _ := p.h.ArrayAt(xs)
			grown := p.h.Window(&Array{Len: c.BV(64, 6), Elem: dotInt}, c.BV(64, 0), c.BV(64, 3), c.BV(64, 0), src)
			zs := p.h.NewStore(ints, grown)
			p.h.Store(p.h.ElemPtr(zs, c.BV(64, 3)), Scalar{c.BV(64, 40)})
			n := p.h.Alloc(node)
			p.h.Store(Ptr{Obj: n.Obj, Path: ".0"}, Scalar{c.BV(64, 5)})
			header := func(store Ptr, off, length, capacity uint64) Slice {
				return Slice{Store: store, Off: c.BV(64, off), Len: c.BV(64, length), Cap: c.BV(64, capacity), Nil: c.Bool(false)}
			}
			m := p.model()
			roots := []Root{
				{Name: "xs", Type: ints, Val: header(xs, 0, 3, 3)},
				{Name: "ys", Type: ints, Val: header(xs, 1, 2, 2)},
				{Name: "zs", Type: ints, Val: header(zs, 0, 4, 6)},
				{Name: "none", Type: ints, Val: Zero(c, ints)},
				{Name: "p", Type: types.NewPointer(dotInt), Val: Ptr{Obj: n.Obj, Path: ".0"}},
				{Name: "e", Type: dotAny, Val: Iface{Type: node, V: Struct{Fields: []Value{Scalar{c.BV(64, 5)}, Nil{}}}}},
				{Name: "q", Type: dotAny, Val: Iface{Type: nodePtr, V: n}},
			}
			return p.h, func() string { return p.h.PanicDot(m, nil, ps, roots, Mark{Obj: zs.Obj}) }
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, draw := tt.draw(t)
			before := h.Materialized
			got := draw()
			if again := draw(); again != got {
				t.Errorf("second drawing differs (-first +second):\n%s", cmp.Diff(got, again))
			}
			if h.Materialized != before {
				t.Errorf("drawing observed %d more input locations", h.Materialized-before)
			}
			golden := filepath.Join("testdata", "dot", tt.name+".dot")
			if *updateDot {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", golden, diff)
			}
			checkGraphviz(t, got)
		})
	}
}

// checkGraphviz renders the drawing with dot, if it is installed: it must
// succeed without a warning (an unknown port or attribute warns).
func checkGraphviz(t *testing.T, src string) {
	t.Helper()
	bin, err := exec.LookPath("dot")
	if err != nil {
		t.Log("dot not installed: drawing not rendered")
		return
	}
	cmd := exec.Command(bin, "-Tsvg")
	cmd.Stdin = bytes.NewReader([]byte(src))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil || stderr.Len() > 0 {
		t.Errorf("dot -Tsvg: %v\n%s", err, stderr.String())
	}
}

// pairType builds `type Pair struct { N int; P *Node }`.
func pairType(nodePtr types.Type) *types.Named {
	obj := types.NewTypeName(token.NoPos, nil, "Pair", nil)
	return types.NewNamed(obj, types.NewStruct([]*types.Var{
		types.NewField(token.NoPos, nil, "N", dotInt, false),
		types.NewField(token.NoPos, nil, "P", nodePtr, false),
	}, nil), nil)
}
