package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/creack/pty"
)

// findingLine matches the first line of a finding in the text output.
var findingLine = regexp.MustCompile(`\.go:\d+:\d+: .* \([a-z-]+ in [^)]+\)`)

// TestTerminal runs the command on a pseudo-terminal, where it draws its
// progress line on stderr while findings go to stdout, both on the
// terminal: no finding may share a line with the progress display. Under
// a run budget, the line says the pass and the work spent.
func TestTerminal(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		progress string // in the progress line
	}{
		{"budget per function", []string{"-p", "1", "../../testdata/lists"}, "functions, "},
		{"run budget", []string{"-p", "1", "-budget", "400000", "../../testdata/lists"}, "gosym: pass 1, "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := onTerminal(t, tt.args...)
			if !strings.Contains(out, "analysing ") || !strings.Contains(out, tt.progress) {
				t.Fatalf("no progress line with %q was drawn on the terminal:\n%q", tt.progress, out)
			}
			findings := 0
			for _, line := range strings.Split(out, "\r\n") { // the terminal writes \n as \r\n
				if !findingLine.MatchString(line) {
					continue
				}
				findings++
				if visible := line[strings.LastIndex(line, "\r")+1:]; strings.Contains(visible, "analysing ") || !findingLine.MatchString(visible) {
					t.Errorf("a finding shares a line with the progress display: %q", line)
				}
			}
			if findings == 0 {
				t.Errorf("no finding on the terminal:\n%q", out)
			}
		})
	}
}

// onTerminal runs the command with args on a pseudo-terminal, and
// returns what it wrote there; it expects exit status 1 (findings).
func onTerminal(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "GOSYM_TEST_MAIN=1")
	tty, err := pty.Start(cmd)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	var screen bytes.Buffer
	_, err = io.Copy(&screen, tty)
	tty.Close()
	// Linux ends a pseudo-terminal's reads with EIO once the command
	// has exited and closed its side.
	if err != nil && !errors.Is(err, syscall.EIO) {
		t.Fatal(err)
	}
	var exit *exec.ExitError
	if err := cmd.Wait(); !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("exit: %v; want exit status 1 (findings)", err)
	}
	return screen.String()
}
