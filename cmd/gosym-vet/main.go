// Command gosym-vet runs gosym's analyzer on its own or as a vet tool:
//
//	go install github.com/gosym/gosym/cmd/gosym-vet
//	gosym-vet ./...
//	go vet -vettool=$(which gosym-vet) ./...
//
// Its flags are the analyzer's (-k, -max-work, -timeout, -budget, -unexported) and those of
// the analysis drivers (-json, -c and others; see gosym-vet -help); see
// package analyzer.
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/gosym/gosym/analyzer"
)

func main() { singlechecker.Main(analyzer.Analyzer) }
