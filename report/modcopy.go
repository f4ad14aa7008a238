package report

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Copies makes writable copies of modules of the module cache, for
// replays: the go command refuses a build overlay that replaces a file
// beneath GOMODCACHE ("Files beneath GOMODCACHE must not be replaced"),
// which Replay needs to add its test files to a package. The witness
// tests find their statements by the text of the running file, so they
// check a copy's frames as they would the original's.
type Copies struct {
	// Dir holds the copies, laid out as the module cache is.
	Dir string
	// ModCache is the module cache (go env GOMODCACHE).
	ModCache string
	made     map[string]bool
}

// NewCopies returns Copies into dir of modules of modCache; with modCache
// empty, it asks the go command for it.
func NewCopies(dir, modCache string) (*Copies, error) {
	if modCache == "" {
		out, err := exec.Command("go", "env", "GOMODCACHE").Output()
		if err != nil {
			return nil, err
		}
		modCache = strings.TrimSpace(string(out))
	}
	return &Copies{Dir: dir, ModCache: modCache, made: map[string]bool{}}, nil
}

// ReplayDir returns the directory to replay the package in pkgDir from:
// pkgDir itself, or its place in a copy of its module when it lies in the
// module cache.
func (c *Copies) ReplayDir(pkgDir string) (string, error) {
	rel, err := filepath.Rel(c.ModCache, pkgDir)
	if c.ModCache == "" || err != nil || strings.HasPrefix(rel, "..") {
		return pkgDir, nil
	}
	module := moduleRoot(filepath.ToSlash(rel))
	if module == "" {
		return pkgDir, nil
	}
	if !c.made[module] {
		src, dst := filepath.Join(c.ModCache, module), filepath.Join(c.Dir, module)
		if err := os.RemoveAll(dst); err != nil {
			return "", err
		}
		// os.CopyFS makes the copies writable: the go command writes
		// nothing there, but RemoveAll must be able to.
		if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
			return "", err
		}
		c.made[module] = true
	}
	return filepath.Join(c.Dir, rel), nil
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
