package witness

import (
	"fmt"
	"go/types"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/internal/ssasrc"
)

// source is the package the witnesses of the tests call.
const source = `package p

import "strings"

type Node struct {
	Val  int
	Next *Node
}

func (n *Node) Valid() bool { return n.Val >= 0 }

type Cache struct {
	items map[string]*Node
	size  int
}

func NewCache() *Cache { return &Cache{items: map[string]*Node{}} }

func (c *Cache) Put(k string, n *Node) { c.items[k] = n }

func (c *Cache) Get(k string) int { return c.items[k].Val }

func Walk(n *Node, s []int, name string, v any, r *strings.Reader) int { return 0 }

func Funcs(f func(int) int, g func() (int, bool), h func(int) int, given func(int) int, null func(int) int, calls int) {}

func Sort(xs []int, less func(a, b int) bool) {}

func Sum[T ~int | ~int64](xs []T) T { return 0 }

func First[T any, S ~[]T](s S) T { return s[0] }

func Abs[T ~int64 | ~int](a T) T { return a }

func Pipe(in <-chan int, a, b chan int, none chan bool) {}
`

// loadFixture builds source as SSA.
func loadFixture(t *testing.T) *ssa.Package {
	t.Helper()
	return ssasrc.Build(t, source)
}

// fixture gives the tests the functions and types of source.
type fixture struct {
	pkg *ssa.Package
}

func (fx fixture) fn(name string) *ssa.Function { return fx.pkg.Func(name) }

// method returns the method name of *T.
func (fx fixture) method(typ, name string) *ssa.Function {
	t := types.NewPointer(fx.typ(typ))
	sel := fx.pkg.Prog.MethodSets.MethodSet(t).Lookup(fx.pkg.Pkg, name)
	return fx.pkg.Prog.MethodValue(sel)
}

func (fx fixture) typ(name string) types.Type { return fx.pkg.Pkg.Scope().Lookup(name).Type() }

// params are fn's parameters as an input records them: the receiver
// first.
func params(fn *ssa.Function) *types.Tuple {
	vars := make([]*types.Var, len(fn.Params))
	for i, p := range fn.Params {
		vars[i] = types.NewParam(0, nil, p.Name(), p.Type())
	}
	return types.NewTuple(vars...)
}

// inputBuilder writes a heap.Input by hand: object 1 is the arguments.
type inputBuilder struct {
	in   *heap.Input
	next heap.ObjID
}

func newInput(ps *types.Tuple) *inputBuilder {
	vars := make([]*types.Var, ps.Len())
	for i := range vars {
		vars[i] = types.NewField(0, nil, ps.At(i).Name(), ps.At(i).Type(), false)
	}
	b := &inputBuilder{in: &heap.Input{Args: 1, Values: map[heap.Loc]heap.InputValue{}, Copies: map[heap.Loc]heap.ObjID{},
		Objects: map[heap.ObjID]heap.InputObject{}, Cells: map[heap.Loc][]heap.ConcreteCell{}, Keys: map[heap.Loc][]heap.ConcreteKey{}}, next: 1}
	b.in.Objects[1] = heap.InputObject{Type: types.NewStruct(vars, nil), Args: true}
	return b
}

// object adds an object of type t.
func (b *inputBuilder) object(t types.Type, o heap.InputObject) heap.ObjID {
	b.next++
	o.Type = t
	b.in.Objects[b.next] = o
	return b.next
}

// set records v at path p of object obj.
func (b *inputBuilder) set(obj heap.ObjID, p heap.Path, v heap.InputValue) {
	loc := heap.Loc{Obj: obj, Path: p}
	b.in.Locs = append(b.in.Locs, loc)
	b.in.Values[loc] = v
}

// arg records parameter i.
func (b *inputBuilder) arg(i int, v heap.InputValue) { b.set(1, field(i), v) }

// cell records element index of the input array at obj, as its cell id.
func (b *inputBuilder) cell(obj heap.ObjID, id int, index uint64, v heap.InputValue) {
	loc := heap.Loc{Obj: obj}
	p := heap.Path("").Cell(id)
	b.in.Cells[loc] = append(b.in.Cells[loc], heap.ConcreteCell{Path: p, Index: index})
	b.set(obj, p, v)
}

// key records that the input map obj holds key k, with v, as its cell id.
func (b *inputBuilder) key(obj heap.ObjID, id int, k heap.KeyValue, v heap.InputValue) {
	loc := heap.Loc{Obj: obj}
	p := heap.Path("").Cell(id)
	b.in.Keys[loc] = append(b.in.Keys[loc], heap.ConcreteKey{Path: p, Key: k})
	b.set(obj, p, v)
}

// done orders the locations as heap.Heap.Inputs does.
func (b *inputBuilder) done() *heap.Input {
	sort.Slice(b.in.Locs, func(i, j int) bool {
		if b.in.Locs[i].Obj != b.in.Locs[j].Obj {
			return b.in.Locs[i].Obj < b.in.Locs[j].Obj
		}
		return b.in.Locs[i].Path < b.in.Locs[j].Path
	})
	return b.in
}

func field(i int) heap.Path { return heap.Path("").Field(i) }

func num(n int64) heap.Number { return heap.Number{Bits: uint64(n), Int: n} }

// mustBuildCache says that callers get a Cache from the package's API.
func mustBuildCache(t types.Type, unexported bool) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Name() == "Cache"
}

// TestWrite checks the code of witnesses written from inputs and
// sequences, in the function's package and in its external test package.
func TestWrite(t *testing.T) {
	fx := fixture{loadFixture(t)}
	node := fx.typ("Node")
	nodePtr := types.NewPointer(node)
	tests := []struct {
		name  string
		entry func() *Entry
		want  Written
		// external is the external test's witness; why, if set, why
		// there is none.
		external Written
		why      []string
	}{
		{
			name: "a cycle through two nodes, a slice resliced, a string, a stand-in interface and a nil pointer of another package",
			entry: func() *Entry {
				fn := fx.fn("Walk")
				b := newInput(params(fn))
				a, c := b.object(node, heap.InputObject{}), b.object(node, heap.InputObject{})
				b.arg(0, heap.Ref{Obj: a})
				b.set(a, field(0), num(1))
				b.set(a, field(1), heap.Ref{Obj: c})
				b.set(c, field(0), num(-2))
				b.set(c, field(1), heap.Ref{Obj: a})
				store := b.object(types.NewArray(types.Typ[types.Int], 5), heap.InputObject{Store: true})
				b.arg(1, heap.SliceValue{Store: store, Len: 3, Cap: 5})
				b.cell(store, 1, 2, num(7))
				b.arg(2, heap.StringValue{S: "ab\x00"})
				b.arg(3, heap.IfaceValue{Static: types.Universe.Lookup("any").Type(), NotNil: true, Stand: nodePtr})
				b.arg(4, heap.Nil{})
				return &Entry{Fn: fn, Params: params(fn), Input: b.done()}
			},
			want: Written{
				Setup: []string{"n := &Node{Val: 1}", "node1 := &Node{Val: -2}", "n.Next = node1", "node1.Next = n"},
				Call:  `Walk(n, []int{2: 7, 4: 0}[:3], "ab\x00", &Node{}, nil)`,
			},
			external: Written{
				Setup:   []string{"n := &p.Node{Val: 1}", "node1 := &p.Node{Val: -2}", "n.Next = node1", "node1.Next = n"},
				Call:    `p.Walk(n, []int{2: 7, 4: 0}[:3], "ab\x00", &p.Node{}, nil)`,
				Imports: []string{"example.com/p"},
			},
		},
		{
			name: "channels of the input: one passed twice, a receive-only one and a nil one",
			entry: func() *Entry {
				fn := fx.fn("Pipe")
				ps := params(fn)
				b := newInput(ps)
				in := b.object(ps.At(0).Type(), heap.InputObject{})
				ab := b.object(ps.At(1).Type(), heap.InputObject{})
				b.arg(0, heap.Ref{Obj: in})
				b.arg(1, heap.Ref{Obj: ab})
				b.arg(2, heap.Ref{Obj: ab})
				b.arg(3, heap.Nil{})
				return &Entry{Fn: fn, Params: ps, Input: b.done()}
			},
			want: Written{
				Setup: []string{"in := make(<-chan int)", "a := make(chan int)"},
				Call:  "Pipe(in, a, a, nil)",
			},
			external: Written{
				Setup:   []string{"in := make(<-chan int)", "a := make(chan int)"},
				Call:    "p.Pipe(in, a, a, nil)",
				Imports: []string{"example.com/p"},
			},
		},
		{
			name: "a value of another package's unexported type, a big zero slice and a long string",
			entry: func() *Entry {
				fn := fx.fn("Walk")
				b := newInput(params(fn))
				store := b.object(types.NewArray(types.Typ[types.Int], 1<<20), heap.InputObject{Store: true})
				b.arg(1, heap.SliceValue{Store: store, Len: 1 << 19, Cap: 1 << 20})
				b.cell(store, 1, 3, num(0))
				b.arg(2, heap.StringValue{Repeat: 1 << 17})
				// A strings.Reader with its unexported field set.
				r := b.object(params(fn).At(4).Type().(*types.Pointer).Elem(), heap.InputObject{})
				b.arg(4, heap.Ref{Obj: r})
				b.set(r, field(1), num(4))
				return &Entry{Fn: fn, Params: params(fn), Input: b.done()}
			},
			want: Written{
				Setup:      []string{"r := &strings.Reader{i: 4}"},
				Call:       `Walk(nil, make([]int, 524288, 1048576), strings.Repeat("a", 131072), nil, r)`,
				Imports:    []string{"strings"},
				Unwritable: []string{"field i of strings.Reader is not exported"},
			},
			why: []string{"field i of strings.Reader is not exported"},
		},
		{
			name: "input functions return what each call returned, with a counter where they differ",
			entry: func() *Entry {
				fn := fx.fn("Funcs")
				ps := params(fn)
				b := newInput(ps)
				results := func(vals ...heap.InputValue) heap.ObjID {
					vars := make([]*types.Var, len(vals))
					for i := range vars {
						vars[i] = types.NewField(0, nil, fmt.Sprintf("r%d", i), types.Typ[types.Int], false)
					}
					id := b.object(types.NewStruct(vars, nil), heap.InputObject{Results: true})
					for i, v := range vals {
						if v != nil {
							b.set(id, field(i), v)
						}
					}
					return id
				}
				f := []heap.ObjID{results(num(5)), results(num(7)), results(num(5)), results(nil)}
				yes := heap.Number{Bool: true}
				g := []heap.ObjID{results(num(3), yes), results(num(4), yes)}
				b.arg(0, heap.FuncValue{Type: ps.At(0).Type(), NotNil: true, Calls: f})
				b.arg(1, heap.FuncValue{Type: ps.At(1).Type(), NotNil: true, Calls: g})
				b.arg(2, heap.FuncValue{Type: ps.At(2).Type(), NotNil: true})
				b.arg(3, heap.FuncValue{Type: ps.At(3).Type(), NotNil: true, Given: fx.method("Node", "Valid")})
				b.arg(4, heap.FuncValue{Type: ps.At(4).Type()})
				return &Entry{Fn: fn, Params: ps, Input: b.done()}
			},
			want: Written{
				Setup: []string{"calls2 := 0", "calls3 := 0"},
				Call: "Funcs(func(int) int { calls2++; switch calls2 { case 1, 3: return 5; case 2: return 7; default: return 0 } }, " +
					"func() (int, bool) { calls3++; switch calls3 { case 1: return 3, true; default: return 4, true } }, " +
					"func(int) int { return 0 }, Valid, nil, 0)",
			},
			external: Written{
				Setup: []string{"calls2 := 0", "calls3 := 0"},
				Call: "p.Funcs(func(int) int { calls2++; switch calls2 { case 1, 3: return 5; case 2: return 7; default: return 0 } }, " +
					"func() (int, bool) { calls3++; switch calls3 { case 1: return 3, true; default: return 4, true } }, " +
					"func(int) int { return 0 }, Valid, nil, 0)",
				Imports: []string{"example.com/p"},
			},
		},
		{
			name: "a hand-built value of a type the API builds makes the witness latent",
			entry: func() *Entry {
				fn := fx.method("Cache", "Get")
				b := newInput(params(fn))
				cache := b.object(fx.typ("Cache"), heap.InputObject{})
				items := b.object(types.NewMap(types.Typ[types.String], nodePtr), heap.InputObject{})
				b.arg(0, heap.Ref{Obj: cache})
				b.arg(1, heap.StringValue{S: "a"})
				b.set(cache, field(0), heap.Ref{Obj: items})
				b.key(items, 1, heap.KeyValue{Str: "a", IsStr: true}, heap.Nil{})
				return &Entry{Fn: fn, Params: params(fn), Input: b.done(), MustBuild: mustBuildCache}
			},
			want: Written{
				Setup:     []string{`c := &Cache{items: map[string]*Node{"a": nil}}`},
				Call:      `c.Get("a")`,
				HandBuilt: []string{"Cache"},
			},
			why: []string{"field items of p.Cache is not exported"},
		},
		{
			name: "values the API builds: a constructor, then a method given a node, before the entry",
			entry: func() *Entry {
				fn := fx.method("Cache", "Get")
				put := fx.method("Cache", "Put")
				b := newInput(params(fn))
				b.arg(1, heap.StringValue{S: "k"})
				putArgs := b.object(types.NewStruct([]*types.Var{
					types.NewField(0, nil, "k", types.Typ[types.String], false),
					types.NewField(0, nil, "n", nodePtr, false),
				}, nil), heap.InputObject{Args: true})
				n := b.object(node, heap.InputObject{})
				b.set(putArgs, field(0), heap.StringValue{S: "k"})
				b.set(putArgs, field(1), heap.Ref{Obj: n})
				b.set(n, field(0), num(-1))
				seq := &Sequence{
					Slots: []Slot{{Param: 0, Type: fx.typ("Cache"), Ptr: true, Owner: -1, Made: true, HoldsPtr: true}},
					Calls: []Call{
						{Slot: 0, Fn: fx.fn("NewCache"), Ctor: true, Params: types.NewTuple()},
						{Slot: 0, Fn: put, Args: putArgs, Params: types.NewTuple(params(put).At(1), params(put).At(2))},
					},
				}
				return &Entry{Fn: fn, Params: params(fn), Input: b.done(), Sequence: seq, MustBuild: mustBuildCache}
			},
			want: Written{
				Setup: []string{"n := &Node{Val: -1}", "c := NewCache()", `c.Put("k", n)`},
				Call:  `c.Get("k")`,
			},
			external: Written{
				Setup:   []string{"n := &p.Node{Val: -1}", "c := p.NewCache()", `c.Put("k", n)`},
				Call:    `c.Get("k")`,
				Imports: []string{"example.com/p"},
			},
		},
		{
			name: "a broken invariant is checked on a receiver written as a literal through a variable",
			entry: func() *Entry {
				fn := fx.method("Node", "Valid")
				b := newInput(params(fn))
				return &Entry{Fn: fn, Params: params(fn), Input: b.done(), Invariant: "Valid"}
			},
			want: Written{
				Setup:          []string{"gosymRecv := (*Node)(nil)"},
				Call:           "gosymRecv.Valid()",
				InvariantCheck: "gosymRecv.Valid()",
			},
			external: Written{
				Setup:          []string{"gosymRecv := (*p.Node)(nil)"},
				Call:           "gosymRecv.Valid()",
				InvariantCheck: "gosymRecv.Valid()",
				Imports:        []string{"example.com/p"},
			},
		},
		{
			name: "generic code analysed abstractly is instantiated with the types its constraints list",
			entry: func() *Entry {
				fn := fx.fn("Sum")
				tp := fn.TypeParams().At(0)
				b := newInput(params(fn))
				return &Entry{Fn: fn, Params: params(fn), Input: b.done(), Generic: &Generic{Params: []*types.TypeParam{tp}}}
			},
			want: Written{Call: "Sum[int](nil)"},
			external: Written{
				Call:    "p.Sum[int](nil)",
				Imports: []string{"example.com/p"},
			},
		},
		{
			name: "an untyped constant would infer its default type, not the representative",
			entry: func() *Entry {
				fn := fx.fn("Abs")
				b := newInput(params(fn))
				b.arg(0, num(-3))
				return &Entry{Fn: fn, Params: params(fn), Input: b.done(), Generic: &Generic{Params: []*types.TypeParam{fn.TypeParams().At(0)}}}
			},
			want: Written{Call: "Abs[int64](-3)"},
			external: Written{
				Call:    "p.Abs[int64](-3)",
				Imports: []string{"example.com/p"},
			},
		},
		{
			name: "typed arguments infer the type parameters, those of a constraint's core type too",
			entry: func() *Entry {
				fn := fx.fn("First")
				b := newInput(params(fn))
				store := b.object(types.NewArray(types.Typ[types.Int], 1), heap.InputObject{Store: true})
				b.arg(0, heap.SliceValue{Store: store, Len: 1, Cap: 1})
				b.cell(store, 1, 0, heap.Nil{})
				tps := []*types.TypeParam{fn.TypeParams().At(0), fn.TypeParams().At(1)}
				return &Entry{Fn: fn, Params: params(fn), Input: b.done(), Generic: &Generic{Params: tps}}
			},
			want: Written{Call: "First([]any{nil})"},
			external: Written{
				Call:    "p.First([]any{nil})",
				Imports: []string{"example.com/p"},
			},
		},
		{
			name: "a canonical order given to a function parameter",
			entry: func() *Entry {
				fn := fx.fn("Sort")
				ps := params(fn)
				b := newInput(ps)
				b.arg(1, heap.FuncValue{Type: ps.At(1).Type(), NotNil: true, Given: Order{Param: types.Typ[types.Int], Key: types.Typ[types.Int]}})
				return &Entry{Fn: fn, Params: ps, Input: b.done()}
			},
			want: Written{Call: "Sort(nil, func(a, b int) bool { return a < b })"},
			external: Written{
				Call:    "p.Sort(nil, func(a, b int) bool { return a < b })",
				Imports: []string{"example.com/p"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := tt.entry()
			if diff := cmp.Diff(tt.want, Write(e)); diff != "" {
				t.Errorf("Write (-want +got):\n%s", diff)
			}
			ext, why := External(e)
			if diff := cmp.Diff(tt.why, why); diff != "" {
				t.Errorf("External's reasons (-want +got):\n%s", diff)
			}
			if why != nil {
				return
			}
			if diff := cmp.Diff(tt.external, ext); diff != "" {
				t.Errorf("External (-want +got):\n%s", diff)
			}
		})
	}
}
