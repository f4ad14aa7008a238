package solver

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestValidateAgrees runs the folding cross-checks with the Go side
// deciding and Z3 checking each answer: a disagreement would panic.
func TestValidateAgrees(t *testing.T) {
	k := newCrossChecker(t)
	k.s.SetChain(Validate)
	for _, op := range binaryBVOps {
		for _, a := range edgeValues(8) {
			for _, b := range edgeValues(8) {
				k.check(op.name, binary(op.f, k.c), k.c.BV(8, a), k.c.BV(8, b))
			}
		}
	}
	// Every query is decided in Go and then again by Z3.
	if k.s.Calls() < k.checks {
		t.Errorf("Z3 ran %d times for %d queries", k.s.Calls(), k.checks)
	}
}

// TestDisagreement checks what a disagreement gives: a panic with both
// answers and the query, written to a file.
func TestDisagreement(t *testing.T) {
	c := NewContext()
	defer c.Close()
	s := c.NewSolver()
	s.SetChain(Validate) // so that Z3 sees what the Go side finds false
	x := c.FreshBV("x", 8)
	s.Assert(c.Ult(x, c.BV(8, 3)))
	s.Assert(c.Ugt(x, c.BV(8, 5)))
	var d *Disagreement
	func() {
		defer func() {
			r := recover()
			err, ok := r.(error)
			if !ok || !errors.As(err, &d) {
				t.Fatalf("recovered %v, want a *Disagreement", r)
			}
		}()
		s.validate(Sat, nil) // as if the Go side had found a model
	}()
	if d.Go != Sat || d.Z3 != Unsat {
		t.Errorf("answers: Go %s, Z3 %s; want sat and unsat", d.Go, d.Z3)
	}
	if d.File == "" {
		t.Fatalf("query not written: %s", d.Error())
	}
	defer os.Remove(d.File)
	data, err := os.ReadFile(d.File)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"(declare-fun x", "(assert", "(check-sat)"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the query lacks %q:\n%s", want, data)
		}
	}
	if !strings.Contains(d.Error(), d.File) {
		t.Errorf("the message does not name the file: %s", d.Error())
	}
}

func TestParseChain(t *testing.T) {
	for _, c := range []Chain{Cached, Validate, Z3Only, NoModels, Validate | NoIndependence, Z3Only | NoIndependence} {
		if got, err := ParseChain(c.String()); err != nil || got != c {
			t.Errorf("ParseChain(%q) = %v, %v", c, got, err)
		}
	}
	if got, err := ParseChain("noindependence"); err != nil || got != NoIndependence {
		t.Errorf(`ParseChain("noindependence") = %v, %v`, got, err)
	}
	for _, bad := range []string{"fast", "validate,z3", "noindependence,noindependence", "validate,", ""} {
		if _, err := ParseChain(bad); err == nil {
			t.Errorf("ParseChain accepted %q", bad)
		}
	}
}

// TestNoModels checks that without the models, a query an earlier model
// answers goes to Z3, and that refutations stay in Go.
func TestNoModels(t *testing.T) {
	tests := []struct {
		chain Chain
		want  int // Z3 runs for the three checks
	}{
		{Cached, 0},   // the Go side fits the models
		{NoModels, 2}, // each Sat is Z3's; the refutation is not
	}
	for _, tt := range tests {
		c := NewContext()
		s := c.NewSolver()
		s.SetChain(tt.chain)
		x := c.FreshBV("x", 8)
		s.Assert(c.Ult(x, c.BV(8, 3)))
		got := []Result{s.Check(), s.Check(c.Ult(x, c.BV(8, 10))), s.Check(c.Ugt(x, c.BV(8, 5)))}
		if want := []Result{Sat, Sat, Unsat}; !slices.Equal(got, want) {
			t.Errorf("%s: answers %v, want %v", tt.chain, got, want)
		}
		if s.Calls() != tt.want {
			t.Errorf("%s: Z3 ran %d times, want %d", tt.chain, s.Calls(), tt.want)
		}
		c.Close()
	}
}

// TestDecidersOfChains checks which deciders each chain's Go side runs,
// in order: the flag's spelling is all that picks them.
func TestDecidersOfChains(t *testing.T) {
	full := []string{"stackFalse", "literals", "provenStack", "keptModels", "backoff(repairs)", "*fitOrRefute", "backoff(boundsFit)", "backoff(guesses)", "preference"}
	validated := make([]string, len(full))
	for i, name := range full {
		validated[i] = "validated(" + name + ")"
	}
	tests := []struct {
		flag string
		want []string
	}{
		{"default", full},
		{"noindependence", full},
		{"validate", validated},
		{"nomodels", []string{"stackFalse", "literals", "provenStack", "*fitOrRefute"}},
		{"z3", []string{"stackFalse"}},
	}
	for _, tt := range tests {
		c, err := ParseChain(tt.flag)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range deciders(c, nil) {
			got = append(got, deciderName(d))
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("-solver %s: deciders (-want +got):\n%s", tt.flag, diff)
		}
	}
}

// deciderName is d's type name, and the one it wraps for a validated one.
func deciderName(d decider) string {
	if v, ok := d.(validated); ok {
		return "validated(" + deciderName(v.decider) + ")"
	}
	if b, ok := d.(*backoff); ok {
		return "backoff(" + deciderName(b.decider) + ")"
	}
	return strings.Replace(fmt.Sprintf("%T", d), "solver.", "", 1)
}

// scripted is a decider that gives the answers of its script in turn,
// Unknown once it is out, and counts the queries it was asked.
type scripted struct {
	answers []Result
	asked   int
}

func (d *scripted) decide(*stack, *query) Result {
	d.asked++
	if len(d.answers) == 0 {
		return Unknown
	}
	r := d.answers[0]
	d.answers = d.answers[1:]
	return r
}

// TestBackoff checks which queries a backoff passes to its decider: all
// while it answers, then, after backoffAfter misses in a row, one in
// every 2, 3, 5, 9, ... up to maxSkip + 1, and all again after an answer.
func TestBackoff(t *testing.T) {
	tests := []struct {
		name    string
		answers []Result
		queries int
		want    []int // the queries, from 0, that reached the decider
	}{
		{
			name:    "answering",
			answers: []Result{Sat, Unsat, Sat, Sat, Sat, Unsat},
			queries: 6,
			want:    []int{0, 1, 2, 3, 4, 5},
		},
		{
			name:    "missing",
			queries: 30,
			// four misses, skip 1, miss, skip 2, miss, skip 4, miss, skip 8, ...
			want: []int{0, 1, 2, 3, 5, 8, 13, 22},
		},
		{
			name:    "capped",
			queries: 200,
			want:    []int{0, 1, 2, 3, 5, 8, 13, 22, 39, 72, 105, 138, 171},
		},
		{
			name: "answer restarts",
			// misses up to the sixth query asked (skipping 1, then 2),
			// then an answer: every query is asked again.
			answers: []Result{Unknown, Unknown, Unknown, Unknown, Unknown, Sat},
			queries: 12,
			want:    []int{0, 1, 2, 3, 5, 8, 9, 10, 11},
		},
	}
	for _, tt := range tests {
		inner := &scripted{answers: tt.answers}
		b := &backoff{decider: inner}
		var got []int
		for i := range tt.queries {
			before := inner.asked
			b.decide(nil, &query{})
			if inner.asked > before {
				got = append(got, i)
			}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: queries asked (-want +got):\n%s", tt.name, diff)
		}
	}
}
