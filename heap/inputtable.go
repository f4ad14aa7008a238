package heap

import (
	"iter"
	"maps"
	"sync/atomic"

	"github.com/gosym/gosym/internal/cow"
)

// inputTable records the first value of each input location a path
// observed, by object. Most forks observe a location or two of one object
// before forking again: kept as one map of locations, every such fork
// copied the whole record (a few dozen entries on a tree of eight nodes);
// kept by object, it copies the map of objects, pointers only, and the
// locations of the one object it observes.
//
// The map of objects is copied on write as the heap's other maps are
// (ownInputs). A row is written in place only by the table whose
// generation made it: Clone gives both tables a new generation, so that
// neither writes a row the other holds.
type inputTable struct {
	rows map[ObjID]*inputRow
	// n counts the locations of all rows.
	n   int
	gen uint64
}

// inputRow is the locations observed of one object.
type inputRow struct {
	gen  uint64
	vals map[Path]Value
}

// inputGens numbers the generations of input tables.
var inputGens atomic.Uint64

func newInputTable() inputTable {
	return inputTable{rows: map[ObjID]*inputRow{}, gen: inputGens.Add(1)}
}

// fork gives t and the copy of it that a clone holds generations of
// their own.
func (t *inputTable) fork(c *inputTable) {
	t.gen, c.gen = inputGens.Add(1), inputGens.Add(1)
}

func (t *inputTable) get(l Loc) (Value, bool) {
	row := t.rows[l.Obj]
	if row == nil {
		return nil, false
	}
	v, ok := row.vals[l.Path]
	return v, ok
}

// at is get's value alone (nil if l was not observed).
func (t *inputTable) at(l Loc) Value {
	v, _ := t.get(l)
	return v
}

// put records v at l, copying first what t shares: the map of rows
// unless owned says t owns it, and l's row unless t's generation made it.
func (t *inputTable) put(owned *cow.Owned, l Loc, v Value) {
	if !owned.Own(ownInputs) {
		t.rows = maps.Clone(t.rows)
		if t.rows == nil {
			t.rows = map[ObjID]*inputRow{}
		}
	}
	row := t.rows[l.Obj]
	if row == nil || row.gen != t.gen {
		fresh := &inputRow{gen: t.gen, vals: make(map[Path]Value, 1)}
		if row != nil {
			fresh.vals = maps.Clone(row.vals)
		}
		row = fresh
		t.rows[l.Obj] = row
	}
	if _, had := row.vals[l.Path]; !had {
		t.n++
	}
	row.vals[l.Path] = v
}

// len is the number of locations observed.
func (t *inputTable) len() int { return t.n }

// all yields every location observed and its value, in no set order.
func (t *inputTable) all() iter.Seq2[Loc, Value] {
	return func(yield func(Loc, Value) bool) {
		for obj, row := range t.rows {
			for p, v := range row.vals {
				if !yield(Loc{Obj: obj, Path: p}, v) {
					return
				}
			}
		}
	}
}

// of yields the locations observed of object obj and their values.
func (t *inputTable) of(obj ObjID) iter.Seq2[Path, Value] {
	return func(yield func(Path, Value) bool) {
		if row := t.rows[obj]; row != nil {
			for p, v := range row.vals {
				if !yield(p, v) {
					return
				}
			}
		}
	}
}

// same reports whether t and o record the same locations with the same
// values.
func (t *inputTable) same(o *inputTable) bool {
	if t.n != o.n {
		return false
	}
	for l, v := range t.all() {
		if w, ok := o.get(l); !ok || !SameValue(v, w) {
			return false
		}
	}
	return true
}
