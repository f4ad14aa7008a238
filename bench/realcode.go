package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"path/filepath"

	"github.com/gosym/gosym/bench/internal/realcode"
	"github.com/gosym/gosym/ssaexec"
)

// triageFile holds the verdicts on the real-code findings, relative to
// the module root (see realcode.ReadTriage).
const triageFile = "bench/triage.txt"

// writeRealCode runs gosym over the standard library's packages and the
// two published modules of realcode.DefaultSets, replays the findings and
// writes the section with the verdicts of the triage file. An interrupt
// stops the run and writes what it has.
func writeRealCode(w io.Writer, root string, opts options) error {
	triage, err := realcode.ReadTriageFile(filepath.Join(root, triageFile))
	if err != nil {
		return err
	}
	cfg := ssaexec.DefaultConfig()
	cfg.MaxWork, cfg.Timeout, cfg.Seq = opts.realWork, opts.realTimeout, opts.realSeq
	cfg.Solver, cfg.ProcSummaries, cfg.Directed = opts.chain, opts.summaries, opts.directed
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rep, err := realcode.Run(ctx, realcode.Options{Config: cfg, Workers: opts.workers, RunWork: opts.realRunWork, Log: os.Stderr})
	if err != nil {
		return err
	}
	rep.Markdown(w, triage)
	return nil
}
