package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocsHaveNoConflictMarkers checks the module's Markdown files for the
// markers of an unresolved merge, which once sat in the README's flag
// table.
func TestDocsHaveNoConflictMarkers(t *testing.T) {
	files, err := filepath.Glob("../../*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Markdown files found (%v)", err)
	}
	more, _ := filepath.Glob("../../*/*.md")
	for _, file := range append(files, more...) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "<<<<<<< ") || strings.HasPrefix(line, ">>>>>>> ") {
				t.Errorf("%s:%d: merge conflict marker: %s", file, i+1, line)
			}
		}
	}
}
