package report

import (
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
	"strings"
)

// statement is where a finding's panic is raised, as a test finds it at
// run time without a line number: the function declared around it, as
// the runtime names it after the package ("(*List).Push", "Map[...]"),
// and the source line, trimmed.
type statement struct {
	fn, text string
}

// locator finds statements, parsing each file once.
type locator struct {
	files map[string]*ast.File
	fset  *token.FileSet
	src   map[string][]string
}

func newLocator() *locator {
	return &locator{files: map[string]*ast.File{}, fset: token.NewFileSet(), src: map[string][]string{}}
}

// at returns the statement at pos; its parts are empty where the file
// cannot be read.
func (l *locator) at(pos token.Position) statement {
	file, lines := l.parse(pos.Filename)
	var st statement
	if pos.Line >= 1 && pos.Line <= len(lines) {
		st.text = withoutComment(lines[pos.Line-1])
	}
	if file == nil {
		return st
	}
	st.fn = "init" // a package variable's initializer
	for _, d := range file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		// Lines and columns, not offsets: cgo's positions are mapped back
		// to the file the user wrote by line directives.
		if before(l.fset.Position(fd.Pos()), pos) && before(pos, l.fset.Position(fd.End())) {
			st.fn = runtimeName(fd)
		}
	}
	return st
}

func (l *locator) parse(name string) (*ast.File, []string) {
	if f, ok := l.files[name]; ok {
		return f, l.src[name]
	}
	data, err := os.ReadFile(name)
	if err != nil {
		l.files[name] = nil
		return nil, nil
	}
	f, _ := parser.ParseFile(l.fset, name, data, parser.SkipObjectResolution)
	l.files[name], l.src[name] = f, strings.Split(string(data), "\n")
	return f, l.src[name]
}

// withoutComment returns the code of a source line, trimmed, without
// the comment that may end it: a test compares the code only, so that a
// comment written there later does not change the statement.
func withoutComment(line string) string {
	var sc scanner.Scanner
	fset := token.NewFileSet()
	src := []byte(line)
	sc.Init(fset.AddFile("", -1, len(src)), src, nil, scanner.ScanComments)
	for {
		p, tok, _ := sc.Scan()
		if tok == token.EOF {
			return strings.TrimSpace(line)
		}
		if tok == token.COMMENT {
			return strings.TrimSpace(line[:fset.Position(p).Offset])
		}
	}
}

// before reports whether a comes no later than b in their file.
func before(a, b token.Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Column <= b.Column
}

// runtimeName is the name runtime.Frame.Function gives fd, without the
// package path: "F", "F[...]", "T.M", "(*T).M", "(*T[...]).M".
func runtimeName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		if fd.Type.TypeParams != nil {
			return fd.Name.Name + "[...]"
		}
		return fd.Name.Name
	}
	recv := fd.Recv.List[0].Type
	star := false
	if s, ok := recv.(*ast.StarExpr); ok {
		recv, star = s.X, true
	}
	typ := ""
	switch r := recv.(type) {
	case *ast.Ident:
		typ = r.Name
	case *ast.IndexExpr:
		typ = exprName(r.X) + "[...]"
	case *ast.IndexListExpr:
		typ = exprName(r.X) + "[...]"
	}
	if star {
		typ = "(*" + typ + ")"
	}
	return typ + "." + fd.Name.Name
}

func exprName(e ast.Expr) string {
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
