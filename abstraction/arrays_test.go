package abstraction

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gosym/gosym/solver"
)

func TestLayout(t *testing.T) {
	c := solver.NewContext()
	defer c.Close()
	n := c.FreshBV("n", 64)
	at := func(i int64) pos { return pos{off: i} }
	back := func(i int64) pos { return pos{base: n, off: i} } // n+i
	cell := func(p pos) arrayCell {
		return arrayCell{at: p, vals: []ref{{kind: scalarRef, term: c.BV(64, uint64(p.off))}}}
	}
	tests := []struct {
		name    string
		content arrayContent
		rel     order
		keys    []string // the slots' keys (scalars as "s")
		runs    []int    // cells per run
	}{
		{"prefix before the index", arrayContent{cells: []arrayCell{cell(at(0)), cell(at(1)), cell(at(2))}, markers: []marker{{at: at(3), root: 7}}},
			constsFirst, []string{"array", "run of 1", "index 7", "end"}, []int{3}},
		{"index on a cell, then a gap", arrayContent{cells: []arrayCell{cell(at(0)), cell(at(2))}, markers: []marker{{at: at(0), root: 1}}},
			constsFirst, []string{"array", "index 1", "cell", "s", "gap", "cell", "s", "end"}, nil},
		{"nothing read yet", arrayContent{markers: []marker{{at: at(1), root: 4}}},
			constsFirst, []string{"array", "gap", "index 4", "end"}, nil},
		{"index splits a run", arrayContent{cells: []arrayCell{cell(at(0)), cell(at(1)), cell(at(2)), cell(at(3))}, markers: []marker{{at: at(2), root: 0}}},
			constsFirst, []string{"array", "run of 1", "index 0", "run of 1", "end"}, []int{2, 2}},
		{"scans from both ends", arrayContent{sym: n,
			cells:   []arrayCell{cell(at(0)), cell(at(1)), cell(back(-2)), cell(back(-1))},
			markers: []marker{{at: at(2), root: 3}, {at: back(-3), root: 5}}},
			constsFirst, []string{"array", "s", "run of 1", "index 3", "gap", "index 5", "run of 1", "end after -1"}, []int{2, 2}},
		{"scans met", arrayContent{sym: n,
			cells:   []arrayCell{cell(at(0)), cell(at(1)), cell(back(-1))},
			markers: []marker{{at: at(2), root: 3}, {at: back(-2), root: 5}}},
			constsAdjacent, []string{"array", "s", "run of 1", "index 3", "index 5", "cell", "s", "end after -1"}, []int{2}},
		{"scans unordered", arrayContent{sym: n,
			cells:   []arrayCell{cell(at(0)), cell(back(-1))},
			markers: []marker{{at: at(1), root: 3}, {at: back(-1), root: 5}}},
			unordered, []string{"array", "s", "cell", "s", "index 3", "unordered", "index 5", "cell", "s", "end after -1"}, nil},
		{"from the end only", arrayContent{sym: n, cells: []arrayCell{cell(back(-3)), cell(back(-1))}},
			constsFirst, []string{"array", "s", "gap", "cell", "s", "gap", "cell", "s", "end after -1"}, nil},
		{"symbolic first", arrayContent{sym: n, cells: []arrayCell{cell(back(0)), cell(at(9))}},
			symsAdjacent, []string{"array", "s", "gap", "run of 1", "end"}, []int{2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			slots, runs, _ := layout(&tt.content, tt.rel)
			var keys []string
			for _, s := range slots {
				if s.kind == scalarRef {
					keys = append(keys, "s")
				} else {
					keys = append(keys, s.key)
				}
			}
			if diff := cmp.Diff(tt.keys, keys); diff != "" {
				t.Errorf("slots (-want +got):\n%s", diff)
			}
			var sizes []int
			for _, r := range runs {
				sizes = append(sizes, len(r))
			}
			if diff := cmp.Diff(tt.runs, sizes); diff != "" {
				t.Errorf("runs (-want +got):\n%s", diff)
			}
		})
	}
}
