package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestComparison checks the comparison of two realcode summary tables: a
// file made before the latent, sequence and state columns existed,
// beside one made after, each column by header.
func TestComparison(t *testing.T) {
	before := `# results
- gosym commit aaaaaaa

### Total

| set | functions | failed | timeout | findings | analysis time |
|---|--:|--:|--:|--:|--:|
| std | 10 | 4 | 1 | 7 | 1m0s |
| **total** | 10 | 4 | 1 | 7 | 1m0s |

### Findings (7)
`
	after := `- gosym commit bbbbbbb

| set | functions | failed | timeout | findings | latent | sequences (pruned) | states | api work | analysis time |
|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|
| std | 10 | 2 | 3 | 2 | 5 | 40 (12) | 900 | 300 (33%) | 1m30s |
| **total** | 10 | 2 | 3 | 2 | 5 | 40 (12) | 900 | 300 (33%) | 1m30s |
`
	b, err := parseTotals(before)
	if err != nil {
		t.Fatal(err)
	}
	a, err := parseTotals(after)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	writeComparison(&out, "old.md", "new.md", b, a)
	want := []string{
		"| std | 7 → 2 | – → 5 | – → 40 (12) | 4 → 2 | – → – | – → – | 1 → 3 | – → 900 | – → – | – → – | – → 300 (33%) | – → – | – → – | – → – | 1m0s → 1m30s | 1.50x |",
		"| total | 7 → 2 | – → 5 | – → 40 (12) | 4 → 2 | – → – | – → – | 1 → 3 | – → 900 | – → – | – → – | – → 300 (33%) | – → – | – → – | – → – | 1m0s → 1m30s | 1.50x |",
	}
	var got []string
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(line, "| std") || strings.HasPrefix(line, "| total") {
			got = append(got, line)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("comparison rows (-want +got):\n%s", diff)
	}
	if !strings.Contains(out.String(), "old.md (gosym commit aaaaaaa). After: new.md (gosym commit bbbbbbb)") {
		t.Errorf("comparison does not name the files and commits:\n%s", out.String())
	}
	if _, err := parseTotals("# no table here\n"); err == nil {
		t.Error("a file without a summary table parsed")
	}
}
