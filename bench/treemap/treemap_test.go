package treemap

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

type pair struct{ Key, Value int }

// entries returns m's entries in key order.
func entries(m *Map) []pair {
	var out []pair
	var walk func(*Node)
	walk = func(n *Node) {
		if n == nil {
			return
		}
		walk(n.left)
		out = append(out, pair{n.key, n.value})
		walk(n.right)
	}
	walk(m.root)
	return out
}

func refEntries(ref map[int]int) []pair {
	var out []pair
	for _, k := range slices.Sorted(maps.Keys(ref)) {
		out = append(out, pair{k, ref[k]})
	}
	return out
}

func TestPutGet(t *testing.T) {
	m := &Map{}
	if v, ok := m.Get(1); v != 0 || ok {
		t.Errorf("Get(1) on an empty map = %d, %v, want 0, false", v, ok)
	}
	steps := []struct {
		key, value int
		old        int
		replaced   bool
	}{
		{5, 50, 0, false},
		{3, 30, 0, false},
		{8, 80, 0, false},
		{3, 31, 30, true},
		{1, 10, 0, false},
		{4, 40, 0, false},
		{5, 51, 50, true},
	}
	for _, s := range steps {
		old, replaced := m.Put(s.key, s.value)
		if old != s.old || replaced != s.replaced {
			t.Errorf("Put(%d, %d) = %d, %v, want %d, %v", s.key, s.value, old, replaced, s.old, s.replaced)
		}
		if !m.repOK() {
			t.Fatalf("repOK false after Put(%d, %d)", s.key, s.value)
		}
	}
	want := []pair{{1, 10}, {3, 31}, {4, 40}, {5, 51}, {8, 80}}
	if diff := cmp.Diff(want, entries(m)); diff != "" {
		t.Errorf("entries (-want +got):\n%s", diff)
	}
	if m.Len() != len(want) {
		t.Errorf("Len() = %d, want %d", m.Len(), len(want))
	}
	for _, p := range want {
		if v, ok := m.Get(p.Key); v != p.Value || !ok {
			t.Errorf("Get(%d) = %d, %v, want %d, true", p.Key, v, ok, p.Value)
		}
	}
	if _, ok := m.Get(2); ok {
		t.Error("Get(2) found an absent key")
	}
}

func TestRemove(t *testing.T) {
	tests := []struct {
		name string
		keys []int // put in this order
		pre  []int // then removed in this order
		key  int
		ok   bool
	}{
		{"empty", nil, nil, 1, false},
		{"absent", []int{1, 2, 3}, nil, 4, false},
		{"only node", []int{1}, nil, 1, true},
		{"red leaf", []int{2, 1, 3}, nil, 3, true},
		{"root with two children", []int{2, 1, 3}, nil, 2, true},
		{"black node with one red child", []int{2, 1, 3, 4}, nil, 3, true},
		// 4B(2B 6R(5B 7B(. 8R))): sibling 6 is red.
		{"black leaf with red sibling", []int{4, 2, 6, 5, 7, 8}, nil, 2, true},
		// 4B(2B 6B(5R 7R)): sibling 6 lends 7 by a single rotation.
		{"black leaf with outer red nephew", []int{4, 2, 6, 1, 5, 7}, []int{1}, 2, true},
		// 4B(2B 6B(5R .)): sibling 6 lends 5 by a double rotation.
		{"black leaf with inner red nephew", []int{4, 2, 6, 1, 5}, []int{1}, 2, true},
		// 4B(2R(1B 3B) 6B): sibling 3 has nothing to lend, red parent 2
		// absorbs the shortage.
		{"shortage moves to a red parent", []int{4, 2, 6, 1, 3, 5, 7, 0}, []int{0, 5, 7}, 1, true},
		// 2B(1B 3B): the shortage moves up to the root.
		{"shortage moves to the root", []int{1, 2, 3, 4}, []int{4}, 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &Map{}
			ref := map[int]int{}
			for _, k := range tt.keys {
				m.Put(k, 10*k)
				ref[k] = 10 * k
			}
			for _, k := range tt.pre {
				m.Remove(k)
				delete(ref, k)
			}
			if !m.repOK() {
				t.Fatal("repOK false before Remove")
			}
			old, ok := m.Remove(tt.key)
			if ok != tt.ok || old != ref[tt.key] {
				t.Errorf("Remove(%d) = %d, %v, want %d, %v", tt.key, old, ok, ref[tt.key], tt.ok)
			}
			delete(ref, tt.key)
			if !m.repOK() {
				t.Fatal("repOK false after Remove")
			}
			if diff := cmp.Diff(refEntries(ref), entries(m)); diff != "" {
				t.Errorf("entries after Remove(%d) (-want +got):\n%s", tt.key, diff)
			}
		})
	}
}

func TestRandomAgainstMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	m := &Map{}
	ref := map[int]int{}
	for i := range 20000 {
		k, v := rng.IntN(64), rng.IntN(1000)
		switch rng.IntN(3) {
		case 0:
			wantOld, wantReplaced := ref[k]
			if old, replaced := m.Put(k, v); old != wantOld || replaced != wantReplaced {
				t.Fatalf("step %d: Put(%d, %d) = %d, %v, want %d, %v", i, k, v, old, replaced, wantOld, wantReplaced)
			}
			ref[k] = v
		case 1:
			wantOld, wantRemoved := ref[k]
			if old, removed := m.Remove(k); old != wantOld || removed != wantRemoved {
				t.Fatalf("step %d: Remove(%d) = %d, %v, want %d, %v", i, k, old, removed, wantOld, wantRemoved)
			}
			delete(ref, k)
		case 2:
			wantV, wantOK := ref[k]
			if got, ok := m.Get(k); got != wantV || ok != wantOK {
				t.Fatalf("step %d: Get(%d) = %d, %v, want %d, %v", i, k, got, ok, wantV, wantOK)
			}
		}
		if !m.repOK() {
			t.Fatalf("step %d: repOK false", i)
		}
		if m.Len() != len(ref) {
			t.Fatalf("step %d: Len() = %d, want %d", i, m.Len(), len(ref))
		}
		if want, got := refEntries(ref), entries(m); !slices.Equal(want, got) {
			t.Fatalf("step %d: entries (-want +got):\n%s", i, cmp.Diff(want, got))
		}
	}
}

func TestRepOKRejects(t *testing.T) {
	// valid builds root 2 (black) with red children 1 and 3.
	valid := func() *Map {
		m := &Map{}
		for _, k := range []int{2, 1, 3} {
			m.Put(k, k)
		}
		return m
	}
	if !valid().repOK() {
		t.Fatal("repOK false on a valid map")
	}
	tests := []struct {
		name    string
		corrupt func(m *Map)
	}{
		{"red root", func(m *Map) { m.root.red = true }},
		{"root with a parent", func(m *Map) { m.root.parent = m.root.left }},
		{"wrong parent link", func(m *Map) { m.root.left.parent = m.root.right }},
		{"red child of a red node", func(m *Map) {
			m.root.left.left = &Node{key: 0, red: true, parent: m.root.left}
			m.size++
		}},
		{"black heights differ", func(m *Map) { m.root.left.red = false }},
		{"size off", func(m *Map) { m.size++ }},
		{"out of order", func(m *Map) { m.root.left.key = 5 }},
		{"cycle", func(m *Map) { m.root.left.left = m.root }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := valid()
			tt.corrupt(m)
			if m.repOK() {
				t.Error("repOK = true, want false")
			}
		})
	}
}

// spec describes a tree node: key, color and children.
type spec struct {
	key         int
	red         bool
	left, right *spec
}

// build makes the nodes of s under parent and returns their root and count.
func build(s *spec, parent *Node) (*Node, int) {
	if s == nil {
		return nil, 0
	}
	n := &Node{key: s.key, red: s.red, parent: parent}
	var l, r int
	n.left, l = build(s.left, n)
	n.right, r = build(s.right, n)
	return n, l + r + 1
}

// TestRepOKBlackHeights checks redBlack's pruning by black height, which
// keeps the benchmarks' search over input trees small: it must accept
// balanced trees and reject one unbalanced anywhere, on either side.
func TestRepOKBlackHeights(t *testing.T) {
	black := func(k int, l, r *spec) *spec { return &spec{key: k, left: l, right: r} }
	red := func(k int, l, r *spec) *spec { return &spec{key: k, red: true, left: l, right: r} }
	tests := []struct {
		name  string
		root  *spec
		valid bool
	}{
		{"valid", black(2, red(1, nil, nil), red(3, nil, nil)), true},
		{"valid, two levels", black(4, black(2, nil, nil), black(6, red(5, nil, nil), nil)), true},
		{"left deeper", black(2, black(1, nil, nil), nil), false},
		{"right deeper", black(2, nil, black(3, nil, nil)), false},
		{"right deeper below", black(4, black(2, nil, nil), black(6, nil, black(7, nil, nil))), false},
		{"right shallower below", black(4, black(2, black(1, nil, nil), black(3, nil, nil)), black(6, nil, nil)), false},
		{"valid, red inner node", black(4, red(2, black(1, nil, nil), black(3, nil, nil)), black(6, nil, nil)), true},
		{"left deeper below a red node", black(4, red(2, black(1, nil, nil), nil), black(6, nil, nil)), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &Map{}
			m.root, m.size = build(tt.root, nil)
			if got := m.repOK(); got != tt.valid {
				t.Errorf("repOK() = %v, want %v", got, tt.valid)
			}
		})
	}
}
