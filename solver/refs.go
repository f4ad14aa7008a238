package solver

import (
	"sync"
	"sync/atomic"
)

// releaser collects the Z3 objects whose Go owners the garbage collector
// has found unreachable. Cleanups run on a runtime goroutine while the
// owning goroutine may be inside Z3, and Z3 contexts are not thread-safe,
// so a cleanup only appends here; the owner releases the batch (z3.drain)
// at its next API call. After close the lists are dropped for good: the
// objects died with the Z3 context.
type releaser struct {
	pending atomic.Bool // lets drain skip the lock when nothing was queued

	mu      sync.Mutex
	closed  bool
	asts    []zast
	spare   []zast // the previous batch's array, reused to avoid garbage
	models  []zmodel
	solvers []zsolver
}

// ast queues one AST reference; it is a cleanup function.
func (r *releaser) ast(a zast) {
	r.mu.Lock()
	if !r.closed {
		r.asts = append(r.asts, a)
		r.pending.Store(true)
	}
	r.mu.Unlock()
}

// model queues one model reference; it is a cleanup function.
func (r *releaser) model(m zmodel) {
	r.mu.Lock()
	if !r.closed {
		r.models = append(r.models, m)
		r.pending.Store(true)
	}
	r.mu.Unlock()
}

// solver queues one solver reference; it is a cleanup function.
func (r *releaser) solver(s zsolver) {
	r.mu.Lock()
	if !r.closed {
		r.solvers = append(r.solvers, s)
		r.pending.Store(true)
	}
	r.mu.Unlock()
}

// take empties the queue and returns its contents.
func (r *releaser) take() (asts []zast, models []zmodel, solvers []zsolver) {
	if !r.pending.Load() {
		return nil, nil, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	asts, r.asts, r.spare = r.asts, r.spare, nil
	models, r.models = r.models, nil
	solvers, r.solvers = r.solvers, nil
	r.pending.Store(false)
	return asts, models, solvers
}

// recycle hands back the array take returned once its contents are released.
func (r *releaser) recycle(asts []zast) {
	if asts == nil {
		return
	}
	r.mu.Lock()
	if r.spare == nil {
		r.spare = asts[:0]
	}
	r.mu.Unlock()
}

// close marks the queue closed and reports whether it was open, so that
// exactly one caller deletes the Z3 context; that caller gets the models
// and solvers still queued. (Queued ASTs are among those the context
// holds: see z3.close.)
func (r *releaser) close() (models []zmodel, solvers []zsolver, open bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil, nil, false
	}
	r.closed = true
	models, solvers = r.models, r.solvers
	r.asts, r.spare, r.models, r.solvers = nil, nil, nil, nil
	r.pending.Store(false)
	return models, solvers, true
}
