package main

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"
)

// Comparison of two runs of the realcode table: the per-set totals of a
// result file made before a change beside those of one made after it.

// setTotals are the columns of one row of a realcode summary table (the
// table whose first column is "set"), by header, and the gosym commit of
// the file.
type setTotals struct {
	commit string
	sets   []string
	rows   map[string]map[string]string
}

// comparedColumns are the columns the comparison shows, in order; a file
// made before a column existed shows "–" for it.
var comparedColumns = []string{"findings", "latent", "sequences (pruned)", "failed", "bounded", "unsupported", "timeout",
	"states", "solver checks", "work", "api work", "hand-built work", "solver work", "summaries (renamed)", "analysis time"}

var commitLine = regexp.MustCompile(`(?m)^- gosym commit (\S+)`)

// parseTotals reads the realcode summary table of a result file.
func parseTotals(doc string) (setTotals, error) {
	t := setTotals{rows: map[string]map[string]string{}}
	if m := commitLine.FindStringSubmatch(doc); m != nil {
		t.commit = m[1]
	}
	var header []string
	for _, line := range strings.Split(doc, "\n") {
		cells := tableCells(line)
		switch {
		case len(cells) > 0 && cells[0] == "set":
			header, t.sets = cells, nil
		case header == nil:
		case len(cells) == 0:
			if len(t.sets) > 0 {
				return t, nil
			}
		case strings.HasPrefix(cells[0], "---"):
		default:
			name := strings.Trim(cells[0], "*")
			row := map[string]string{}
			for i, c := range cells {
				if i < len(header) {
					row[header[i]] = c
				}
			}
			t.sets = append(t.sets, name)
			t.rows[name] = row
		}
	}
	if len(t.sets) == 0 {
		return t, fmt.Errorf("no realcode summary table (a header \"| set | ...\")")
	}
	return t, nil
}

// tableCells splits a Markdown table row into its trimmed cells, or
// returns nil for a line that is no row.
func tableCells(line string) []string {
	line = strings.TrimSpace(line)
	if !strings.HasPrefix(line, "|") || !strings.HasSuffix(line, "|") || len(line) < 2 {
		return nil
	}
	cells := strings.Split(line[1:len(line)-1], "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells
}

// writeComparison writes the sets of after beside those of before: each
// column as "before → after", and the ratio of the analysis times.
func writeComparison(w io.Writer, beforeName, afterName string, before, after setTotals) {
	fmt.Fprintf(w, "## Real code, before and after\n\n")
	fmt.Fprintf(w, "Before: %s (gosym commit %s). After: %s (gosym commit %s). Each cell is before → after; the ratio is of the analysis times.\n\n",
		beforeName, orDash(before.commit), afterName, orDash(after.commit))
	fmt.Fprintf(w, "| set | %s | time ratio |\n", strings.Join(comparedColumns, " | "))
	fmt.Fprintf(w, "|---|%s--:|\n", strings.Repeat("--:|", len(comparedColumns)))
	for _, set := range after.sets {
		b, a := before.rows[set], after.rows[set]
		cells := []string{set}
		for _, col := range comparedColumns {
			cells = append(cells, orDash(b[col])+" → "+orDash(a[col]))
		}
		cells = append(cells, timeRatio(b["analysis time"], a["analysis time"]))
		fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
	}
	fmt.Fprintln(w)
}

// timeRatio is after / before as "1.65x", or "–" where either is no
// duration.
func timeRatio(before, after string) string {
	b, errB := time.ParseDuration(before)
	a, errA := time.ParseDuration(after)
	if errB != nil || errA != nil || b <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.2fx", a.Seconds()/b.Seconds())
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}
