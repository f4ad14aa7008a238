package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"

	"github.com/gosym/gosym/result"
	"github.com/gosym/gosym/solver"
)

// writeHeader says what produced the tables and where, since times only
// compare on one machine.
func writeHeader(w io.Writer, root string, opts options) {
	fmt.Fprintf(w, "# gosym on the seed papers' benchmarks\n\n")
	fmt.Fprintf(w, "Produced by `go run ./bench %s` on %s.\n\n", strings.Join(os.Args[1:], " "), time.Now().Format("2006-01-02"))
	fmt.Fprintf(w, "- machine: %s, %d cores, %s/%s\n", cpuModel(), runtime.NumCPU(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(w, "- %s, Z3 %s\n", runtime.Version(), solver.Version())
	fmt.Fprintf(w, "- gosym %s\n", commit(root))
	fmt.Fprintf(w, "- one run at a time, each with a budget of %v; a run under %v is repeated to %d runs and its time is their median\n\n", opts.timeout, repeatBelow, repeats)
	fmt.Fprintf(w, "Paths count the paths that returned normally, as Kiasan counts complete paths. ")
	fmt.Fprintf(w, "Solver checks are the satisfiability questions the search asked; Z3 runs are those that Z3 answered, the rest being decided in Go. ")
	fmt.Fprintf(w, "Paths, states and checks do not depend on the machine; times do. ")
	fmt.Fprintf(w, "The paper's times are Sireum/Kiasan's with Yices on a 2.8 GHz Xeon of 2009.\n\n")
}

// cpuModel names the processor, from /proc/cpuinfo where there is one.
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown processor"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if name, value, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(name) == "model name" {
			return strings.TrimSpace(value)
		}
	}
	return "unknown processor"
}

// commit names the checked-out commit, marked when the tree has changes
// that it does not hold.
func commit(root string) string {
	out, err := exec.Command("git", "-C", root, "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "(commit unknown)"
	}
	c := "commit " + strings.TrimSpace(string(out))
	if st, err := exec.Command("git", "-C", root, "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(st) > 0 {
		c += " with local changes"
	}
	return c
}

func writeKBound(w io.Writer, results []kResult) {
	fmt.Fprintf(w, "## Table I: k-bound\n\n")
	fmt.Fprintf(w, "Kiasan's Table I: each method at k = 1, 2, 3 in each initialization mode, ")
	fmt.Fprintf(w, "with no subsumption and no loop bound that cuts, the receiver's `repOK` assumed at entry and asserted at return, in one pass at the bound as Kiasan searched (`-subsume off -invariants -deepen=false`). ")
	fmt.Fprintf(w, "A `-` in the paper's columns: the paper has no figure for that method.\n\n")
	fmt.Fprintf(w, "| method | k | init | paths | paper | states | solver checks | Z3 runs | time | paper time | status |\n")
	fmt.Fprintf(w, "|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range results {
		paper, paperTime := "-", "-"
		if r.row.paperPaths != nil && r.k <= len(r.row.paperPaths[r.mode]) {
			paper = fmt.Sprint(r.row.paperPaths[r.mode][r.k-1])
		}
		if r.row.paperTime != nil && r.k <= len(r.row.paperTime) && modes[r.mode] == "lazier#" {
			paperTime = fmt.Sprintf("%.1f s", r.row.paperTime[r.k-1])
		}
		fmt.Fprintf(w, "| %s | %d | %s | %s | %s | %d | %d | %d | %s | %s | %s |\n",
			r.row.name, r.k, modes[r.mode], pathCount(r.m), paper, r.m.States, r.m.SolverChecks, r.m.SolverCalls,
			duration(r.m.Elapsed), paperTime, status(r.m))
	}
	fmt.Fprintln(w)
	writeMonotone(w, results)
	writeSpeedup(w, results)
	writeGrowth(w, results)
}

// pathCount marks the count of a run that did not finish as a lower bound.
func pathCount(m *result.FuncResult) string {
	if m.Status == result.Timeout || m.Status == result.Stopped {
		return fmt.Sprintf("≥ %d", m.Paths)
	}
	return fmt.Sprint(m.Paths)
}

func status(m *result.FuncResult) string {
	s := string(m.Status)
	if len(m.Findings) > 0 {
		s += fmt.Sprintf(" (%d findings)", len(m.Findings))
	}
	for _, n := range m.Notes {
		if strings.HasPrefix(n, nondeterministic) {
			s += " (" + n + ")"
		}
	}
	return s
}

// duration prints a time with the precision it deserves.
func duration(d time.Duration) string {
	switch {
	case d < 10*time.Millisecond:
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	case d < time.Second:
		return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

// writeMonotone checks the order the paper shows on every row: lazier#
// explores no more paths than lazier, nor lazier than lazy.
func writeMonotone(w io.Writer, results []kResult) {
	violations := monotoneViolations(results)
	if len(violations) == 0 {
		fmt.Fprintf(w, "On every row measured in all three modes, lazier# explores no more paths than lazier, and lazier no more than lazy.\n\n")
		return
	}
	fmt.Fprintf(w, "**Rows where a lazier mode explores more paths:**\n\n")
	for _, v := range violations {
		fmt.Fprintf(w, "- %s\n", v)
	}
	fmt.Fprintln(w)
}

// monotoneViolations lists the rows and ks where the path counts do not
// fall from lazy to lazier to lazier#; runs that did not finish count
// nothing.
func monotoneViolations(results []kResult) []string {
	type cell struct {
		name string
		k    int
	}
	paths := map[cell]*[3]int{}
	var order []cell
	for _, r := range results {
		c := cell{r.row.name, r.k}
		if paths[c] == nil {
			paths[c] = &[3]int{-1, -1, -1}
			order = append(order, c)
		}
		if r.m.Status != result.Timeout && r.m.Status != result.Stopped {
			paths[c][r.mode] = r.m.Paths
		}
	}
	var out []string
	for _, c := range order {
		p := paths[c]
		for i := 1; i < len(modes); i++ {
			if p[i-1] >= 0 && p[i] > p[i-1] {
				out = append(out, fmt.Sprintf("%s at k = %d: %s %d paths, %s %d", c.name, c.k, modes[i-1], p[i-1], modes[i], p[i]))
			}
		}
	}
	return out
}

// writeSpeedup sets gosym's lazier# times beside the paper's fastest, at
// the largest k measured that the paper has, with the ratio the targets
// are stated in.
func writeSpeedup(w io.Writer, results []kResult) {
	maxK := 0
	for _, r := range results {
		if r.row.paperTime != nil && r.k <= len(r.row.paperTime) {
			maxK = max(maxK, r.k)
		}
	}
	var rows []kResult
	for _, r := range results {
		if r.k == maxK && modes[r.mode] == "lazier#" && r.row.paperTime != nil {
			rows = append(rows, r)
		}
	}
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(w, "### lazier# at k = %d against the paper's fastest time\n\n", maxK)
	fmt.Fprintf(w, "| method | paths | paper | time | paper time | faster by |\n|---|---|---|---|---|---|\n")
	tenfold := 0
	for _, r := range rows {
		paper := r.row.paperTime[maxK-1]
		ratio := "-"
		if paper > 0 {
			x := paper / r.m.Elapsed.Seconds()
			ratio = fmt.Sprintf("%.1fx", x)
			if x >= 10 {
				tenfold++
			}
		}
		fmt.Fprintf(w, "| %s | %s | %d | %s | %.1f s | %s |\n", r.row.name, pathCount(r.m),
			r.row.paperPaths[2][maxK-1], duration(r.m.Elapsed), paper, ratio)
	}
	fmt.Fprintf(w, "\n%d of the rows with a paper time above zero are at least 10x faster than the paper.\n\n", tenfold)
}

// writeGrowth says how each method's lazier# search grows from one k to
// the next measured: its time, states and solver checks at k+1 over
// those at k.
func writeGrowth(w io.Writer, results []kResult) {
	var rows []string
	for i, r := range results {
		if modes[r.mode] != "lazier#" {
			continue
		}
		for _, next := range results[i+1:] {
			if next.row.name == r.row.name && next.mode == r.mode && next.k == r.k+1 {
				rows = append(rows, fmt.Sprintf("| %s | %d to %d | %s to %s | %s | %s | %s |\n", r.row.name, r.k, next.k,
					duration(r.m.Elapsed), duration(next.m.Elapsed),
					growth(next.m.Elapsed.Seconds(), r.m.Elapsed.Seconds()),
					growth(float64(next.m.States), float64(r.m.States)),
					growth(float64(next.m.SolverChecks), float64(r.m.SolverChecks))))
			}
		}
	}
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(w, "### lazier#: growth per k step\n\n")
	fmt.Fprintf(w, "| method | k | time | time growth | states growth | checks growth |\n|---|---|---|---|---|---|\n")
	for _, row := range rows {
		fmt.Fprint(w, row)
	}
	fmt.Fprintln(w)
}

// growth is after over before as a factor, or "-" where before is 0.
func growth(after, before float64) string {
	if before == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1fx", after/before)
}

func writeNBound(w io.Writer, results []nResult) {
	fmt.Fprintf(w, "## Table II: n-bound\n\n")
	fmt.Fprintf(w, "Kiasan's Table II: lazier# with at most n input objects of each type and no k-bound, in one pass (`-n N -k %d -deepen=false`), ", nboundK)
	fmt.Fprintf(w, "recursion and loops bounded by 4n so that only n cuts.\n\n")
	fmt.Fprintf(w, "| method | n | paths | paper | states | solver checks | Z3 runs | time | paper time | faster by | status |\n")
	fmt.Fprintf(w, "|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range results {
		paper := r.row.paperTime[r.i]
		fmt.Fprintf(w, "| %s | %d | %s | %d | %d | %d | %d | %s | %s | %.1fx | %s |\n",
			r.row.name, r.row.ns[r.i], pathCount(r.m), r.row.paperPaths[r.i], r.m.States, r.m.SolverChecks, r.m.SolverCalls,
			duration(r.m.Elapsed), duration(time.Duration(paper*float64(time.Second))),
			paper/r.m.Elapsed.Seconds(), status(r.m))
	}
	fmt.Fprintln(w)
}

func writeAbstraction(w io.Writer, results []absResult) {
	fmt.Fprintf(w, "## Abstraction: the loops of the abstraction paper\n\n")
	fmt.Fprintf(w, "gosym's defaults: lazier#, k = 3, abstract subsumption at loop heads. ")
	fmt.Fprintf(w, "Subsumption counts: states checked at loop heads / found subsumed (of them after summarizing) / stored.\n\n")
	fmt.Fprintf(w, "| program | status | finding | subsumption | paper | paper's subsumption | time |\n|---|---|---|---|---|---|---|\n")
	for _, r := range results {
		s := r.m.Subsumption
		paperSub := "-"
		if r.row.checks > 0 {
			paperSub = fmt.Sprintf("%d / %d / %d", r.row.checks, r.row.subsumed, r.row.stored)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %d / %d (%d) / %d | %s | %s | %s |\n", r.row.name, r.m.Status,
			findingSummary(r.m.Findings), s.Checks, s.Subsumed, s.Abstract, s.Stored, r.row.paper, paperSub, duration(r.m.Elapsed))
	}
	fmt.Fprintln(w)
}

// findingSummary gives a row's first finding: its kind, how many source
// lines its path runs through and its witness.
func findingSummary(findings []*result.Finding) string {
	if len(findings) == 0 {
		return "none"
	}
	f := findings[0]
	witness := strings.Join(append(append([]string{}, f.Setup...), f.Call), "; ")
	return fmt.Sprintf("%s at line %d, %d-step trace: `%s`", f.Kind, f.Pos.Line, len(f.Trace), witness)
}

func writeSummaries(w io.Writer, results []sumResult) {
	fmt.Fprintf(w, "## Procedure summaries: the micro-benchmark of \"Procedure summaries for Boolean programs with references\" (ZING)\n\n")
	fmt.Fprintf(w, "Its Figure 10 (bench/summaries): each level of M tries both values of a nondeterministic bool, so that a search without summaries takes 2^N paths; ")
	fmt.Fprintf(w, "with summaries (`-summaries=on`), a call of M is recorded once a call of M was made from a heap with the same counters, the later calls from states that agree with it on what M reads go on from its summary, and the paths that return from a call alike go on as one: the states grow as 9N - 8. ")
	fmt.Fprintf(w, "Time grows faster than the states: a path's condition holds N choices, which each check of the solver and each summary's comparison of conditions reads. ")
	fmt.Fprintf(w, "Defaults, in one pass, with recursion N + 2 and no k-bound (`-deepen=false -recursion N+2 -k %d`); without summaries only up to N = %d, beyond which its paths only wait for the time budget. ", nboundK, maxUnsummarized)
	fmt.Fprintf(w, "Applied counts the calls a summary answered, covered the paths that returned as one before had. ")
	fmt.Fprintf(w, "The paper's times are its model checker's, without and with summaries (Table 2; - where it did not end in 10 minutes or has no row).\n\n")
	fmt.Fprintf(w, "| N | without: paths | states | time | status | with: paths | states | applied | covered | time | status | paper without | paper with |\n")
	fmt.Fprintf(w, "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	paper := func(s float64) string {
		if s == 0 {
			return "-"
		}
		return duration(time.Duration(s * float64(time.Second)))
	}
	for _, r := range results {
		without := "not run | | |"
		if m := r.without; m != nil {
			without = fmt.Sprintf("%s | %d | %s | %s", pathCount(m), m.States, duration(m.Elapsed), status(m))
		}
		m := r.with
		fmt.Fprintf(w, "| %d | %s | %s | %d | %d | %d | %s | %s | %s | %s |\n", r.row.n, without, pathCount(m), m.States,
			m.Summaries.Applied, m.Summaries.Covered, duration(m.Elapsed), status(m), paper(r.row.without), paper(r.row.with))
	}
	fmt.Fprintln(w)
}
