package ssaexec

import (
	"bytes"
	"encoding/gob"
	"fmt"
)

// resultWire is a FuncResult as EncodeResult writes it: its exported
// fields, and of each finding what Merge compares besides them.
type resultWire struct {
	Result *FuncResult
	Ranks  []findingRank
}

// findingRank is what betterWitness compares of a finding.
type findingRank struct{ Calls, Size, Aliases int }

// EncodeResult writes r so that DecodeResult gives back a result that
// reports, merges and replays as r does (its witnesses' models are not
// kept: Config.Pictures draws them before).
func EncodeResult(r *FuncResult) ([]byte, error) {
	w := resultWire{Result: r}
	for _, f := range r.Findings {
		w.Ranks = append(w.Ranks, findingRank{f.calls, f.size, f.aliases})
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(&w); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// DecodeResult reads a result EncodeResult wrote.
func DecodeResult(data []byte) (*FuncResult, error) {
	var w resultWire
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&w); err != nil {
		return nil, err
	}
	r := w.Result
	if r == nil || len(w.Ranks) != len(r.Findings) {
		return nil, fmt.Errorf("malformed result record")
	}
	for i, f := range r.Findings {
		f.calls, f.size, f.aliases = w.Ranks[i].Calls, w.Ranks[i].Size, w.Ranks[i].Aliases
	}
	return r, nil
}
