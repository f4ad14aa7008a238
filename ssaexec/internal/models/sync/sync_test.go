package sync

import (
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
