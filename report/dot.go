package report

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/gosym/gosym/result"
)

// WritePictures writes each finding's heap pictures (-dot) into dir: per
// package a directory, per finding <Func>_<n>.input.dot and .panic.dot,
// named like its witness test, and SVG beside them when Graphviz's dot is
// installed. It returns each finding's file names without the extension.
func WritePictures(results []*result.FuncResult, dir string, stderr io.Writer) (map[*result.Finding]string, error) {
	render, renderErr := exec.LookPath("dot")
	bases := map[*result.Finding]string{}
	usedDirs := map[string]bool{}
	files := 0
	for _, p := range byPackage(results) {
		if len(p.findings) == 0 {
			continue
		}
		pkgDir := filepath.Join(dir, p.name)
		for n := 2; usedDirs[pkgDir]; n++ { // two packages of one name
			pkgDir = filepath.Join(dir, fmt.Sprintf("%s_%d", p.name, n))
		}
		usedDirs[pkgDir] = true
		if err := os.MkdirAll(pkgDir, 0o755); err != nil {
			return nil, err
		}
		for _, t := range NewSuite(p.path, p.name, p.findings).Tests {
			base := filepath.Join(pkgDir, strings.TrimPrefix(t.Name, "TestGosymWitness_"))
			for _, pic := range []struct{ kind, dot string }{{"input", t.Finding.InputDot}, {"panic", t.Finding.PanicDot}} {
				file := base + "." + pic.kind + ".dot"
				if err := os.WriteFile(file, []byte(pic.dot), 0o644); err != nil {
					return nil, err
				}
				files++
				if renderErr == nil {
					if err := toSVG(render, file); err != nil {
						return nil, err
					}
				}
			}
			bases[t.Finding] = base
		}
	}
	svg := "; install Graphviz (apt-get install graphviz) to render them as SVG"
	if renderErr == nil {
		svg = ", with SVG beside them"
	}
	fmt.Fprintf(stderr, "gosym: wrote %d Graphviz files into %s%s\n", files, dir, svg)
	return bases, nil
}

// toSVG renders a Graphviz file as SVG beside it.
func toSVG(dot, file string) error {
	out := strings.TrimSuffix(file, ".dot") + ".svg"
	var stderr bytes.Buffer
	cmd := exec.Command(dot, "-Tsvg", "-o", out, file)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("rendering %s: %v: %s", file, err, strings.TrimSpace(stderr.String()))
	}
	return nil
}
