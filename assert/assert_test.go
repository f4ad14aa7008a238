package assert

import "testing"

func TestRunNormally(t *testing.T) {
	Assume(false) // a no-op when run normally
	Assert(true, "holds")
	defer func() {
		if r := recover(); r != "assertion failed: broken" {
			t.Errorf("recovered %v, want the assertion's message", r)
		}
	}()
	Assert(false, "broken")
	t.Error("Assert(false) returned")
}
