package ssaexec

import (
	_ "embed"

	"github.com/gosym/gosym/heap"
	"golang.org/x/tools/go/ssa"
)

// The models of library code, in one place. A call is looked up in this
// order (see explorer.enter):
//
//   - the helpers cgo generated: checks that do nothing (cgoChecks), and
//     calls into C, which gosym does not execute (see cgo.go);
//   - the assert module's Assume and Assert (see contract.go);
//   - the natives of package time and internal/godebug, which gosym runs
//     itself (timeNatives, see timers.go);
//   - a standard function one of gosym's model packages mirrors runs the
//     model's source instead (modelPackages, pureFallbacks, see std.go);
//   - a function of a model package that is an intrinsic is carried out
//     by gosym, as the runtime would (intrinsics);
//   - otherwise the function's own source runs, where it is loaded
//     (stdExecuted) and exact; or the call is one gosym does not execute,
//     with fresh results (neverPanics and readOnlyPackages say which of
//     those cannot panic or change what their arguments reach).
//
// The builtins the engine executes are modelledBuiltins; syncPackages
// declare the types whose state only their own methods write.

// stdExecuted are the standard packages loaded with their source.
var stdExecuted = []string{
	"errors", "strings", "bytes", "unicode/utf8", "slices", "maps", "sort", "strconv", "cmp",
	"math", "math/bits", "internal/stringslite", "internal/bytealg", "internal/strconv",
	// sync runs as written for one goroutine, its atomics and semaphores
	// modelled (see internal/models/sync).
	"sync", "sync/atomic", "internal/sync", "internal/synctest", "internal/race",
	// context's cancellation is channels, mutexes and atomics; its
	// deadlines are timers, and time's clock is an input (see
	// timers.go).
	"context", "time",
}

// skippedInits are package initializers that are not run, their
// variables left zero: bytealg's sets MaxLen from the CPU's features, and
// internal/cpu's (which gosym does not load) fills X86 with them; left at
// zero they select the code that needs no vector instructions or FMA
// (math's useFMA), with the same results.
var skippedInits = map[string]bool{"internal/bytealg": true, "internal/cpu": true}

var (
	//go:embed internal/models/bytealg/bytealg.go
	bytealgModels string
	//go:embed internal/models/stringslite/stringslite.go
	stringsliteModels string
	//go:embed internal/models/atomic/atomic.go
	atomicModels string
	//go:embed internal/models/sync/sync.go
	syncModels string
	//go:embed internal/models/isync/isync.go
	isyncModels string
	//go:embed internal/models/synctest/synctest.go
	synctestModels string
	//go:embed internal/models/bits/bits.go
	bitsModels string
	//go:embed internal/models/math/math.go
	mathModels string
	//go:embed internal/models/time/time.go
	timeModels string
	//go:embed internal/models/gostmt/gostmt.go
	gostmtModels string
)

// modelPackages maps a standard package to the source of its models.
var modelPackages = map[string]string{
	"internal/bytealg":     bytealgModels,
	"internal/stringslite": stringsliteModels,
	"sync/atomic":          atomicModels,
	"sync":                 syncModels,
	"internal/sync":        isyncModels,
	"internal/synctest":    synctestModels,
	"math":                 mathModels,
	"math/bits":            bitsModels,
}

// pureFallbacks map a function written in assembly to the pure-Go function
// of the same package that other platforms run in its place. Both compute
// an exact operation (rounding to an integer, the larger of two), so the
// results are the same. math's Exp, Log and Hypot are not here: their
// assembly and Go may differ in the last bit.
var pureFallbacks = map[string]string{
	"math.archFloor": "floor", "math.archCeil": "ceil", "math.archTrunc": "trunc",
	"math.archMax": "max", "math.archMin": "min",
}

// The intrinsics of the models: functions whose calls gosym carries out
// itself, as the runtime would.
const (
	// fatalError(msg): the runtime's fatal error, which no recover stops.
	intrinsicFatal = "fatalError"
	// squareRoot(x): the correctly rounded square root.
	intrinsicSqrt = "squareRoot"
	// bitLength(x): the bits a uint64 needs (math/bits.Len64).
	intrinsicBitLength = "bitLength"
	// sameType(a, b): whether two non-nil interfaces have one dynamic
	// type.
	intrinsicSameType = "sameType"
	// hashKey(k): hash an interface key, panicking as Go does for a type
	// it cannot hash.
	intrinsicHashKey = "hashKey"
	// semacquire(addr, why): the runtime's semaphore acquire, which
	// blocks while the count at addr is 0 (why says on what);
	// semrelease(addr): its release.
	intrinsicSemacquire = "semacquire"
	intrinsicSemrelease = "semrelease"
	// lock(state, why), unlock(state), tryLock(state): a Mutex's lock
	// bit, set while no other goroutine holds it.
	intrinsicLock    = "lock"
	intrinsicUnlock  = "unlock"
	intrinsicTryLock = "tryLock"
	// ticket(wait), awaitTicket(notify, t, why), notifyTickets(notify,
	// wait, all): a Cond's list of waiters.
	intrinsicTicket        = "ticket"
	intrinsicAwaitTicket   = "awaitTicket"
	intrinsicNotifyTickets = "notifyTickets"
	// fireTimer(t): a timer of package time fires (see timers.go).
	intrinsicFireTimer = "fireTimer"
)

// intrinsicModel is how gosym carries out the calls of one intrinsic:
// run does, with the call's arguments evaluated (call is nil for a
// deferred or go call, whose results are dropped). shared marks an
// operation on a variable other goroutines share, one visible operation
// (see visibleFunc).
type intrinsicModel struct {
	run    func(x *explorer, s *state, name string, args []heap.Value, call *ssa.Call) []alt
	shared bool
}

// intrinsics are the model intrinsics, by name. (Made in init: their
// runs reach back into the executor, which looks them up.)
var intrinsics map[string]intrinsicModel

func init() {
	sync := func(run func(x *explorer, s *state, args []heap.Value, call *ssa.Call) []alt) intrinsicModel {
		return intrinsicModel{shared: true, run: func(x *explorer, s *state, _ string, args []heap.Value, call *ssa.Call) []alt {
			return run(x, s, args, call)
		}}
	}
	named := func(run func(x *explorer, s *state, name string, args []heap.Value, call *ssa.Call) []alt) intrinsicModel {
		return intrinsicModel{shared: true, run: run}
	}
	intrinsics = map[string]intrinsicModel{
		intrinsicFatal:         {run: (*explorer).fatalIntrinsic},
		intrinsicSqrt:          {run: (*explorer).squareRoot},
		intrinsicBitLength:     {run: (*explorer).bitLength},
		intrinsicSameType:      {run: (*explorer).sameTypeIntrinsic},
		intrinsicHashKey:       {run: (*explorer).hashKey},
		intrinsicSemacquire:    sync((*explorer).semacquire),
		intrinsicSemrelease:    sync((*explorer).semrelease),
		intrinsicLock:          named((*explorer).mutexOp),
		intrinsicUnlock:        named((*explorer).mutexOp),
		intrinsicTryLock:       named((*explorer).mutexOp),
		intrinsicTicket:        named((*explorer).condOp),
		intrinsicAwaitTicket:   named((*explorer).condOp),
		intrinsicNotifyTickets: named((*explorer).condOp),
		intrinsicFireTimer:     sync((*explorer).fireTimer),
	}
	// The intrinsics that reinterpret a value's bits: a float's term is
	// its bits, so they return their argument.
	for _, name := range []string{"bitsOf64", "float64Of", "bitsOf32", "float32Of"} {
		intrinsics[name] = intrinsicModel{run: (*explorer).sameBits}
	}
}

// modelledBuiltins are the builtins the engine executes (see
// explorer.builtin).
var modelledBuiltins = map[string]bool{
	"print": true, "println": true, "len": true, "cap": true, "append": true, "copy": true,
	"min": true, "max": true, "clear": true, "delete": true, "recover": true, "ssa:wrapnilchk": true,
	"close": true,
}

// syncPackages declare the types whose state only their own methods
// write: a value of theirs that no call built is the zero value.
var syncPackages = map[string]bool{"sync": true, "sync/atomic": true, "internal/sync": true}

// neverPanics names standard functions gosym does not execute that
// cannot panic, so that calling one leaves a function complete: fmt's
// functions that format into a string recover a panic of an operand's
// Error or String method and print it instead (the fmt package's doc
// says so), and the others only read or convert their arguments.
var neverPanics = map[string]bool{
	"fmt.Errorf": true, "fmt.Sprint": true, "fmt.Sprintf": true, "fmt.Sprintln": true,
	"strconv.Itoa": true, "strconv.FormatBool": true, "strconv.Quote": true, "strconv.QuoteRune": true,
	"strconv.QuoteToASCII": true, "os.Getenv": true, "os.LookupEnv": true,
}

// readOnlyPackages are standard packages whose functions do not change
// what their arguments reach (methods of their types aside).
var readOnlyPackages = map[string]bool{
	"fmt": true, "errors": true, "strconv": true, "strings": true, "bytes": true,
	"math": true, "math/bits": true, "unicode": true, "unicode/utf8": true, "log": true,
}

// timeNative is one of package time's functions that gosym runs itself.
type timeNative func(x *explorer, s *state, fn *ssa.Function, args []heap.Value, call *ssa.Call) []alt

// timeNatives are the functions of package time, and of the
// internal/godebug it uses, that gosym runs itself, by calleeName: the
// timers, Sleep, the runtime's clocks and GODEBUG settings.
var timeNatives = map[string]timeNative{
	"time.NewTimer":     (*explorer).newTimer,
	"time.After":        (*explorer).after,
	"time.AfterFunc":    (*explorer).afterFunc,
	"time.NewTicker":    (*explorer).newTicker,
	"time.Tick":         (*explorer).tick,
	"time.Timer_Stop":   (*explorer).stopTimer,
	"time.Timer_Reset":  (*explorer).resetTimer,
	"time.Ticker_Stop":  (*explorer).stopTimer,
	"time.Ticker_Reset": (*explorer).resetTimer,
	// Without a clock, sleeping orders nothing.
	"time.Sleep":       nativeResult(func(*explorer, *state, *ssa.Function) heap.Value { return nil }),
	"time.runtimeNow":  (*explorer).clock,
	"time.now":         (*explorer).clock,
	"time.runtimeNano": (*explorer).clock,
	// gosym's goroutine is never in a testing/synctest bubble (see the
	// synctest models).
	"time.runtimeIsBubbled": nativeResult(func(x *explorer, _ *state, _ *ssa.Function) heap.Value {
		return heap.Scalar{T: x.ctx.Bool(false)}
	}),
	// time's GODEBUG settings (asynctimerchan) keep their defaults: a
	// Setting is its zero value, whose Value is "".
	"internal/godebug.New": nativeResult(func(_ *explorer, s *state, fn *ssa.Function) heap.Value {
		return s.heap.Alloc(deref(fn.Signature.Results().At(0).Type()))
	}),
	"internal/godebug.Setting_Value":         nativeResult(func(*explorer, *state, *ssa.Function) heap.Value { return heap.Str{S: ""} }),
	"internal/godebug.Setting_IncNonDefault": nativeResult(func(*explorer, *state, *ssa.Function) heap.Value { return nil }),
}

// timerOps are the natives that act on a timer other goroutines may
// share: visible operations, which touch the timer (see timerAccess).
var timerOps = map[string]bool{
	"time.Timer_Stop": true, "time.Timer_Reset": true, "time.Ticker_Stop": true, "time.Ticker_Reset": true,
}

// clockReadings are the natives that read the runtime's clocks.
var clockReadings = map[string]bool{"runtimeNow": true, "now": true, "runtimeNano": true}

// cgoChecks are cgo's helpers that check what Go hands C or keep it
// alive; gosym does not model their checks, and they return nothing.
var cgoChecks = map[string]bool{
	"_cgoCheckPointer": true, "_cgoCheckResult": true,
	"_Cgo_use": true, "_Cgo_keepalive": true, "_Cgo_no_callback": true,
}

// cgoReadOnly are the functions of C that do not change what their
// arguments reach: cgo's conversions, which copy, and free, after which
// the memory is not the program's to read.
var cgoReadOnly = map[string]bool{
	"_Cfunc_CString": true, "_Cfunc_CBytes": true, "_Cfunc_GoString": true,
	"_Cfunc_GoStringN": true, "_Cfunc_GoBytes": true, "_Cfunc_free": true,
}
