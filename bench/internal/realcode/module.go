package realcode

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// moduleName is the throwaway module's path. It never leaves its temporary
// directory.
const moduleName = "gosymreal"

// FetchError is a failure to fetch the modules (the proxy unreachable,
// say): the run cannot happen here, which is not a finding about gosym.
type FetchError struct {
	Output string
	Err    error
}

func (e *FetchError) Error() string {
	return fmt.Sprintf("fetching the modules: %v: %s", e.Err, strings.TrimSpace(e.Output))
}

func (e *FetchError) Unwrap() error { return e.Err }

// Roots are the directories findings' positions are shown relative to.
type Roots struct {
	GOROOT, GOMODCACHE string
}

// MakeModule writes a go.mod into dir and fetches the modules with
// go get, which records their sums in go.sum; packages of the modules
// then load from dir although nothing imports them.
func MakeModule(ctx context.Context, dir string, mods []Module) (Roots, error) {
	gomod := fmt.Sprintf("module %s\n\ngo 1.21\n", moduleName)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		return Roots{}, err
	}
	args := []string{"get"}
	for _, m := range mods {
		args = append(args, m.Path+"@"+m.Version)
	}
	if out, err := goCmd(ctx, dir, args...); err != nil {
		return Roots{}, &FetchError{Output: out, Err: err}
	}
	out, err := goCmd(ctx, dir, "env", "-json", "GOROOT", "GOMODCACHE")
	if err != nil {
		return Roots{}, fmt.Errorf("go env: %v: %s", err, out)
	}
	var roots Roots
	if err := json.Unmarshal([]byte(out), &roots); err != nil {
		return Roots{}, fmt.Errorf("go env: %v", err)
	}
	return roots, nil
}

// goCmd runs the go command in dir. GOWORK=off keeps a go.work above a
// temporary directory from taking the module over.
func goCmd(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

// rel writes a file name relative to the module cache or GOROOT, so that
// positions read the same on every machine.
func (r Roots) rel(file string) string {
	for _, root := range []string{r.GOMODCACHE, r.GOROOT} {
		if root == "" {
			continue
		}
		if rel, err := filepath.Rel(root, file); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(file)
}
