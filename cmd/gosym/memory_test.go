package main

import (
	"encoding/json"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestMaxMem checks that a function that starts while the run is over
// -max-mem is stopped, and says so.
func TestMaxMem(t *testing.T) {
	_, out, _ := runGosym(t, "-json", "-max-mem", "1MiB", "-run", `^loops\.Sum$`, "../../testdata/loops")
	var r funcRecord
	if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &r); err != nil {
		t.Fatalf("%v in %q", err, out)
	}
	if r.Status != "stopped" || !slices.Contains(r.BoundsHit, "max-mem of 1.0 MiB") {
		t.Errorf("status %q, bounds %q; want stopped by max-mem of 1.0 MiB", r.Status, r.BoundsHit)
	}
}

// TestMemoryGuardStopsOldest checks that when the run goes over the limit
// while functions run, the one that has run longest is stopped, and only
// it.
func TestMemoryGuardStopsOldest(t *testing.T) {
	runtime.GC()
	g := newMemoryGuard(inUse() + 64<<20)
	defer g.close()
	older, stopOlder := g.begin()
	time.Sleep(time.Millisecond)
	newer, stopNewer := g.begin()
	if stopOlder() != "" || stopNewer() != "" {
		t.Fatal("a function was stopped under the limit")
	}
	ballast := make([]byte, 128<<20)
	for i := range ballast {
		ballast[i] = 1
	}
	runtime.GC()
	deadline := time.Now().Add(5 * time.Second)
	for stopOlder() == "" && time.Now().Before(deadline) {
		time.Sleep(watchInterval)
	}
	runtime.KeepAlive(ballast)
	if got := stopOlder(); !strings.HasPrefix(got, "max-mem of ") {
		t.Errorf("the older function's interrupt says %q; want it stopped by max-mem", got)
	}
	if got := stopNewer(); got != "" {
		t.Errorf("the newer function's interrupt says %q; want it left running", got)
	}
	g.end(older)
	g.end(newer)
}
