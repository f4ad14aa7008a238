package ssaexec

import (
	"github.com/gosym/gosym/dpor"
	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/search"
	"github.com/gosym/gosym/solver"
)

// The order in which a search explores its states is written here, and
// only here. The search's pending work is a worklist of tasks, taken
// depth first (search.DepthFirst):
//
//   - explore runs a state's steps until its path ends (finish) or
//     branches, and then adds the branch: a choice among alternatives
//     (branchTask) or among goroutines (nodeTask, partial-order
//     reduction's backtrack set);
//   - a branch takes its alternatives one at a time: each feasible one is
//     explored on its own copy of the state, with a solver scope pushed
//     for its guard and popped (popTask) once all that follows from it is
//     explored; the goroutines of a node's backtrack set likewise, the set
//     growing while they are explored;
//   - what explore began is closed once all that follows from its state
//     is explored: the procedure summaries recorded meanwhile end
//     (closeTask), and the paths parked at a summarized call's exit
//     go on (resumeTask: a parked state leaves the worklist when it
//     returns from the call and comes back once every path of the call
//     has ended); then the loop-head entries stored meanwhile are closed
//     (closeTask does both).
//
// A budget that runs out ends the branches and resumptions pending; what
// explore began is closed all the same. The passes of a search (see
// search.Deepening) each explore the initial state to the end.

// task is a unit of a search's pending work.
type task interface {
	run(x *explorer)
}

// exploreNow explores s and all that follows from it before it returns:
// a pass of the search, or othersFirst, which reads what its schedules
// found.
func (x *explorer) exploreNow(s *state) {
	x.drain(exploreTask{s})
}

// drain adds t to the worklist and runs tasks until what t added is
// done: work pending before t stays pending.
func (x *explorer) drain(t task) {
	floor := x.work.Len()
	x.work.Add(t)
	for x.work.Len() > floor {
		t, _ := x.work.Next()
		t.run(x)
	}
}

// exploreTask runs s until it ends or branches.
type exploreTask struct{ s *state }

func (t exploreTask) run(x *explorer) {
	s := t.s
	x.work.Add(closeTask{open: len(x.open), recording: len(x.recording), base: len(s.pc)})
	for s.end == running {
		if x.initDone != nil && !s.pkgInit.running {
			x.initDone(s)
			return
		}
		if x.outOfBudget(s) {
			return
		}
		if x.apiOutOfBudget(s) {
			// One bound for the search, not one per place it stopped:
			// where a sequence stood says nothing to the user.
			x.hitBound(search.Bound{Kind: search.BoundAPI, Text: x.budget.APIBound(), Limit: "api search budget"})
			markPaths(s, "api search budget")
			return
		}
		if s.inInit() && s.assumed {
			// The last step took what unexecuted code did (see initGuess).
			s.cutBy(search.BoundInit, initRestsOnUnexecuted)
			break
		}
		if x.cfg.stepHook != nil {
			x.cfg.stepHook(x.fn)
		}
		x.cover(s)
		if !x.reachedBody && len(s.frames) == 1 && s.bound == len(x.fn.Params) && (s.seq == nil || !s.seq.running) {
			x.reachedBody = true
		}
		alts := x.step(s)
		if s.inInit() {
			if why := initGuess(alts); why != "" {
				s.cutBy(search.BoundInit, why)
				break
			}
		}
		if len(alts) == 1 && alts[0].guard == nil && !alts[0].partial && alts[0].node == nil {
			// A decision with one choice is no branch.
			x.choose(s, &alts[0])
			continue
		}
		if len(alts) > 0 {
			x.work.Add(branchOf(s, alts))
			return
		}
	}
	if s.end != parked && s.end != handedOver {
		x.finish(s)
	}
}

// branchOf is the task that explores the alternatives of s: a choice of
// goroutines if the step left one, else alts.
func branchOf(s *state, alts []alt) task {
	if len(alts) == 1 && alts[0].node != nil {
		return &nodeTask{s: s, node: alts[0].node}
	}
	t := &branchTask{s: s, alts: alts}
	if alts[0].partial {
		t.unknown++ // nothing is implied by the others' infeasibility
	}
	return t
}

// branchTask explores each feasible alternative of s on its own copy of
// s, with the solver's assertion stack mirroring the path. When the
// alternatives of a branch point are exhaustive and all but the last were
// proved infeasible, the last needs no query.
type branchTask struct {
	s    *state
	alts []alt
	// next is the alternative to take up next; feasible and unknown
	// count those found feasible and those the solver did not decide.
	next              int
	feasible, unknown int
	// explored says that an alternative's exploration just ended.
	explored bool
}

func (t *branchTask) run(x *explorer) {
	if t.explored && x.halted() {
		return
	}
	for t.next < len(t.alts) {
		i, a := t.next, t.alts[t.next]
		t.next++
		last := i == len(t.alts)-1
		// s stays as it is until the last alternative takes it, so an
		// alternative is copied from it only once found feasible: most
		// of a search's alternatives are not.
		fork := func() *state {
			if last {
				return t.s
			}
			return t.s.clone()
		}
		var child *state
		pushed := false
		if a.guard != nil {
			if b, ok := a.guard.BoolValue(); ok {
				if !b {
					continue
				}
			} else {
				x.solver.Push()
				x.solver.Assert(a.guard)
				pushed = true
				if !last || t.feasible > 0 || t.unknown > 0 {
					switch x.checkIn(t.s) {
					case solver.Unsat:
						x.solver.Pop()
						continue
					case solver.Unknown:
						x.solver.Pop()
						if x.halted() {
							return
						}
						t.unknown++
						x.cutPath(t.s, search.BoundSolver, x.unknownReason())
						continue
					}
				}
				child = fork()
				child.pc = append(child.pc, a.guard)
				if !child.assumed && child.approximated() {
					child.assumed = a.guard.MentionsSymbol(heap.ExternalPrefix)
				}
			}
		}
		if child == nil {
			child = fork()
		}
		t.feasible++
		x.res.States++
		x.choose(child, &a)
		t.explored = true
		x.work.Add(t)
		if pushed {
			x.work.Add(popTask{})
		}
		if x.waits(child) {
			x.wait(child)
			return
		}
		x.work.Add(exploreTask{child})
		return
	}
}

// finishTask accounts for a path that ended (see finish).
type finishTask struct{ s *state }

func (t finishTask) run(x *explorer) { x.finish(t.s) }

// popTask pops the solver scope of an alternative explored.
type popTask struct{}

func (popTask) run(x *explorer) { x.solver.Pop() }

// nodeTask explores the goroutines node's backtrack set holds, each on
// its own copy of s, until the set grows no more.
type nodeTask struct {
	s    *state
	node *dpor.Node
	// explored says that a goroutine's exploration just ended.
	explored bool
}

func (t *nodeTask) run(x *explorer) {
	if t.explored && x.halted() {
		return
	}
	for {
		id, ok := t.node.Next()
		if !ok {
			return
		}
		if x.preemptionCut(t.s, t.node, id) {
			continue
		}
		child := t.s.clone()
		child.choices++
		x.res.States++
		x.run(child, t.node, id)
		t.explored = true
		x.work.Add(t)
		x.work.Add(exploreTask{child})
		return
	}
}

// closeTask closes what the explore that added it began, once all that
// follows from its state is explored: the procedure summaries recorded
// since (recording is how many were being recorded then, base the
// length of the path condition) end innermost first, each once the paths
// parked at its exits went on; then the loop-head entries stored since
// (open is how many were open then) are closed (see closeEntries).
type closeTask struct{ open, recording, base int }

func (t closeTask) run(x *explorer) {
	i := len(x.recording) - 1
	if i < t.recording {
		x.closeEntries(t.open)
		return
	}
	rec := x.recording[i]
	x.endSummary(rec)
	x.recording = x.recording[:i]
	x.work.Add(t) // the next one, once rec's parked paths went on
	x.work.Add(&resumeTask{parked: rec.parked, base: t.base})
}

// resumeTask goes on with parked paths, from the search of a state whose
// path had base conditions: the solver holds those, and each path's
// later ones are asserted for its search.
type resumeTask struct {
	parked []*state
	base   int
	next   int
}

func (t *resumeTask) run(x *explorer) {
	if t.next >= len(t.parked) || x.halted() {
		return
	}
	p := t.parked[t.next]
	t.next++
	x.work.Add(t)
	p.end = running
	x.solver.Push()
	for _, c := range p.pc[t.base:] {
		x.solver.Assert(c)
	}
	x.work.Add(popTask{})
	x.work.Add(exploreTask{p})
}
