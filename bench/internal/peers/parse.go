package peers

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"go/token"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// nilnessDiag is the part of a go/analysis JSON diagnostic that we keep.
type nilnessDiag struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
}

// parseNilness reads the -json output of a go/analysis single checker:
// package ID -> analyzer -> either a list of diagnostics or {"error": ...}.
func parseNilness(dir string, out []byte) ([]Finding, []string, error) {
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(out, &tree); err != nil {
		return nil, nil, err
	}
	var fs []Finding
	var problems []string
	for _, pkg := range slices.Sorted(maps.Keys(tree)) {
		results := tree[pkg]
		// One error per package is enough: when loading fails, every
		// analyzer reports it again as a failed prerequisite.
		if msg, ok := analysisError(results); ok {
			problems = append(problems, pkg+": "+msg)
			continue
		}
		for _, analyzer := range slices.Sorted(maps.Keys(results)) {
			var diags []nilnessDiag
			if err := json.Unmarshal(results[analyzer], &diags); err != nil {
				return nil, nil, fmt.Errorf("%s: %s: %v", pkg, analyzer, err)
			}
			for _, d := range diags {
				pos, err := parsePosn(dir, d.Posn)
				if err != nil {
					return nil, nil, err
				}
				fs = append(fs, Finding{Tool: Nilness, Pos: pos, Check: analyzer, Message: d.Message})
			}
		}
	}
	return fs, problems, nil
}

// analysisError returns the error of a package's results, preferring the
// nilness analyzer's own over those of its prerequisites.
func analysisError(results map[string]json.RawMessage) (string, bool) {
	var found []string
	for _, analyzer := range slices.Sorted(maps.Keys(results)) {
		var e struct {
			Error string `json:"error"`
		}
		if json.Unmarshal(results[analyzer], &e) != nil || e.Error == "" {
			continue // a list of diagnostics
		}
		if analyzer == Nilness {
			return e.Error, true
		}
		found = append(found, analyzer+": "+e.Error)
	}
	if len(found) == 0 {
		return "", false
	}
	return found[0], true
}

// parsePosn parses "file:line:col" (or "file:line") as printed by
// token.Position.String; the file name may itself contain colons.
func parsePosn(dir, s string) (token.Position, error) {
	rest, last, ok := cutLast(s)
	if !ok {
		return token.Position{}, fmt.Errorf("bad position %q", s)
	}
	n, err := strconv.Atoi(last)
	if err != nil {
		return token.Position{}, fmt.Errorf("bad position %q", s)
	}
	if file, line, ok := cutLast(rest); ok {
		if l, err := strconv.Atoi(line); err == nil {
			return token.Position{Filename: absFile(dir, file), Line: l, Column: n}, nil
		}
	}
	return token.Position{Filename: absFile(dir, rest), Line: n}, nil
}

func cutLast(s string) (before, after string, ok bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+1:], true
}

// staticcheckProblem is the part of a staticcheck -f json line that we keep.
type staticcheckProblem struct {
	Code     string `json:"code"`
	Location struct {
		File   string `json:"file"`
		Line   int    `json:"line"`
		Column int    `json:"column"`
	} `json:"location"`
	Message string `json:"message"`
}

// parseStaticcheck reads staticcheck's -f json output, one problem a line.
// Problems with code "compile" are load or type errors, not findings.
func parseStaticcheck(dir string, out []byte) ([]Finding, []string, error) {
	var fs []Finding
	var problems []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 16<<20) // a message can quote a long expression
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var p staticcheckProblem
		if err := json.Unmarshal(line, &p); err != nil {
			return nil, nil, fmt.Errorf("%v in %q", err, line)
		}
		pos := token.Position{Filename: absFile(dir, p.Location.File), Line: p.Location.Line, Column: p.Location.Column}
		if p.Code == "compile" {
			problems = append(problems, strings.TrimPrefix(pos.String()+": ", "-: ")+p.Message)
			continue
		}
		fs = append(fs, Finding{Tool: Staticcheck, Pos: pos, Check: p.Code, Message: p.Message})
	}
	return fs, problems, sc.Err()
}
