package atomic

import (
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"unsafe"
)

// ops are one type's models and the sync/atomic functions they stand for.
type ops[T comparable] struct {
	swap, and, or, add [2]func(*T, T) T
	cas                [2]func(*T, T, T) bool
	load               [2]func(*T) T
	store              [2]func(*T, T)
}

// check runs each model and its sync/atomic function from the same
// starting value and compares the results and the values left behind.
func check[T comparable](t *testing.T, name string, o ops[T], gen func() T, r *rand.Rand) {
	t.Helper()
	for range 2000 {
		start, arg, arg2 := gen(), gen(), gen()
		if r.IntN(2) == 0 {
			arg = start // so that CompareAndSwap succeeds half the time
		}
		binary := map[string][2]func(*T, T) T{"Swap": o.swap, "And": o.and, "Or": o.or, "Add": o.add}
		for op, fs := range binary {
			m, a := start, start
			if got, want := fs[0](&m, arg), fs[1](&a, arg); got != want || m != a {
				t.Fatalf("%s%s(%v, %v) = %v leaving %v, want %v leaving %v", op, name, start, arg, got, m, want, a)
			}
		}
		m, a := start, start
		if got, want := o.cas[0](&m, arg, arg2), o.cas[1](&a, arg, arg2); got != want || m != a {
			t.Fatalf("CompareAndSwap%s(%v, %v, %v) = %v leaving %v, want %v leaving %v", name, start, arg, arg2, got, m, want, a)
		}
		if got, want := o.load[0](&m), o.load[1](&a); got != want {
			t.Fatalf("Load%s(%v) = %v, want %v", name, m, got, want)
		}
		o.store[0](&m, arg)
		o.store[1](&a, arg)
		if m != a {
			t.Fatalf("Store%s(%v) left %v, want %v", name, arg, m, a)
		}
	}
}

// anyOf returns a generator of small, large and boundary values of T.
func anyOf[T ~int32 | ~uint32 | ~int64 | ~uint64 | ~uintptr](r *rand.Rand) func() T {
	return func() T {
		switch r.IntN(3) {
		case 0:
			return T(r.IntN(4))
		case 1:
			return ^T(0) - T(r.IntN(2))
		}
		return T(r.Uint64())
	}
}

func TestAgainstSyncAtomic(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	check(t, "Int32", ops[int32]{
		swap: [2]func(*int32, int32) int32{SwapInt32, atomic.SwapInt32},
		and:  [2]func(*int32, int32) int32{AndInt32, atomic.AndInt32},
		or:   [2]func(*int32, int32) int32{OrInt32, atomic.OrInt32},
		add:  [2]func(*int32, int32) int32{AddInt32, atomic.AddInt32},
		cas:  [2]func(*int32, int32, int32) bool{CompareAndSwapInt32, atomic.CompareAndSwapInt32},
		load: [2]func(*int32) int32{LoadInt32, atomic.LoadInt32}, store: [2]func(*int32, int32){StoreInt32, atomic.StoreInt32},
	}, anyOf[int32](r), r)
	check(t, "Uint32", ops[uint32]{
		swap: [2]func(*uint32, uint32) uint32{SwapUint32, atomic.SwapUint32},
		and:  [2]func(*uint32, uint32) uint32{AndUint32, atomic.AndUint32},
		or:   [2]func(*uint32, uint32) uint32{OrUint32, atomic.OrUint32},
		add:  [2]func(*uint32, uint32) uint32{AddUint32, atomic.AddUint32},
		cas:  [2]func(*uint32, uint32, uint32) bool{CompareAndSwapUint32, atomic.CompareAndSwapUint32},
		load: [2]func(*uint32) uint32{LoadUint32, atomic.LoadUint32}, store: [2]func(*uint32, uint32){StoreUint32, atomic.StoreUint32},
	}, anyOf[uint32](r), r)
	check(t, "Uintptr", ops[uintptr]{
		swap: [2]func(*uintptr, uintptr) uintptr{SwapUintptr, atomic.SwapUintptr},
		and:  [2]func(*uintptr, uintptr) uintptr{AndUintptr, atomic.AndUintptr},
		or:   [2]func(*uintptr, uintptr) uintptr{OrUintptr, atomic.OrUintptr},
		add:  [2]func(*uintptr, uintptr) uintptr{AddUintptr, atomic.AddUintptr},
		cas:  [2]func(*uintptr, uintptr, uintptr) bool{CompareAndSwapUintptr, atomic.CompareAndSwapUintptr},
		load: [2]func(*uintptr) uintptr{LoadUintptr, atomic.LoadUintptr}, store: [2]func(*uintptr, uintptr){StoreUintptr, atomic.StoreUintptr},
	}, anyOf[uintptr](r), r)
	check(t, "Int64", ops[int64]{
		swap: [2]func(*int64, int64) int64{SwapInt64, atomic.SwapInt64},
		and:  [2]func(*int64, int64) int64{AndInt64, atomic.AndInt64},
		or:   [2]func(*int64, int64) int64{OrInt64, atomic.OrInt64},
		add:  [2]func(*int64, int64) int64{AddInt64, atomic.AddInt64},
		cas:  [2]func(*int64, int64, int64) bool{CompareAndSwapInt64, atomic.CompareAndSwapInt64},
		load: [2]func(*int64) int64{LoadInt64, atomic.LoadInt64}, store: [2]func(*int64, int64){StoreInt64, atomic.StoreInt64},
	}, anyOf[int64](r), r)
	check(t, "Uint64", ops[uint64]{
		swap: [2]func(*uint64, uint64) uint64{SwapUint64, atomic.SwapUint64},
		and:  [2]func(*uint64, uint64) uint64{AndUint64, atomic.AndUint64},
		or:   [2]func(*uint64, uint64) uint64{OrUint64, atomic.OrUint64},
		add:  [2]func(*uint64, uint64) uint64{AddUint64, atomic.AddUint64},
		cas:  [2]func(*uint64, uint64, uint64) bool{CompareAndSwapUint64, atomic.CompareAndSwapUint64},
		load: [2]func(*uint64) uint64{LoadUint64, atomic.LoadUint64}, store: [2]func(*uint64, uint64){StoreUint64, atomic.StoreUint64},
	}, anyOf[uint64](r), r)
}

// TestPointerModels compares the unsafe.Pointer models with sync/atomic's
// functions over nil and two distinct addresses.
func TestPointerModels(t *testing.T) {
	a, b := new(int), new(int)
	ptrs := []unsafe.Pointer{nil, unsafe.Pointer(a), unsafe.Pointer(b)}
	for _, start := range ptrs {
		for _, arg := range ptrs {
			for _, arg2 := range ptrs {
				m, w := start, start
				if got, want := SwapPointer(&m, arg), atomic.SwapPointer(&w, arg); got != want || m != w {
					t.Errorf("SwapPointer(%v, %v) = %v leaving %v, want %v leaving %v", start, arg, got, m, want, w)
				}
				m, w = start, start
				if got, want := CompareAndSwapPointer(&m, arg, arg2), atomic.CompareAndSwapPointer(&w, arg, arg2); got != want || m != w {
					t.Errorf("CompareAndSwapPointer(%v, %v, %v) = %v leaving %v, want %v leaving %v", start, arg, arg2, got, m, want, w)
				}
				if got, want := LoadPointer(&m), atomic.LoadPointer(&w); got != want {
					t.Errorf("LoadPointer(%v) = %v, want %v", m, got, want)
				}
				StorePointer(&m, arg)
				atomic.StorePointer(&w, arg)
				if m != w {
					t.Errorf("StorePointer(%v) left %v, want %v", arg, m, w)
				}
			}
		}
	}
}
