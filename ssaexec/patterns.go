package ssaexec

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// expandPatterns rewrites a directory wildcard whose root lies inside a
// testdata directory ("./testdata/...") into the package directories below
// it. The go command never matches testdata directories with "...", so
// without this such a pattern would silently match nothing. Below the root,
// the go command's rules still apply: directories starting with "." or "_"
// and further testdata directories are skipped.
func expandPatterns(dir string, patterns []string) []string {
	var out []string
	for _, p := range patterns {
		root, ok := strings.CutSuffix(p, "/...")
		if !ok || !isPathPattern(root) || !slices.Contains(strings.Split(filepath.ToSlash(root), "/"), "testdata") {
			out = append(out, p)
			continue
		}
		dirs := packageDirs(filepath.Join(dir, root))
		if len(dirs) == 0 {
			out = append(out, p)
			continue
		}
		for _, d := range dirs {
			rel, err := filepath.Rel(dir, d)
			if err != nil || filepath.IsAbs(root) {
				out = append(out, d)
				continue
			}
			out = append(out, "./"+filepath.ToSlash(rel))
		}
	}
	return out
}

func isPathPattern(p string) bool {
	return p == "." || p == ".." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || filepath.IsAbs(p)
}

// packageDirs lists the directories below root that hold Go files.
func packageDirs(root string) []string {
	var dirs []string
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata") {
			return filepath.SkipDir
		}
		if hasGoFiles(path) {
			dirs = append(dirs, path)
		}
		return nil
	})
	return dirs
}

func hasGoFiles(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".go") && !strings.HasSuffix(e.Name(), "_test.go") {
			return true
		}
	}
	return false
}
