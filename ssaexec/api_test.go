package ssaexec

import (
	"go/types"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestZeroDocumented checks which doc comments make a type's zero value a
// starting state a caller may write.
func TestZeroDocumented(t *testing.T) {
	tests := []struct {
		doc  string
		want bool
	}{
		{"The zero value for List is an empty list ready to use.", true},
		{"The zero Map is empty and ready for use.", true},
		{"The zero value of type Time is January 1, year 1, 00:00:00.000000000 UTC. As this time is unlikely to come up in practice, the IsZero method gives a simple way of detecting a time that has not been initialized explicitly.", true},
		{"The zero value for an Int represents the value 0.", true},
		{"The zero value for a Mutex is an unlocked mutex.", true},
		{"The zero value is not usable; use New.", false},
		{"The zero value of type Conn is invalid.", false},
		{"A Reader reads from a string.", false},
		{"IsZero reports whether the value is usable.", false},
	}
	for _, tt := range tests {
		if got := zeroDocumented(tt.doc); got != tt.want {
			t.Errorf("zeroDocumented(%q) = %v, want %v", tt.doc, got, tt.want)
		}
	}
}

// TestChangesMemoryOrder checks that whether a method changes memory
// does not depend on which methods were asked about before: Grow writes
// only through Rebalance, which calls Grow back before it writes. A memo
// that answered the recursive call with a provisional "writes nothing"
// took Grow for an observer when Rebalance was asked first, and left it
// out of every call sequence.
func TestChangesMemoryOrder(t *testing.T) {
	src := `package tree

// Tree is a bucketed tree.
type Tree struct {
	buckets [][]int
	limit   int
}

// Grow adds room for one more value.
func (t *Tree) Grow() {
	if len(t.buckets) > t.limit {
		t.Rebalance()
	}
}

// Rebalance grows the tree, then splits the buckets still full.
func (t *Tree) Rebalance() {
	for i := range t.buckets {
		if len(t.buckets[i]) > 2*t.limit {
			t.Grow()
			t.split(i)
		}
	}
}

func (t *Tree) split(i int) {
	half := len(t.buckets[i]) / 2
	t.buckets = append(t.buckets, t.buckets[i][half:])
	t.buckets[i] = t.buckets[i][:half]
}

// Len reports the number of buckets.
func (t *Tree) Len() int { return len(t.buckets) }
`
	orders := [][]string{{"Grow", "Rebalance", "Len"}, {"Rebalance", "Grow", "Len"}, {"Len", "Rebalance", "Grow"}}
	dir := t.TempDir()
	writeModule(t, dir, map[string]string{"go.mod": "module tree\n\ngo 1.26\n", "tree.go": src})
	for _, order := range orders {
		prog, err := Load(dir, ".")
		if err != nil {
			t.Fatal(err)
		}
		a := prog.api
		tree := prog.SSA.ImportedPackage("tree").Type("Tree").Type()
		got := map[string]bool{}
		for _, name := range order {
			fn := prog.SSA.LookupMethod(types.NewPointer(tree), nil, name)
			a.mu.Lock()
			got[name] = a.changesMemory(fn)
			a.mu.Unlock()
		}
		want := map[string]bool{"Grow": true, "Rebalance": true, "Len": false}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("asked in the order %v (-want +got):\n%s", order, diff)
		}
		prog.Release()
	}
}
