package peers

import (
	"context"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// short is what the fixture test asserts of a finding: the message and
// column are the tools' business.
type short struct {
	Tool, File string
	Line       int
	Check      string
}

func TestRunFixture(t *testing.T) {
	// The first run installs both tools (about 15 s); later runs hit the cache.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	dir, err := filepath.Abs(filepath.Join("testdata", "src", "fixture"))
	if err != nil {
		t.Fatal(err)
	}
	fs, unavailable, err := Run(ctx, dir, []string{"./..."})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]short{
		Nilness: {
			{Nilness, "fixture.go", 10, "nilness"}, // nil dereference in field selection
			{Nilness, "fixture.go", 18, "nilness"}, // nil dereference in map update
		},
		Staticcheck: {
			{Staticcheck, "fixture.go", 18, "SA5000"}, // assignment to nil map
		},
	}
	for _, name := range []string{Nilness, Staticcheck} {
		t.Run(name, func(t *testing.T) {
			for _, u := range unavailable {
				if u.Tool == name {
					t.Skipf("%s unavailable: %s", name, u.Reason)
				}
			}
			var got []short
			for _, f := range fs {
				if f.Tool != name {
					continue
				}
				if f.Pos.Filename != filepath.Join(dir, "fixture.go") {
					t.Errorf("file name %q, want absolute path in %s", f.Pos.Filename, dir)
				}
				got = append(got, short{f.Tool, filepath.Base(f.Pos.Filename), f.Pos.Line, f.Check})
			}
			if diff := cmp.Diff(want[name], got); diff != "" {
				t.Errorf("findings (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRunBrokenPackage checks that a tool which cannot load the packages is
// reported unavailable rather than clean.
func TestRunBrokenPackage(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	// Only a failure to analyze is under test here, not one to install.
	for _, tl := range tools {
		if _, err := tl.install(ctx); err != nil {
			t.Skipf("%s unavailable: %v", tl.name, err)
		}
	}
	fs, unavailable, err := Run(ctx, filepath.Join("testdata", "src", "fixture"), []string{"./nosuchdir"})
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 0 {
		t.Errorf("findings %v, want none", fs)
	}
	var tools []string
	for _, u := range unavailable {
		tools = append(tools, u.Tool)
		if !strings.Contains(u.Reason, "nosuchdir") {
			t.Errorf("%s: reason %q does not name the missing directory", u.Tool, u.Reason)
		}
	}
	if diff := cmp.Diff([]string{Nilness, Staticcheck}, tools); diff != "" {
		t.Errorf("unavailable tools (-want +got):\n%s", diff)
	}
}

// TestXToolsVersion keeps the pinned nilness in step with the x/tools that
// gosym builds against, so both see the same SSA.
func TestXToolsVersion(t *testing.T) {
	got, err := goOutput(context.Background(), ".", "list", "-m", "-f", "{{.Version}}", "golang.org/x/tools")
	if err != nil {
		t.Fatal(err)
	}
	if got != xtoolsVersion {
		t.Errorf("go.mod has golang.org/x/tools %s, peers pins %s: update xtoolsVersion", got, xtoolsVersion)
	}
}

func TestParseNilness(t *testing.T) {
	out := `{
	"example.com/a": {"nilness": [
		{"category": "nilderef", "posn": "/src/a/a.go:7:3", "end": "/src/a/a.go:7:3", "message": "nil dereference in load"}
	]},
	"example.com/a [example.com/a.test]": {"nilness": [
		{"posn": "/src/a/a.go:7:3", "message": "nil dereference in load"}
	]},
	"example.com/b": {
		"buildssa": {"error": "failed prerequisites: ctrlflow@example.com/b"},
		"nilness": {"error": "failed prerequisites: buildssa@example.com/b"}
	}
}`
	fs, problems, err := parseNilness("/src", []byte(out))
	if err != nil {
		t.Fatal(err)
	}
	d := Finding{Tool: Nilness, Pos: token.Position{Filename: "/src/a/a.go", Line: 7, Column: 3}, Check: "nilness", Message: "nil dereference in load"}
	if diff := cmp.Diff([]Finding{d}, sortFindings(fs)); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
	wantProblems := []string{"example.com/b: failed prerequisites: buildssa@example.com/b"}
	if diff := cmp.Diff(wantProblems, problems); diff != "" {
		t.Errorf("problems (-want +got):\n%s", diff)
	}
	if _, _, err := parseNilness("/src", []byte("flag provided but not defined")); err == nil {
		t.Error("parseNilness accepted non-JSON output")
	}
}

func TestParseStaticcheck(t *testing.T) {
	out := `{"code":"SA5000","severity":"error","location":{"file":"/src/a.go","line":5,"column":2},"end":{"file":"/src/a.go","line":5,"column":12},"message":"assignment to nil map"}

{"code":"compile","severity":"error","location":{"file":"","line":0,"column":0},"end":{"file":"","line":0,"column":0},"message":"stat /src/x: directory not found"}
{"code":"ST1000","severity":"error","location":{"file":"b.go","line":1,"column":1},"message":"at least one file in a package should have a package comment"}
`
	fs, problems, err := parseStaticcheck("/src", []byte(out))
	if err != nil {
		t.Fatal(err)
	}
	want := []Finding{
		{Tool: Staticcheck, Pos: token.Position{Filename: "/src/a.go", Line: 5, Column: 2}, Check: "SA5000", Message: "assignment to nil map"},
		{Tool: Staticcheck, Pos: token.Position{Filename: "/src/b.go", Line: 1, Column: 1}, Check: "ST1000", Message: "at least one file in a package should have a package comment"},
	}
	if diff := cmp.Diff(want, fs); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"stat /src/x: directory not found"}, problems); diff != "" {
		t.Errorf("problems (-want +got):\n%s", diff)
	}
	if _, _, err := parseStaticcheck("/src", []byte("-: flag provided but not defined\n")); err == nil {
		t.Error("parseStaticcheck accepted non-JSON output")
	}
}

func TestParsePosn(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want token.Position
	}{
		{"/a/b.go:3:4", token.Position{Filename: "/a/b.go", Line: 3, Column: 4}},
		{"/a/b.go:3", token.Position{Filename: "/a/b.go", Line: 3}},
		{"/a:x/b.go:3:4", token.Position{Filename: "/a:x/b.go", Line: 3, Column: 4}},
		{"b.go:3:4", token.Position{Filename: "/d/b.go", Line: 3, Column: 4}},
	} {
		got, err := parsePosn("/d", tc.in)
		if err != nil {
			t.Errorf("parsePosn(%q): %v", tc.in, err)
			continue
		}
		if got != tc.want {
			t.Errorf("parsePosn(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
	}
	if _, err := parsePosn("/d", "-"); err == nil {
		t.Error(`parsePosn("-") succeeded`)
	}
}
