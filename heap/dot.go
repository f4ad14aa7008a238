package heap

import (
	"fmt"
	"go/types"
	"sort"
	"strconv"
	"strings"
)

// Mark is the location a finding points at, drawn highlighted: the field (or
// parameter: Obj == h.Args(), Path == Path("").Field(i)) that held the nil
// that was dereferenced, or the object (Path "") whose index or slice bounds
// failed. The zero Mark marks nothing.
type Mark struct {
	Obj  ObjID
	Path Path
}

// Root is a variable of the panicking frame drawn as an entry of the frame
// node: registers are not heap objects, yet they are often the only way to
// what the code allocated.
type Root struct {
	Name string
	Type types.Type
	Val  Value
}

// InputDot draws the input heap under model m as a Graphviz digraph: the same
// input the Witness method writes as Go (the rules of Input:
// unresolved symbolic references are nil, unresolved symbolic locations
// distinct fresh objects, unobserved fields zero/omitted, scalars the model's
// values). Struct fields the path never observed are left out, as the
// witness's literals leave them out; parameters, array elements and map
// values never observed are drawn grey with the zero value the witness gives
// them. A pointer is a dot whose edge starts in its cell, so that shared and
// cyclic structure shows as it is. The marked cell (or, for a whole object,
// its header) is red, and a nil held there also points to a red nil node: the
// reader's eye goes first to what failed.
func (h *Heap) InputDot(m Valuer, q types.Qualifier, params *types.Tuple, mark Mark) string {
	d := newDotWriter(h, m, q, true, mark)
	d.drawParams(params)
	return d.finish()
}

// PanicDot draws the heap as it is at the panic: the current contents of every
// object reachable from the parameters (their input values) and from roots
// (the panicking frame's variables), with values under model m. Objects the
// code allocated have a dashed border and a grey header, so that they can be
// told from inputs; unobserved input locations are drawn as by InputDot.
func (h *Heap) PanicDot(m Valuer, q types.Qualifier, params *types.Tuple, roots []Root, mark Mark) string {
	d := newDotWriter(h, m, q, false, mark)
	d.drawParams(params)
	d.drawFrame(roots)
	return d.finish()
}

// Drawing limits: a picture is for reading, and a model may give an input
// slice a capacity in the millions.
const (
	maxDotElems = 16
	maxDotBytes = 64
)

const (
	dotRef        = "•" // a pointer cell; its edge starts from the dot
	dotMarkColor  = "#f4cccc"
	dotRed        = "#cc0000"
	dotInputColor = "#dae8fc"
	dotFrameColor = "#d5e8d4"
	dotNewColor   = "#eeeeee"
	dotGrey       = "#888888"
)

type dotWriter struct {
	h     *Heap
	m     Valuer
	q     types.Qualifier
	input bool // objects show their input contents, not current ones
	// snap resolves symbolic references and interfaces as the witness
	// does (see Snapshot); its Objects hold the virtual objects' types.
	snap *snapshot
	mark Mark // with a canonical path (see canon)
	// nodes are the drawn nodes by object; the parameters' node is under
	// h.args, the frame's under frameObj.
	nodes     map[ObjID]*dotNode
	queue     []ObjID
	queued    map[ObjID]bool
	markedNil bool
}

// frameObj keys the frame node: no object and no virtual object has it.
const frameObj = ObjID(-1 << 62)

// dotNode is one node being drawn. Edges are resolved once every node is
// drawn, so that an edge to a port the target did not draw (an element past
// the limit, an omitted field) can fall back to the node.
type dotNode struct {
	name   string
	header string
	color  string
	dashed bool
	rows   []string
	// heads are the ports edges to a path enter by: the row's label cell,
	// so that they meet the row at its start.
	heads map[Path]string
	edges []dotEdge
}

type dotEdge struct {
	tail    string // node:port
	head    ObjID
	path    Path // canonical path of the target inside head, "" for the object
	fromDot bool // the cell is a lone pointer dot: start at its centre
	toNil   bool // to the marked nil
}

func newDotWriter(h *Heap, m Valuer, q types.Qualifier, input bool, mark Mark) *dotWriter {
	snap := &snapshot{h: h, m: m, in: &Input{Objects: map[ObjID]InputObject{}}}
	d := &dotWriter{h: h, m: m, q: q, snap: snap, input: input, nodes: map[ObjID]*dotNode{}, queued: map[ObjID]bool{}}
	if mark.Obj != 0 {
		d.mark = Mark{Obj: mark.Obj, Path: d.canon(mark.Obj, mark.Path)}
	}
	return d
}

func (d *dotWriter) newNode(id ObjID, name, header, color string) *dotNode {
	n := &dotNode{name: name, header: header, color: color, heads: map[Path]string{}}
	d.nodes[id] = n
	return n
}

func (d *dotWriter) drawParams(params *types.Tuple) {
	if params.Len() == 0 {
		return
	}
	n := d.newNode(d.h.args, "params", "parameters", dotFrameColor)
	for i := 0; i < params.Len(); i++ {
		p := params.At(i)
		path := Path("").Field(i)
		var v Value
		if d.h.args != 0 {
			v = InputRef{Obj: d.h.args, Path: path, Type: p.Type()}
		}
		name := p.Name()
		if name == "" {
			name = fmt.Sprintf("p%d", i)
		}
		n.rows = append(n.rows, d.row(n, name, d.h.args, path, v, p.Type()))
	}
}

func (d *dotWriter) drawFrame(roots []Root) {
	if len(roots) == 0 {
		return
	}
	n := d.newNode(frameObj, "frame", "frame", dotFrameColor)
	for i, r := range roots {
		n.rows = append(n.rows, d.row(n, r.Name, frameObj, Path("").Field(i), r.Val, r.Type))
	}
}

// drawObject draws object id (negative: an unresolved symbolic location,
// a fresh zero object) with its input or its current contents.
func (d *dotWriter) drawObject(id ObjID) {
	obj := d.h.objs[id]
	var t types.Type
	if virtual, ok := d.snap.in.Objects[id]; ok && id < 0 {
		t = virtual.Type
	} else if obj != nil {
		t = obj.Type
	}
	header := dotType(t, d.q)
	var v Value = InputRef{Obj: id, Type: t}
	if obj != nil && !d.input {
		v = obj.Val
	}
	if a, ok := d.storeArray(obj); ok {
		// A backing store is an array of the slices' capacity.
		header = fmt.Sprintf("[%d]%s", d.num(a.Len), dotType(a.Elem, d.q))
		if d.input {
			v = &Array{Len: a.Len, Elem: a.Elem, Back: Backing{Kind: InputBack, Input: Loc{Obj: id}}}
		}
	}
	color := dotInputColor
	allocated := obj != nil && !obj.Input
	if allocated {
		color = dotNewColor
	}
	if d.marked(id, "") {
		color = dotMarkColor
	}
	name := fmt.Sprintf("n%d", id)
	if id < 0 {
		name = fmt.Sprintf("s%d", -id)
	}
	n := d.newNode(id, name, dotEsc(header), color)
	n.dashed = allocated
	if mt, ok := under(t).(*types.Map); ok {
		n.rows = d.mapRows(n, id, v, mt)
		return
	}
	n.rows = d.rows(n, id, "", v, t)
}

func (d *dotWriter) storeArray(obj *Object) (*Array, bool) {
	if obj == nil || !obj.store {
		return nil, false
	}
	a, ok := obj.Val.(*Array)
	return a, ok
}

// under is Under that tolerates a missing type.
func under(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return Under(t)
}

// rows draws a value as the rows of a table: a struct's fields, an array's
// elements, or one row for anything else.
func (d *dotWriter) rows(n *dotNode, obj ObjID, p Path, v Value, t types.Type) []string {
	if rows, ok := d.aggregateRows(n, obj, p, v, t); ok {
		return rows
	}
	return []string{d.row(n, "", obj, p, v, t)}
}

func (d *dotWriter) aggregateRows(n *dotNode, obj ObjID, p Path, v Value, t types.Type) ([]string, bool) {
	if r, ok := v.(InputRef); ok {
		if rec, ok := d.h.inputs.get(Loc{Obj: r.Obj, Path: r.Path}); ok {
			v = rec
		}
	}
	switch x := v.(type) {
	case Struct:
		st, ok := under(t).(*types.Struct)
		if !ok || st.NumFields() != len(x.Fields) {
			return nil, false
		}
		return d.fieldRows(n, obj, p, st, func(i int) Value { return x.Fields[i] }), true
	case InputRef:
		st, ok := under(x.Type).(*types.Struct)
		if !ok {
			return nil, false
		}
		return d.fieldRows(n, obj, p, st, func(i int) Value { return FieldOf(x, i, st.Field(i).Type()) }), true
	case *Array:
		return d.elemRows(n, obj, p, x), true
	}
	return nil, false
}

// fieldRows draws the fields of a struct, leaving out those never observed
// (unless the mark is there).
func (d *dotWriter) fieldRows(n *dotNode, obj ObjID, p Path, st *types.Struct, field func(int) Value) []string {
	var rows []string
	for i := 0; i < st.NumFields(); i++ {
		fp := p.Field(i)
		v := field(i)
		if _, ok := d.resolve(v); !ok && !d.markedUnder(obj, fp) {
			continue
		}
		rows = append(rows, d.row(n, st.Field(i).Name(), obj, fp, v, st.Field(i).Type()))
	}
	return rows
}

func (d *dotWriter) elemRows(n *dotNode, obj ObjID, p Path, a *Array) []string {
	count := d.num(a.Len)
	var rows []string
	for j := uint64(0); j < count && j < maxDotElems; j++ {
		rows = append(rows, d.row(n, fmt.Sprintf("[%d]", j), obj, dotAt(p, j), d.elemAt(a, j), a.Elem))
	}
	if count > maxDotElems {
		rows = append(rows, `<tr><td colspan="2">`+dotGreyText(fmt.Sprintf("… len %d", count))+`</td></tr>`)
	}
	return rows
}

// elemAt reads element j of an array as the model has it: the newest cell
// written at j, else the backing's. An input element never observed is nil.
func (d *dotWriter) elemAt(a *Array, j uint64) Value {
	for _, c := range a.Cells {
		if d.num(c.Index) == j {
			return c.Val
		}
	}
	switch b := a.Back; b.Kind {
	case ZeroBack:
		return Zero(d.h.ctx, a.Elem)
	case InputBack:
		for _, ic := range d.h.cells[b.Input] {
			if d.num(ic.Index) == j {
				return InputRef{Obj: b.Input.Obj, Path: b.Input.Path.Cell(ic.ID), Type: a.Elem}
			}
		}
	case WindowBack:
		if b.Src != nil && d.num(b.Lo) <= j && j < d.num(b.Hi) {
			return d.elemAt(b.Src, j+d.num(b.Shift))
		}
		if b.Rest != nil {
			return d.elemAt(b.Rest, j)
		}
	}
	return nil
}

// dotEntry is a map entry as drawn; str and num order the entries by key.
type dotEntry struct {
	key  string
	str  string
	num  uint64
	path Path
	val  Value
}

// mapRows draws a map's entries: the written ones that are live, then the
// input keys the model makes present that no write shadows.
func (d *dotWriter) mapRows(n *dotNode, id ObjID, v Value, mt *types.Map) []string {
	type seenKey struct {
		dyn string
		num uint64
	}
	key := func(k Key) seenKey {
		if k.Dyn == nil {
			return seenKey{num: d.num(k.T)}
		}
		return seenKey{types.TypeString(k.Dyn, nil), d.num(k.T)}
	}
	seen := map[seenKey]bool{}
	var entries []dotEntry
	var input *Loc
	switch x := v.(type) {
	case *MapStore:
		for j, e := range x.Entries {
			k := key(e.Key)
			if seen[k] {
				continue
			}
			seen[k] = true
			if !e.Deleted {
				path := Path(fmt.Sprintf("[w%d]", len(x.Entries)-1-j))
				entries = append(entries, d.entry(e.Key, mt.Key(), path, e.Val))
			}
		}
		input = x.Input
	case InputRef:
		input = &Loc{Obj: id}
	}
	if input != nil {
		for _, ik := range d.h.keys[*input] {
			if k := key(ik.Key); !seen[k] && d.m.Bool(ik.Present) {
				seen[k] = true
				val := InputRef{Obj: input.Obj, Path: input.Path.Cell(ik.ID), Type: mt.Elem()}
				entries = append(entries, d.entry(ik.Key, mt.Key(), Path("").Cell(ik.ID), val))
			}
		}
	}
	sort.SliceStable(entries, func(i, j int) bool {
		if entries[i].str != entries[j].str {
			return entries[i].str < entries[j].str
		}
		return entries[i].num < entries[j].num
	})
	rows := make([]string, len(entries))
	for i, e := range entries {
		rows[i] = d.row(n, e.key, id, e.path, e.val, mt.Elem())
	}
	return rows
}

func (d *dotWriter) entry(key Key, kt types.Type, path Path, v Value) dotEntry {
	if key.Dyn != nil {
		return d.ifaceEntry(key, path, v)
	}
	k := key.T
	e := dotEntry{path: path, val: v}
	if b, ok := under(kt).(*types.Basic); ok && b.Info()&types.IsString != 0 {
		s, ok := d.h.keyString(d.num(k))
		e.key, e.str = "?", s
		if ok {
			e.key = strconv.Quote(s)
		}
		return e
	}
	e.key, e.num = d.scalarText(k, kt), d.num(k)
	if _, signed, ok := IntInfo(kt); ok && signed && !k.Sort().IsBool() {
		e.num = uint64(d.m.Int64(k)) ^ 1<<63
	}
	return e
}

// ifaceEntry is entry for a key of interface type: its value, then its
// dynamic type in parentheses; keys order by type, then value.
func (d *dotWriter) ifaceEntry(key Key, path Path, v Value) dotEntry {
	if key.Dyn == NilKey {
		return dotEntry{key: "nil", path: path, val: v}
	}
	e := d.entry(key.payload(), key.Dyn, path, v)
	name := types.TypeString(key.Dyn, d.q)
	e.key += " (" + name + ")"
	e.str = name + "\x00" + e.str
	return e
}

// row draws a labelled value; without a label the value spans the row.
func (d *dotWriter) row(n *dotNode, label string, obj ObjID, p Path, v Value, t types.Type) string {
	if label == "" {
		n.heads[p] = dotPort(p)
		return "<tr>" + d.cell(n, obj, p, v, t, ` colspan="2"`) + "</tr>"
	}
	n.heads[p] = "l" + dotPort(p)
	return `<tr><td port="l` + dotPort(p) + `" align="left">` + dotEsc(label) + "</td>" + d.cell(n, obj, p, v, t, "") + "</tr>"
}

// cell draws the value at path p of obj as a table cell whose port is p,
// so that the edges of the pointers it holds start there.
func (d *dotWriter) cell(n *dotNode, obj ObjID, p Path, v Value, t types.Type, attrs string) string {
	port := dotPort(p)
	first := len(n.edges)
	text, isNil := d.content(n, obj, p, v, t)
	if text == dotRef {
		for i := first; i < len(n.edges); i++ {
			n.edges[i].fromDot = true
		}
	}
	attrs = ` port="` + port + `" align="left"` + attrs
	if d.marked(obj, p) {
		attrs += ` bgcolor="` + dotMarkColor + `"`
		if isNil {
			n.edges = append(n.edges, dotEdge{tail: n.name + ":" + port, toNil: true})
			d.markedNil = true
		}
	}
	return "<td" + attrs + ">" + text + "</td>"
}

// content draws a value inside a cell: text, or a nested table for an
// aggregate. It reports whether the value is nil.
func (d *dotWriter) content(n *dotNode, obj ObjID, p Path, v Value, t types.Type) (string, bool) {
	v, ok := d.resolve(v)
	if !ok {
		z := d.zero(t)
		return dotGreyText(z), z == "nil"
	}
	switch x := v.(type) {
	case Scalar:
		return dotEsc(d.scalarText(x.T, t)), false
	case Nil:
		return "nil", true
	case Ptr:
		return d.pointTo(n, p, x.Obj, d.canon(x.Obj, x.Path))
	case SymPtr:
		return d.symPtr(n, p, x)
	case Slice:
		return d.slice(n, p, x)
	case Str:
		return dotEsc(strconv.Quote(x.S)), false
	case SymStr:
		return d.symStr(x), false
	case Iface:
		if x.Type == nil {
			return "nil", true
		}
		return d.dynamic(n, obj, p, x.V, x.Type), false
	case SymIface:
		return d.symIface(n, obj, p, x)
	case Func:
		return dotGreyText("func"), false
	}
	if rows, ok := d.aggregateRows(n, obj, p, v, t); ok {
		if len(rows) == 0 {
			return dotGreyText("{}"), false
		}
		return dotTable("", rows), false
	}
	return dotGreyText("?"), false
}

// resolve returns what an input placeholder stands for: the recorded input,
// or for a struct with observed parts the placeholder itself (its parts are
// looked up one by one). ok is false for a location never observed.
func (d *dotWriter) resolve(v Value) (Value, bool) {
	r, isRef := v.(InputRef)
	if !isRef {
		return v, v != nil
	}
	if rec, ok := d.h.inputs.get(Loc{Obj: r.Obj, Path: r.Path}); ok {
		return rec, true
	}
	if _, isStruct := under(r.Type).(*types.Struct); isStruct && d.hasUnder(r.Obj, r.Path) {
		return r, true
	}
	return nil, false
}

func (d *dotWriter) pointTo(n *dotNode, tail Path, head ObjID, path Path) (string, bool) {
	if head == 0 {
		return dotGreyText("?"), false
	}
	n.edges = append(n.edges, dotEdge{tail: n.name + ":" + dotPort(tail), head: head, path: path})
	if !d.queued[head] {
		d.queued[head] = true
		d.queue = append(d.queue, head)
	}
	return dotRef, false
}

// symPtr draws a symbolic reference as the witness resolves it. Input
// functions are symbolic references too, to no object.
func (d *dotWriter) symPtr(n *dotNode, p Path, x SymPtr) (string, bool) {
	info := d.h.Sym(x.ID)
	if _, isFunc := under(info.Elem).(*types.Signature); isFunc {
		if info.Nilness == NotNil {
			return dotGreyText("func"), false
		}
		return "nil", true
	}
	ref, ok := d.snap.symPtr(x).(Ref)
	if !ok {
		return "nil", true
	}
	return d.pointTo(n, p, ref.Obj, "")
}

// slice draws a slice header; its edge goes to the element it starts at.
func (d *dotWriter) slice(n *dotNode, p Path, x Slice) (string, bool) {
	if x.Store.Obj == 0 || x.Nil != nil && d.m.Bool(x.Nil) {
		return "nil", true
	}
	head := d.canon(x.Store.Obj, x.Store.Path)
	if off := d.num(x.Off); off > 0 {
		head = dotAt(head, off)
	}
	d.pointTo(n, p, x.Store.Obj, head)
	return fmt.Sprintf("len %d cap %d", d.num(x.Len), d.num(x.Cap)), false
}

// symStr draws a string whose bytes are array elements. Bytes the path never
// read are 'a', as in the witness.
func (d *dotWriter) symStr(x SymStr) string {
	length, off := d.num(x.Len), d.num(x.Off)
	b := make([]byte, min(length, maxDotBytes))
	for i := range b {
		b[i] = 'a'
		if v, ok := d.resolve(d.elemAt(x.Arr, off+uint64(i))); ok {
			if s, ok := v.(Scalar); ok {
				b[i] = byte(d.num(s.T))
			}
		}
	}
	text := dotEsc(strconv.Quote(string(b)))
	if length > maxDotBytes {
		text += dotGreyText(fmt.Sprintf("… len %d", length))
	}
	return text
}

func (d *dotWriter) symIface(n *dotNode, obj ObjID, p Path, x SymIface) (string, bool) {
	info := d.h.ifaces[x.ID]
	if info.Dyn == nil {
		lit := d.anyIface(d.snap.iface(x).(IfaceValue))
		return dotEsc(lit), lit == "nil"
	}
	return d.dynamic(n, obj, p, InputRef{Obj: info.Box, Type: info.Dyn}, info.Dyn), false
}

// dynamic draws an interface's dynamic value, headed by its type.
func (d *dotWriter) dynamic(n *dotNode, obj ObjID, p Path, v Value, t types.Type) string {
	typ := dotEsc(dotType(t, d.q))
	if rows, ok := d.aggregateRows(n, obj, p, v, t); ok {
		return dotTable(typ, rows)
	}
	text, _ := d.content(n, obj, p, v, t)
	return dotGreyText(typ) + " " + text
}

// canon rewrites a heap path into the form cells are drawn under: index
// terms and input cells of arrays become the indices the model gives them,
// so that a path reaching an element by any index term finds its cell. The
// cells of input maps keep their ids.
func (d *dotWriter) canon(obj ObjID, p Path) Path {
	var raw, out Path
	for _, st := range p.steps() {
		switch st.kind {
		case '.':
			raw, out = raw.Field(st.n), out.Field(st.n)
		case '#':
			if st.n < len(d.h.terms) {
				out = dotAt(out, d.num(d.h.terms[st.n]))
			}
			raw = raw.index(st.n)
		case '@':
			if j, ok := d.cellIndex(Loc{Obj: obj, Path: raw}, st.n); ok {
				out = dotAt(out, j)
			} else {
				out = out.Cell(st.n)
			}
			raw = raw.Cell(st.n)
		}
	}
	return out
}

func (d *dotWriter) cellIndex(loc Loc, id int) (uint64, bool) {
	for _, ic := range d.h.cells[loc] {
		if ic.ID == id {
			return d.num(ic.Index), true
		}
	}
	return 0, false
}

func (d *dotWriter) marked(obj ObjID, p Path) bool {
	return d.mark.Obj != 0 && obj == d.mark.Obj && p == d.mark.Path
}

func (d *dotWriter) markedUnder(obj ObjID, p Path) bool {
	if d.mark.Obj == 0 || obj != d.mark.Obj {
		return false
	}
	_, ok := d.mark.Path.Under(p)
	return ok
}

// finish draws the objects the drawn nodes point to, then writes the graph
// in a fixed order: parameters, frame, objects by id (then the fresh ones),
// the nil marker, and the edges node by node.
func (d *dotWriter) finish() string {
	for len(d.queue) > 0 {
		id := d.queue[0]
		d.queue = d.queue[1:]
		d.drawObject(id)
	}
	var b strings.Builder
	b.WriteString("digraph heap {\n\trankdir=LR;\n\tnode [shape=plain fontname=\"Helvetica\"];\n\tedge [arrowsize=0.7];\n")
	order := d.order()
	for _, id := range order {
		d.writeNode(&b, d.nodes[id])
	}
	if d.markedNil {
		fmt.Fprintf(&b, "\tmarknil [shape=ellipse style=filled fillcolor=%q color=%q fontcolor=%q fontsize=10 width=0 height=0 margin=0.04 label=\"nil\"];\n", dotMarkColor, dotRed, dotRed)
	}
	for _, id := range order {
		for _, e := range d.nodes[id].edges {
			b.WriteString("\t" + d.edgeLine(e) + ";\n")
		}
	}
	b.WriteString("}\n")
	return b.String()
}

func (d *dotWriter) order() []ObjID {
	var objs []ObjID
	for id := range d.nodes {
		if id != d.h.args && id != frameObj {
			objs = append(objs, id)
		}
	}
	// Objects in creation order, then the fresh ones by reference.
	sort.Slice(objs, func(i, j int) bool {
		a, b := objs[i], objs[j]
		if (a > 0) != (b > 0) {
			return a > 0
		}
		if a > 0 {
			return a < b
		}
		return a > b
	})
	var order []ObjID
	for _, id := range []ObjID{d.h.args, frameObj} {
		if _, ok := d.nodes[id]; ok {
			order = append(order, id)
		}
	}
	return append(order, objs...)
}

func (d *dotWriter) writeNode(b *strings.Builder, n *dotNode) {
	table := `<table border="0" cellborder="1" cellspacing="0" cellpadding="4">`
	if n.dashed {
		table = `<table border="1" style="dashed" cellborder="1" cellspacing="0" cellpadding="4">`
	}
	fmt.Fprintf(b, "\t%s [label=<%s\n", n.name, table)
	fmt.Fprintf(b, "\t\t<tr><td colspan=\"2\" bgcolor=%q><b>%s</b></td></tr>\n", n.color, n.header)
	for _, r := range n.rows {
		b.WriteString("\t\t" + r + "\n")
	}
	b.WriteString("\t</table>>];\n")
}

func (d *dotWriter) edgeLine(e dotEdge) string {
	tail := e.tail
	var attrs []string
	if e.fromDot {
		tail += ":c"
		attrs = append(attrs, "tailclip=false")
	}
	head := "marknil"
	if e.toNil {
		attrs = append(attrs, fmt.Sprintf("color=%q", dotRed))
	} else {
		target := d.nodes[e.head]
		head = target.name
		if port, ok := target.heads[e.path]; ok && e.path != "" {
			head += ":" + port + ":w"
		}
	}
	line := tail + " -> " + head
	if len(attrs) > 0 {
		line += " [" + strings.Join(attrs, " ") + "]"
	}
	return line
}

// dotAt extends a canonical path by a concrete index.
func dotAt(p Path, j uint64) Path {
	return Path(fmt.Sprintf("%s[%d]", p, j))
}

// dotPort names the port of a canonical path: a letter for each kind of
// step, so that distinct paths get distinct names.
func dotPort(p Path) string {
	return "p" + dotPortChars.Replace(string(p))
}

var dotPortChars = strings.NewReplacer(".", "f", "[", "i", "]", "", "@", "k")

func dotType(t types.Type, q types.Qualifier) string {
	if t == nil {
		return "?"
	}
	return types.TypeString(t, q)
}

// dotTable is a table nested in a cell, with an optional header.
func dotTable(header string, rows []string) string {
	var b strings.Builder
	b.WriteString(`<table border="0" cellborder="1" cellspacing="0">`)
	if header != "" {
		b.WriteString(`<tr><td colspan="2">` + header + `</td></tr>`)
	}
	for _, r := range rows {
		b.WriteString(r)
	}
	b.WriteString("</table>")
	return b.String()
}

func dotGreyText(s string) string {
	return `<font color="` + dotGrey + `">` + dotEsc(s) + "</font>"
}

var dotEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

func dotEsc(s string) string { return dotEscaper.Replace(s) }
