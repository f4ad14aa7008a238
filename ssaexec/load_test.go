package ssaexec

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestEntriesOrder checks that Entries gives the same order on every
// call: the instantiations of a generic function share its position, and
// the package's members come in a map's order, so only their names can
// order them. Merge keeps the first entry's witness of a panic that
// several reach, so the order is part of the output.
func TestEntriesOrder(t *testing.T) {
	dir := t.TempDir()
	// More entries than sort's insertion-sort cutoff, so that an order
	// left to the sort's ties would show.
	types := []string{"bool", "complex128", "float32", "float64", "int16", "int64", "int8", "int", "string", "uint16", "uint32", "uint64", "uint8", "uint"}
	src := "package pool\n\n// Free is a free list of values of T.\ntype Free[T any] struct{ items []T }\n\n" +
		"// NewFree makes a free list of room values.\nfunc NewFree[T any](room int) *Free[T] { return &Free[T]{items: make([]T, 0, room)} }\n"
	var want, wrappers []string
	for i, typ := range types {
		want = append(want, "pool.NewFree["+typ+"]")
		name := fmt.Sprintf("Of%d", i)
		src += fmt.Sprintf("\n// %s makes a free list of %s.\nfunc %s(n int) *Free[%s] { return NewFree[%s](n) }\n", name, typ, name, typ, typ)
		wrappers = append(wrappers, "pool."+name)
	}
	want = append(want, wrappers...)
	files := map[string]string{"go.mod": "module pool\n\ngo 1.26\n", "pool.go": src}
	writeModule(t, dir, files)
	prog, err := Load(dir, "./...")
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Release()
	names := func() []string {
		var out []string
		for _, fn := range prog.Entries(false, nil) {
			out = append(out, fn.String())
		}
		return out
	}
	first := names()
	if diff := cmp.Diff(want, first); diff != "" {
		t.Errorf("Entries (-want +got):\n%s", diff)
	}
	for range 20 {
		if diff := cmp.Diff(first, names()); diff != "" {
			t.Fatalf("Entries changed order between calls (-first +later):\n%s", diff)
		}
	}
}
