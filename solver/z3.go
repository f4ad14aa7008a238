package solver

// This is the only file that calls Z3. Each C helper below makes one Z3
// object, checks Z3's error code and takes the one reference Go will own,
// all in a single cgo crossing; a NULL result means Z3 reported an error,
// which z3.check turns into a panic while the message is still current.

/*
#cgo LDFLAGS: -lz3
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <z3.h>

typedef Z3_ast (*gs_un_fn)(Z3_context, Z3_ast);
typedef Z3_ast (*gs_bin_fn)(Z3_context, Z3_ast, Z3_ast);
typedef Z3_ast (*gs_nary_fn)(Z3_context, unsigned, Z3_ast const[]);
typedef Z3_ast (*gs_ext_fn)(Z3_context, unsigned, Z3_ast);

// Z3's default handler prints and calls exit(); this one leaves the error
// code set for the caller to inspect.
static void gs_on_error(Z3_context c, Z3_error_code e) { (void)c; (void)e; }

static int gs_failed(Z3_context c) { return Z3_get_error_code(c) != Z3_OK; }

static Z3_ast gs_keep(Z3_context c, Z3_ast r) {
	if (r == NULL || gs_failed(c)) return NULL;
	Z3_inc_ref(c, r);
	return r;
}

static Z3_ast gs_un(Z3_context c, gs_un_fn f, Z3_ast a) { return gs_keep(c, f(c, a)); }
static Z3_ast gs_bin(Z3_context c, gs_bin_fn f, Z3_ast a, Z3_ast b) { return gs_keep(c, f(c, a, b)); }
static Z3_ast gs_nary(Z3_context c, gs_nary_fn f, unsigned n, Z3_ast *args) { return gs_keep(c, f(c, n, args)); }
static Z3_ast gs_ext(Z3_context c, gs_ext_fn f, unsigned i, Z3_ast a) { return gs_keep(c, f(c, i, a)); }
static Z3_ast gs_ite(Z3_context c, Z3_ast i, Z3_ast t, Z3_ast e) { return gs_keep(c, Z3_mk_ite(c, i, t, e)); }
static Z3_ast gs_extract(Z3_context c, unsigned hi, unsigned lo, Z3_ast a) { return gs_keep(c, Z3_mk_extract(c, hi, lo, a)); }
static Z3_ast gs_numeral(Z3_context c, uint64_t v, Z3_sort s) { return gs_keep(c, Z3_mk_unsigned_int64(c, v, s)); }
static Z3_ast gs_bool(Z3_context c, int b) { return gs_keep(c, b ? Z3_mk_true(c) : Z3_mk_false(c)); }

static Z3_ast gs_const(Z3_context c, const char *name, Z3_sort s) {
	Z3_symbol sym = Z3_mk_string_symbol(c, name);
	if (gs_failed(c)) return NULL;
	return gs_keep(c, Z3_mk_const(c, sym, s));
}

// gs_translate copies a, an AST of src, into dst (owned by the caller).
static Z3_ast gs_translate(Z3_context src, Z3_ast a, Z3_context dst) {
	Z3_ast r = Z3_translate(src, a, dst);
	if (gs_failed(src)) return NULL;
	return gs_keep(dst, r);
}

static Z3_ast gs_substitute(Z3_context c, Z3_ast a, unsigned n, Z3_ast *from, Z3_ast *to) {
	return gs_keep(c, Z3_substitute(c, a, n, from, to));
}

static Z3_ast gs_forall(Z3_context c, unsigned n, Z3_ast *vars, Z3_ast body) {
	Z3_app *apps = malloc(n * sizeof(Z3_app));
	if (apps == NULL) return NULL;
	for (unsigned i = 0; i < n; i++) apps[i] = Z3_to_app(c, vars[i]);
	Z3_ast r = Z3_mk_forall_const(c, 0, n, apps, 0, NULL, body);
	free(apps);
	return gs_keep(c, r);
}

// gs_app_info classifies a: 1 for an uninterpreted constant, 2 for an
// application with arguments (their number in *nargs), 0 otherwise.
static int gs_app_info(Z3_context c, Z3_ast a, unsigned *nargs) {
	*nargs = 0;
	if (Z3_get_ast_kind(c, a) != Z3_APP_AST) return 0;
	Z3_app app = Z3_to_app(c, a);
	unsigned n = Z3_get_app_num_args(c, app);
	*nargs = n;
	if (n > 0) return 2;
	return Z3_get_decl_kind(c, Z3_get_app_decl(c, app)) == Z3_OP_UNINTERPRETED ? 1 : 0;
}

// gs_app_arg returns argument i of application a (a borrowed reference).
static Z3_ast gs_app_arg(Z3_context c, Z3_ast a, unsigned i) { return Z3_get_app_arg(c, Z3_to_app(c, a), i); }

// gs_width returns 0 for a Bool term, else its bit-vector width.
static unsigned gs_width(Z3_context c, Z3_ast a) {
	Z3_sort s = Z3_get_sort(c, a);
	return Z3_get_sort_kind(c, s) == Z3_BOOL_SORT ? 0 : Z3_get_bv_sort_size(c, s);
}

static Z3_ast gs_inc(Z3_context c, Z3_ast a) { Z3_inc_ref(c, a); return a; }

// gs_numeral_value stores a bit-vector numeral's value in *v and returns 1, or
// returns 0 for any other AST.
static int gs_numeral_value(Z3_context c, Z3_ast a, uint64_t *v) {
	if (!Z3_is_numeral_ast(c, a)) return 0;
	return Z3_get_numeral_uint64(c, a, v) ? 1 : 0;
}

// gs_op returns the declaration kind of application a (0 for other ASTs):
// one of 1 (bvadd), 2 (bvsub), 3 (bvneg), or 4 for anything else.
static int gs_op(Z3_context c, Z3_ast a) {
	if (Z3_get_ast_kind(c, a) != Z3_APP_AST) return 0;
	switch (Z3_get_decl_kind(c, Z3_get_app_decl(c, Z3_to_app(c, a)))) {
	case Z3_OP_BADD: return 1;
	case Z3_OP_BSUB: return 2;
	case Z3_OP_BNEG: return 3;
	default: return 4;
	}
}

// Floating-point operations read and write IEEE 754 bits: a bit-vector of
// width 32 is a float32, of width 64 a float64. A NaN result is written
// as GS_NAN32/GS_NAN64, the NaN amd64 makes (0/0), which Go's folding in
// float.go writes too. Kinds are the GS_F* values below.
enum { GS_FADD = 1, GS_FSUB, GS_FMUL, GS_FDIV, GS_FSQRT, GS_FLT, GS_FLE, GS_FEQ,
	GS_FCONV, GS_STOF, GS_UTOF, GS_FTOS };
#define GS_NAN32 0xffc00000ULL
#define GS_NAN64 0xfff8000000000000ULL

// gs_held releases the intermediate ASTs of one gs_fp call.
typedef struct { Z3_ast a[12]; int n; } gs_held;

static Z3_ast gs_hold(Z3_context c, gs_held *h, Z3_ast a) {
	if (a == NULL || gs_failed(c)) return NULL;
	Z3_inc_ref(c, a);
	h->a[h->n++] = a;
	return a;
}

static Z3_sort gs_fp_sort(Z3_context c, gs_held *h, unsigned w) {
	Z3_sort s = w == 32 ? Z3_mk_fpa_sort_single(c) : Z3_mk_fpa_sort_double(c);
	if (s == NULL || gs_hold(c, h, Z3_sort_to_ast(c, s)) == NULL) return NULL;
	return s;
}

static Z3_ast gs_fp_of(Z3_context c, gs_held *h, Z3_ast bits, unsigned w) {
	Z3_sort s = gs_fp_sort(c, h, w);
	if (s == NULL) return NULL;
	return gs_hold(c, h, Z3_mk_fpa_to_fp_bv(c, bits, s));
}

// gs_fp_bits writes f as bits of width w, NaN as the one amd64 makes.
static Z3_ast gs_fp_bits(Z3_context c, gs_held *h, Z3_ast f, unsigned w) {
	Z3_sort bv = Z3_mk_bv_sort(c, w);
	if (bv == NULL || gs_hold(c, h, Z3_sort_to_ast(c, bv)) == NULL) return NULL;
	Z3_ast nan = gs_hold(c, h, Z3_mk_unsigned_int64(c, w == 32 ? GS_NAN32 : GS_NAN64, bv));
	Z3_ast isnan = nan ? gs_hold(c, h, Z3_mk_fpa_is_nan(c, f)) : NULL;
	Z3_ast raw = isnan ? gs_hold(c, h, Z3_mk_fpa_to_ieee_bv(c, f)) : NULL;
	return raw ? Z3_mk_ite(c, isnan, nan, raw) : NULL;
}

static Z3_ast gs_fp_build(Z3_context c, gs_held *h, int kind, Z3_ast a, Z3_ast b, unsigned from, unsigned to) {
	Z3_ast rm = gs_hold(c, h, kind == GS_FTOS ? Z3_mk_fpa_rtz(c) : Z3_mk_fpa_rne(c));
	if (rm == NULL) return NULL;
	Z3_ast fa = NULL, fb = NULL, r;
	if (kind != GS_STOF && kind != GS_UTOF && (fa = gs_fp_of(c, h, a, from)) == NULL) return NULL;
	if (b != NULL && (fb = gs_fp_of(c, h, b, from)) == NULL) return NULL;
	switch (kind) {
	case GS_FLT: return Z3_mk_fpa_lt(c, fa, fb);
	case GS_FLE: return Z3_mk_fpa_leq(c, fa, fb);
	case GS_FEQ: return Z3_mk_fpa_eq(c, fa, fb);
	case GS_FTOS: return Z3_mk_fpa_to_sbv(c, rm, fa, to);
	}
	Z3_sort target = gs_fp_sort(c, h, to);
	if (target == NULL) return NULL;
	switch (kind) {
	case GS_FADD: r = Z3_mk_fpa_add(c, rm, fa, fb); break;
	case GS_FSUB: r = Z3_mk_fpa_sub(c, rm, fa, fb); break;
	case GS_FMUL: r = Z3_mk_fpa_mul(c, rm, fa, fb); break;
	case GS_FDIV: r = Z3_mk_fpa_div(c, rm, fa, fb); break;
	case GS_FSQRT: r = Z3_mk_fpa_sqrt(c, rm, fa); break;
	case GS_FCONV: r = Z3_mk_fpa_to_fp_float(c, rm, fa, target); break;
	case GS_STOF: r = Z3_mk_fpa_to_fp_signed(c, rm, a, target); break;
	case GS_UTOF: r = Z3_mk_fpa_to_fp_unsigned(c, rm, a, target); break;
	default: return NULL;
	}
	if (gs_hold(c, h, r) == NULL) return NULL;
	return gs_fp_bits(c, h, r, to);
}

// gs_fp builds floating-point operation kind on operands a and b (b is
// NULL for a unary one) of width from, with a result of width to.
static Z3_ast gs_fp(Z3_context c, int kind, Z3_ast a, Z3_ast b, unsigned from, unsigned to) {
	gs_held h = {.n = 0};
	Z3_ast r = gs_fp_build(c, &h, kind, a, b, from, to);
	r = r == NULL ? NULL : gs_keep(c, r);
	for (int i = h.n - 1; i >= 0; i--) Z3_dec_ref(c, h.a[i]);
	return r;
}

static Z3_sort gs_sort(Z3_context c, unsigned width) {
	Z3_sort s = width == 0 ? Z3_mk_bool_sort(c) : Z3_mk_bv_sort(c, width);
	if (s == NULL || gs_failed(c)) return NULL;
	Z3_inc_ref(c, Z3_sort_to_ast(c, s));
	return s;
}

static void gs_dec_refs(Z3_context c, Z3_ast *as, size_t n) {
	for (size_t i = 0; i < n; i++) Z3_dec_ref(c, as[i]);
}

static Z3_context gs_new_context(void) {
	Z3_config cfg = Z3_mk_config();
	Z3_context c = Z3_mk_context_rc(cfg);
	Z3_del_config(cfg);
	if (c != NULL) Z3_set_error_handler(c, gs_on_error);
	return c;
}

static Z3_solver gs_new_solver(Z3_context c, int kind) {
	Z3_solver s;
	if (kind >= 2) {
		Z3_tactic t = Z3_mk_tactic(c, kind == 2 ? "qfbv" : "qffpbv");
		if (t == NULL || gs_failed(c)) return NULL;
		Z3_tactic_inc_ref(c, t);
		s = Z3_mk_solver_from_tactic(c, t);
		Z3_tactic_dec_ref(c, t);
	} else {
		s = kind ? Z3_mk_simple_solver(c) : Z3_mk_solver(c);
	}
	if (s == NULL || gs_failed(c)) return NULL;
	Z3_solver_inc_ref(c, s);
	return s;
}

// gs_set_param sets the solver parameter name (timeout in milliseconds,
// rlimit in resource units) and returns 0 on success.
static int gs_set_param(Z3_context c, Z3_solver s, const char *name, unsigned v) {
	Z3_params p = Z3_mk_params(c);
	if (gs_failed(c)) return -1;
	Z3_params_inc_ref(c, p);
	Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, name), v);
	if (!gs_failed(c)) Z3_solver_set_params(c, s, p);
	int failed = gs_failed(c);
	Z3_params_dec_ref(c, p);
	return failed ? -1 : 0;
}

static int gs_set_timeout(Z3_context c, Z3_solver s, unsigned ms) { return gs_set_param(c, s, "timeout", ms); }
static int gs_set_rlimit(Z3_context c, Z3_solver s, unsigned limit) { return gs_set_param(c, s, "rlimit", limit); }

// gs_rlimit_count returns the resource units Z3 has counted in c so far,
// read from s's statistics, or 0 when they do not say.
static uint64_t gs_rlimit_count(Z3_context c, Z3_solver s) {
	Z3_stats st = Z3_solver_get_statistics(c, s);
	if (st == NULL || gs_failed(c)) return 0;
	Z3_stats_inc_ref(c, st);
	uint64_t n = 0;
	unsigned size = Z3_stats_size(c, st);
	for (unsigned i = 0; i < size; i++) {
		if (Z3_stats_is_uint(c, st, i) && strcmp(Z3_stats_get_key(c, st, i), "rlimit count") == 0) {
			n = Z3_stats_get_uint_value(c, st, i);
			break;
		}
	}
	Z3_stats_dec_ref(c, st);
	return n;
}

// gs_check returns a Z3_lbool, or -2 when Z3 reported an error; *count is
// the context's resource count after the check (see gs_rlimit_count).
static int gs_check(Z3_context c, Z3_solver s, unsigned n, Z3_ast *as, uint64_t *count) {
	Z3_lbool r = Z3_solver_check_assumptions(c, s, n, as);
	if (gs_failed(c)) return -2;
	*count = gs_rlimit_count(c, s);
	return gs_failed(c) ? -2 : (int)r;
}

static Z3_model gs_model(Z3_context c, Z3_solver s) {
	Z3_model m = Z3_solver_get_model(c, s);
	if (m == NULL || gs_failed(c)) return NULL;
	Z3_model_inc_ref(c, m);
	return m;
}

// gs_eval evaluates t in m with model completion and reads the result as a
// 64-bit numeral (Bool: 1 or 0). It returns 0 on success, 1 when Z3
// reported an error, 2 when evaluation gave no value.
static int gs_eval(Z3_context c, Z3_model m, Z3_ast t, int isbool, uint64_t *out) {
	Z3_ast v = NULL;
	if (!Z3_model_eval(c, m, t, true, &v) || v == NULL || gs_failed(c)) return gs_failed(c) ? 1 : 2;
	Z3_inc_ref(c, v);
	int rc = 0;
	if (isbool) {
		Z3_lbool b = Z3_get_bool_value(c, v);
		if (b == Z3_L_UNDEF) rc = 2;
		*out = b == Z3_L_TRUE;
	} else if (!Z3_get_numeral_uint64(c, v, out)) {
		rc = 2;
	}
	if (gs_failed(c)) rc = 1;
	Z3_dec_ref(c, v);
	return rc;
}
*/
import "C"

import (
	"fmt"
	"math"
	"time"
	"unsafe"
)

// Handles of Z3 objects. They are C pointers, so they may be stored in Go
// memory and passed back to C freely.
type (
	zast    = C.Z3_ast
	zsolver = C.Z3_solver
	zmodel  = C.Z3_model
)

// Function tables map an op to the Z3 constructor that builds it; ops with
// a nil entry are never built by that helper.
var (
	unaryFns = [numOps]C.gs_un_fn{
		opNot:   C.gs_un_fn(C.Z3_mk_not),
		opBVNot: C.gs_un_fn(C.Z3_mk_bvnot),
		opNeg:   C.gs_un_fn(C.Z3_mk_bvneg),
	}
	binaryFns = [numOps]C.gs_bin_fn{
		opImplies: C.gs_bin_fn(C.Z3_mk_implies),
		opEq:      C.gs_bin_fn(C.Z3_mk_eq),
		opAdd:     C.gs_bin_fn(C.Z3_mk_bvadd),
		opSub:     C.gs_bin_fn(C.Z3_mk_bvsub),
		opMul:     C.gs_bin_fn(C.Z3_mk_bvmul),
		opUDiv:    C.gs_bin_fn(C.Z3_mk_bvudiv),
		opSDiv:    C.gs_bin_fn(C.Z3_mk_bvsdiv),
		opURem:    C.gs_bin_fn(C.Z3_mk_bvurem),
		opSRem:    C.gs_bin_fn(C.Z3_mk_bvsrem),
		opBVAnd:   C.gs_bin_fn(C.Z3_mk_bvand),
		opBVOr:    C.gs_bin_fn(C.Z3_mk_bvor),
		opBVXor:   C.gs_bin_fn(C.Z3_mk_bvxor),
		opShl:     C.gs_bin_fn(C.Z3_mk_bvshl),
		opLShr:    C.gs_bin_fn(C.Z3_mk_bvlshr),
		opAShr:    C.gs_bin_fn(C.Z3_mk_bvashr),
		opUlt:     C.gs_bin_fn(C.Z3_mk_bvult),
		opUle:     C.gs_bin_fn(C.Z3_mk_bvule),
		opUgt:     C.gs_bin_fn(C.Z3_mk_bvugt),
		opUge:     C.gs_bin_fn(C.Z3_mk_bvuge),
		opSlt:     C.gs_bin_fn(C.Z3_mk_bvslt),
		opSle:     C.gs_bin_fn(C.Z3_mk_bvsle),
		opSgt:     C.gs_bin_fn(C.Z3_mk_bvsgt),
		opSge:     C.gs_bin_fn(C.Z3_mk_bvsge),
	}
	naryFns = [numOps]C.gs_nary_fn{
		opAnd: C.gs_nary_fn(C.Z3_mk_and),
		opOr:  C.gs_nary_fn(C.Z3_mk_or),
	}
)

// z3 is the C side of a Context: the Z3 context, its cached sorts and the
// queue of objects whose Go owners have been collected.
type z3 struct {
	ctx      C.Z3_context
	sorts    [65]C.Z3_sort // index 0 is Bool, n is BV n; filled on first use
	rel      *releaser
	liveASTs int // references owned by Terms and not yet released
	// held counts the AST references the context holds, by AST (see
	// close).
	held map[zast]int32
	// holdBelow is how many AST references the context keeps before it
	// releases anything the garbage collector has queued. Z3 recycles the
	// ids and memory of released objects, and its rewriting and search
	// order by them, so releasing at the collector's whim made answers
	// (models, and so which checks Go decides) differ between identical
	// runs. Holding keeps a function's analysis reproducible as long as
	// it stays under the bound; past it memory wins.
	holdBelow int
	// resources is Z3's count of the resource units its checks in this
	// context have spent (the unit of the rlimit parameter).
	resources uint64
	// ops counts the calls that change a solver's assertions (push, pop,
	// assert, reset), which Z3 does not count in its resources.
	ops uint64
}

// defaultHoldBelow is about 200 MB of Z3 memory on the benchmarks (1.9 M
// references in 60 s of LeftistHeap.merge at k = 3 raised the peak by
// 180 MB), or a few GB if every term held a distinct wide numeral.
const defaultHoldBelow = 2_000_000

func newZ3() *z3 {
	ctx := C.gs_new_context()
	if ctx == nil {
		panic("solver: Z3 error: cannot create context")
	}
	return &z3{ctx: ctx, rel: new(releaser), holdBelow: defaultHoldBelow, held: map[zast]int32{}}
}

// fail panics with Z3's description of the error left by the last call.
func (z *z3) fail(what string) {
	code := C.Z3_get_error_code(z.ctx)
	msg := C.GoString(C.Z3_get_error_msg(z.ctx, code))
	panic(fmt.Sprintf("solver: Z3 error: %s: %s", what, msg))
}

// keep checks a helper's result; see the file comment.
func (z *z3) keep(a zast, what string) zast {
	if a == nil {
		z.fail(what)
	}
	z.held[a]++
	return a
}

// drain drops the references of Go values collected since the last call,
// once the context holds holdBelow of them or more. It must only run on
// the owning goroutine, at the start of an API call: from then until the
// call returns no AST read from a live Term can be released, because
// releasing happens nowhere else.
func (z *z3) drain() {
	if z.liveASTs < z.holdBelow {
		return
	}
	asts, models, solvers := z.rel.take()
	if len(asts) > 0 {
		C.gs_dec_refs(z.ctx, &asts[0], C.size_t(len(asts)))
		z.liveASTs -= len(asts)
		for _, a := range asts {
			z.unhold(a)
		}
	}
	z.release(models, solvers)
	z.rel.recycle(asts)
}

// unhold forgets one held reference to a.
func (z *z3) unhold(a zast) {
	if n := z.held[a] - 1; n > 0 {
		z.held[a] = n
	} else {
		delete(z.held, a)
	}
}

// release drops the references of models and solvers.
func (z *z3) release(models []zmodel, solvers []zsolver) {
	for _, m := range models {
		C.Z3_model_dec_ref(z.ctx, m)
	}
	for _, s := range solvers {
		C.Z3_solver_dec_ref(z.ctx, s)
	}
}

// close deletes the Z3 context unless that already happened. It first
// drops every reference the context's owners held: Z3_del_context frees
// what is left in passes, one per level of the deepest term, each over
// every AST left, so that a context holding a chain of 10,000 sums took
// 78 s to delete, and deleting contexts took 15% of a run's CPU on gods'
// trees. Dropped by reference count, the same ASTs go in one pass.
func (z *z3) close() {
	models, solvers, ok := z.rel.close()
	if !ok {
		return
	}
	z.release(models, solvers)
	asts := make([]zast, 0, len(z.held))
	for a, n := range z.held {
		for range n {
			asts = append(asts, a)
		}
	}
	if len(asts) > 0 {
		C.gs_dec_refs(z.ctx, &asts[0], C.size_t(len(asts)))
	}
	z.held = nil
	C.Z3_del_context(z.ctx)
}

// sort returns the Z3 sort for width w (0 for Bool).
func (z *z3) sort(w uint) C.Z3_sort {
	if s := z.sorts[w]; s != nil {
		return s
	}
	s := C.gs_sort(z.ctx, C.uint(w))
	if s == nil {
		z.fail("sort")
	}
	z.sorts[w] = s
	return s
}

func (z *z3) numeral(v uint64, w uint) zast {
	return z.keep(C.gs_numeral(z.ctx, C.uint64_t(v), z.sort(w)), "numeral")
}

func (z *z3) boolean(b bool) zast {
	i := C.int(0)
	if b {
		i = 1
	}
	return z.keep(C.gs_bool(z.ctx, i), "bool")
}

func (z *z3) constant(name string, w uint) zast {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	return z.keep(C.gs_const(z.ctx, cs, z.sort(w)), "constant "+name)
}

// translate copies a, an AST of src, into z.
func (z *z3) translate(src *z3, a zast) zast {
	return z.keep(C.gs_translate(src.ctx, a, z.ctx), "translate")
}

func (z *z3) unary(o op, a zast) zast {
	return z.keep(C.gs_un(z.ctx, unaryFns[o], a), o.String())
}

func (z *z3) binary(o op, a, b zast) zast {
	return z.keep(C.gs_bin(z.ctx, binaryFns[o], a, b), o.String())
}

// nary needs len(args) > 0. The slice holds only C pointers, so cgo lets C
// read it in place.
func (z *z3) nary(o op, args []zast) zast {
	return z.keep(C.gs_nary(z.ctx, naryFns[o], C.uint(len(args)), &args[0]), o.String())
}

func (z *z3) ite(c, a, b zast) zast {
	return z.keep(C.gs_ite(z.ctx, c, a, b), "Ite")
}

func (z *z3) zeroExt(a zast, extra uint) zast {
	return z.keep(C.gs_ext(z.ctx, C.gs_ext_fn(C.Z3_mk_zero_ext), C.uint(extra), a), "ZeroExt")
}

func (z *z3) signExt(a zast, extra uint) zast {
	return z.keep(C.gs_ext(z.ctx, C.gs_ext_fn(C.Z3_mk_sign_ext), C.uint(extra), a), "SignExt")
}

// floatKinds maps the floating-point ops onto gs_fp's kinds.
var floatKinds = [numOps]C.int{
	opFAdd: C.GS_FADD, opFSub: C.GS_FSUB, opFMul: C.GS_FMUL, opFDiv: C.GS_FDIV,
	opFSqrt: C.GS_FSQRT, opFLt: C.GS_FLT, opFLe: C.GS_FLE, opFEq: C.GS_FEQ,
	opFConv: C.GS_FCONV, opSIntToF: C.GS_STOF, opUIntToF: C.GS_UTOF, opFToSIntRaw: C.GS_FTOS,
}

// float builds a floating-point operation on operands of width from (b is
// nil for a unary one) with a result of width to (Bool for comparisons).
func (z *z3) float(o op, a, b zast, from, to uint) zast {
	return z.keep(C.gs_fp(z.ctx, floatKinds[o], a, b, C.uint(from), C.uint(to)), o.String())
}

// substitute needs len(from) == len(to) > 0.
func (z *z3) substitute(a zast, from, to []zast) zast {
	return z.keep(C.gs_substitute(z.ctx, a, C.uint(len(from)), &from[0], &to[0]), "Substitute")
}

// forall needs len(vars) > 0; vars are constants.
func (z *z3) forall(vars []zast, body zast) zast {
	return z.keep(C.gs_forall(z.ctx, C.uint(len(vars)), &vars[0], body), "Forall")
}

// symbols appends the uninterpreted constants of a not in seen to out,
// each with a reference of its own and its width (0: Bool).
func (z *z3) symbols(a zast, seen map[zast]bool, out *[]zast, widths *[]uint) {
	if seen[a] {
		return
	}
	seen[a] = true
	var n C.uint
	switch C.gs_app_info(z.ctx, a, &n) {
	case 1:
		*out = append(*out, C.gs_inc(z.ctx, a))
		*widths = append(*widths, uint(C.gs_width(z.ctx, a)))
	case 2:
		for i := C.uint(0); i < n; i++ {
			z.symbols(C.gs_app_arg(z.ctx, a, i), seen, out, widths)
		}
	}
}

// linearOp is the kind of an AST as far as solving for a symbol goes.
type linearOp int

const (
	otherAST linearOp = iota
	addAST
	subAST
	negAST
)

// linear returns the kind of a and its arguments (borrowed references).
func (z *z3) linear(a zast) (linearOp, []zast) {
	k := C.gs_op(z.ctx, a)
	if k < 1 || k > 3 {
		return otherAST, nil
	}
	var n C.uint
	C.gs_app_info(z.ctx, a, &n)
	args := make([]zast, n)
	for i := range args {
		args[i] = C.gs_app_arg(z.ctx, a, C.uint(i))
	}
	return linearOp(k), args
}

// numeralValue returns the value of a bit-vector numeral AST.
func (z *z3) numeralValue(a zast) (uint64, bool) {
	var v C.uint64_t
	if C.gs_numeral_value(z.ctx, a, &v) == 0 {
		return 0, false
	}
	return uint64(v), true
}

// own takes a reference of a borrowed AST, for a Term to own.
func (z *z3) own(a zast) zast { return C.gs_inc(z.ctx, a) }

// occurrences counts the occurrences of the constant x in a, as a tree.
func (z *z3) occurrences(x, a zast, memo map[zast]int) int {
	if a == x {
		return 1
	}
	if n, ok := memo[a]; ok {
		return n
	}
	var nargs C.uint
	total := 0
	if C.gs_app_info(z.ctx, a, &nargs) == 2 {
		for i := C.uint(0); i < nargs; i++ {
			total += z.occurrences(x, C.gs_app_arg(z.ctx, a, i), memo)
		}
	}
	memo[a] = total
	return total
}

func (z *z3) extract(a zast, hi, lo uint) zast {
	return z.keep(C.gs_extract(z.ctx, C.uint(hi), C.uint(lo), a), "Trunc")
}

func (z *z3) astString(a zast) string {
	return C.GoString(C.Z3_ast_to_string(z.ctx, a))
}

// solverString writes s's assertions in SMT-LIB.
func (z *z3) solverString(s zsolver) string {
	return C.GoString(C.Z3_solver_to_string(z.ctx, s))
}

// solverKind selects the Z3 solver object; see Context.NewSolver.
type solverKind int

const (
	combinedSolver solverKind = iota // Z3_mk_solver
	simpleSolver                     // Z3_mk_simple_solver
	qfbvSolver                       // the qfbv tactic: simplify, then bit-blast from scratch
	qffpbvSolver                     // the qffpbv tactic: the same with floating point
)

func (z *z3) newSolver(k solverKind) zsolver {
	s := C.gs_new_solver(z.ctx, C.int(k))
	if s == nil {
		z.fail("NewSolver")
	}
	return s
}

// setTimeout rounds d up to whole milliseconds so that a positive timeout
// never becomes Z3's "none"; 0 maps to Z3's default of UINT_MAX, no limit.
func (z *z3) setTimeout(s zsolver, d time.Duration) {
	ms := uint64(math.MaxUint32)
	if d > 0 {
		ms = min(uint64((d+time.Millisecond-1)/time.Millisecond), math.MaxUint32-1)
	}
	if C.gs_set_timeout(z.ctx, s, C.uint(ms)) != 0 {
		z.fail("SetTimeout")
	}
}

func (z *z3) setRlimit(s zsolver, limit uint) {
	if C.gs_set_rlimit(z.ctx, s, C.uint(min(limit, math.MaxUint32))) != 0 {
		z.fail("SetResourceLimit")
	}
}

func (z *z3) reset(s zsolver) {
	z.ops++
	C.Z3_solver_reset(z.ctx, s)
	z.checkErr("Reset")
}

func (z *z3) push(s zsolver) {
	z.ops++
	C.Z3_solver_push(z.ctx, s)
	z.checkErr("Push")
}

func (z *z3) pop(s zsolver, n int) {
	z.ops++
	C.Z3_solver_pop(z.ctx, s, C.uint(n))
	z.checkErr("Pop")
}

func (z *z3) assert(s zsolver, a zast) {
	z.ops++
	C.Z3_solver_assert(z.ctx, s, a)
	z.checkErr("Assert")
}

// checkErr is for Z3 calls that return nothing to test for NULL.
func (z *z3) checkErr(what string) {
	if C.gs_failed(z.ctx) != 0 {
		z.fail(what)
	}
}

// check runs the solver and maps Z3's lbool onto Result; spent is what
// Z3 counted of its resource units meanwhile.
func (z *z3) check(s zsolver, assumptions []zast) (r Result, spent uint64) {
	var p *zast
	if len(assumptions) > 0 {
		p = &assumptions[0]
	}
	var count C.uint64_t
	lb := C.gs_check(z.ctx, s, C.uint(len(assumptions)), p, &count)
	if c := uint64(count); c > z.resources {
		spent, z.resources = c-z.resources, c
	}
	switch lb {
	case C.Z3_L_TRUE:
		return Sat, spent
	case C.Z3_L_FALSE:
		return Unsat, spent
	case C.Z3_L_UNDEF:
		return Unknown, spent
	}
	z.fail("Check")
	panic("unreachable")
}

func (z *z3) reasonUnknown(s zsolver) string {
	return C.GoString(C.Z3_solver_get_reason_unknown(z.ctx, s))
}

func (z *z3) model(s zsolver) zmodel {
	m := C.gs_model(z.ctx, s)
	if m == nil {
		z.fail("Model")
	}
	return m
}

// eval reads t's value in m; see gs_eval.
func (z *z3) eval(m zmodel, t zast, isBool bool) uint64 {
	var out C.uint64_t
	b := C.int(0)
	if isBool {
		b = 1
	}
	switch C.gs_eval(z.ctx, m, t, b, &out) {
	case 0:
		return uint64(out)
	case 2:
		panic("solver: Z3 error: model evaluation gave no value")
	}
	z.fail("Model eval")
	panic("unreachable")
}

// AllocatedBytes reports Z3's estimate of the memory it has allocated, in
// all contexts of the process. It is meant for leak tests.
func AllocatedBytes() uint64 {
	return uint64(C.Z3_get_estimated_alloc_size())
}

// z3Version is the version of the Z3 library linked in.
func z3Version() string {
	var major, minor, build, rev C.uint
	C.Z3_get_version(&major, &minor, &build, &rev)
	return fmt.Sprintf("%d.%d.%d", major, minor, build)
}
