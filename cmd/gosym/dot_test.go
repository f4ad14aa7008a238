package main

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden pictures in testdata")

// TestDotPictures runs -dot and compares the pictures of two findings with
// golden files: a list whose third link is nil, and the heap at a panic
// whose frame holds a node the code allocated.
func TestDotPictures(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runGosym(t, "-dot", dir, "-run", "ThreeBug|InsertSorted", "../../testdata/lists")
	if code != 1 {
		t.Fatalf("exit code %d, want 1; stderr:\n%s", code, errOut)
	}
	if !strings.Contains(out, "// heap: "+filepath.Join(dir, "lists", "ThreeBug_1")+".input.dot") {
		t.Errorf("text output does not name the pictures:\n%s", out)
	}
	for _, name := range []string{"ThreeBug_1.input.dot", "ThreeBug_1.panic.dot", "InsertSorted_1.panic.dot"} {
		got, err := os.ReadFile(filepath.Join(dir, "lists", name))
		if err != nil {
			t.Fatal(err)
		}
		golden := filepath.Join("testdata", name)
		if *update {
			if err := os.WriteFile(golden, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(string(want), string(got)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
	_, err := exec.LookPath("dot")
	svg := filepath.Join(dir, "lists", "ThreeBug_1.input.svg")
	if _, statErr := os.Stat(svg); (err == nil) != (statErr == nil) {
		t.Errorf("dot installed: %v; %s written: %v", err == nil, svg, statErr == nil)
	}
}
