package main

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gosym/gosym/bench/internal/peers"
	"github.com/gosym/gosym/ssaexec"
)

// peerPatterns are the packages the tools are compared on: the ports and
// the example packages, whose // want comments mark the real bugs.
func peerPatterns(root string) ([]string, error) {
	var patterns []string
	for _, d := range []string{"bench", "testdata"} {
		err := filepath.WalkDir(filepath.Join(root, d), func(path string, e os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if e.IsDir() && (e.Name() == "internal" || e.Name() == "testdata" && path != filepath.Join(root, d)) {
				return filepath.SkipDir
			}
			if !e.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") && filepath.Dir(path) != filepath.Join(root, "bench") {
				rel, _ := filepath.Rel(root, filepath.Dir(path))
				patterns = append(patterns, "./"+filepath.ToSlash(rel))
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	slices.Sort(patterns)
	return slices.Compact(patterns), nil
}

// line is a source line: where the tools' findings are matched.
type line struct {
	file string // relative to the module root
	n    int
}

// peerRow is what each tool said about one line.
type peerRow struct {
	want   bool
	gosym  []string
	others map[string][]string
}

// peerTable is the comparison: per line, and what could not run.
type peerTable struct {
	rows        map[line]*peerRow
	unavailable []peers.Unavailable
	wantLines   int
}

// comparePeers runs gosym with its defaults and the peer tools on the
// same packages.
func comparePeers(root string) (*peerTable, error) {
	patterns, err := peerPatterns(root)
	if err != nil {
		return nil, err
	}
	t := &peerTable{rows: map[line]*peerRow{}}
	at := func(file string, n int) *peerRow {
		rel, err := filepath.Rel(root, file)
		if err != nil {
			rel = file
		}
		l := line{filepath.ToSlash(rel), n}
		if t.rows[l] == nil {
			t.rows[l] = &peerRow{others: map[string][]string{}}
		}
		return t.rows[l]
	}
	if err := t.markWants(root, patterns, at); err != nil {
		return nil, err
	}
	progress(os.Stderr, "peers: gosym on %d packages", len(patterns))
	prog, err := ssaexec.Load(root, patterns...)
	if err != nil {
		return nil, err
	}
	defer prog.Release()
	for _, fn := range prog.Entries(false, nil) {
		for _, f := range prog.Analyze(fn, ssaexec.DefaultConfig()).Findings {
			r := at(f.Pos.Filename, f.Pos.Line)
			r.gosym = append(r.gosym, string(f.Kind))
		}
	}
	progress(os.Stderr, "peers: nilness and staticcheck")
	found, unavailable, err := peers.Run(context.Background(), root, patterns)
	if err != nil {
		return nil, err
	}
	t.unavailable = unavailable
	for _, f := range found {
		r := at(f.Pos.Filename, f.Pos.Line)
		r.others[f.Tool] = append(r.others[f.Tool], f.Check)
	}
	return t, nil
}

// markWants records the lines whose // want comments say gosym must
// report a panic there.
func (t *peerTable) markWants(root string, patterns []string, at func(string, int) *peerRow) error {
	for _, p := range patterns {
		files, err := filepath.Glob(filepath.Join(root, p, "*.go"))
		if err != nil {
			return err
		}
		for _, file := range files {
			if err := t.markFile(file, at); err != nil {
				return err
			}
		}
	}
	return nil
}

func (t *peerTable) markFile(file string, at func(string, int) *peerRow) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if strings.Contains(sc.Text(), "// want ") {
			at(file, n).want = true
			t.wantLines++
		}
	}
	return sc.Err()
}

var peerTools = []string{"gosym", peers.Nilness, peers.Staticcheck}

func (r *peerRow) said(tool string) []string {
	if tool == "gosym" {
		return r.gosym
	}
	return r.others[tool]
}

func writePeers(w io.Writer, t *peerTable) {
	fmt.Fprintf(w, "## Peers: gosym beside nilness and staticcheck\n\n")
	fmt.Fprintf(w, "The ports and the example packages (`testdata/`), with gosym's defaults (exported functions), nilness and `staticcheck -checks all`. ")
	fmt.Fprintf(w, "A line marked *want* has a `// want` comment: a panic an input can raise there, which gosym must report. ")
	fmt.Fprintf(w, "Lines where a peer reports something unrelated to panics (style, unused code) are listed too.\n\n")
	for _, u := range t.unavailable {
		fmt.Fprintf(w, "- %s could not run: %s\n", u.Tool, u.Reason)
	}
	fmt.Fprintf(w, "| tool | lines reported | of the %d *want* lines | other lines |\n|---|---|---|---|\n", t.wantLines)
	for _, tool := range peerTools {
		var all, want int
		for _, r := range t.rows {
			if len(r.said(tool)) > 0 {
				all++
				if r.want {
					want++
				}
			}
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d |\n", tool, all, want, all-want)
	}
	fmt.Fprintf(w, "\n| line | want | gosym | nilness | staticcheck |\n|---|---|---|---|---|\n")
	lines := make([]line, 0, len(t.rows))
	for l := range t.rows {
		lines = append(lines, l)
	}
	slices.SortFunc(lines, func(a, b line) int {
		return cmp.Or(strings.Compare(a.file, b.file), cmp.Compare(a.n, b.n))
	})
	for _, l := range lines {
		r := t.rows[l]
		want := ""
		if r.want {
			want = "want"
		}
		fmt.Fprintf(w, "| %s:%d | %s | %s | %s | %s |\n", l.file, l.n, want,
			strings.Join(r.gosym, ", "), strings.Join(r.others[peers.Nilness], ", "), strings.Join(r.others[peers.Staticcheck], ", "))
	}
	fmt.Fprintln(w)
}
