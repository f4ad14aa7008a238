package main

import (
	"encoding/json"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gosym/gosym/report"
)

// TestMaxMem checks that a function that starts while the run is over
// -max-mem is stopped, and says so.
func TestMaxMem(t *testing.T) {
	_, out, errOut := runGosym(t, "-json", "-max-mem", "1MiB", "-run", `^loops\.Sum$`, "../../testdata/loops")
	if want := "over the 870 KiB at which -max-mem stops functions: each will be stopped as it starts"; !strings.Contains(errOut, want) {
		t.Errorf("stderr does not warn that the loaded program is over the limit:\n%s\nwant %q", errOut, want)
	}
	var r report.FuncRecord
	if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &r); err != nil {
		t.Fatalf("%v in %q", err, out)
	}
	if r.Status != "stopped" || !slices.Contains(r.BoundsHit, "max-mem of 1.0 MiB") {
		t.Errorf("status %q, bounds %q; want stopped by max-mem of 1.0 MiB", r.Status, r.BoundsHit)
	}
}

// TestMemoryGuardStopsOldest checks that when the run goes over the
// guard's mark while functions run, the one that has run longest is
// stopped, and only it; over the limit itself, the next one too. The
// guard is not watching: the test calls its check.
func TestMemoryGuardStopsOldest(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1)) // check steers it
	runtime.GC()
	base := inUse()
	g := &memoryGuard{limit: base + 1<<30, high: base + 64<<20, bound: "max-mem of test", running: map[*guardedJob]bool{}}
	older, stopOlder := g.begin()
	time.Sleep(time.Millisecond) // start times differ
	newer, stopNewer := g.begin()
	if stopOlder() != "" || stopNewer() != "" {
		t.Fatal("a function was stopped under the limit")
	}
	ballast := make([]byte, 128<<20)
	for i := range ballast {
		ballast[i] = 1
	}
	g.check()
	if got := stopOlder(); got != "max-mem of test" {
		t.Errorf("the older function's interrupt says %q; want it stopped by max-mem", got)
	}
	if got := stopNewer(); got != "" {
		t.Errorf("the newer function's interrupt says %q; want it left running while the older winds down", got)
	}
	g.limit = base + 64<<20
	g.check()
	runtime.KeepAlive(ballast)
	if got := stopNewer(); got != "max-mem of test" {
		t.Errorf("over the limit itself, the newer function's interrupt says %q; want it stopped too", got)
	}
	g.end(older)
	g.end(newer)
}
