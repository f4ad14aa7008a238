// Package golangci registers gosym's analyzer as a golangci-lint module
// plugin named "gosym" (see docs/integrations.md, "go vet and golangci-lint").
//
// Its settings are the analyzer's flags:
//
//	linters:
//	  settings:
//	    custom:
//	      gosym:
//	        type: module
//	        settings:
//	          k: 3
//	          max-work: 1000000
//	          timeout: 1m
//	          budget: 2m
//	          unexported: false
package golangci

import (
	"fmt"
	"strconv"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/gosym/gosym/analyzer"
)

func init() { register.Plugin("gosym", New) }

// Settings are the plugin's settings in .golangci.yml; unset ones keep
// the analyzer's defaults.
type Settings struct {
	K          *int   `json:"k"`
	MaxWork    *int64 `json:"max-work"`
	Timeout    string `json:"timeout"`
	Budget     string `json:"budget"`
	Unexported bool   `json:"unexported"`
}

type plugin struct{}

// New returns the plugin, with the analyzer's flags set from settings.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, fmt.Errorf("gosym settings: %w", err)
	}
	set := map[string]string{"unexported": strconv.FormatBool(s.Unexported)}
	if s.K != nil {
		set["k"] = strconv.Itoa(*s.K)
	}
	if s.MaxWork != nil {
		set["max-work"] = strconv.FormatInt(*s.MaxWork, 10)
	}
	if s.Timeout != "" {
		set["timeout"] = s.Timeout
	}
	if s.Budget != "" {
		set["budget"] = s.Budget
	}
	for name, value := range set {
		if err := analyzer.Analyzer.Flags.Set(name, value); err != nil {
			return nil, fmt.Errorf("gosym settings: %s: %w", name, err)
		}
	}
	return plugin{}, nil
}

// BuildAnalyzers returns gosym's analyzer.
func (plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{analyzer.Analyzer}, nil
}

// GetLoadMode asks for type information: the analyzer lowers the package
// to SSA.
func (plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
