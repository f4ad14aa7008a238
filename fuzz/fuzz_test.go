package fuzz

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/gosym/gosym/oracle"
)

// random and randomSeed drive TestRandom.
var (
	random     = flag.Int("random", 0, "batches of random programs TestRandom checks (0: none)")
	randomSeed = flag.Uint64("random.seed", 1, "seed of TestRandom's programs")
)

// inputs is Options.Inputs for the tests: enough random inputs per
// function to reach most of its panics, few enough for a quick run.
const inputs = 200

// seeds are the fuzz target's seed inputs, chosen for variety: lists and
// trees, walks, divisions, explicit panics, field writes, a deferred
// recover, switch chains of predicates over ints and bytes, recursive
// helpers, goroutines that outlive the entry, channels, and each lazy
// initialization and subsumption mode.
var seeds = [][]byte{
	// A tree, lazy, k 1, exact subsumption refined: a walk with a
	// division under a deferred recover, then a switch of byte
	// predicates whose middle case panics or divides.
	[]byte("\x8f/\x8e\x9ds\x0a\x83\xaf\x14\xe4k\x85\xc9\xef9\xf0\xa5\x10d\xad\x9a\xdc\x00N\xd9\xed_\xcb\xe8Ux\x7f\xea\x0a7\xe9y\xe80\x08\x92!\xcb`\x03_\xc8\xae\x0a\xcc\xb9\xe0\x97\x12\x86\x13\xc8\x06\xa6\xfa\xa6\xf6\xa1\xda\x0f\xa7\xe2\x86\x045;\x91*\xe5\xd1\xca\xe7!\x1f\xda\x22\xe5\xa3|\xcd\xb9\xb2\xaa"),
	// A list and a tree, lazier#, abstract subsumption: a closure sends
	// on an unbuffered channel that the entry then receives from, after
	// a deferred recover; field writes.
	[]byte("\x0cW\xf0\xac\xce\xa8jCF\x1f\xdd\xa50K\x01\x83\x09\xe5-\xbe]\xd7\x04P\xe2\x0df\xc2\x8aKsz\x19\x01\xa8\x03o\xa6H\xf7\xf91?4j*\xf2\xd7\xddL\xc1\x0a\x99U\x00/ \xae\xa9T[,\xa5\xf3\x10\xc6\xd6\xfd5s"),
	// Three fields, lazier, exact subsumption refined: a goroutine that
	// sends on an unbuffered channel the entry may not receive from (a
	// leak), one that panics after the entry returned unless an int
	// predicate holds, and a switch of predicates whose second case
	// panics before a helper that recurses on an int.
	[]byte("\xb7s\xdf\x07\x05DVZ\x9c\x0d\x8c\x0bQbH\xfcg|\xadb\xacd\x0b\xcc<Ap\xa3\xd5\x8e\x1dK\xd03F\xb1\x1d/\xe1\x10y\xab<@:\xe0\xceVC\xf8i\xd9A$\x19\x93Y\xed\xb5\xa0\xbc\xe4\xeb\xff\x10Q\x92-\x9c\x03\xa6\x113\x80\xa8Q\x91\xb8jG\x8aI\xa14\xd2"),
	// A list, lazier, k 2, no subsumption, refined: a helper that
	// recurses along the list and panics, under a deferred recover, and
	// a goroutine that dereferences, panics and writes a field after the
	// entry returned from a switch of predicates.
	[]byte("\xf1yk\xc5\xf0\xfc^Kj%\x96@\x9b\x14\xe7M\xf7D\xe7\x97\x00\x95\x0cWn=\xe5\xb2\x00\x90\x07\xe9\x9d\x05Z\xc5<j\x92R\xf7\x03h\xfa\xf6DzR\x9fk\xcd0\xa8S\xa9\x85-<\xeb\xf1\x03\xcd\xde\x0d\xb8\xdd\x95\xc8\xd4V\x97\x0f\x052\xb6O\xfd\x1f\x824\x8b\xb8U\x8cU\xea!\xc3"),
}

// workerTime bounds a run of the fuzz function in a fuzz worker, which
// panics ("deadlocked!", exit status 2, its stderr discarded) when a run
// takes 10 s (internal/fuzz, not configurable): the rest is kept for
// starting the run and removing its temporary directory.
const workerTime = 9 * time.Second

// FuzzGosym generates a program from the fuzzer's bytes and checks gosym
// on it (see Check). Without -fuzz it runs only the corpus entries of
// testdata/fuzz/FuzzGosym, each a gosym bug: TestSeeds runs the seeds.
//
// In a fuzz worker Check gets a deadline of workerTime, since a program
// may well take gosym longer than 10 s to analyse: the analysis is then
// cut short, and an input whose analysis overruns the cut anyway is
// skipped.
func FuzzGosym(f *testing.F) {
	if fuzzing() {
		for _, s := range seeds {
			f.Add(s)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		opts := Options{Inputs: inputs, Oracle: true}
		if fuzzWorker() {
			opts.Deadline = time.Now().Add(workerTime)
		}
		p, err := Generate(data, "")
		if err != nil {
			t.Fatal(err)
		}
		check(t, []*Program{p}, opts)
	})
}

// fuzzing reports whether the test binary runs with -fuzz.
func fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}

// fuzzWorker reports whether the test binary is a fuzz worker, the only
// process that runs the fuzz function under the worker's time limit: the
// coordinator runs the seeds with none.
func fuzzWorker() bool {
	f := flag.Lookup("test.fuzzworker")
	return f != nil && f.Value.String() == "true"
}

// TestSeeds runs the seeds as one package, which costs one load, one
// replay and one build instead of one each.
func TestSeeds(t *testing.T) {
	var progs []*Program
	for i, s := range seeds {
		p, err := Generate(s, fmt.Sprintf("S%d", i))
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, p)
	}
	rep := check(t, progs, Options{Inputs: inputs, Oracle: true})
	funcs := 0
	for _, p := range progs {
		funcs += len(p.Funcs)
	}
	// Without a deadline only a budget skips a comparison: most
	// functions are compared.
	for _, tally := range rep.Oracle {
		if tally.Compared+tally.Skipped != funcs || tally.Compared < funcs/2 {
			t.Errorf("oracle: %s; want %d functions, at least half compared", tally, funcs)
		}
	}
}

// batchSize is the number of programs TestRandom checks at once.
const batchSize = 8

// TestRandom checks -random batches of programs of random bytes, each
// batch as one package: a cheaper search than the fuzzer's, which pays a
// load, a replay and two builds for each program. Batch i of seed s is
// always the same programs.
func TestRandom(t *testing.T) {
	if *random == 0 {
		t.Skip("no -random batches asked for")
	}
	for batch := range *random {
		r := rand.New(rand.NewPCG(*randomSeed, uint64(batch)))
		var progs []*Program
		for i := range batchSize {
			data := make([]byte, 30+r.IntN(200))
			for j := range data {
				data[j] = byte(r.Uint32())
			}
			p, err := Generate(data, fmt.Sprintf("B%dP%d", batch, i))
			if err != nil {
				t.Fatal(err)
			}
			progs = append(progs, p)
		}
		t.Run(fmt.Sprint(batch), func(t *testing.T) { check(t, progs, Options{Inputs: inputs, Oracle: true}) })
	}
}

// check runs Check on progs and fails on every problem, and returns the
// report. When the analysis overran opts.Deadline (ErrLate), it fails on
// the problems the records show, and skips the rest.
func check(t *testing.T, progs []*Program, opts Options) *Report {
	t.Helper()
	rep, err := Check(t.TempDir(), progs, opts)
	late := errors.Is(err, ErrLate)
	if err != nil && !late {
		t.Fatal(err)
	}
	claims := map[Claim]int{}
	for _, p := range progs {
		t.Logf("%s (k %d, init %s, subsume %d, refine %v):\n%s", p.File(), p.Config.K, p.Config.Init, p.Config.Subsume,
			p.Config.Refine, p.Source)
		for _, fn := range p.Funcs {
			t.Logf("%s: %s", fn, describe(rep.Records[fn]))
			claims[ClaimOf(rep.Records[fn], p.Config)]++
		}
	}
	t.Logf("claims %v; %d findings replayed; %d concrete calls, %d panicked (%d in a goroutine), %d dropped", claims,
		len(rep.Replays), rep.Calls, rep.Panics, rep.GoPanics, rep.Dropped)
	for _, r := range rep.Reordered {
		t.Logf("confirmed only without optimization: %s", r)
	}
	for _, r := range rep.ScheduleDependent {
		t.Logf("schedule-dependent: %s", r)
	}
	for _, tally := range rep.Oracle {
		t.Logf("oracle: %s", tally)
	}
	var failed []string
	for _, p := range rep.Problems {
		failed = append(failed, p.String())
	}
	if len(failed) > 0 {
		t.Errorf("%d disagreements with Go:\n%s", len(failed), strings.Join(failed, "\n\n"))
	}
	if late {
		t.Skip(err)
	}
	if opts.Oracle && len(rep.Oracle) != len(oracle.Shortcuts()) {
		t.Errorf("%d oracle tallies, want one per shortcut", len(rep.Oracle))
	}
	return rep
}
