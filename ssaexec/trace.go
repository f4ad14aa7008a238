package ssaexec

import (
	"fmt"
	"go/types"
	"math"
	"strconv"

	"github.com/gosym/gosym/heap"
	"github.com/gosym/gosym/result"
)

// traceOf writes the path of s up to the panic of f as steps, with the
// values that decided each branch under model m. Its last step is the
// panic: the line the path was on when it panicked, at the panic's column.
func (x *subject) traceOf(s *state, f *found, m heap.Valuer) []result.Step {
	recorded := s.traceSteps(f.traceEnd)
	steps := make([]result.Step, 0, len(recorded)+1)
	lastEvent := false
	for _, t := range recorded {
		st := result.Step{Pos: x.fset.Position(t.pos), Depth: int(t.depth), Goroutine: int(t.gid)}
		if b := t.branch; b != nil {
			st.Branch, st.Values = x.describeBranch(b, m)
		}
		if t.event != "" {
			st.Branch = t.event
		}
		// A branch deciding the line the step before entered is that
		// step, unless the step says what happened there.
		if t.decidesPrevious && len(steps) > 0 && !lastEvent {
			steps[len(steps)-1] = st
			lastEvent = t.event != ""
			continue
		}
		lastEvent = t.event != ""
		steps = append(steps, st)
	}
	end := result.Step{Pos: f.Pos, Goroutine: f.Goroutine}
	if n := len(steps); n > 0 {
		last := steps[n-1]
		end.Depth = last.Depth
		if last.Branch == "" && last.Pos.Filename == f.Pos.Filename && last.Pos.Line == f.Pos.Line && last.Goroutine == f.Goroutine {
			steps = steps[:n-1]
		}
	}
	return append(steps, end)
}

// describeBranch writes a branch's condition and outcome, and the values
// of its operands that are not constants.
func (x *subject) describeBranch(b *branchStep, m heap.Valuer) (string, []string) {
	names := x.namesOf(b.fn())
	pos := b.in.Cond.Pos()
	branch := fmt.Sprintf("%s is %t", names.exprAt(b.in.Cond, pos), b.taken)
	var values []string
	for _, op := range b.operands() {
		if text, ok := traceValue(op.val, op.v.Type(), m); ok {
			values = append(values, names.exprAt(op.v, pos)+" = "+text)
		}
	}
	return branch, values
}

// traceValue writes a value that decided a branch: integers, booleans
// and constant strings. Pointers are not written: the branch says nil or
// not, and an address means nothing to a reader.
func traceValue(v heap.Value, t types.Type, m heap.Valuer) (string, bool) {
	switch v := v.(type) {
	case heap.Scalar:
		if heap.IsBool(t) {
			return strconv.FormatBool(m.Bool(v.T)), true
		}
		if _, signed, ok := heap.IntInfo(t); ok {
			if signed {
				return strconv.FormatInt(m.Int64(v.T), 10), true
			}
			return strconv.FormatUint(m.Uint64(v.T), 10), true
		}
		if w, ok := heap.FloatWidth(t); ok {
			bits := m.Uint64(v.T)
			if w == 32 {
				return strconv.FormatFloat(float64(math.Float32frombits(uint32(bits))), 'g', -1, 32), true
			}
			return strconv.FormatFloat(math.Float64frombits(bits), 'g', -1, 64), true
		}
	case heap.Str:
		return strconv.Quote(v.S), true
	}
	return "", false
}
