package ssaexec

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gosym/gosym/internal/testset"
	"github.com/gosym/gosym/result"
	"golang.org/x/tools/go/ssa"
)

// The testdata packages say what gosym must find in comments on the line
// of the panicking instruction, in the manner of analysistest:
//
//	x := p.Next.Val // want nil-deref "^nil dereference: p.Next is nil$"
//
// A comment holds one or more pairs of a kind and a Go string literal, the
// regular expression the message must match. A kind preceded by "latent"
// wants a latent finding (one no caller of the package can reach), which
// the command shows only with -latent:
//
//	t.rows[k] = v // want latent nil-map "^assignment to entry in nil map"
//
// Every finding must match a want and every want a finding.

type want struct {
	pos    string // file:line
	kind   result.Kind
	latent bool
	re     *regexp.Regexp
	used   bool
}

var (
	loadOnce sync.Once
	loaded   *Program
	loadErr  error
)

// testdataProgram loads all testdata packages once per test binary.
func testdataProgram(t *testing.T) *Program {
	t.Helper()
	loadOnce.Do(func() { loaded, loadErr = Load("..", "./testdata/...") })
	if loadErr != nil {
		t.Fatalf("loading testdata: %v", loadErr)
	}
	return loaded
}

// entry returns the entry function with the given gosym name.
func entry(t *testing.T, name string) *ssa.Function {
	t.Helper()
	for _, fn := range testdataProgram(t).Entries(true, nil) {
		if FuncName(fn) == name {
			return fn
		}
	}
	t.Fatalf("no function %s in testdata", name)
	return nil
}

func parseWants(t *testing.T, files []string) []*want {
	t.Helper()
	var wants []*want
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, group := range f.Comments {
			for _, c := range group.List {
				text, ok := strings.CutPrefix(c.Text, "// want ")
				if !ok {
					continue
				}
				p := fset.Position(c.Pos())
				pairs, err := parseWantPairs(text)
				if err != nil {
					t.Fatalf("%s: bad want comment: %v", p, err)
				}
				for _, w := range pairs {
					w.pos = fmt.Sprintf("%s:%d", p.Filename, p.Line)
					wants = append(wants, w)
				}
			}
		}
	}
	return wants
}

// parseWantPairs parses `kind "re" latent kind "re" ...`.
func parseWantPairs(text string) ([]*want, error) {
	var out []*want
	rest := strings.TrimSpace(text)
	for rest != "" {
		after, latent := strings.CutPrefix(rest, "latent ")
		if latent {
			rest = strings.TrimLeft(after, " ")
		}
		kind, tail, ok := strings.Cut(rest, " ")
		if !ok {
			return nil, fmt.Errorf("kind %q without a message pattern", kind)
		}
		tail = strings.TrimLeft(tail, " ")
		lit, after, err := cutStringLiteral(tail)
		if err != nil {
			return nil, err
		}
		re, err := regexp.Compile(lit)
		if err != nil {
			return nil, err
		}
		out = append(out, &want{kind: result.Kind(kind), latent: latent, re: re})
		rest = strings.TrimSpace(after)
	}
	return out, nil
}

func cutStringLiteral(s string) (lit, rest string, err error) {
	if s == "" {
		return "", "", fmt.Errorf("missing string literal")
	}
	end := -1
	switch s[0] {
	case '`':
		end = strings.IndexByte(s[1:], '`') + 1
	case '"':
		for i := 1; i < len(s); i++ {
			if s[i] == '\\' {
				i++
			} else if s[i] == '"' {
				end = i
				break
			}
		}
	}
	if end <= 0 {
		return "", "", fmt.Errorf("bad string literal in %q", s)
	}
	lit, err = strconv.Unquote(s[:end+1])
	return lit, s[end+1:], err
}

// TestTestdataFindings runs every entry function of the testdata packages
// under the default configuration and checks the findings against the
// want comments.
func TestTestdataFindings(t *testing.T) {
	checkWants(t, testdataProgram(t), testdataFiles(t), deepConfig())
}

// TestTestdataFindingsUnsummarized checks the same findings with
// procedure summaries off: a call a summary answers goes on as running
// its callee would.
func TestTestdataFindingsUnsummarized(t *testing.T) {
	cfg := deepConfig()
	cfg.ProcSummaries = false
	checkWants(t, testdataProgram(t), testdataFiles(t), cfg)
}

// testdataFiles lists the Go files of the testdata packages: in short
// mode, of those testdata/short.txt names.
func testdataFiles(t *testing.T) []string {
	short := shortTestdata(t)
	var files []string
	err := filepath.WalkDir("../testdata", func(path string, d fs.DirEntry, err error) error {
		if parts := strings.Split(filepath.ToSlash(path), "/"); short != nil && len(parts) > 2 && !short[parts[2]] {
			return nil
		}
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			abs, _ := filepath.Abs(path)
			files = append(files, abs)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// shortTestdata returns, in short mode, the set of testdata packages
// testdata/short.txt names; otherwise nil, for all of them.
func shortTestdata(t *testing.T) map[string]bool {
	if !testing.Short() {
		return nil
	}
	names, err := testset.Short("..")
	if err != nil {
		t.Fatal(err)
	}
	set := map[string]bool{}
	for _, name := range names {
		set[name] = true
	}
	return set
}

// TestModuleSiblings analyses one package of the module alone: the
// packages of the module it imports are not analysed, but their code runs
// where it is called, so that the panics that rest on what they return
// are found.
func TestModuleSiblings(t *testing.T) {
	prog, err := Load("..", "./testdata/siblings")
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Release()
	var names []string
	for _, fn := range prog.Entries(true, nil) {
		names = append(names, FuncName(fn))
	}
	if diff := cmp.Diff([]string{"(*siblings.Table).Add", "siblings.Rename"}, names); diff != "" {
		t.Errorf("entries (-want +got):\n%s", diff)
	}
	abs, _ := filepath.Abs("../testdata/siblings/siblings.go")
	checkWants(t, prog, []string{abs}, deepConfig())
}

// checkWants analyses the entries of prog under cfg, with the facts of
// the callees in other packages as the command has them, and checks their
// findings against the want comments of files. In short mode it analyses
// only the entries declared in files.
func checkWants(t *testing.T, prog *Program, files []string, cfg Config) {
	t.Helper()
	cfg.CallFacts = prog.CallFacts(cfg)
	wants := parseWants(t, files)
	if len(wants) == 0 {
		t.Fatal("no want comments found in testdata")
	}
	for _, fn := range prog.Entries(false, nil) {
		if testing.Short() && !slices.Contains(files, prog.Fset.Position(fn.Pos()).Filename) {
			continue // a package short mode does not check (see testdataFiles)
		}
		res := prog.Analyze(fn, cfg) // under the //gosym: directives
		if res.Status == result.Error {
			t.Errorf("%s: internal error: %s", res.Func, res.Err)
		}
		for _, f := range res.Findings {
			if !matchWant(wants, f) {
				t.Errorf("%s:%d: unexpected %sfinding in %s: %s: %s", f.Pos.Filename, f.Pos.Line, latentWord(f.Latent), f.Func, f.Kind, f.Message)
			}
		}
	}
	for _, w := range wants {
		if !w.used {
			t.Errorf("%s: no %sfinding of kind %s matching %q", w.pos, latentWord(w.latent), w.kind, w.re)
		}
	}
}

func matchWant(wants []*want, f *result.Finding) bool {
	pos := fmt.Sprintf("%s:%d", f.Pos.Filename, f.Pos.Line)
	for _, w := range wants {
		if !w.used && w.pos == pos && w.kind == f.Kind && w.latent == f.Latent && w.re.MatchString(f.Message) {
			w.used = true
			return true
		}
	}
	return false
}

func latentWord(latent bool) string {
	if latent {
		return "latent "
	}
	return ""
}

// deepConfig is the configuration of the tests: DefaultConfig with the
// budget of DeepMaxWork. The tests are about the engine, most of them on
// single functions explored in depth, not about the default budget,
// which the speed table chooses for whole modules.
func deepConfig() Config {
	cfg := DefaultConfig()
	cfg.MaxWork = DeepMaxWork
	return cfg
}
