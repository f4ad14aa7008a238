package golangci

import (
	"testing"

	"github.com/golangci/plugin-module-register/register"

	"github.com/gosym/gosym/analyzer"
)

func TestPlugin(t *testing.T) {
	newPlugin, err := register.GetPlugin("gosym")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(map[string]any{"k": 5, "max-work": 20000, "timeout": "30s"})
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil || len(as) != 1 || as[0] != analyzer.Analyzer {
		t.Fatalf("BuildAnalyzers() = %v, %v; want gosym's analyzer", as, err)
	}
	for name, want := range map[string]string{"k": "5", "max-work": "20000", "timeout": "30s", "unexported": "false"} {
		if got := analyzer.Analyzer.Flags.Lookup(name).Value.String(); got != want {
			t.Errorf("flag %s = %s, want %s", name, got, want)
		}
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode %q, want typesinfo", p.GetLoadMode())
	}
	if _, err := newPlugin(map[string]any{"depth": 3}); err == nil {
		t.Error("an unknown setting was accepted")
	}
	if _, err := newPlugin(map[string]any{"timeout": "soon"}); err == nil {
		t.Error("a bad timeout was accepted")
	}
}
