package realcode

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

// Class is a triage verdict on a finding.
type Class string

// The verdicts.
const (
	// Real: the input makes the function panic. It may still break a
	// documented contract of its caller; the note says so.
	Real Class = "real"
	// False: the input cannot occur or does not panic: a bug in gosym.
	False Class = "false"
)

// Verdict is what a person decided about one finding.
type Verdict struct {
	Class Class
	// Note says why, in one line.
	Note string
}

// ReadTriage reads a triage file: one finding a line, as
//
//	KEY | real|false | note
//
// where KEY is Report.Key's "pkgpath func kind file:line:col [within]". Blank lines
// and lines starting with # are comments.
func ReadTriage(r io.Reader) (map[string]Verdict, error) {
	out := map[string]Verdict{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, v, err := parseTriageLine(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		if _, dup := out[key]; dup {
			return nil, fmt.Errorf("line %d: %s is triaged twice", n, key)
		}
		out[key] = v
	}
	return out, sc.Err()
}

func parseTriageLine(line string) (string, Verdict, error) {
	parts := strings.SplitN(line, "|", 3)
	if len(parts) != 3 {
		return "", Verdict{}, fmt.Errorf("want KEY | real|false | note")
	}
	key := strings.Join(strings.Fields(parts[0]), " ")
	if n := len(strings.Fields(key)); n != 4 && n != 5 {
		return "", Verdict{}, fmt.Errorf("key %q: want pkgpath func kind file:line:col [within]", key)
	}
	v := Verdict{Class: Class(strings.TrimSpace(parts[1])), Note: strings.TrimSpace(parts[2])}
	if v.Class != Real && v.Class != False {
		return "", Verdict{}, fmt.Errorf("verdict %q: want real or false", v.Class)
	}
	if v.Note == "" {
		return "", Verdict{}, fmt.Errorf("%s: the verdict needs a note", key)
	}
	return key, v, nil
}

// ReadTriageFile reads a triage file by name.
func ReadTriageFile(name string) (map[string]Verdict, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadTriage(f)
}
