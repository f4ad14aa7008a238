// Command gosym-vet runs gosym's analyzer as a vet tool:
//
//	go install github.com/gosym/gosym/cmd/gosym-vet
//	go vet -vettool=$(which gosym-vet) ./...
//
// Its flags are the analyzer's (-gosym.k, -gosym.timeout, -gosym.budget,
// -gosym.all); see package analyzer.
package main

import (
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/gosym/gosym/analyzer"
)

func main() { unitchecker.Main(analyzer.Analyzer) }
