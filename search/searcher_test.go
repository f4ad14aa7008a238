package search

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDepthFirst checks that the work added last is taken first, also
// when work is added between takes.
func TestDepthFirst(t *testing.T) {
	t.Parallel()
	var s Searcher[string] = &DepthFirst[string]{}
	var got []string
	s.Add("a")
	s.Add("b")
	for s.Len() > 0 {
		w, _ := s.Next()
		got = append(got, w)
		if w == "b" {
			s.Add("b1")
			s.Add("b2")
		}
	}
	if _, ok := s.Next(); ok {
		t.Error("Next gave work after the last")
	}
	if diff := cmp.Diff([]string{"b", "b2", "b1", "a"}, got); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
}
