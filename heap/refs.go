package heap

import (
	"go/types"
	"strings"
	"sync"
)

// manyRefs is the count RefsTo gives up at: callers only ask whether an
// object has more references than the one or two they expect.
const manyRefs = 1 << 20

// RefsTo counts the references to object id that v holds: pointers into
// it and slices backed by it, however deeply nested, including those in
// array versions and in the input values v's placeholders stand for. The
// count is exact, or saturated at a large number; a reference it cannot
// rule out counts.
func (h *Heap) RefsTo(v Value, id ObjID) int {
	r := refCounter{h: h, id: id}
	defer r.arrays.release()
	return r.value(v)
}

// RefsInObjects counts the references to object id that the heap's
// objects hold (see RefsTo).
func (h *Heap) RefsInObjects(id ObjID) int {
	r := refCounter{h: h, id: id}
	defer r.arrays.release()
	n := 0
	for _, obj := range h.objs {
		n = r.add(n, r.value(obj.Val))
	}
	return n
}

// Reaches reports whether object id can be reached from roots, through
// pointers, slices, interfaces, closures and the input values the roots'
// placeholders stand for.
func (h *Heap) Reaches(roots []Value, id ObjID) bool {
	seen := map[ObjID]bool{}
	var queue []ObjID
	r := refCounter{h: h, id: -1, visit: func(o ObjID) {
		if !seen[o] {
			seen[o] = true
			queue = append(queue, o)
		}
	}}
	defer r.arrays.release()
	r.values(roots)
	for len(queue) > 0 && !seen[id] {
		o := queue[0]
		queue = queue[1:]
		if obj := h.objs[o]; obj != nil {
			r.value(obj.Val)
		}
	}
	return seen[id]
}

// refCounter counts references to one object. Array versions are
// immutable and may be shared, so their counts are memoized by ID. With
// visit, it also calls visit with every object a reference leads to.
type refCounter struct {
	h      *Heap
	id     ObjID
	arrays arrayCounts
	visit  func(ObjID)
}

// arrayCounts memoizes the counts of array versions by ID. A count is
// asked for every append (see ssaexec's privateStore), over every array
// version of the heap: the first ones are kept in place, the rest in a
// map taken from countMaps and given back (release), not made for each
// count.
type arrayCounts struct {
	few  [8]struct{ id, n int }
	used int
	many map[int]int
}

var countMaps = sync.Pool{New: func() any { return map[int]int{} }}

// release gives the map of c back, emptied.
func (c *arrayCounts) release() {
	if c.many != nil {
		clear(c.many)
		countMaps.Put(c.many)
		c.many = nil
	}
}

func (c *arrayCounts) get(id int) (int, bool) {
	for _, e := range c.few[:c.used] {
		if e.id == id {
			return e.n, true
		}
	}
	n, ok := c.many[id]
	return n, ok
}

func (c *arrayCounts) put(id, n int) {
	if c.used < len(c.few) {
		c.few[c.used].id, c.few[c.used].n = id, n
		c.used++
		return
	}
	if c.many == nil {
		c.many = countMaps.Get().(map[int]int)
	}
	c.many[id] = n
}

// targetIsInput reports whether the object counted is an input object,
// the only kind the input values observed can refer to.
func (r *refCounter) targetIsInput() bool {
	obj := r.h.objs[r.id]
	return obj == nil || obj.Input
}

func (r *refCounter) add(a, b int) int { return min(a+b, manyRefs) }

func (r *refCounter) is(id ObjID) int {
	if r.visit != nil {
		r.visit(id)
	}
	if id == r.id {
		return 1
	}
	return 0
}

func (r *refCounter) values(vs []Value) int {
	n := 0
	for _, v := range vs {
		n = r.add(n, r.value(v))
	}
	return n
}

func (r *refCounter) value(v Value) int {
	switch x := v.(type) {
	case nil, Scalar, Nil, Str, SymStr, Opaque:
		return 0
	case Ptr:
		return r.is(x.Obj)
	case SymPtr:
		return r.is(r.h.Sym(x.ID).Target)
	case SymIface:
		return r.is(r.h.ifaces[x.ID].Box)
	case Slice:
		return r.is(x.Store.Obj)
	case Struct:
		return r.values(x.Fields)
	case Tuple:
		return r.values(x.Elems)
	case Iface:
		return r.value(x.V)
	case Func:
		return r.values(x.Env)
	case InputRef:
		return r.input(Loc{Obj: x.Obj, Path: x.Path})
	case *Array:
		return r.array(x)
	case *MapStore:
		return r.mapStore(x)
	}
	return manyRefs
}

// input counts the references in the input values observed at loc or
// inside it: a placeholder stands for them.
func (r *refCounter) input(loc Loc) int {
	if !r.targetIsInput() {
		return 0 // an input's values refer to input objects only
	}
	if v, ok := r.h.inputs.get(loc); ok {
		return r.value(v)
	}
	n := 0
	for p, v := range r.h.inputs.of(loc.Obj) {
		if len(p) > len(loc.Path) && strings.HasPrefix(string(p), string(loc.Path)) {
			n = r.add(n, r.value(v))
		}
	}
	return n
}

func (r *refCounter) array(a *Array) int {
	if n, ok := r.arrays.get(a.ID); ok && a.ID != 0 {
		return n
	}
	n := 0
	for _, c := range a.Cells {
		n = r.add(n, r.value(c.Val))
	}
	switch a.Back.Kind {
	case InputBack:
		loc := a.Back.Input
		for _, c := range r.h.cells[loc] {
			n = r.add(n, r.input(Loc{Obj: loc.Obj, Path: loc.Path.Cell(c.ID)}))
		}
	case WindowBack:
		n = r.add(n, r.array(a.Back.Src))
		n = r.add(n, r.array(a.Back.Rest))
	}
	r.arrays.put(a.ID, n)
	return n
}

// mapStore counts the references in a map's written entries. The values
// of an input map's entries are input locations whose paths the map
// keeps to itself: they count as references to an input object.
func (r *refCounter) mapStore(m *MapStore) int {
	n := 0
	for _, e := range m.Entries {
		n = r.add(n, r.value(e.Val))
	}
	if m.Input != nil && r.targetIsInput() {
		return manyRefs
	}
	return n
}

// PointeeType returns the type of what the pointer v points to, as the
// heap knows it (nil for the nil pointer), and whether v is a pointer.
func (h *Heap) PointeeType(v Value) (types.Type, bool) {
	switch x := v.(type) {
	case Nil:
		return nil, true
	case SymPtr:
		return h.Sym(x.ID).Elem, true
	case Ptr:
		t := h.objs[x.Obj].Type
		for _, st := range x.Path.steps() {
			switch u := Under(t).(type) {
			case *types.Struct:
				if st.kind != '.' {
					return nil, false
				}
				t = u.Field(st.n).Type()
			case *types.Array:
				t = u.Elem()
			case *types.Slice:
				t = u.Elem()
			default:
				return nil, false
			}
		}
		return t, true
	}
	return nil, false
}
