package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMain keeps the tests off the user's result cache: a test that
// wants one names its own directory.
//
// With GOSYM_TEST_MAIN set, the test binary is the command itself, for
// the tests that need a process of its own (TestTerminal).
func TestMain(m *testing.M) {
	os.Setenv(cacheEnv, "off")
	if os.Getenv("GOSYM_TEST_MAIN") != "" {
		main()
	}
	os.Exit(m.Run())
}

const cacheSource = `package cached

func Div(a, b int) int { return a / b }

func Index(s []int, i int) int { return s[i] }

func Safe(s []int) int {
	if len(s) == 0 {
		return 0
	}
	return s[0]
}
`

// timings matches what may differ between a run and its rerun from the
// cache.
var timings = regexp.MustCompile(`"(millis|solver_millis)":\d+|,"cached":true`)

func TestResultCache(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"go.mod": "module example.com/cached\n\ngo 1.22\n", "cached.go": cacheSource} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	cacheDir := filepath.Join(t.TempDir(), "cache")
	cachedFuncs := func(out string) []string {
		var names []string
		for _, line := range strings.Split(out, "\n") {
			if strings.Contains(line, `"cached":true`) {
				names = append(names, regexp.MustCompile(`"func":"([^"]+)"`).FindStringSubmatch(line)[1])
			}
		}
		return names
	}

	_, first, _ := runGosym(t, "-cache", cacheDir, "-json", ".")
	if got := cachedFuncs(first); got != nil {
		t.Errorf("first run took %v from an empty cache", got)
	}
	_, second, _ := runGosym(t, "-cache", cacheDir, "-json", ".")
	if diff := cmp.Diff([]string{"cached.Div", "cached.Index", "cached.Safe"}, cachedFuncs(second)); diff != "" {
		t.Errorf("functions from the cache on a rerun (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(timings.ReplaceAllString(first, ""), timings.ReplaceAllString(second, "")); diff != "" {
		t.Errorf("rerun from the cache differs beyond timings (-first +second):\n%s", diff)
	}
	code, text, errOut := runGosym(t, "-cache", cacheDir, ".")
	if code != 1 || !strings.Contains(text, "integer divide by zero") {
		t.Errorf("text rerun: exit %d, stdout:\n%s", code, text)
	}
	if want := "gosym: 3 of the 3 functions' results came from the cache"; !strings.Contains(errOut, want) {
		t.Errorf("stderr says nothing of the cache:\n%s\nwant %q", errOut, want)
	}

	// Editing Index reanalyses Index only.
	edited := strings.Replace(cacheSource, "return s[i]", "return s[i+0]", 1)
	if err := os.WriteFile(filepath.Join(dir, "cached.go"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	_, third, _ := runGosym(t, "-cache", cacheDir, "-json", ".")
	if diff := cmp.Diff([]string{"cached.Div", "cached.Safe"}, cachedFuncs(third)); diff != "" {
		t.Errorf("functions from the cache after an edit of Index (-want +got):\n%s", diff)
	}

	// Other flags, other results: nothing is taken from the cache.
	_, other, _ := runGosym(t, "-cache", cacheDir, "-json", "-k", "2", ".")
	if got := cachedFuncs(other); got != nil {
		t.Errorf("-k 2 took %v from a cache of -k 3 results", got)
	}
	_, off, errOff := runGosym(t, "-cache", "off", "-json", ".")
	if got := cachedFuncs(off); got != nil || strings.Contains(errOff, "cache") {
		t.Errorf("-cache=off took %v from the cache; stderr:\n%s", got, errOff)
	}
}

func TestCacheDir(t *testing.T) {
	t.Setenv(cacheEnv, "")
	user, err := os.UserCacheDir()
	if err != nil {
		t.Skipf("no user cache directory: %v", err)
	}
	abs, _ := filepath.Abs("here")
	tests := []struct {
		flag, env, want string
	}{
		{"", "", filepath.Join(user, "gosym")},
		{"off", "", ""},
		{"", "off", ""},
		{"here", "off", abs},
		{"", "/tmp/elsewhere", "/tmp/elsewhere"},
	}
	for _, tt := range tests {
		t.Setenv(cacheEnv, tt.env)
		got, err := cacheDir(tt.flag)
		if err != nil || got != tt.want {
			t.Errorf("cacheDir(%q) with %s=%q = %q, %v; want %q", tt.flag, cacheEnv, tt.env, got, err, tt.want)
		}
	}
	// Without a user cache directory, the default is an error the
	// command turns into a warning (and a run without the cache).
	t.Setenv(cacheEnv, "")
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "")
	if got, err := cacheDir(""); err == nil {
		t.Errorf("cacheDir(\"\") without HOME = %q, want an error", got)
	}
}

// TestRunBudgetResume checks that a run budget takes each function up
// where the cache says an earlier run's passes left it: a run at B then
// one at 2B give what one run at 2B gives, and spend no more work; a
// rerun at 2B takes everything from the cache and spends nothing.
func TestRunBudgetResume(t *testing.T) {
	const pkg = "../../testdata/probe"
	cacheDir := t.TempDir()
	budget := func(b string, cache string) []string {
		return []string{"-json", "-cache", cache, "-max-work", "2000", "-budget", b, pkg}
	}
	_, fresh, _ := runGosym(t, budget("800000", "off")...)
	_, half, _ := runGosym(t, budget("400000", cacheDir)...)
	_, resumed, _ := runGosym(t, budget("800000", cacheDir)...)
	if half == fresh {
		t.Fatal("the run at half the budget gave what the full one does: nothing to resume")
	}
	// The functions the run at B finished come from the cache; the others
	// were deepened from where it left them.
	if n := strings.Count(resumed, `"cached":true`); n == 0 || n == 9 {
		t.Errorf("%d of the 9 functions' results came from the cache in the resumed run, want some", n)
	}
	if diff := cmp.Diff(timings.ReplaceAllString(fresh, ""), timings.ReplaceAllString(resumed, "")); diff != "" {
		t.Errorf("resumed run differs from one run at its budget beyond timings (-one run +resumed):\n%s", diff)
	}
	_, again, errOut := runGosym(t, append([]string{"-v"}, budget("800000", cacheDir)[1:]...)...)
	for _, want := range []string{"gosym: 9 of the 9 functions' results came from the cache", "gosym: run budget: 0 passes spent 0 of 800000 work units (and earlier runs "} {
		if !strings.Contains(errOut, want) {
			t.Errorf("a rerun's stderr lacks %q:\n%s", want, errOut)
		}
	}
	if !strings.Contains(again, "from the cache") {
		t.Errorf("-v says nothing of the cache:\n%s", again)
	}
}
