package ssaexec

import (
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/internal/ssasrc"
	"github.com/gosym/gosym/result"
)

// directedSource holds the functions of the tests of the directed
// search's coverage.
const directedSource = `package p

import "fmt"

type node struct {
	next *node
	v    int
}

func index(s []int, i int) int      { return s[i] }
func divide(a, b int) int           { return a / b }
func ratio(a, b float64) float64    { return a / b }
func shiftBy(a int, n uint) int     { return a << n }
func shiftSigned(a, n int) int      { return a << n }
func value(n *node) int             { return n.v }
func local() int                    { var x node; x.v = 1; return x.v }
func assert(v any) int              { return v.(int) }
func assertOK(v any) (int, bool)    { x, ok := v.(int); return x, ok }
func put(m map[string]int)          { m["a"] = 1 }
func lookup(m map[string]int) int   { return m["a"] }
func equal(a, b any) bool           { return a == b }
func equalInts(a, b int) bool       { return a == b }
func call(f func())                 { f() }
func describe(s fmt.Stringer) string { return s.String() }
func length(s []int) int            { return len(s) }

func get(s []int, i int) int {
	if i < 0 {
		return 0
	}
	return s[i]
}

func sum(s []int, n int) int {
	t := 0
	for i := 0; i < n; i++ {
		t += get(s, i)
	}
	return t
}

func depth(n *node) int {
	if n == nil {
		return 0
	}
	return 1 + depth(n.next)
}

func store(m map[int]int, s []int, i int) {
	v := get(s, i)
	m[i] = v
}
`

// TestMayPanic checks which instructions the directed search counts as
// ones that may panic: those of the runtime's panics, and no more.
func TestMayPanic(t *testing.T) {
	pkg := ssasrc.Build(t, directedSource)
	tests := []struct {
		fn   string
		want []string
	}{
		{"index", []string{"*ssa.IndexAddr"}}, // the load through it cannot be nil
		{"divide", []string{"*ssa.BinOp"}},
		{"ratio", nil},
		{"shiftBy", nil},
		{"shiftSigned", []string{"*ssa.BinOp"}},
		{"value", []string{"*ssa.FieldAddr"}},
		{"local", nil}, // a local variable's field: no nil to dereference
		{"assert", []string{"*ssa.TypeAssert"}},
		{"assertOK", nil},
		{"put", []string{"*ssa.MapUpdate"}},
		{"lookup", nil},
		{"equal", []string{"*ssa.BinOp"}}, // uncomparable dynamic types
		{"equalInts", nil},
		{"call", []string{"*ssa.Call"}},     // a nil function
		{"describe", []string{"*ssa.Call"}}, // a nil interface
		{"length", nil},
	}
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			var got []string
			for _, b := range pkg.Func(tt.fn).Blocks {
				for _, in := range b.Instrs {
					if mayPanic(in) {
						got = append(got, fmt.Sprintf("%T", in))
					}
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("instructions that may panic (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCoverageAhead checks what the directed search takes to be on a
// state's way: the rest of each frame's function and what it calls,
// through loops and recursion, but not the call the frame is making,
// whose callee is the frame above it.
func TestCoverageAhead(t *testing.T) {
	pkg := ssasrc.Build(t, directedSource)
	// mayPanicIn lists fn's instructions that may panic.
	mayPanicIn := func(fn string) []ssa.Instruction {
		var out []ssa.Instruction
		for _, b := range pkg.Func(fn).Blocks {
			for _, in := range b.Instrs {
				if mayPanic(in) {
					out = append(out, in)
				}
			}
		}
		return out
	}
	at := func(fn string, block, pc int) *frame {
		f := pkg.Func(fn)
		return &frame{fn: f, block: f.Blocks[block], pc: pc}
	}
	// calling is store's frame at its call of get, and get's above it
	// at its return of 0.
	calling := func() []*frame {
		outer := at("store", 0, 0)
		for i, in := range outer.block.Instrs {
			if call, ok := in.(*ssa.Call); ok {
				outer.pc = i
				return []*frame{outer, {fn: pkg.Func("get"), block: pkg.Func("get").Blocks[1], call: call}}
			}
		}
		t.Fatal("store calls nothing")
		return nil
	}
	tests := []struct {
		name     string
		frames   []*frame
		executed []string // functions whose instructions that may panic were executed
		want     bool
	}{
		{"a function's index not executed", []*frame{at("get", 0, 0)}, nil, true},
		{"its index executed", []*frame{at("get", 0, 0)}, []string{"get"}, false},
		{"past the branch to the index", []*frame{at("get", 1, 0)}, nil, false},
		{"through a loop's call", []*frame{at("sum", 0, 0)}, nil, true},
		{"through a loop's call, executed", []*frame{at("sum", 0, 0)}, []string{"get"}, false},
		{"recursion", []*frame{at("depth", 0, 0)}, nil, true},
		{"recursion, executed", []*frame{at("depth", 0, 0)}, []string{"depth"}, false},
		{"the caller's map write after the call", calling(), []string{"get"}, true},
		{"not the callee's index behind its frame", calling(), []string{"store"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCoverage()
			for _, fn := range tt.executed {
				for _, in := range mayPanicIn(fn) {
					c.executed[in] = true
				}
			}
			s := &state{frames: tt.frames}
			if got := c.ahead(s); got != tt.want {
				t.Errorf("ahead = %v, want %v", got, tt.want)
			}
			// What a search learnt it keeps: asked again, the same.
			if got := c.ahead(s); got != tt.want {
				t.Errorf("ahead asked again = %v, want %v", got, tt.want)
			}
		})
	}
}

// directedPackages are the testdata packages whose functions the
// directed search is compared on: lists, trees, loops, textbook
// algorithms, arithmetic, nil dereferences and aliasing, whose searches
// branch on both input and control.
var directedPackages = []string{"lists", "loops", "textbook", "trees", "ordered", "arith", "nilpanics", "aliasing"}

// TestDirectedFindsTheSame analyses every function of directedPackages
// depth first and directed, at the deep budget, under which both end
// within their bounds: the same panics (kind and position) and the
// same statuses. States must have waited in some of them, or the
// comparison checks nothing of the order.
func TestDirectedFindsTheSame(t *testing.T) {
	if testing.Short() {
		t.Skip("two deep searches of each function of eight testdata packages")
	}
	prog, err := Load("..", "./testdata/...")
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Release()
	type outcome struct {
		Status   result.Status
		Findings []string
	}
	outcomeOf := func(r *result.FuncResult) outcome {
		o := outcome{Status: r.Status}
		for _, f := range r.Findings {
			o.Findings = append(o.Findings, fmt.Sprintf("%s %s", f.Pos, f.Kind))
		}
		slices.Sort(o.Findings)
		return o
	}
	waited := map[string]bool{}
	compared, waitedIn, all := 0, 0, 0
	for _, fn := range prog.Entries(true, nil) {
		if !slices.Contains(directedPackages, packageOf(fn).Pkg.Name()) {
			continue
		}
		all++
		cfg := deepConfig()
		dfs := prog.Analyze(fn, cfg)
		cfg.Directed = true
		cfg.waitHook = func(fn *ssa.Function) { waited[fn.String()] = true }
		directed := prog.Analyze(fn, cfg)
		if !finishedWithin(dfs) || !finishedWithin(directed) {
			continue // the budget ended them where their orders took them
		}
		compared++
		if waited[fn.String()] {
			waitedIn++
		}
		if diff := cmp.Diff(outcomeOf(dfs), outcomeOf(directed)); diff != "" {
			t.Errorf("%s: depth first (-) and directed (+):\n%s", dfs.Func, diff)
		}
	}
	if compared < 80 || waitedIn < 20 {
		t.Errorf("%d functions compared, states waited in %d of them: want 80 and 20 or more", compared, waitedIn)
	}
	t.Logf("%d of %d functions compared; states waited in %d of them", compared, all, waitedIn)
}

// finishedWithin reports whether r's search ended within its bounds, no
// budget stopping it: not the function's, not the API search's half,
// not its deepening's.
func finishedWithin(r *result.FuncResult) bool {
	if r.Status == result.Stopped || r.Status == result.Timeout || r.Status == result.Error {
		return false
	}
	for _, l := range r.Limits {
		if slices.Contains([]string{"max-work", "max-states", "timeout", "api search budget", "deepening stopped"}, l) {
			return false
		}
	}
	return true
}
