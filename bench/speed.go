package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gosym/gosym/bench/internal/peers"
	"github.com/gosym/gosym/bench/internal/realcode"
)

// speedSets are the packages of the speed table: the 425 exported
// functions and methods of gods' lists and trees, google/btree,
// container/list, sort and strings on which issue 21 measured gosym
// against nilness.
var speedSets = []realcode.Set{
	{Name: "gods lists", Patterns: []string{"github.com/emirpasic/gods/lists/..."}},
	{Name: "gods trees", Patterns: []string{"github.com/emirpasic/gods/trees/..."}},
	{Name: "btree", Patterns: []string{"github.com/google/btree"}},
	{Name: "std", Patterns: []string{"container/list", "sort", "strings"}},
}

// speedStatuses are the statuses the table has a column for, in order.
var speedStatuses = []string{"failed", "complete", "abstract", "bounded", "stopped", "timeout", "unsupported", "error"}

// speedRow is one set under one work budget: gosym's run and nilness's,
// side by side.
type speedRow struct {
	set      string
	maxWork  int64
	statuses map[string]int
	// works are the functions' work, sorted.
	works            []int64
	findings, latent int
	gosym, nilness   peers.Cost
	nilnessFindings  int
}

// buildGosym builds gosym from the module at root into a new temporary
// directory, whose path and the binary's it returns; the caller removes
// the directory.
func buildGosym(root, pattern string) (dir, bin string, err error) {
	dir, err = os.MkdirTemp("", pattern)
	if err != nil {
		return "", "", err
	}
	bin = filepath.Join(dir, "gosym")
	build := exec.Command("go", "build", "-o", bin, "./cmd/gosym")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return "", "", fmt.Errorf("building gosym: %v: %s", err, out)
	}
	return dir, bin, nil
}

// measureSpeed builds gosym, makes the throwaway module of the realcode
// table and runs gosym (under each budget of works) and nilness over each
// set in turn, one process at a time, so that CPU times compare.
func measureSpeed(root string, works []int64, workers int, log io.Writer) ([]speedRow, error) {
	ctx := context.Background()
	dir, bin, err := buildGosym(root, "gosymspeed")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	mod := filepath.Join(dir, "mod")
	if err := os.Mkdir(mod, 0o755); err != nil {
		return nil, err
	}
	if _, err := realcode.MakeModule(ctx, mod, realcode.DefaultModules); err != nil {
		return nil, err
	}
	var rows []speedRow
	for _, set := range speedSets {
		fs, nilCost, err := peers.RunNilness(ctx, mod, set.Patterns)
		if err != nil {
			return nil, fmt.Errorf("nilness on %s: %v", set.Name, err)
		}
		for _, w := range works {
			fmt.Fprintf(log, "speed: %s, max-work %d\n", set.Name, w)
			row, err := runGosym(ctx, bin, mod, set, w, workers)
			if err != nil {
				return nil, err
			}
			row.nilness, row.nilnessFindings = nilCost, len(fs)
			rows = append(rows, row)
		}
	}
	return rows, nil
}

// runGosym runs the gosym binary over one set under the work budget
// maxWork, without the result cache, and reads its JSON records.
func runGosym(ctx context.Context, bin, dir string, set realcode.Set, maxWork int64, workers int) (speedRow, error) {
	args := []string{"-json", "-cache=off", "-p", strconv.Itoa(workers), "-max-work", strconv.FormatInt(maxWork, 10)}
	cmd := exec.CommandContext(ctx, bin, append(args, set.Patterns...)...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	row := speedRow{set: set.Name, maxWork: maxWork, statuses: map[string]int{}}
	row.gosym = peers.CostOf(cmd, start)
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
		return row, fmt.Errorf("gosym on %s: %v: %s", set.Name, err, stderr.Bytes())
	}
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var rec struct {
			Type, Status string
			Work         int64
			Latent       int
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			return row, fmt.Errorf("gosym on %s: reading its output: %v", set.Name, err)
		}
		switch rec.Type {
		case "func":
			row.statuses[rec.Status]++
			row.works = append(row.works, rec.Work)
			row.latent += rec.Latent
		case "finding":
			row.findings++
		}
	}
	slices.Sort(row.works)
	return row, sc.Err()
}

// percentile returns the p-th percentile of the sorted values (nearest
// rank), or 0 for none.
func percentile(sorted []int64, p int) int64 {
	if len(sorted) == 0 {
		return 0
	}
	i := (p*len(sorted)+99)/100 - 1
	return sorted[max(i, 0)]
}

// writeSpeed writes the speed table, with a total per budget.
func writeSpeed(w io.Writer, rows []speedRow, workers int) {
	fmt.Fprintf(w, "## Speed: gosym beside nilness\n\n")
	fmt.Fprintf(w, "The exported functions and methods of gods' lists and trees (github.com/emirpasic/gods v1.18.1), github.com/google/btree v1.1.3, container/list, sort and strings. Each set is analysed by one process of gosym (`-json -cache=off -p %d`, under each work budget) and one of nilness, one process at a time. CPU is the user and system time of the process and of the go command it ran to list packages; both load the packages from source. The ratio is gosym's CPU over nilness's. Work, statuses and findings do not depend on the machine; times do. Findings are those a caller can reach; latent ones are counted apart.\n\n", workers)
	fmt.Fprintf(w, "| set | max-work | functions | %s | findings | latent | work p50 | work p90 | work max | gosym CPU | gosym wall | nilness CPU | nilness findings | CPU ratio |\n", strings.Join(speedStatuses, " | "))
	fmt.Fprintf(w, "|---|--:|--:|%s--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n", strings.Repeat("--:|", len(speedStatuses)))
	totals := map[int64]*speedRow{}
	var budgets []int64
	for _, r := range rows {
		writeSpeedRow(w, r, r.set)
		t := totals[r.maxWork]
		if t == nil {
			t = &speedRow{maxWork: r.maxWork, statuses: map[string]int{}}
			totals[r.maxWork] = t
			budgets = append(budgets, r.maxWork)
		}
		for s, n := range r.statuses {
			t.statuses[s] += n
		}
		t.works = append(t.works, r.works...)
		t.findings += r.findings
		t.latent += r.latent
		t.gosym.CPU += r.gosym.CPU
		t.gosym.Wall += r.gosym.Wall
		t.nilness.CPU += r.nilness.CPU
		t.nilness.Wall += r.nilness.Wall
		t.nilnessFindings += r.nilnessFindings
	}
	for _, b := range budgets {
		t := totals[b]
		slices.Sort(t.works)
		writeSpeedRow(w, *t, "**total**")
	}
	fmt.Fprintln(w)
}

func writeSpeedRow(w io.Writer, r speedRow, name string) {
	var counts []string
	for _, s := range speedStatuses {
		counts = append(counts, strconv.Itoa(r.statuses[s]))
	}
	ratio := "-"
	if r.nilness.CPU > 0 {
		ratio = fmt.Sprintf("%.0fx", float64(r.gosym.CPU)/float64(r.nilness.CPU))
	}
	fmt.Fprintf(w, "| %s | %d | %d | %s | %d | %d | %d | %d | %d | %s | %s | %s | %d | %s |\n",
		name, r.maxWork, len(r.works), strings.Join(counts, " | "), r.findings, r.latent,
		percentile(r.works, 50), percentile(r.works, 90), percentile(r.works, 100),
		r.gosym.CPU.Round(100*time.Millisecond), r.gosym.Wall.Round(100*time.Millisecond),
		r.nilness.CPU.Round(10*time.Millisecond), r.nilnessFindings, ratio)
}
