package ssaexec

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gosym/gosym/result"
)

// shownFinding is the part of a finding a user reads, with the file name
// shortened.
type shownFinding struct {
	Kind    result.Kind
	Posn    string
	Message string
	Setup   []string
	Call    string
	// Unwritable is set for witnesses that name what the package cannot.
	Unwritable []string
	// HandBuilt is set for latent findings: the types their witness
	// writes by hand.
	HandBuilt []string
}

func show(f *result.Finding) shownFinding {
	return shownFinding{
		Kind:    f.Kind,
		Posn:    fmt.Sprintf("%s:%d:%d", filepath.Base(f.Pos.Filename), f.Pos.Line, f.Pos.Column),
		Message: f.Message,
		Setup:   f.Setup,
		Call:    f.Call,

		Unwritable: f.Unwritable,
		HandBuilt:  f.HandBuilt,
	}
}

// TestWitnesses checks the exact findings, witnesses included, of the key
// cases: each needs a particular shape or value of the input.
func TestWitnesses(t *testing.T) {
	tests := []struct {
		fn   string
		want []shownFinding
	}{{
		fn: "lists.ThreeBug",
		want: []shownFinding{{
			Kind: result.NilDeref, Posn: "lists.go:52:30",
			Message: "nil dereference: head.Next.Next.Next is nil",
			Setup:   []string{"head := &Node{Next: &Node{Next: &Node{Next: nil}}}"},
			Call:    "ThreeBug(head)",
		}},
	}, {
		// A function the path needs non-nil is a literal of its type.
		fn: "funcs.Notify",
		want: []shownFinding{{
			Kind: result.NilDeref, Posn: "funcs.go:175:16",
			Message: "nil dereference: n.Next is nil",
			Setup:   []string{"n := &Node{Next: nil}"},
			Call:    "Notify(func(string) {}, n)",
		}},
	}, {
		// What an input function returns is an input: the literal
		// returns what each call needs, in order, counting its calls.
		fn: "callbacks.Window",
		want: []shownFinding{{
			Kind: result.SliceBounds, Posn: "callbacks.go:33:12",
			Message: "slice bounds out of range [1:0] (buf)",
			Setup:   []string{"calls := 0"},
			Call:    "Window([]byte{}, func() int { calls++; switch calls { case 1: return 1; default: return 0 } })",
		}},
	}, {
		// A loop calls it: each call a fresh value, up to k calls.
		fn: "callbacks.Drain",
		want: []shownFinding{{
			Kind: result.Panic, Posn: "callbacks.go:47:9",
			Message: "panic: third value is 7",
			Setup:   []string{"calls := 0"},
			Call:    "Drain(func() (int, bool) { calls++; switch calls { case 1, 2: return 0, true; default: return 7, true } })",
		}},
	}, {
		// An input function in a field of an input struct.
		fn: "callbacks.Pad",
		want: []shownFinding{{
			Kind: result.Index, Posn: "callbacks.go:62:10",
			Message: "index out of range [0] with length 0 (s[opts.Width(len(s))])",
			Setup:   []string{"opts := &Options{Width: func(int) int { return 0 }}"},
			Call:    `Pad("", opts)`,
		}},
	}, {
		// A less is an ordering: the canonical one.
		fn: "callbacks.Gap",
		want: []shownFinding{{
			Kind: result.DivZero, Posn: "callbacks.go:87:13",
			Message: "integer divide by zero: a - b is 0",
			Call:    "Gap(0, 0, func(a, b int) bool { return a < b })",
		}},
	}, {
		// A constructor's function parameter: the counter is declared
		// before the calls that build the receiver.
		fn: "(*callbacks.Feed).Step",
		want: []shownFinding{{
			Kind: result.NilFunc, Posn: "callbacks.go:157:13",
			Message:   "call of nil function: f.next is nil",
			Setup:     []string{"f := &Feed{next: nil}"},
			Call:      "f.Step([]int{})",
			HandBuilt: []string{"Feed"},
		}, {
			Kind: result.Index, Posn: "callbacks.go:162:14",
			Message: "index out of range [1] with length 0 (steps[a - b])",
			Setup:   []string{"calls := 0", "f := NewFeed(func() int { calls++; switch calls { case 1: return 0; default: return -1 } })"},
			Call:    "f.Step([]int{})",
		}},
	}, {
		// An unexported field written by hand (the type has an
		// invariant): the witness is an in-package test.
		fn: "(*callbacks.Meter).Rise",
		want: []shownFinding{{
			Kind: result.Index, Posn: "callbacks.go:181:17",
			Message: "index out of range [1] with length 0 (m.levels[after - before])",
			Setup:   []string{"calls := 0", "m := &Meter{probe: func() int { calls++; switch calls { case 1: return 0; default: return 1 } }, levels: []int{}}"},
			Call:    "m.Rise()",
		}},
	}, {
		// A literal that returns a variable is set once the variables
		// are declared: here it returns the node it is a field of.
		fn: "callbacks.Hop",
		want: []shownFinding{{
			Kind: result.DivZero, Posn: "callbacks.go:200:12",
			Message: "integer divide by zero: n.Visit(n).Val is 0",
			Setup: []string{"calls := 0", "n := &Node{}",
				"n.Visit = func(*Node) *Node { calls++; switch calls { case 1: return n; default: return &Node{Val: 0} } }"},
			Call: "Hop(n)",
		}, {
			Kind: result.NilDeref, Posn: "callbacks.go:200:25",
			Message: "nil dereference: n.Visit(n) is nil",
			Setup: []string{"calls := 0", "n := &Node{}",
				"n.Visit = func(*Node) *Node { calls++; switch calls { case 1: return n; default: return nil } }"},
			Call: "Hop(n)",
		}},
	}, {
		// An assert.Assert that can fail is a finding of its own kind.
		fn: "contracts.Abs",
		want: []shownFinding{{
			Kind: result.Assert, Posn: "contracts.go:32:15",
			Message: "assertion failed: Abs is negative",
			Call:    "Abs(-9223372036854775808)",
		}},
	}, {
		// The witness satisfies the receiver's invariant (repOK).
		fn: "(*contracts.Ring).Newest",
		want: []shownFinding{{
			Kind: result.Index, Posn: "contracts.go:77:14",
			Message: "index out of range [9] with length 9 (r.buf[r.head + r.n - 1])",
			Setup:   []string{"r := &Ring{buf: []int{8: 0}, head: 1, n: 9}"},
			Call:    "r.Newest()",
		}},
	}, {
		fn: "strs.Euro",
		want: []shownFinding{{
			Kind: result.Panic, Posn: "strs.go:120:9", Message: "panic: euro",
			Call: `Euro("€")`,
		}},
	}, {
		fn: "strs.FirstOfGreater",
		want: []shownFinding{{
			Kind: result.Index, Posn: "strs.go:97:10", Message: "index out of range [0] with length 0 (a[0])",
			Call: `FirstOfGreater("", "")`,
		}},
	}, {
		// bits.Len64 reads a constant table at a symbolic index: one path.
		fn: "strs.Digits",
		want: []shownFinding{{
			Kind: result.DivZero, Posn: "tables.go:19:12", Message: "integer divide by zero: bits.Len64(x) is 0",
			Call: "Digits(0)",
		}},
	}, {
		fn: "maps.Tags",
		want: []shownFinding{{
			Kind: result.NilDeref, Posn: "maps.go:125:17", Message: "nil dereference: n.Next is nil",
			Setup: []string{`tags := map[string]*Node{"x": &Node{Next: nil}}`},
			Call:  `Tags(tags, "x")`,
		}},
	}, {
		fn: "maps.Longest",
		want: []shownFinding{{
			Kind: result.Index, Posn: "maps.go:135:15", Message: "index out of range [-1] (k[len(k) - 1])",
			Setup: []string{`m := map[string]int{"": 0}`},
			Call:  "Longest(m)",
		}},
	}, {
		// bytes.Equal reads bytes past both ends: they stay out of the
		// literals.
		fn: "stdlib.Same",
		want: []shownFinding{{
			Kind: result.Index, Posn: "stdlib.go:57:11", Message: "index out of range [0] with length 0 (a[0])",
			Call: "Same([]byte{}, []byte{})",
		}},
	}, {
		fn: "stdlib.Port",
		want: []shownFinding{{
			Kind: result.DivZero, Posn: "stdlib.go:33:15", Message: "integer divide by zero: p is 0",
			Call: `Port("0")`,
		}},
	}, {
		fn: "aliasing.Steal",
		want: []shownFinding{{
			Kind: result.NilDeref, Posn: "aliasing.go:19:18",
			Message: "nil dereference: dst.Item is nil",
			Setup:   []string{"dst := &Box{Item: &Item{}}"},
			Call:    "Steal(dst, dst)",
		}},
	}, {
		fn: "(*dlist.List).Remove",
		want: []shownFinding{{
			Kind: result.NilDeref, Posn: "dlist.go:22:9",
			Message: "nil dereference: n.Next is nil",
			Setup:   []string{"l := &List{}", "n := &Node{Prev: nil, Next: nil}"},
			Call:    "l.Remove(n)",
		}},
	}, {
		fn: "arith.CheckedInc",
		want: []shownFinding{{
			Kind: result.Panic, Posn: "arith.go:9:8",
			Message: "panic: overflow",
			Call:    "CheckedInc(2147483647)",
		}},
	}, {
		fn: "lists.ValueOrZero",
		want: []shownFinding{{
			Kind: result.NilDeref, Posn: "lists.go:77:12",
			Message: "nil dereference: n is nil (compared with nil in n == nil at lists.go:76:7)",
			Call:    "ValueOrZero(nil)",
		}},
	}, {
		fn: "lists.Last",
		want: []shownFinding{{
			Kind: result.NilDeref, Posn: "lists.go:101:16",
			Message: "nil dereference: n.Next is nil",
			Setup:   []string{"head := &Node{Next: nil}"},
			Call:    "Last(head)",
		}},
	}, {
		fn: "lists.CycleBug",
		want: []shownFinding{{
			Kind: result.Panic, Posn: "lists.go:110:8",
			Message: "panic: cycle",
			Setup:   []string{"head := &Node{}", "node1 := &Node{}", "head.Next = node1", "node1.Next = head"},
			Call:    "CycleBug(head)",
		}},
	}, {
		fn: "lists.SharedTail",
		want: []shownFinding{{
			Kind: result.Panic, Posn: "lists.go:121:8",
			Message: "panic: shared",
			Setup:   []string{"a := &Node{}", "b := &Node{}", "node1 := &Node{}", "a.Next = node1", "b.Next = node1"},
			Call:    "SharedTail(a, b)",
		}},
	}, {
		fn: "(misc.Counter).Next",
		want: []shownFinding{{
			Kind: result.DivZero, Posn: "misc.go:48:13",
			Message: "integer divide by zero: *c.Step is 0",
			Setup:   []string{"int1 := new(int)", "*int1 = 0"},
			Call:    "(Counter{N: 0, Step: int1}).Next()",
		}, {
			Kind: result.NilDeref, Posn: "misc.go:48:15",
			Message: "nil dereference: c.Step is nil",
			Call:    "(Counter{N: 0, Step: nil}).Next()",
		}},
	}, {
		fn: "slices.InsertionSort",
		want: []shownFinding{{
			Kind: result.Index, Posn: "slices.go:43:34",
			Message: "index out of range [1] with length 1 (a[j])",
			Call:    "InsertionSort([]int{0})",
		}},
	}, {
		fn: "(*slices.Stack).Pop",
		want: []shownFinding{{
			Kind: result.Index, Posn: "slices.go:66:14",
			Message: "index out of range [-1] (s.items[len(s.items) - 1])",
			Setup:   []string{"s := &Stack{}"},
			Call:    "s.Pop()",
		}},
	}, {
		fn: "slices.FirstName",
		want: []shownFinding{{
			Kind: result.NilDeref, Posn: "slices.go:174:19",
			Message: "nil dereference: people[0] is nil",
			Call:    "FirstName([]*Person{nil})",
		}},
	}, {
		fn: "ifaces.Inverse",
		want: []shownFinding{{
			Kind: result.DivZero, Posn: "ifaces.go:62:14",
			Message: "integer divide by zero: x is 0",
			Call:    "Inverse(0)",
		}, {
			Kind: result.NilDeref, Posn: "ifaces.go:64:12",
			Message: "nil dereference: x is nil",
			Call:    "Inverse((*Square)(nil))",
		}},
	}, {
		fn: "ifaces.AsInt",
		want: []shownFinding{{
			Kind: result.TypeAssert, Posn: "ifaces.go:47:11",
			Message: "interface conversion: interface is nil, not int (v)",
			Call:    "AsInt(nil)",
		}},
	}, {
		fn: "maps.NextVal",
		want: []shownFinding{{
			Kind: result.NilDeref, Posn: "maps.go:36:16",
			Message: "nil dereference: n.Next is nil",
			Setup:   []string{"nodes := map[int]*Node{0: &Node{Next: nil}}"},
			Call:    "NextVal(nodes, 0)",
		}},
	}, {
		fn: "(*maps.Index).Add",
		want: []shownFinding{{
			Kind: result.NilMap, Posn: "maps.go:12:11",
			Message: "assignment to entry in nil map (ix.counts)",
			Setup:   []string{"ix := &Index{}"},
			Call:    `ix.Add("")`,
		}},
	}, {
		fn: "(*funcs.Handler).Fire",
		want: []shownFinding{{
			Kind: result.NilFunc, Posn: "funcs.go:19:18",
			Message: "call of nil function: h.OnEvent is nil",
			Setup:   []string{"h := &Handler{OnEvent: nil}"},
			Call:    "h.Fire(0)",
		}},
	}, {
		// gc divides before it loads n.Next (go/ssa loads first): a nil
		// n panics with the division, so it is the division's witness.
		fn: "evalorder.Field",
		want: []shownFinding{{
			Kind: result.NilDeref, Posn: "evalorder.go:15:9",
			Message: "nil dereference: n.Next is nil",
			Setup:   []string{"n := &Node{Next: nil}"},
			Call:    "Field(n, 1)",
		}, {
			Kind: result.DivZero, Posn: "evalorder.go:15:17",
			Message: "integer divide by zero: x is 0",
			Call:    "Field(nil, 0)",
		}},
	}, {
		// A store's index is checked after the right-hand side too.
		fn: "evalorder.Element",
		want: []shownFinding{{
			Kind: result.Index, Posn: "evalorder.go:20:8",
			Message: "index out of range [0] with length 0 (n.Vals[i])",
			Setup:   []string{"n := &Node{Vals: []int{}}"},
			Call:    "Element(n, 0, 1)",
		}, {
			Kind: result.DivZero, Posn: "evalorder.go:20:16",
			Message: "integer divide by zero: x is 0",
			Call:    "Element(nil, 0, 0)",
		}},
	}, {
		fn: "globals.Slot",
		want: []shownFinding{{
			Kind: result.NilDeref, Posn: "globals.go:27:9",
			Message: "nil dereference: table[i] is nil",
			Call:    "Slot(0)",
		}},
	}, {
		// A receiver with unexported state is built by a constructor and
		// a sequence of calls: the stale tail needs two.
		fn: "(*api.List).First",
		want: []shownFinding{{
			Kind: result.NilDeref, Posn: "api.go:53:16",
			Message: "nil dereference: l.head is nil",
			Setup:   []string{"l := NewList()", "l.Append(0)", "l.RemoveFirst()"},
			Call:    "l.First()",
		}},
	}, {
		// So is a parameter, with the arguments of the calls.
		fn: "api.Sum",
		want: []shownFinding{{
			Kind: result.DivZero, Posn: "api.go:169:16",
			Message: "integer divide by zero: n.val is 0",
			Setup:   []string{"l := NewFixedList()", "l.Append(0)"},
			Call:    "Sum(l)",
		}},
	}, {
		// The zero value the doc comment calls usable.
		fn: "(*api.Counter).Add",
		want: []shownFinding{{
			Kind: result.NilMap, Posn: "api.go:148:10",
			Message: "assignment to entry in nil map (c.counts)",
			Setup:   []string{"c := &Counter{}"},
			Call:    `c.Add("")`,
		}},
	}, {
		// Only a hand-built list has a tail and no head: latent. Its
		// node is hand-built too: node is not exported, and no exported
		// function returns one.
		fn: "(*api.FixedList).First",
		want: []shownFinding{{
			Kind: result.NilDeref, Posn: "api.go:103:16",
			Message:   "nil dereference: l.head is nil",
			Setup:     []string{"l := &FixedList{head: nil, tail: &node{}}"},
			Call:      "l.First()",
			HandBuilt: []string{"FixedList", "node"},
		}},
	}, {
		// A zero value a constructor exists for, and the doc comment does
		// not call usable, is hand-built too.
		fn: "(*api.Table).Set",
		want: []shownFinding{{
			Kind: result.NilMap, Posn: "api.go:161:8",
			Message:   "assignment to entry in nil map (t.rows)",
			Setup:     []string{"t := &Table{rows: nil}"},
			Call:      `t.Set("", 0)`,
			HandBuilt: []string{"Table"},
		}},
	}, {
		// A constructor that takes a function gets the one the package
		// offers, which the insertions then run.
		fn: "(*api.Sorted).Gap",
		want: []shownFinding{{
			Kind: result.DivZero, Posn: "api.go:210:13",
			Message: "integer divide by zero: s.vals[1] - s.vals[0] is 0",
			Setup:   []string{"s := NewSorted(Ascending)", "s.Insert(0)", "s.Insert(0)"},
			Call:    "s.Gap()",
		}, {
			Kind: result.Index, Posn: "api.go:210:22",
			Message: "index out of range [1] with length 0 (s.vals[1])",
			Setup:   []string{"s := NewSorted(Ascending)"},
			Call:    "s.Gap()",
		}},
	}, {
		// An ordering no function of the package fills is the natural
		// order of ints, written out; Add runs it.
		fn: "(*api.Set).Gap",
		want: []shownFinding{{
			Kind: result.DivZero, Posn: "api.go:268:13",
			Message: "integer divide by zero: s.keys[1].(int) - s.keys[0].(int) - 1 is 0",
			Setup: []string{
				"s := NewSet(func(a, b any) int { switch { case a.(int) < b.(int): return -1; case a.(int) > b.(int): return 1 }; return 0 })",
				"s.Add(0)", "s.Add(-1)",
			},
			Call: "s.Gap()",
		}, {
			Kind: result.Index, Posn: "api.go:268:22",
			Message: "index out of range [1] with length 0 (s.keys[1])",
			Setup:   []string{"s := NewSet(func(a, b any) int { switch { case a.(int) < b.(int): return -1; case a.(int) > b.(int): return 1 }; return 0 })"},
			Call:    "s.Gap()",
		}, {
			Kind: result.TypeAssert, Posn: "api.go:268:26",
			Message:   "interface conversion: interface is nil, not int (s.keys[1])",
			Setup:     []string{"s := &Set{keys: []any{1: nil}}"},
			Call:      "s.Gap()",
			HandBuilt: []string{"Set"},
		}, {
			Kind: result.TypeAssert, Posn: "api.go:268:44",
			Message:   "interface conversion: interface is nil, not int (s.keys[0])",
			Setup:     []string{"s := &Set{keys: []any{nil, 0}}"},
			Call:      "s.Gap()",
			HandBuilt: []string{"Set"},
		}},
	}, {
		// A method that returns a new value (an immutable type's) goes on
		// with it.
		fn: "(api.Vec).Ratio",
		want: []shownFinding{{
			Kind: result.DivZero, Posn: "api.go:234:21",
			Message: "integer divide by zero: v.vals[n - 1] is 0",
			Setup:   []string{"v := EmptyVec()", "v = v.With(0)", "v = v.With(0)"},
			Call:    "v.Ratio()",
		}},
	}, {
		// A type made by a method of another type (an iterator) is made
		// on a value the API built, then goes on with its own methods.
		fn: "(*api.BagIter).Done",
		want: []shownFinding{{
			Kind: result.Panic, Posn: "api.go:342:8",
			Message: "panic: iterator overflow",
			Setup:   []string{"bag := NewBag()", "bag.Add(0)", "it := bag.From(1)", "it.Skip(9223372036854775807)"},
			Call:    "it.Done()",
		}, {
			// Its zero value is no iterator the bag made.
			Kind: result.NilDeref, Posn: "api.go:344:29",
			Message:   "nil dereference: it.b is nil",
			Setup:     []string{"it := &BagIter{b: nil, next: 0}"},
			Call:      "it.Done()",
			HandBuilt: []string{"BagIter"},
		}},
	}, {
		fn: "(*api.Cursor).Value",
		want: []shownFinding{{
			Kind: result.NilDeref, Posn: "api.go:301:44",
			Message: "nil dereference: c.at is nil",
			Setup:   []string{"list := NewList()", "c := list.Cursor()"},
			Call:    "c.Value()",
		}},
	}, {
		// Another package's type comes from its API too: the zero value
		// bytes.Buffer's doc comment calls ready to use. The hand-built
		// buffer's panic is latent, and not Go the package can write.
		fn: "stdlib.LastUnread",
		want: []shownFinding{{
			Kind: result.SliceBounds, Posn: "stdlib.go:75:17",
			Message:    "slice bounds out of range [1:0] (b.buf) (in (*bytes.Buffer).Bytes)",
			Setup:      []string{"b := &bytes.Buffer{buf: []byte{}, off: 1}"},
			Call:       "LastUnread(b)",
			Unwritable: []string{"field buf of bytes.Buffer is not exported", "field off of bytes.Buffer is not exported"},
			HandBuilt:  []string{"bytes.Buffer"},
		}, {
			Kind: result.Index, Posn: "stdlib.go:76:13",
			Message: "index out of range [-1] (data[len(data) - 1])",
			Setup:   []string{"b := &bytes.Buffer{}"},
			Call:    "LastUnread(b)",
		}},
	}, {
		// A generic function whose arguments do not infer its type
		// argument is called with it, the first type its constraint names.
		fn: "generic.NewTree",
		want: []shownFinding{{
			Kind: result.Panic, Posn: "generic.go:107:8",
			Message: "panic: bad degree",
			Call:    "NewTree[int](0)",
		}, {
			Kind: result.MakeLen, Posn: "generic.go:119:28",
			Message: "makeslice: cap out of range (n)",
			Call:    "NewTree[int](35184372088836)",
		}},
	}, {
		// An instance whose type argument is its caller's type parameter
		// is as abstract as the generic function.
		fn: "generic.NewPool[T]",
		want: []shownFinding{{
			Kind: result.MakeLen, Posn: "generic.go:119:28",
			Message: "makeslice: cap out of range (n)",
			Call:    "NewPool[int](-1)",
		}},
	}, {
		// An instance of a generic type: its zero value and a method.
		fn: "(*generic.List[int]).Second",
		want: []shownFinding{{
			Kind: result.NilDeref, Posn: "generic.go:44:21",
			Message: "nil dereference: l.head.next is nil",
			Setup:   []string{"l := &List[int]{}", "l.Push(0)"},
			Call:    "l.Second()",
		}},
	}}
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			// Under the //gosym: directives, as the command runs it.
			res := testdataProgram(t).Analyze(entry(t, tt.fn), deepConfig())
			var got []shownFinding
			for _, f := range res.Findings {
				got = append(got, show(f))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("findings (-want +got):\n%s", diff)
			}
		})
	}
}

// TestExternalWitnesses checks the witnesses written for the external
// test package: the package's own names qualified, only exported ones
// used, and a variable never named like the package. A witness that
// needs the package's internals has none, and says why.
func TestExternalWitnesses(t *testing.T) {
	type external struct {
		Witness     *result.ExternalWitness
		NotExternal []string
	}
	tests := []struct {
		fn   string
		want []external
	}{{
		fn: "(*api.List).First",
		want: []external{{Witness: &result.ExternalWitness{
			Setup:   []string{"l := api.NewList()", "l.Append(0)", "l.RemoveFirst()"},
			Call:    "l.First()",
			Imports: []string{"github.com/gosym/gosym/testdata/api"},
		}}},
	}, {
		// The parameter's name is the package's.
		fn: "api.FirstOf",
		want: []external{{Witness: &result.ExternalWitness{
			Setup:   []string{"arg0 := api.NewList()", "arg0.Append(0)", "arg0.RemoveFirst()"},
			Call:    "api.FirstOf(arg0)",
			Imports: []string{"github.com/gosym/gosym/testdata/api"},
		}}},
	}, {
		fn: "(*api.Counter).Add",
		want: []external{{Witness: &result.ExternalWitness{
			Setup:   []string{"c := &api.Counter{}"},
			Call:    `c.Add("")`,
			Imports: []string{"github.com/gosym/gosym/testdata/api"},
		}}},
	}, {
		// The function the package offers, named as a user names it.
		fn: "(*api.Sorted).Gap",
		want: []external{{Witness: &result.ExternalWitness{
			Setup:   []string{"s := api.NewSorted(api.Ascending)", "s.Insert(0)", "s.Insert(0)"},
			Call:    "s.Gap()",
			Imports: []string{"github.com/gosym/gosym/testdata/api"},
		}}, {Witness: &result.ExternalWitness{
			Setup:   []string{"s := api.NewSorted(api.Ascending)"},
			Call:    "s.Gap()",
			Imports: []string{"github.com/gosym/gosym/testdata/api"},
		}}},
	}, {
		// A list a field points to, built by the API, the package
		// named apart from the variable.
		fn: "(*api.Shelf).Top",
		want: []external{{Witness: &result.ExternalWitness{
			Setup:   []string{"list := api.NewList()", "list.Append(0)", "list.RemoveFirst()", "s := &api.Shelf{Main: list}"},
			Call:    "s.Top()",
			Imports: []string{"github.com/gosym/gosym/testdata/api"},
		}}},
	}, {
		fn: "api.Ratio",
		want: []external{{Witness: &result.ExternalWitness{
			Setup:   []string{"list := api.NewList()"},
			Call:    "api.Ratio(api.Shelf{Main: list})",
			Imports: []string{"github.com/gosym/gosym/testdata/api"},
		}}, {Witness: &result.ExternalWitness{
			Call:    "api.Ratio(api.Shelf{Main: nil})",
			Imports: []string{"github.com/gosym/gosym/testdata/api"},
		}}},
	}, {
		// A cursor in a field, made by its list's method.
		fn: "(api.Walk).Here",
		want: []external{{Witness: &result.ExternalWitness{
			Setup:   []string{"list := api.NewList()", "cursor := list.Cursor()"},
			Call:    "(api.Walk{At: cursor}).Here()",
			Imports: []string{"github.com/gosym/gosym/testdata/api"},
		}}},
	}, {
		// A list held by value is a copy of one the API built.
		fn: "(*api.Ledger).Peek",
		want: []external{{Witness: &result.ExternalWitness{
			Setup:   []string{"list := api.NewList()", "list.Append(0)", "list.RemoveFirst()", "g := &api.Ledger{Open: *list}"},
			Call:    "g.Peek()",
			Imports: []string{"github.com/gosym/gosym/testdata/api"},
		}}},
	}, {
		fn: "(*api.Ledger).Oldest",
		want: []external{{Witness: &result.ExternalWitness{
			Setup:   []string{"list := api.NewList()", "g := &api.Ledger{Closed: []api.List{*list}}"},
			Call:    "g.Oldest()",
			Imports: []string{"github.com/gosym/gosym/testdata/api"},
		}}},
	}, {
		// A zero value that is a starting state, held by value.
		fn: "(*api.Piles).Top",
		want: []external{{Witness: &result.ExternalWitness{
			Setup:   []string{"var stack api.Stack", "p := &api.Piles{Main: stack}"},
			Call:    "p.Top()",
			Imports: []string{"github.com/gosym/gosym/testdata/api"},
		}}},
	}, {
		// The latent panic needs a count no calls make: it has no
		// witness outside the package.
		fn: "(api.Ledger).Mean",
		want: []external{{}, {Witness: &result.ExternalWitness{
			Setup:   []string{"list := api.NewList()"},
			Call:    "(api.Ledger{Open: *list}).Mean(0)",
			Imports: []string{"github.com/gosym/gosym/testdata/api"},
		}}},
	}, {
		// Latent: no witness outside the package.
		fn:   "(*api.FixedList).First",
		want: []external{{}},
	}, {
		fn: "(*generic.List[int]).Second",
		want: []external{{Witness: &result.ExternalWitness{
			Setup:   []string{"l := &generic.List[int]{}", "l.Push(0)"},
			Call:    "l.Second()",
			Imports: []string{"github.com/gosym/gosym/testdata/generic"},
		}}},
	}, {
		fn: "ifaces.Bigger",
		want: []external{
			{Witness: &result.ExternalWitness{Call: "ifaces.Bigger((*ifaces.Rect)(nil), &ifaces.Rect{})", Imports: []string{"github.com/gosym/gosym/testdata/ifaces"}}},
			{Witness: &result.ExternalWitness{Call: "ifaces.Bigger((*ifaces.Square)(nil), &ifaces.Rect{})", Imports: []string{"github.com/gosym/gosym/testdata/ifaces"}}},
			{Witness: &result.ExternalWitness{Call: "ifaces.Bigger(ifaces.Square{Side: 0}, (*ifaces.Square)(nil))", Imports: []string{"github.com/gosym/gosym/testdata/ifaces"}}},
		},
	}, {
		// A receiver with an invariant is written field by field, which
		// only the package can.
		fn: "(*contracts.Ring).Newest",
		want: []external{{NotExternal: []string{
			"field buf of contracts.Ring is not exported",
			"field head of contracts.Ring is not exported",
			"field n of contracts.Ring is not exported",
		}}},
	}, {
		// A nil of a type the package does not export: latent, and no
		// external witness; a nil interface any caller can pass.
		fn: "api.TotalSize",
		want: []external{
			{NotExternal: []string{"type api.box is not exported"}},
			{Witness: &result.ExternalWitness{Call: "api.TotalSize([]api.Sizer{nil})", Imports: []string{"github.com/gosym/gosym/testdata/api"}}},
		},
	}, {
		// An unexported function (an entry under -all).
		fn:   "lists.valueAfter",
		want: []external{{NotExternal: []string{"valueAfter is not exported"}}},
	}}
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			res := testdataProgram(t).analyze(entry(t, tt.fn), deepConfig())
			var got []external
			for _, f := range res.Findings {
				got = append(got, external{f.External, f.NotExternal})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("external witnesses (-want +got):\n%s", diff)
			}
		})
	}
}
