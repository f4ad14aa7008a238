package result

import (
	"bytes"
	"encoding/gob"
	"fmt"
)

// Encode writes r so that Decode gives back a result that
// reports, merges and replays as r does (its witnesses' models are not
// kept: Config.Pictures draws them before).
func Encode(r *FuncResult) ([]byte, error) {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(r); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Decode reads a result Encode wrote.
func Decode(data []byte) (*FuncResult, error) {
	var r *FuncResult
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&r); err != nil {
		return nil, err
	}
	if r == nil {
		return nil, fmt.Errorf("malformed result record")
	}
	return r, nil
}
