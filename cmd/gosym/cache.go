package main

import (
	"crypto/sha256"
	"encoding/binary"
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
	// base hashes the executable and the flags; under a run budget, its
	// own kind of entry (see getPassed), apart from those of runs without
	// one.
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
// under cfg, or returns nil when dir is "". budgeted says the run has a
// run budget: each function's budget is then its passes', not
// cfg.MaxWork, and a result is kept whatever its budget (see putPassed).
func openResultCache(dir string, prog *ssaexec.Program, cfg ssaexec.Config, budgeted bool) (*resultCache, error) {
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
	kind := "gosym results"
	if budgeted {
		kind, cfg.MaxWork = "gosym results under a run budget", 0
	}
	fmt.Fprintf(h, "%s\n%x\n%s\n%s\n", kind, exe, runtime.Version(), configKey(cfg))
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

// A run budget's entry is the budget of the function's last pass, eight
// bytes big-endian, then its result (the findings and work of all its
// passes): a later run takes the function up from there (see
// ssaexec.RunBudget.Earlier).

// getPassed returns the result of a run budget's passes cached under id,
// with the budget of the last, or nil.
func (c *resultCache) getPassed(id cache.ActionID) (*result.FuncResult, int64) {
	data, _, err := c.store.GetBytes(id)
	if err != nil || len(data) < 8 {
		return nil, 0
	}
	budget := int64(binary.BigEndian.Uint64(data))
	r, err := result.Decode(data[8:])
	if err != nil || budget <= 0 {
		return nil, 0 // written by another gosym, or damaged: analyse again
	}
	return r, budget
}

// putPassed keeps r, whose last pass had budget, under id, unless r
// depends on more than the key (see put).
func (c *resultCache) putPassed(id cache.ActionID, r *result.FuncResult, budget int64, interrupted bool) error {
	if interrupted || r.Status == result.Timeout || r.Status == result.Error {
		return nil
	}
	data, err := result.Encode(r)
	if err != nil {
		return err
	}
	return c.store.PutBytes(id, append(binary.BigEndian.AppendUint64(nil, uint64(budget)), data...))
}

// trim removes entries unused for days (at most once a day).
func (c *resultCache) trim() error {
	return c.store.Trim()
}
