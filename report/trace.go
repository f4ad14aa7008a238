package report

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gosym/gosym/result"
)

// path prints a finding's trace (-trace): one line per step, the source
// line indented by call depth, then the branch taken and the values that
// decided it.
func (p *Writer) path(f *result.Finding) {
	locs := make([]string, len(f.Trace))
	width := 0
	for i, st := range f.Trace {
		locs[i] = fmt.Sprintf("%s:%d", filepath.Base(st.Pos.Filename), st.Pos.Line)
		width = max(width, len(locs[i]))
	}
	fmt.Fprintf(p.w, "\t// path:\n")
	g := 0
	for i, st := range f.Trace {
		if st.Goroutine != g {
			// The schedule: each step says which goroutine took it.
			g = st.Goroutine
			fmt.Fprintf(p.w, "\t//   %s\n", goroutineLabel(f, g))
		}
		line := strings.Repeat("  ", st.Depth) + p.sourceLine(st.Pos.Filename, st.Pos.Line)
		note := ""
		switch {
		case i == len(f.Trace)-1:
			note = lastStep(f.Kind)
		case st.Branch != "":
			note = st.Branch
			if len(st.Values) > 0 {
				note += ": " + strings.Join(st.Values, ", ")
			}
		}
		if note != "" {
			line += "  // " + note
		}
		fmt.Fprintf(p.w, "\t//   %-*s  %s\n", width, locs[i], line)
	}
}

// lastStep says what a finding's last step does.
func lastStep(k result.Kind) string {
	switch k {
	case result.Race:
		return "races"
	case result.Leak, result.Deadlock:
		return "blocks forever"
	}
	return "panics"
}

// goroutineLabel names goroutine id of f's path as the trace shows it
// where that goroutine takes over.
func goroutineLabel(f *result.Finding, id int) string {
	if id == 0 {
		return "-- goroutine 0 (" + f.Func + ")"
	}
	for _, g := range f.Goroutines {
		if g.ID == id {
			return fmt.Sprintf("-- goroutine %d (%s, started at %s:%d)", id, g.Func, filepath.Base(g.Start.Filename), g.Start.Line)
		}
	}
	return fmt.Sprintf("-- goroutine %d", id)
}

// sourceLine returns line n of a file, trimmed, or "" when the file
// cannot be read.
func (p *Writer) sourceLine(file string, n int) string {
	lines, ok := p.sources[file]
	if !ok {
		if data, err := os.ReadFile(file); err == nil {
			lines = strings.Split(string(data), "\n")
		}
		p.sources[file] = lines
	}
	if n < 1 || n > len(lines) {
		return ""
	}
	return withoutComment(lines[n-1])
}
