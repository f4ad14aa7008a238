// Package atomic holds the models gosym runs in place of the functions of
// the standard library's sync/atomic, which are written in assembly. gosym
// executes one goroutine, so each is the plain read-modify-write it does
// atomically; the tests compare them with sync/atomic.
//
// The file is compiled into gosym (embedded) and type-checked on its own,
// so it imports nothing but unsafe. gosym models an unsafe.Pointer that
// holds a pointer converted from a typed one (atomic.Pointer's), so the
// unsafe.Pointer forms are plain loads and stores too.
package atomic

import "unsafe"

// word is the integer types sync/atomic works on.
type word interface {
	~int32 | ~uint32 | ~uintptr | ~int64 | ~uint64
}

func swap[T word](addr *T, new T) (old T) {
	old = *addr
	*addr = new
	return old
}

func compareAndSwap[T word](addr *T, old, new T) (swapped bool) {
	if *addr != old {
		return false
	}
	*addr = new
	return true
}

func add[T word](addr *T, delta T) (new T) {
	*addr += delta
	return *addr
}

func and[T word](addr *T, mask T) (old T) {
	old = *addr
	*addr &= mask
	return old
}

func or[T word](addr *T, mask T) (old T) {
	old = *addr
	*addr |= mask
	return old
}

// The int32 functions.

func SwapInt32(addr *int32, new int32) (old int32) { return swap(addr, new) }
func CompareAndSwapInt32(addr *int32, old, new int32) (swapped bool) {
	return compareAndSwap(addr, old, new)
}
func AddInt32(addr *int32, delta int32) (new int32) { return add(addr, delta) }
func AndInt32(addr *int32, mask int32) (old int32)  { return and(addr, mask) }
func OrInt32(addr *int32, mask int32) (old int32)   { return or(addr, mask) }
func LoadInt32(addr *int32) (val int32)             { return *addr }
func StoreInt32(addr *int32, val int32)             { *addr = val }

// The uint32 functions.

func SwapUint32(addr *uint32, new uint32) (old uint32) { return swap(addr, new) }
func CompareAndSwapUint32(addr *uint32, old, new uint32) (swapped bool) {
	return compareAndSwap(addr, old, new)
}
func AddUint32(addr *uint32, delta uint32) (new uint32) { return add(addr, delta) }
func AndUint32(addr *uint32, mask uint32) (old uint32)  { return and(addr, mask) }
func OrUint32(addr *uint32, mask uint32) (old uint32)   { return or(addr, mask) }
func LoadUint32(addr *uint32) (val uint32)              { return *addr }
func StoreUint32(addr *uint32, val uint32)              { *addr = val }

// The uintptr functions.

func SwapUintptr(addr *uintptr, new uintptr) (old uintptr) { return swap(addr, new) }
func CompareAndSwapUintptr(addr *uintptr, old, new uintptr) (swapped bool) {
	return compareAndSwap(addr, old, new)
}
func AddUintptr(addr *uintptr, delta uintptr) (new uintptr) { return add(addr, delta) }
func AndUintptr(addr *uintptr, mask uintptr) (old uintptr)  { return and(addr, mask) }
func OrUintptr(addr *uintptr, mask uintptr) (old uintptr)   { return or(addr, mask) }
func LoadUintptr(addr *uintptr) (val uintptr)               { return *addr }
func StoreUintptr(addr *uintptr, val uintptr)               { *addr = val }

// The int64 functions.

func SwapInt64(addr *int64, new int64) (old int64) { return swap(addr, new) }
func CompareAndSwapInt64(addr *int64, old, new int64) (swapped bool) {
	return compareAndSwap(addr, old, new)
}
func AddInt64(addr *int64, delta int64) (new int64) { return add(addr, delta) }
func AndInt64(addr *int64, mask int64) (old int64)  { return and(addr, mask) }
func OrInt64(addr *int64, mask int64) (old int64)   { return or(addr, mask) }
func LoadInt64(addr *int64) (val int64)             { return *addr }
func StoreInt64(addr *int64, val int64)             { *addr = val }

// The uint64 functions.

func SwapUint64(addr *uint64, new uint64) (old uint64) { return swap(addr, new) }
func CompareAndSwapUint64(addr *uint64, old, new uint64) (swapped bool) {
	return compareAndSwap(addr, old, new)
}
func AddUint64(addr *uint64, delta uint64) (new uint64) { return add(addr, delta) }
func AndUint64(addr *uint64, mask uint64) (old uint64)  { return and(addr, mask) }
func OrUint64(addr *uint64, mask uint64) (old uint64)   { return or(addr, mask) }
func LoadUint64(addr *uint64) (val uint64)              { return *addr }
func StoreUint64(addr *uint64, val uint64)              { *addr = val }

// The unsafe.Pointer functions.

func SwapPointer(addr *unsafe.Pointer, new unsafe.Pointer) (old unsafe.Pointer) {
	old = *addr
	*addr = new
	return old
}

func CompareAndSwapPointer(addr *unsafe.Pointer, old, new unsafe.Pointer) (swapped bool) {
	if *addr != old {
		return false
	}
	*addr = new
	return true
}

func LoadPointer(addr *unsafe.Pointer) (val unsafe.Pointer) { return *addr }
func StorePointer(addr *unsafe.Pointer, val unsafe.Pointer) { *addr = val }

// value mirrors sync/atomic's Value.
type value struct{ v any }

// sameType reports whether a and b, both not nil, have one dynamic type;
// gosym carries it out itself. Run as Go, it always says no.
func sameType(a, b any) bool { return false }

func Value_Load(v *value) (val any) { return v.v }

func Value_Store(v *value, val any) {
	if val == nil {
		panic("sync/atomic: store of nil value into Value")
	}
	if v.v != nil && !sameType(v.v, val) {
		panic("sync/atomic: store of inconsistently typed value into Value")
	}
	v.v = val
}

func Value_Swap(v *value, new any) (old any) {
	if new == nil {
		panic("sync/atomic: swap of nil value into Value")
	}
	if v.v != nil && !sameType(v.v, new) {
		panic("sync/atomic: swap of inconsistently typed value into Value")
	}
	old = v.v
	v.v = new
	return old
}

// Value_CompareAndSwap compares the value held with old as == does, so a
// value of an uncomparable type panics, as in sync/atomic.
func Value_CompareAndSwap(v *value, old, new any) (swapped bool) {
	if new == nil {
		panic("sync/atomic: compare and swap of nil value into Value")
	}
	if old != nil && !sameType(old, new) {
		panic("sync/atomic: compare and swap of inconsistently typed values")
	}
	if v.v == nil {
		if old != nil {
			return false
		}
		v.v = new
		return true
	}
	if !sameType(v.v, new) {
		panic("sync/atomic: compare and swap of inconsistently typed value into Value")
	}
	if v.v != old {
		return false
	}
	v.v = new
	return true
}
