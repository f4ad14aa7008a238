package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestSARIF validates -sarif output against the SARIF 2.1.0 schema
// (testdata/sarif-schema-2.1.0.json, the OASIS schema as vendored by
// github.com/securego/gosec) and checks what code scanning shows of a
// finding: its rule, location, message with the witness, and its path.
func TestSARIF(t *testing.T) {
	file := filepath.Join(t.TempDir(), "out.sarif")
	if code, _, errOut := runGosym(t, "-sarif", file, "-run", "ThreeBug", "../../testdata/lists"); code != 1 {
		t.Fatalf("exit code %d; stderr:\n%s", code, errOut)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	validateSARIF(t, data)

	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn int }
					}
				}
				CodeFlows []struct {
					ThreadFlows []struct {
						Locations []struct {
							NestingLevel int
							Location     struct {
								Message          struct{ Text string }
								PhysicalLocation struct {
									Region struct{ StartLine int }
								}
							}
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 || len(log.Runs[0].Results) != 1 {
		t.Fatalf("want one run with one result:\n%s", data)
	}
	res := log.Runs[0].Results[0]
	type shown struct {
		Rule, URI, Message string
		Line, Column       int
		Path               []string
	}
	got := shown{Rule: res.RuleID, Message: res.Message.Text}
	if len(res.Locations) == 1 {
		loc := res.Locations[0].PhysicalLocation
		got.URI, got.Line, got.Column = filepath.Base(loc.ArtifactLocation.URI), loc.Region.StartLine, loc.Region.StartColumn
	}
	for _, flow := range res.CodeFlows {
		for _, thread := range flow.ThreadFlows {
			for _, l := range thread.Locations {
				got.Path = append(got.Path, l.Location.Message.Text)
			}
		}
	}
	want := shown{
		Rule: "nil-deref",
		URI:  "lists.go", Line: 52, Column: 30,
		Message: "nil dereference: head.Next.Next.Next is nil (in lists.ThreeBug). Input that panics:\n" +
			"    head := &Node{Next: &Node{Next: &Node{Next: nil}}}\n" +
			"    ThreeBug(head)\n",
		Path: []string{"", "cur != nil is true", "", "cur != nil is true", "", "cur != nil is true", "",
			"cur != nil is false", "count == 3 is true: count = 3", "panics: nil dereference: head.Next.Next.Next is nil"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("SARIF result (-want +got):\n%s", diff)
	}
}

// sarifSchema compiles the vendored SARIF 2.1.0 schema.
func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif-schema-2.1.0.json", doc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile("sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	return schema
}

func validateSARIF(t *testing.T, data []byte) {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if err := sarifSchema(t).Validate(inst); err != nil {
		t.Errorf("the SARIF log does not satisfy the 2.1.0 schema: %v", err)
	}
}

// TestSARIFSchemaCatches checks the schema check itself: a log without
// its required version is rejected.
func TestSARIFSchemaCatches(t *testing.T) {
	bad, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(`{"runs": []}`)))
	if err != nil {
		t.Fatal(err)
	}
	if sarifSchema(t).Validate(bad) == nil {
		t.Error("a log without version passed the schema")
	}
}
