package firstfind

import (
	"testing"
)

// The fuzz targets build each function's input from the fuzzer's bytes
// and ints, the way a Go developer would write them. Their seeds do not
// panic, so that go test passes; go test -fuzz looks for the bugs.

// list builds a list holding the bytes of b.
func list(b []byte) *Node {
	var head *Node
	for i := len(b) - 1; i >= 0; i-- {
		head = &Node{Val: int(b[i]), Next: head}
	}
	return head
}

// ints reads b as small ints.
func ints(b []byte) []int {
	out := make([]int, len(b))
	for i, x := range b {
		out[i] = int(int8(x))
	}
	return out
}

func FuzzSecondToLast(f *testing.F) {
	f.Add([]byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, b []byte) {
		SecondToLast(list(b))
	})
}

func FuzzMinDepth(f *testing.F) {
	f.Add([]byte{2, 1, 3})
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) == 0 {
			return
		}
		var root *Tree
		for _, k := range b {
			root = Insert(root, int(k))
		}
		MinDepth(root)
	})
}

func FuzzWindowSums(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4}, 5)
	f.Fuzz(func(t *testing.T, b []byte, k int) {
		WindowSums(ints(b), k)
	})
}

func FuzzCachePut(f *testing.F) {
	f.Add("a", 1)
	f.Fuzz(func(t *testing.T, key string, v int) {
		var c Cache
		c.Put(key, v)
	})
}

func FuzzRingAt(f *testing.F) {
	f.Add([]byte{1, 2}, 0, 1)
	f.Fuzz(func(t *testing.T, b []byte, start, i int) {
		Ring{Buf: ints(b), Start: start}.At(i)
	})
}

func FuzzThird(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5}, 0)
	f.Fuzz(func(t *testing.T, b []byte, i int) {
		Third(ints(b), i)
	})
}
