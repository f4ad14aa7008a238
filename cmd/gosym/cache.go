package main

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"

	"github.com/rogpeppe/go-internal/cache"
	"golang.org/x/tools/go/ssa"

	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/ssaexec"
)

// cacheEnv names the environment variable that sets the result cache's
// directory, or turns it off, when -cache does not.
const cacheEnv = "GOSYMCACHE"

// resultCache keeps each function's result under a key that hashes
// gosym's own executable, the flags that shape a result, and the
// function's fingerprint: everything of the program its analysis can
// read (ssaexec.Fingerprints). A rerun on unchanged code reads the
// results back; after an edit, only the functions whose fingerprint it
// changed are analysed again.
type resultCache struct {
	dir    string
	store  *cache.Cache
	prints *ssaexec.Fingerprints
	// base hashes the executable and the flags.
	base [sha256.Size]byte
}

// cacheDir resolves -cache: "off" (or GOSYMCACHE=off) turns the cache
// off and gives ""; an empty flag means GOSYMCACHE, else the user cache
// directory's gosym.
func cacheDir(flag string) (string, error) {
	dir := flag
	if dir == "" {
		dir = os.Getenv(cacheEnv)
	}
	if dir == "off" {
		return "", nil
	}
	if dir == "" {
		user, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("no user cache directory for the result cache (%v): -cache or %s names one", err, cacheEnv)
		}
		dir = filepath.Join(user, "gosym")
	}
	return filepath.Abs(dir)
}

// openResultCache opens the cache in dir for prog's functions analysed
// under cfg, or returns nil when dir is "".
func openResultCache(dir string, prog *ssaexec.Program, cfg ssaexec.Config) (*resultCache, error) {
	if dir == "" {
		return nil, nil
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, fmt.Errorf("result cache: %v", err)
	}
	store, err := cache.Open(dir)
	if err != nil {
		return nil, fmt.Errorf("result cache: %v", err)
	}
	exe, err := executableHash()
	if err != nil {
		return nil, fmt.Errorf("result cache: hashing gosym's executable: %v (-cache=off runs without it)", err)
	}
	h := sha256.New()
	fmt.Fprintf(h, "gosym results\n%x\n%s\n%s\n", exe, runtime.Version(), configKey(cfg))
	c := &resultCache{dir: dir, store: store, prints: prog.Fingerprints()}
	h.Sum(c.base[:0])
	return c, nil
}

// executableHash hashes the running executable: a gosym built from other
// code gives other results.
func executableHash() ([]byte, error) {
	path, err := os.Executable()
	if err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return nil, err
	}
	return h.Sum(nil), nil
}

// configKey writes the configuration's fields that shape a result. What
// is left out is set per function (Interrupt), holds for the whole
// program and is hashed per function (IgnoredLines, and CallFacts, which
// the callees' code decides), or is not used by the command (Summaries).
func configKey(cfg ssaexec.Config) string {
	cfg.Interrupt, cfg.IgnoredLines, cfg.Summaries, cfg.CallFacts = nil, nil, nil, nil
	return fmt.Sprintf("%+v", cfg)
}

// key is the cache key of fn's result.
func (c *resultCache) key(fn *ssa.Function) cache.ActionID {
	print := c.prints.Of(fn)
	h := sha256.New()
	h.Write(c.base[:])
	h.Write(print[:])
	var id cache.ActionID
	h.Sum(id[:0])
	return id
}

// get returns the result cached under id, or nil.
func (c *resultCache) get(id cache.ActionID) *result.FuncResult {
	data, _, err := c.store.GetBytes(id)
	if err != nil {
		return nil
	}
	r, err := result.Decode(data)
	if err != nil {
		return nil // written by another gosym, or damaged: analyse again
	}
	return r
}

// put keeps r under id, unless r depends on more than the key: the time
// it took (status timeout), the memory of the whole run (a function
// -max-mem stopped), or a failure of gosym (status error).
func (c *resultCache) put(id cache.ActionID, r *result.FuncResult, interrupted bool) error {
	if interrupted || r.Status == result.Timeout || r.Status == result.Error {
		return nil
	}
	data, err := result.Encode(r)
	if err != nil {
		return err
	}
	return c.store.PutBytes(id, data)
}

// trim removes entries unused for days (at most once a day).
func (c *resultCache) trim() error {
	return c.store.Trim()
}
