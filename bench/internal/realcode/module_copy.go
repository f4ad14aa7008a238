package realcode

import (
	"os"
	"path/filepath"
	"strings"
)

// copies makes writable copies of modules of the module cache, for the
// replays: the go command refuses a build overlay that replaces a file
// beneath GOMODCACHE ("Files beneath GOMODCACHE must not be replaced"),
// which witnesstest.Replay needs to add its test file to the package.
type copies struct {
	roots Roots
	// dir holds the copies, laid out as the module cache is.
	dir  string
	made map[string]bool
}

// replayDir returns the directory to replay the package in pkgDir from:
// pkgDir itself, or its place in a copy of its module when it lies in the
// module cache. The witness tests name files by base name and line, so
// they check the copy's frames as they would the original's.
func (c *copies) replayDir(pkgDir string) (string, error) {
	rel, err := filepath.Rel(c.roots.GOMODCACHE, pkgDir)
	if c.roots.GOMODCACHE == "" || err != nil || strings.HasPrefix(rel, "..") {
		return pkgDir, nil
	}
	module := moduleRoot(filepath.ToSlash(rel))
	if module == "" {
		return pkgDir, nil
	}
	if !c.made[module] {
		src, dst := filepath.Join(c.roots.GOMODCACHE, module), filepath.Join(c.dir, module)
		if err := os.RemoveAll(dst); err != nil {
			return "", err
		}
		if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
			return "", err
		}
		c.made[module] = true
	}
	return filepath.Join(c.dir, rel), nil
}

// moduleRoot returns the leading elements of a path relative to the
// module cache up to the one with the version ("github.com/x/y@v1.2.3"),
// or "" if there is none.
func moduleRoot(rel string) string {
	parts := strings.Split(rel, "/")
	for i, p := range parts {
		if strings.Contains(p, "@") {
			return filepath.Join(parts[:i+1]...)
		}
	}
	return ""
}
