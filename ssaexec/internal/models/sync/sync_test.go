package sync

import (
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPoolMirrorsSyncPool checks that pool has sync.Pool's fields in its
// order, so that the models' p.New is sync.Pool's New.
func TestPoolMirrorsSyncPool(t *testing.T) {
	names := func(typ reflect.Type) []string {
		var out []string
		for i := range typ.NumField() {
			out = append(out, typ.Field(i).Name)
		}
		return out
	}
	if diff := cmp.Diff(names(reflect.TypeFor[sync.Pool]()), names(reflect.TypeFor[pool]())); diff != "" {
		t.Errorf("fields of pool differ from sync.Pool's (-sync.Pool +pool):\n%s", diff)
	}
	if got, want := reflect.TypeFor[pool]().Field(5).Type, reflect.TypeFor[sync.Pool]().Field(5).Type; got != want {
		t.Errorf("pool.New is %s, sync.Pool.New %s", got, want)
	}
}

// TestMapModelsAgree runs random operations on a syncMap through the
// models and on a sync.Map, and compares every result.
func TestMapModelsAgree(t *testing.T) {
	keys := []any{1, "1", int8(1), 2}
	vals := []any{"a", "b", 3}
	r := rand.New(rand.NewPCG(1, 2))
	var m syncMap
	var real sync.Map
	for i := range 5000 {
		k, v, w := keys[r.IntN(len(keys))], vals[r.IntN(len(vals))], vals[r.IntN(len(vals))]
		var got, want []any
		switch op := r.IntN(9); op {
		case 0:
			a, b := Map_Load(&m, k)
			c, d := real.Load(k)
			got, want = []any{a, b}, []any{c, d}
		case 1:
			Map_Store(&m, k, v)
			real.Store(k, v)
		case 2:
			a, b := Map_LoadOrStore(&m, k, v)
			c, d := real.LoadOrStore(k, v)
			got, want = []any{a, b}, []any{c, d}
		case 3:
			a, b := Map_LoadAndDelete(&m, k)
			c, d := real.LoadAndDelete(k)
			got, want = []any{a, b}, []any{c, d}
		case 4:
			Map_Delete(&m, k)
			real.Delete(k)
		case 5:
			a, b := Map_Swap(&m, k, v)
			c, d := real.Swap(k, v)
			got, want = []any{a, b}, []any{c, d}
		case 6:
			got, want = []any{Map_CompareAndSwap(&m, k, v, w)}, []any{real.CompareAndSwap(k, v, w)}
		case 7:
			got, want = []any{Map_CompareAndDelete(&m, k, v)}, []any{real.CompareAndDelete(k, v)}
		case 8:
			if r.IntN(10) == 0 {
				Map_Clear(&m)
				real.Clear()
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("operation %d: results differ (-sync.Map +model):\n%s", i, diff)
		}
		if diff := cmp.Diff(contents(func(f func(k, v any) bool) { real.Range(f) }), contents(func(f func(k, v any) bool) { Map_Range(&m, f) })); diff != "" {
			t.Fatalf("after operation %d: contents differ (-sync.Map +model):\n%s", i, diff)
		}
	}
}

// contents collects what a Range gives.
func contents(rangeFunc func(func(k, v any) bool)) map[any]any {
	out := map[any]any{}
	rangeFunc(func(k, v any) bool {
		out[k] = v
		return true
	})
	return out
}

// TestMapHashesKeys checks that the models panic for an unhashable key,
// as sync.Map does.
func TestMapHashesKeys(t *testing.T) {
	recovered := func(f func()) (r any) {
		defer func() { r = recover() }()
		f()
		return nil
	}
	var m syncMap
	var real sync.Map
	got := recovered(func() { Map_Load(&m, []int{1}) })
	want := recovered(func() { real.Load([]int{1}) })
	if got == nil || want == nil || got.(error).Error() != want.(error).Error() {
		t.Errorf("Load of a slice key: model panics with %v, sync.Map with %v", got, want)
	}
}

// TestMapMirrorsSyncMap checks that syncMap has sync.Map's fields and
// shapes, which gosym checks again as it loads the models.
func TestMapMirrorsSyncMap(t *testing.T) {
	if got, want := reflect.TypeFor[syncMap]().Size(), reflect.TypeFor[sync.Map]().Size(); got != want {
		t.Errorf("syncMap is %d bytes, sync.Map %d", got, want)
	}
}
