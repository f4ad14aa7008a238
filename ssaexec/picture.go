package ssaexec

import (
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/heap"
)

// panicPicture is the heap at a panic, for Config.Pictures. The heap is a
// copy: deferred calls run after the panic go on changing the path's.
type panicPicture struct {
	heap  *heap.Heap
	roots []heap.Root
	mark  heap.Mark
}

func (x *subject) panicPictureOf(s *state) *panicPicture {
	return &panicPicture{heap: s.heap.Clone(), roots: x.frameRoots(s), mark: x.markOf(s)}
}

// markOf returns the location the instruction s is at failed on: the
// field or parameter holding the nil it dereferenced, or the object it
// indexed out of bounds.
func (x *subject) markOf(s *state) heap.Mark {
	f := s.top()
	if f.pc >= len(f.block.Instrs) {
		return heap.Mark{}
	}
	var v ssa.Value
	switch in := s.instr().(type) {
	case *ssa.UnOp:
		v = in.X
	case *ssa.FieldAddr:
		v = in.X
	case *ssa.Store:
		v = in.Addr
	case *ssa.IndexAddr:
		v = in.X
	case *ssa.Index:
		v = in.X
	case *ssa.Slice:
		v = in.X
	case *ssa.Lookup:
		v = in.X
	case *ssa.MapUpdate:
		v = in.Map
	case *ssa.Call:
		v = in.Call.Value
	default:
		return heap.Mark{}
	}
	return x.locationOf(s, v)
}

// locationOf returns where the value of v was read from, when it was read
// from a field or is an entry parameter; else the object it points to.
func (x *subject) locationOf(s *state, v ssa.Value) heap.Mark {
	f := s.top()
	if p, ok := v.(*ssa.Parameter); ok && f.fn == x.fn {
		for i, q := range x.fn.Params {
			if q == p {
				return heap.Mark{Obj: s.heap.Args(), Path: heap.Path("").Field(i)}
			}
		}
	}
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		if fa, ok := load.X.(*ssa.FieldAddr); ok {
			if base, ok := pointee(s, f.env.at(fa.X)); ok {
				return heap.Mark{Obj: base.Obj, Path: base.Path.Field(fa.Field)}
			}
		}
		if p, ok := pointee(s, f.env.at(load.X)); ok {
			return heap.Mark{Obj: p.Obj, Path: p.Path}
		}
	}
	switch val := f.env.at(v).(type) {
	case heap.Slice:
		return heap.Mark{Obj: val.Store.Obj}
	default:
		if p, ok := pointee(s, val); ok {
			return heap.Mark{Obj: p.Obj, Path: p.Path}
		}
	}
	return heap.Mark{}
}

// pointee resolves a pointer value as far as the path has decided it.
func pointee(s *state, v heap.Value) (heap.Ptr, bool) {
	switch p := v.(type) {
	case heap.Ptr:
		return p, true
	case heap.SymPtr:
		if obj := s.heap.Sym(p.ID).Target; obj != 0 {
			return heap.Ptr{Obj: obj}, true
		}
	}
	return heap.Ptr{}, false
}

// frameRoots returns the panicking frame's variables worth drawing: those
// live at the panic that the source names by an identifier and that lead
// into the heap. The entry function's parameters are drawn apart.
func (x *subject) frameRoots(s *state) []heap.Root {
	f := s.top()
	if f.pc >= len(f.block.Instrs) {
		return nil
	}
	names := variableNames(f.fn)
	var roots []heap.Root
	seen := map[string]bool{}
	for _, v := range liveValues(f, f.fn == x.fn) {
		if p, ok := v.(*ssa.Parameter); ok && f.fn == x.fn && p.Parent() == x.fn {
			continue
		}
		name, ok := names[v]
		val, bound := f.env.get(v)
		if !ok || !bound || seen[name] || !reachesHeap(v.Type()) {
			continue
		}
		seen[name] = true
		roots = append(roots, heap.Root{Name: name, Type: v.Type(), Val: val})
	}
	sort.Slice(roots, func(i, j int) bool { return roots[i].Name < roots[j].Name })
	return roots
}

// variableNames maps the values of fn that are the value of a local
// variable or parameter to its name.
func variableNames(fn *ssa.Function) map[ssa.Value]string {
	names := map[ssa.Value]string{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ref, ok := instr.(*ssa.DebugRef)
			if !ok || ref.IsAddr {
				continue
			}
			if v, ok := ref.Object().(*types.Var); ok && !v.IsField() && v.Name() != "_" {
				names[ref.X] = v.Name()
			}
		}
	}
	return names
}

// reachesHeap reports whether values of t refer to heap objects.
func reachesHeap(t types.Type) bool {
	switch heap.Under(t).(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Interface, *types.Struct:
		return true
	}
	return false
}
