// Package testset names the testdata packages the tests' short mode
// (go test -short) checks: those testdata/short.txt lists, one a line,
// with # starting a comment line. It imports nothing of gosym.
package testset

import (
	"os"
	"path/filepath"
	"strings"
)

// Short returns the names of the testdata packages that
// testdata/short.txt under the module root root lists.
func Short(root string) ([]string, error) {
	data, err := os.ReadFile(filepath.Join(root, "testdata", "short.txt"))
	if err != nil {
		return nil, err
	}
	var names []string
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			names = append(names, line)
		}
	}
	return names, nil
}
