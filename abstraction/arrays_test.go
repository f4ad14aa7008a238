package abstraction

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gosym/gosym/solver"
)

func TestLayout(t *testing.T) {
	c := solver.NewContext()
	defer c.Close()
	cell := func(i uint64) arrayCell {
		return arrayCell{index: i, vals: []ref{{kind: scalarRef, term: c.BV(64, i)}}}
	}
	tests := []struct {
		name    string
		content arrayContent
		keys    []string // the slots' keys (scalars as "s")
		runs    []int    // cells per run
	}{
		{"prefix before the index", arrayContent{cells: []arrayCell{cell(0), cell(1), cell(2)}, markers: []marker{{at: 3, root: 7}}},
			[]string{"array", "run of 1", "index 7", "end"}, []int{3}},
		{"index on a cell, then a gap", arrayContent{cells: []arrayCell{cell(0), cell(2)}, markers: []marker{{at: 0, root: 1}}},
			[]string{"array", "index 1", "cell", "s", "gap", "cell", "s", "end"}, nil},
		{"nothing read yet", arrayContent{markers: []marker{{at: 1, root: 4}}},
			[]string{"array", "gap", "index 4", "end"}, nil},
		{"index splits a run", arrayContent{cells: []arrayCell{cell(0), cell(1), cell(2), cell(3)}, markers: []marker{{at: 2, root: 0}}},
			[]string{"array", "run of 1", "index 0", "run of 1", "end"}, []int{2, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			slots, runs := layout(&tt.content)
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
