package testset

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestShort checks that Short reads the names, and skips comments and
// blank lines; and that each name the repository's list gives is a
// testdata package.
func TestShort(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "testdata"), 0o755); err != nil {
		t.Fatal(err)
	}
	list := "# the short tier\nlists\n\n  trees \n# more\nmaps\n"
	if err := os.WriteFile(filepath.Join(dir, "testdata", "short.txt"), []byte(list), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Short(dir)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"lists", "trees", "maps"}, got); diff != "" {
		t.Errorf("Short (-want +got):\n%s", diff)
	}
	names, err := Short("../..")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Fatal("testdata/short.txt lists no package")
	}
	for _, name := range names {
		if _, err := os.Stat(filepath.Join("../../testdata", name)); err != nil {
			t.Errorf("testdata/short.txt lists %s: %v", name, err)
		}
	}
	if _, err := Short(t.TempDir()); err == nil {
		t.Error("Short of a directory without the list gave no error")
	}
}
