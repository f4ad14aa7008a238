package ssaexec

import (
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gosym/gosym/result"
	"golang.org/x/tools/go/ssa"
)

// Directives are what the source says to gosym in //gosym: comments:
//
//	//gosym:ignore reason    on a line, or alone on the line above it:
//	                         findings at that line are not reported
//	//gosym:ignore reason    in a function's doc comment: the function is
//	                         not analysed (status ignored)
//	//gosym:k 5              in a function's doc comment: a bound for that
//	                         function (also kbytes, n, loops, recursion,
//	                         seq, max-work, timeout)
const directivePrefix = "//gosym:"

// functionBounds are the bounds a function's doc comment may set.
var functionBounds = map[string]func(c *Config, arg string) error{
	"k":         func(c *Config, arg string) error { return positive(&c.K, arg) },
	"kbytes":    func(c *Config, arg string) error { return positive(&c.KBytes, arg) },
	"n":         func(c *Config, arg string) error { return positive(&c.N, arg) },
	"loops":     func(c *Config, arg string) error { return positive(&c.Loops, arg) },
	"recursion": func(c *Config, arg string) error { return positive(&c.Recursion, arg) },
	"seq": func(c *Config, arg string) error {
		n, err := strconv.Atoi(arg)
		if err != nil || n < 0 {
			return fmt.Errorf("want a non-negative integer, got %q", arg)
		}
		c.Seq = n
		return nil
	},
	"max-work": func(c *Config, arg string) error {
		n, err := strconv.ParseInt(arg, 10, 64)
		if err != nil || n < 1 {
			return fmt.Errorf("want a positive integer, got %q", arg)
		}
		c.MaxWork = n
		return nil
	},
	"timeout": func(c *Config, arg string) error {
		d, err := time.ParseDuration(arg)
		if err != nil || d <= 0 {
			return fmt.Errorf("want a positive duration, got %q", arg)
		}
		c.Timeout = d
		return nil
	},
}

func positive(dst *int, arg string) error {
	n, err := strconv.Atoi(arg)
	if err != nil || n < 1 {
		return fmt.Errorf("want a positive integer, got %q", arg)
	}
	*dst = n
	return nil
}

// directive is one //gosym: comment: its verb and the rest.
type directive struct {
	pos       token.Position
	verb, arg string
}

func parseDirective(fset *token.FileSet, c *ast.Comment) (directive, bool) {
	text, ok := strings.CutPrefix(c.Text, directivePrefix)
	if !ok {
		return directive{}, false
	}
	verb, arg, _ := strings.Cut(strings.TrimSpace(text), " ")
	return directive{pos: fset.Position(c.Pos()), verb: verb, arg: strings.TrimSpace(arg)}, true
}

// readDirectives collects the line directives of the named packages'
// files into p, and the errors of malformed ones. Function directives are
// read from each function's doc comment when it is analysed.
func (p *Program) readDirectives(files []*ast.File) {
	p.ignoredLines = map[string]string{}
	for _, f := range files {
		{
			docs := map[*ast.CommentGroup]bool{}
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Doc != nil {
					docs[fd.Doc] = true
				}
			}
			for _, group := range f.Comments {
				for _, c := range group.List {
					d, ok := parseDirective(p.Fset, c)
					if !ok {
						continue
					}
					if docs[group] {
						if err := checkFunctionDirective(d); err != nil {
							p.DirectiveErrors = append(p.DirectiveErrors, *err)
						}
						continue
					}
					p.lineDirective(d)
				}
			}
		}
	}
}

// lineDirective records an ignore directive outside a doc comment: for its
// own line when code precedes it there, else for the next line.
func (p *Program) lineDirective(d directive) {
	switch {
	case d.verb != "ignore":
		p.DirectiveErrors = append(p.DirectiveErrors, d.error("//gosym:%s belongs in a function's doc comment", d.verb))
	case d.arg == "":
		p.DirectiveErrors = append(p.DirectiveErrors, d.error("//gosym:ignore needs a reason"))
	default:
		line := d.pos.Line
		if !codeBefore(d.pos) {
			line++
		}
		p.ignoredLines[lineKey(d.pos.Filename, line)] = d.arg
	}
}

// codeBefore reports whether the line of pos has code before column pos.
func codeBefore(pos token.Position) bool {
	src, err := os.ReadFile(pos.Filename)
	if err != nil {
		return false
	}
	start := pos.Offset - (pos.Column - 1)
	return start >= 0 && pos.Offset <= len(src) && strings.TrimSpace(string(src[start:pos.Offset])) != ""
}

func checkFunctionDirective(d directive) *DirectiveError {
	if d.verb == "ignore" {
		if d.arg == "" {
			return ptr(d.error("//gosym:ignore needs a reason"))
		}
		return nil
	}
	set, ok := functionBounds[d.verb]
	if !ok {
		return ptr(d.error("unknown directive //gosym:%s (want ignore, k, kbytes, n, loops, recursion, seq, max-work or timeout)", d.verb))
	}
	if err := set(&Config{}, d.arg); err != nil {
		return ptr(d.error("//gosym:%s: %v", d.verb, err))
	}
	return nil
}

func ptr[T any](v T) *T { return &v }

// DirectiveError is a malformed //gosym: comment, which is not applied.
type DirectiveError struct {
	Pos token.Position
	Msg string
}

func (e DirectiveError) Error() string { return fmt.Sprintf("%s: %s", e.Pos, e.Msg) }

func (d directive) error(format string, args ...any) DirectiveError {
	return DirectiveError{Pos: d.pos, Msg: fmt.Sprintf(format, args...)}
}

func lineKey(file string, line int) string { return fmt.Sprintf("%s:%d", file, line) }

// Analyze analyses fn as the package-level Analyze does, under the
// directives of its source: its doc comment's bounds, or its ignore, and
// the ignored lines.
func (p *Program) Analyze(fn *ssa.Function, cfg Config) *result.FuncResult {
	cfg.IgnoredLines = p.ignoredLines
	cfg.waits = &p.waits
	for _, d := range functionDirectives(fn) {
		if checkFunctionDirective(d) != nil {
			continue // reported by Load
		}
		if d.verb == "ignore" {
			return ignoredFunc(fn, d.arg)
		}
		functionBounds[d.verb](&cfg, d.arg)
	}
	return p.analyze(fn, cfg)
}

// setsMaxWork reports whether fn's doc comment sets its work budget
// (//gosym:max-work), which a run's budget then leaves as it is.
func setsMaxWork(fn *ssa.Function) bool {
	return slices.ContainsFunc(functionDirectives(fn), func(d directive) bool {
		return d.verb == "max-work" && checkFunctionDirective(d) == nil
	})
}

// functionDirectives returns the directives of fn's doc comment (its
// generic origin's, for an instantiation).
func functionDirectives(fn *ssa.Function) []directive {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	decl, ok := fn.Syntax().(*ast.FuncDecl)
	if !ok || decl.Doc == nil {
		return nil
	}
	var out []directive
	for _, c := range decl.Doc.List {
		if d, ok := parseDirective(fn.Prog.Fset, c); ok {
			out = append(out, d)
		}
	}
	return out
}

func ignoredFunc(fn *ssa.Function, why string) *result.FuncResult {
	res := &result.FuncResult{Func: FuncName(fn), Pos: fn.Prog.Fset.Position(fn.Pos()), Status: result.Ignored,
		Notes: []string{"//gosym:ignore " + why}}
	if pkg := packageOf(fn); pkg != nil {
		res.PkgPath, res.PkgName = pkg.Pkg.Path(), pkg.Pkg.Name()
	}
	return res
}
