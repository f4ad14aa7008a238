package peers

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// install returns the path of t's binary, building it into the cache on
// first use.
func (t tool) install(ctx context.Context) (string, error) {
	goVersion, err := goOutput(ctx, "", "env", "GOVERSION")
	if err != nil {
		return "", err
	}
	root, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory: %v", err)
	}
	// The Go version is part of the key because a tool built by an older
	// toolchain refuses code that needs a newer one.
	dir := filepath.Join(root, "gosym-peers", t.name+"-"+t.version+"-"+goVersion)
	bin := filepath.Join(dir, exeName(t.name))
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	// Build in a private directory and rename into place, so a concurrent
	// Run never sees a half-written binary.
	tmp, err := os.MkdirTemp(dir, "install-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	if err := t.goInstall(ctx, tmp); err != nil {
		return "", err
	}
	if err := os.Rename(filepath.Join(tmp, exeName(t.name)), bin); err != nil {
		return "", err
	}
	return bin, nil
}

// goInstall runs "go install pkg@version" with GOBIN=gobin. The version
// suffix makes the go command ignore any enclosing module, and running in
// gobin keeps even that module out of sight; GOFLAGS is cleared so that a
// caller's -mod=vendor or similar cannot break the build.
func (t tool) goInstall(ctx context.Context, gobin string) error {
	cmd := exec.CommandContext(ctx, "go", "install", t.pkg+"@"+t.version)
	cmd.Dir = gobin
	cmd.Env = append(os.Environ(), "GOBIN="+gobin, "GOFLAGS=", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go install %s@%s: %v: %s", t.pkg, t.version, err, bytes.TrimSpace(out))
	}
	return nil
}

// goOutput runs the go command in dir and returns its trimmed stdout.
func goOutput(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %v: %s", strings.Join(args, " "), err, bytes.TrimSpace(stderr.Bytes()))
	}
	return strings.TrimSpace(string(out)), nil
}

func exeName(name string) string {
	if runtime.GOOS == "windows" {
		return name + ".exe"
	}
	return name
}
