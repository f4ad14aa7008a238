package ssaexec

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
)

// The sync intrinsics (see the sync models): a semaphore's count, a
// Mutex's lock bit and a Cond's tickets, each operation one visible
// operation of its goroutine, blocking it on the variable's address where
// it cannot go on.

// semacquire is the runtime's semaphore acquire (see the sync models): it
// takes one from the count at args[0], or blocks until a release.
func (x *machine) semacquire(s *state, args []heap.Value, call *ssa.Call) []alt {
	p, n, alts, ok := x.syncVar(s, args, types.Typ[types.Uint32])
	if !ok {
		return alts
	}
	if n == 0 {
		return x.block(s, &waiting{what: waitReason(args, "semaphore acquire"), sema: p, onSema: true})
	}
	return x.setSyncVar(s, p, n-1, wakeNone, call, nil)
}

// semrelease adds one to the count at args[0] and wakes the goroutine
// that blocked first on it, which acquires it again.
func (x *machine) semrelease(s *state, args []heap.Value, call *ssa.Call) []alt {
	p, n, alts, ok := x.syncVar(s, args, types.Typ[types.Uint32])
	if !ok {
		return alts
	}
	return x.setSyncVar(s, p, n+1, wakeFirst, call, nil)
}

// syncVar returns the synchronization variable of type t args[0] points
// to, and its value; ok is false where it needs a decision first (alts)
// or s ended.
func (x *machine) syncVar(s *state, args []heap.Value, t types.Type) (p heap.Ptr, n uint64, alts []alt, ok bool) {
	p, isPtr := args[0].(heap.Ptr)
	if !isPtr {
		s.unsupported("synchronization variable that is no variable")
		return p, 0, nil, false
	}
	n, alts, ok = x.word(s, p, t)
	return p, n, alts, ok
}

// waitReason is what an intrinsic's second argument says a goroutine
// blocked in it waits on, or def.
func waitReason(args []heap.Value, def string) string {
	if len(args) > 1 {
		if str, ok := args[1].(heap.Str); ok {
			return str.S
		}
	}
	return def
}

// word returns the concrete integer of type t at p (see semaphore).
func (x *machine) word(s *state, p heap.Ptr, t types.Type) (n uint64, alts []alt, known bool) {
	v, d := s.heap.Load(p, t)
	if d != nil {
		return 0, x.decide(s, d), false
	}
	if sc, ok := v.(heap.Scalar); ok {
		if n, ok := sc.T.Uint64(); ok {
			return n, nil, true
		}
	}
	s.unsupported("synchronization variable whose value depends on the input")
	return 0, nil, false
}

// wordAt is the integer of type t at p, if it is known without a
// decision.
func wordAt(s *state, p heap.Ptr, t types.Type) (uint64, bool) {
	if v, d := s.heap.Load(p, t); d == nil {
		if sc, ok := v.(heap.Scalar); ok {
			return sc.T.Uint64()
		}
	}
	return 0, false
}

// mutexLocked is the lock bit of a Mutex's state, as in the models.
const mutexLocked = 1

// mutexOp is one of the Mutex intrinsics on the state at args[0]: lock
// blocks while the lock bit is set, unlock of a clear bit is the
// runtime's fatal error, and wakes the goroutines blocked in lock.
func (x *machine) mutexOp(s *state, name string, args []heap.Value, call *ssa.Call) []alt {
	p, v, alts, ok := x.syncVar(s, args, types.Typ[types.Int32])
	if !ok {
		return alts
	}
	locked := v&mutexLocked != 0
	var result heap.Value
	switch {
	case name == intrinsicLock && locked:
		return x.block(s, &waiting{what: waitReason(args, "Lock of a locked Mutex"), sema: p, onSema: true})
	case name == intrinsicUnlock && !locked:
		x.fatal(s, "sync: unlock of unlocked mutex")
		return nil
	case name == intrinsicTryLock:
		result = heap.Scalar{T: x.ctx.Bool(!locked)}
		if locked {
			s.set(call, result)
			return nil
		}
	}
	wake := wakeNone
	if name == intrinsicUnlock {
		wake = wakeAll
	}
	return x.setSyncVar(s, p, v^mutexLocked, wake, call, result)
}

// setSyncVar stores n, 32 bits, into the synchronization variable at p,
// wakes the goroutines blocked on it as wake says (each runs its
// operation again), and completes call with result.
func (x *machine) setSyncVar(s *state, p heap.Ptr, n uint64, wake wakeMode, call *ssa.Call, result heap.Value) []alt {
	if d := s.heap.Store(p, heap.Scalar{T: x.ctx.BV(32, n)}); d != nil {
		return x.decide(s, d)
	}
	if s.g != nil {
		s.g.wakeSema(p, wake)
	}
	s.set(call, result)
	return nil
}

// wakeSema wakes the goroutines blocked on the variable at p as wake
// says: each runs its operation again.
func (g *sched) wakeSema(p heap.Ptr, wake wakeMode) {
	if wake == wakeNone {
		return
	}
	first := -1
	for i, r := range g.gs {
		if w := r.wait; w != nil && w.onSema && w.sema == p {
			if wake == wakeAll {
				g.wake(i)
			} else if first < 0 || w.seq < g.gs[first].wait.seq {
				first = i
			}
		}
	}
	if first >= 0 {
		g.wake(first)
	}
}

// wakeMode says whom a change of a synchronization variable wakes: no
// one, the goroutine that blocked on it first (a semaphore's release), or
// all of them (an unlock, a Cond's notify).
type wakeMode int

const (
	wakeNone wakeMode = iota
	wakeFirst
	wakeAll
)

// condOp is one of a Cond's intrinsics (see the sync models): ticket
// takes the next ticket of args[0]; awaitTicket blocks until the notify
// count at args[0] has passed ticket args[1]; notifyTickets moves the
// notify count at args[0] on toward the wait count at args[1], by one or
// (args[2]) all the way, and wakes the goroutines waiting on it.
func (x *machine) condOp(s *state, name string, args []heap.Value, call *ssa.Call) []alt {
	p, n, alts, ok := x.syncVar(s, args, types.Typ[types.Uint32])
	if !ok {
		return alts
	}
	var result heap.Value
	switch name {
	case intrinsicTicket:
		result = heap.Scalar{T: x.ctx.BV(32, n)}
		n++
	case intrinsicAwaitTicket:
		t, known := concrete(args[1])
		if !known {
			s.unsupported("Cond.Wait on a ticket that depends on the input")
			return nil
		}
		if n <= t {
			return x.block(s, &waiting{what: waitReason(args[2:], "Cond.Wait"), sema: p, onSema: true, servable: true})
		}
		s.set(call, nil)
		return nil
	case intrinsicNotifyTickets:
		_, wait, alts, ok := x.syncVar(s, args[1:], types.Typ[types.Uint32])
		if !ok {
			return alts
		}
		all, _ := concrete(args[2])
		switch {
		case all != 0:
			n = wait
		case n != wait:
			n++
		}
	}
	wake := wakeNone
	if name == intrinsicNotifyTickets {
		wake = wakeAll
	}
	return x.setSyncVar(s, p, n, wake, call, result)
}

// concrete returns the number or bool v holds, if it is a constant.
func concrete(v heap.Value) (uint64, bool) {
	if sc, ok := v.(heap.Scalar); ok {
		if b, ok := sc.T.BoolValue(); ok {
			if b {
				return 1, true
			}
			return 0, true
		}
		return sc.T.Uint64()
	}
	return 0, false
}
