/* xcsp_expr.c - intension predicates in XCSP3's functional syntax
 * (eq(add(x,y),z)): compiled, without recursion, into postfix code over
 * parameters; evaluated exactly on int64 values and by bounds (interval
 * arithmetic) for bt's partial check, the revise's pruning and the
 * overflow check done once per constraint.
 *
 * Types.  XCSP3 reads false/true as 0/1, so Boolean results may be
 * integer operands (add(lt(x,y),lt(y,z))); the operands of not, and, or,
 * xor, iff, imp and the condition of if must be Boolean: a relational or
 * logical result, the constant 0 or 1, or a parameter marked
 * boolean_param (the model checks that its variable's domain is within
 * {0,1}, or its constant is 0 or 1).  The predicate itself must be
 * Boolean.  Everything else is refused, never read another way. */
#include <stdio.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "xcsp_expr.h"
#include "xcsp_lines.h"

static const struct {
    const char *name;
    int lo, hi, boolean;
} ops[XOP_COUNT] = {[XOP_PARAM] = {"%", 0, 0, 0},
                    [XOP_CONST] = {"constant", 0, 0, 0},
#define XCSP_OP_ROW_(n, l, h, b) [XOP_##n] = {#n, l, h, b},
                    XCSP_OPS(XCSP_OP_ROW_)
#undef XCSP_OP_ROW_
};

/* " neg abs sqr ...": the supported operators, for messages. */
#define XCSP_OP_NAME_(n, l, h, b) " " #n
static const char op_list[] = XCSP_OPS(XCSP_OP_NAME_);
#undef XCSP_OP_NAME_

static int logical(int op) {
    return op == XOP_not || op == XOP_and || op == XOP_or || op == XOP_xor || op == XOP_iff ||
           op == XOP_imp;
}

/* ==== compiling ============================================================ */

/* operand types; parameter k is T_PARAM + k */
enum { T_INT, T_BOOL, T_ZERO_ONE, T_PARAM };

typedef struct frame {
    int op, count;
    int members; /* in, notin: the members of its set(...), -1 before it */
    const char *at;
} frame;

typedef struct compiler {
    const char *s, *end, *path;
    xcsp_lines lines; /* of the whole text */
    int params;
    const char *elem; /* the element, for messages */
    xcsp_resolve_fn resolve;
    void *ctx;
    xcsp_prog *out;
    size_t code_cap;
    int *vars; /* non-template: variable of each parameter */
    size_t vars_cap;
    int *types; /* type stack (T_*; T_PARAM + k for parameter k) */
    size_t types_cap;
    int ntypes;
    unsigned char *bp;
    size_t bp_cap;
    diag *d;
} compiler;

static int line_at(compiler *c, const char *at) { return xcsp_line_of(&c->lines, at); }

/* fmt starts with "<%s>" (the element) and has one more %s for arg. */
static int cerr(compiler *c, const char *at, const char *fmt, const char *arg) {
    return diag_at(c->d, c->path, line_at(c, at), 0, fmt, c->elem, arg);
}

static void emit(compiler *c, int op, int a, int64_t k) {
    GROW(&c->out->code, &c->code_cap, (size_t)c->out->n + 1);
    c->out->code[c->out->n++] = (xcsp_instr){op, a, k};
}

static void push_type(compiler *c, int t) {
    GROW(&c->types, &c->types_cap, (size_t)c->ntypes + 1);
    c->types[c->ntypes++] = t;
    if (c->ntypes > c->out->depth) c->out->depth = c->ntypes;
}

static int param_index(compiler *c, int var) {
    for (int k = 0; k < c->out->nparams; k++)
        if (c->vars[k] == var) return k;
    GROW(&c->vars, &c->vars_cap, (size_t)c->out->nparams + 1);
    c->vars[c->out->nparams] = var;
    return c->out->nparams++;
}

/* Parameter k of a template: nparams covers it, bp has a byte for it. */
static void note_param(compiler *c, int k) {
    if (k >= c->out->nparams) c->out->nparams = k + 1;
    size_t old = c->bp_cap;
    GROW(&c->bp, &c->bp_cap, (size_t)c->out->nparams);
    if (c->bp_cap > old) memset(c->bp + old, 0, c->bp_cap - old);
}

static int blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; }

static int name_char(char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
           ch == '_' || ch == '[' || ch == ']';
}

static void show_tok(const char *at, const char *end, char *buf, size_t size) {
    size_t n = 0;
    while (at + n < end && n + 1 < size && n < 20 && !blank(at[n])) {
        buf[n] = (at[n] >= 32 && at[n] < 127) ? at[n] : '?';
        n++;
    }
    buf[n] = '\0';
    if (!n) snprintf(buf, size, "the end of the expression");
}

/* Pops the operand types of an operator of count operands and checks the
 * logical ones. */
static int check_operands(compiler *c, int op, int count, const char *at) {
    for (int i = 0; i < count; i++) {
        int t = c->types[c->ntypes - count + i];
        int need_bool = logical(op) || (op == XOP_if && i == 0);
        if (!need_bool) continue;
        if (t == T_BOOL || t == T_ZERO_ONE) continue;
        if (t >= T_PARAM) {
            c->bp[t - T_PARAM] = 1; /* checked when the parameter is bound */
            continue;
        }
        char msg[96];
        snprintf(msg, sizeof msg, "operand %d of %s is an integer expression", i + 1, ops[op].name);
        return cerr(c, at,
                    "<%s>: %s: a logical operand must be Boolean (a relational or logical "
                    "operator, 0, 1, or a 0/1 variable)",
                    msg);
    }
    c->ntypes -= count;
    push_type(c, ops[op].boolean ? T_BOOL : T_INT);
    return 0;
}

int xcsp_compile(const char *text, size_t len, const char *path, int line, int params,
                 int predicate, const char *elem, xcsp_resolve_fn resolve, void *ctx,
                 xcsp_prog *out, int **vars, diag *d) {
    memset(out, 0, sizeof *out);
    compiler c = {.s = text,
                  .end = text + len,
                  .path = path,
                  .params = params,
                  .elem = elem,
                  .resolve = resolve,
                  .ctx = ctx,
                  .out = out,
                  .d = d};
    xcsp_lines_init(&c.lines, text, len, line);
    frame *stack = NULL;
    size_t stack_cap = 0;
    int nf = 0, expect = 1, ok = -1;
    char buf[32];
    if (params) { /* parameters %0..%m first; the variables of the text come after them */
        long m = -1;
        for (const char *q = text; q < text + len; q++)
            if (*q == '%') {
                long k = 0;
                int nd = 0;
                for (const char *r = q + 1; r < text + len && *r >= '0' && *r <= '9' && nd < 9; r++)
                    k = k * 10 + (*r - '0'), nd++;
                if (nd && k < XCSP_MAX_PARAMS && k > m) m = k;
            }
        if (m >= 0) {
            GROW(&c.vars, &c.vars_cap, (size_t)m + 1);
            for (long k = 0; k <= m; k++) c.vars[k] = -1;
            note_param(&c, (int)m);
        }
    }
    for (;;) {
        while (c.s < c.end && blank(*c.s)) c.s++;
        const char *at = c.s;
        if (expect) {
            if (at >= c.end) {
                cerr(&c, at, "<%s>: expected an operand, found %s", "the end of the expression");
                goto done;
            }
            if (*at == '%') { /* a formal parameter */
                const char *p = at + 1;
                long k = 0;
                int nd = 0;
                while (p < c.end && *p >= '0' && *p <= '9' && nd < 9)
                    k = k * 10 + (*p++ - '0'), nd++;
                if (!params || !nd || k >= XCSP_MAX_PARAMS ||
                    (p < c.end && !blank(*p) && *p != ',' && *p != ')')) {
                    size_t tl = 1;
                    while (at + tl < c.end && tl < 20 && at[tl] != ',' && at[tl] != ')' &&
                           !blank(at[tl]))
                        tl++;
                    snprintf(buf, sizeof buf, "%.*s", (int)tl, at);
                    cerr(&c, at,
                         params ? "<%s> template: expected a parameter %%0, %%1, ... (up to "
                                  "%%65535), found '%s'"
                                : "<%s>: parameter '%s' outside a <group>",
                         buf);
                    goto done;
                }
                c.s = p;
                note_param(&c, (int)k);
                emit(&c, XOP_PARAM, (int)k, 0);
                push_type(&c, T_PARAM + (int)k);
                expect = 0;
                continue;
            }
            if (*at == '-' || (*at >= '0' && *at <= '9')) { /* an integer */
                const char *p = at + (*at == '-');
                int64_t v = 0;
                int nd = 0;
                while (p < c.end && *p >= '0' && *p <= '9') {
                    v = v <= XCSP_MAX_CONST / 10 ? v * 10 + (*p - '0') : XCSP_MAX_CONST + 1;
                    p++, nd++;
                }
                if (!nd || v > XCSP_MAX_CONST || (p < c.end && name_char(*p))) {
                    show_tok(at, c.end, buf, sizeof buf);
                    cerr(&c, at, "<%s>: '%s' is not an integer in the supported range", buf);
                    goto done;
                }
                c.s = p;
                if (*at == '-') v = -v;
                emit(&c, XOP_CONST, 0, v);
                push_type(&c, v == 0 || v == 1 ? T_ZERO_ONE : T_INT);
                expect = 0;
                continue;
            }
            if (name_char(*at) && !(*at >= '0' && *at <= '9')) {
                const char *p = at;
                while (p < c.end && name_char(*p)) p++;
                size_t n = (size_t)(p - at);
                const char *q = p;
                while (q < c.end && blank(*q)) q++;
                if (q < c.end && *q == '(') { /* an operator */
                    int op = -1;
                    for (int i = XOP_CONST + 1; i < XOP_COUNT; i++)
                        if (strlen(ops[i].name) == n && !strncmp(ops[i].name, at, n)) op = i;
                    if (op < 0) {
                        char msg[256];
                        snprintf(msg, sizeof msg,
                                 "unknown or unsupported operator '%.*s' (supported:%s)",
                                 (int)(n < 20 ? n : 20), at, op_list);
                        cerr(&c, at, "<%s>: %s", msg);
                        goto done;
                    }
                    if (nf >= XCSP_MAX_EXPR_DEPTH) {
                        cerr(&c, at, "<%s>: nested deeper than %s levels", "1000");
                        goto done;
                    }
                    GROW(&stack, &stack_cap, (size_t)nf + 1);
                    stack[nf++] = (frame){op, 0, -1, at};
                    c.s = q + 1;
                    continue; /* expect an operand */
                }
                /* a variable (in a template: a parameter after the %k) */
                int var;
                if (resolve(ctx, at, n, line_at(&c, at), &var, d)) goto done;
                c.s = p;
                int k = param_index(&c, var);
                note_param(&c, k);
                emit(&c, XOP_PARAM, k, 0);
                push_type(&c, T_PARAM + k);
                expect = 0;
                continue;
            }
            show_tok(at, c.end, buf, sizeof buf);
            cerr(&c, at, "<%s>: expected an operand, found '%s'", buf);
            goto done;
        }
        /* after an operand */
        if (at >= c.end) {
            if (nf) {
                cerr(&c, stack[nf - 1].at, "<%s>: '%s(' is not closed", ops[stack[nf - 1].op].name);
                goto done;
            }
            break;
        }
        if (!nf || (*at != ',' && *at != ')')) {
            show_tok(at, c.end, buf, sizeof buf);
            cerr(&c, at,
                 nf ? "<%s>: expected ',' or ')', found '%s'"
                    : "<%s>: expected the end of the expression, found '%s'",
                 buf);
            goto done;
        }
        frame *f = &stack[nf - 1];
        f->count++;
        c.s = at + 1;
        if (*at == ',') {
            expect = 1;
            continue;
        }
        int op = f->op;
        if (f->count < ops[op].lo || (ops[op].hi >= 0 && f->count > ops[op].hi)) {
            char msg[64];
            if (ops[op].hi < 0)
                snprintf(msg, sizeof msg, "%s takes %d or more operands", ops[op].name, ops[op].lo);
            else
                snprintf(msg, sizeof msg, "%s takes %d operand%s", ops[op].name, ops[op].lo,
                         ops[op].lo > 1 ? "s" : "");
            cerr(&c, f->at, "<%s>: %s", msg);
            goto done;
        }
        if (op == XOP_set) { /* its members stay on the stack, operands of the in around it */
            frame *up = nf >= 2 ? &stack[nf - 2] : NULL;
            if (!up || (up->op != XOP_in && up->op != XOP_notin) || up->count != 1) {
                cerr(&c, f->at, "<%s>: %s", "set(...) is only the second operand of in or notin");
                goto done;
            }
            up->members = f->count;
            nf--;
            continue;
        }
        if (op == XOP_in || op == XOP_notin) { /* x, then the members of its set */
            if (f->members < 0) {
                cerr(&c, f->at, "<%s>: %s", "the second operand of in and notin is a set(...)");
                goto done;
            }
            c.ntypes -= 1 + f->members;
            push_type(&c, T_BOOL);
            emit(&c, op, 1 + f->members, 0);
            nf--;
            continue;
        }
        if (check_operands(&c, op, f->count, f->at)) goto done;
        emit(&c, op, f->count, 0);
        nf--;
    }
    /* the predicate: a Boolean result, 0 or 1, or a 0/1 parameter */
    out->boolean = c.ntypes == 1 && (c.types[0] == T_BOOL || c.types[0] == T_ZERO_ONE);
    if (!predicate)
        ;
    else if (c.ntypes == 1 && c.types[0] >= T_PARAM)
        c.bp[c.types[0] - T_PARAM] = 1;
    else if (c.ntypes != 1 || (c.types[0] != T_BOOL && c.types[0] != T_ZERO_ONE)) {
        cerr(&c, text,
             "<%s>: the predicate must be Boolean (a relational or logical "
             "operator, 0, 1 or a 0/1 variable), found %s",
             out->n == 1 ? "an integer" : "an integer expression");
        goto done;
    }
    ok = 0;
done:
    if (stack) FREEN(stack, stack_cap);
    if (c.types) FREEN(c.types, c.types_cap);
    /* boolean_param: one byte per parameter, owned by the program */
    out->boolean_param = NEWN(out->nparams ? (size_t)out->nparams : 1, unsigned char);
    for (int k = 0; k < out->nparams && (size_t)k < c.bp_cap; k++)
        out->boolean_param[k] = c.bp[k] == 1;
    if (c.bp) FREEN(c.bp, c.bp_cap);
    if (ok == 0 && vars) {
        *vars = NEWN(out->nparams ? (size_t)out->nparams : 1, int);
        if (out->nparams) memcpy(*vars, c.vars, (size_t)out->nparams * sizeof **vars);
    }
    if (c.vars) FREEN(c.vars, c.vars_cap);
    /* the code array shrinks to its size, so that it frees with n */
    if (c.code_cap != (size_t)out->n) {
        out->code = xrealloc(out->code, c.code_cap * sizeof *out->code,
                             (size_t)(out->n ? out->n : 1) * sizeof *out->code);
        c.code_cap = (size_t)(out->n ? out->n : 1);
    }
    if (!out->code) out->code = NEWN(1, xcsp_instr);
    if (ok) {
        xcsp_prog_free(out);
        memset(out, 0, sizeof *out);
    }
    return ok;
}

void xcsp_prog_free(xcsp_prog *p) {
    if (p->code) FREEN(p->code, (size_t)(p->n ? p->n : 1));
    if (p->boolean_param) FREEN(p->boolean_param, (size_t)(p->nparams ? p->nparams : 1));
    p->code = NULL;
    p->boolean_param = NULL;
}

/* ==== evaluating ============================================================ */

/* x to the power y: exact for y >= 0 (the bounds keep it in range); for
 * y < 0 the truncated real value (1, -1 or 0), undefined for x = 0. */
static int64_t ipow(int64_t x, int64_t y, int *undef) {
    if (y < 0) {
        if (x == 0) {
            if (undef) *undef = 1;
            return 0;
        }
        return x == 1 ? 1 : x == -1 ? (y % 2 ? -1 : 1) : 0;
    }
    int64_t r = 1;
    for (; y > 0; y >>= 1) {
        if (y & 1) r *= x;
        if (y > 1) x *= x;
    }
    return r;
}

int64_t xcsp_eval(const xcsp_prog *prog, const int64_t *par, int64_t *st, int *undef) {
    int top = 0; /* st[0..top) */
    for (int i = 0; i < prog->n; i++) {
        const xcsp_instr *in = &prog->code[i];
        int n = in->a;
        int64_t *a = st + top - n, r;
        switch (in->op) {
        case XOP_PARAM:
            st[top++] = par[in->a];
            continue;
        case XOP_CONST:
            st[top++] = in->k;
            continue;
        case XOP_neg:
            r = -a[0];
            break;
        case XOP_abs:
            r = a[0] < 0 ? -a[0] : a[0];
            break;
        case XOP_sqr:
            r = a[0] * a[0];
            break;
        case XOP_add:
            r = 0;
            for (int k = 0; k < n; k++) r += a[k];
            break;
        case XOP_sub:
            r = a[0] - a[1];
            break;
        case XOP_mul:
            r = 1;
            for (int k = 0; k < n; k++) r *= a[k];
            break;
        case XOP_div: /* truncated, as C, Java and the XCSP3 tools */
        case XOP_mod: /* the sign of the dividend */
            if (a[1] == 0) {
                if (undef) *undef = 1;
                r = 0;
            } else
                r = in->op == XOP_div ? a[0] / a[1] : a[0] % a[1];
            break;
        case XOP_pow:
            r = ipow(a[0], a[1], undef);
            break;
        case XOP_in:
        case XOP_notin:
            r = 0;
            for (int k = 1; k < n; k++) r |= a[k] == a[0];
            if (in->op == XOP_notin) r = !r;
            break;
        case XOP_min:
            r = a[0];
            for (int k = 1; k < n; k++) r = a[k] < r ? a[k] : r;
            break;
        case XOP_max:
            r = a[0];
            for (int k = 1; k < n; k++) r = a[k] > r ? a[k] : r;
            break;
        case XOP_dist:
            r = a[0] > a[1] ? a[0] - a[1] : a[1] - a[0];
            break;
        case XOP_lt:
            r = a[0] < a[1];
            break;
        case XOP_le:
            r = a[0] <= a[1];
            break;
        case XOP_ge:
            r = a[0] >= a[1];
            break;
        case XOP_gt:
            r = a[0] > a[1];
            break;
        case XOP_ne:
            r = a[0] != a[1];
            break;
        case XOP_eq:
            r = 1;
            for (int k = 1; k < n; k++) r &= a[k] == a[0];
            break;
        case XOP_not:
            r = !a[0];
            break;
        case XOP_and:
            r = 1;
            for (int k = 0; k < n; k++) r &= a[k] != 0;
            break;
        case XOP_or:
            r = 0;
            for (int k = 0; k < n; k++) r |= a[k] != 0;
            break;
        case XOP_xor:
            r = 0;
            for (int k = 0; k < n; k++) r ^= a[k] != 0;
            break;
        case XOP_iff:
            r = 1;
            for (int k = 1; k < n; k++) r &= (a[k] != 0) == (a[0] != 0);
            break;
        case XOP_imp:
            r = !a[0] || a[1];
            break;
        case XOP_if:
            r = a[0] ? a[1] : a[2];
            break;
        default:
            r = 0;
            break;
        }
        top -= n;
        st[top++] = r;
    }
    return st[0];
}

/* ==== bounds =================================================================== */

static int fits(int64_t v) { return v >= -XCSP_MAX_CONST && v <= XCSP_MAX_CONST; }

/* [lo,hi] of a*b over the corners; 0, or -1 on overflow. */
static int mul_bounds(int64_t alo, int64_t ahi, int64_t blo, int64_t bhi, int64_t *lo,
                      int64_t *hi) {
    int64_t c[4];
    if (__builtin_mul_overflow(alo, blo, &c[0]) || __builtin_mul_overflow(alo, bhi, &c[1]) ||
        __builtin_mul_overflow(ahi, blo, &c[2]) || __builtin_mul_overflow(ahi, bhi, &c[3]))
        return -1;
    *lo = *hi = c[0];
    for (int i = 1; i < 4; i++) {
        if (c[i] < *lo) *lo = c[i];
        if (c[i] > *hi) *hi = c[i];
    }
    return fits(*lo) && fits(*hi) ? 0 : -1;
}

/* Boolean bounds: 1 = surely true, 0 = surely false. */
static void bool_of(int64_t lo, int64_t hi, int *can0, int *can1) {
    *can0 = lo <= 0 && hi >= 0;
    *can1 = !(lo == 0 && hi == 0);
}

int xcsp_bounds(const xcsp_prog *prog, const int64_t *plo, const int64_t *phi, int64_t *st,
                int64_t *out_lo, int64_t *out_hi) {
    int64_t *L = st, *H = st + prog->depth;
    int top = 0;
    for (int i = 0; i < prog->n; i++) {
        const xcsp_instr *in = &prog->code[i];
        int n = in->a;
        int64_t *al = L + top - n, *ah = H + top - n, lo, hi;
        switch (in->op) {
        case XOP_PARAM:
            L[top] = plo[in->a], H[top] = phi[in->a], top++;
            continue;
        case XOP_CONST:
            L[top] = H[top] = in->k, top++;
            continue;
        case XOP_neg:
            lo = -ah[0], hi = -al[0];
            break;
        case XOP_abs:
        case XOP_sqr: {
            int64_t a = al[0] < 0 ? -al[0] : al[0], b = ah[0] < 0 ? -ah[0] : ah[0];
            int64_t mx = a > b ? a : b, mn = (al[0] <= 0 && ah[0] >= 0) ? 0 : (a < b ? a : b);
            if (in->op == XOP_abs)
                lo = mn, hi = mx;
            else if (mul_bounds(mn, mn, mn, mn, &lo, &lo) || mul_bounds(mx, mx, mx, mx, &hi, &hi))
                return -1;
            break;
        }
        case XOP_add:
            lo = hi = 0;
            for (int k = 0; k < n; k++)
                if (__builtin_add_overflow(lo, al[k], &lo) ||
                    __builtin_add_overflow(hi, ah[k], &hi) || !fits(lo) || !fits(hi))
                    return -1;
            break;
        case XOP_sub:
            lo = al[0] - ah[1], hi = ah[0] - al[1];
            break;
        case XOP_mul:
            lo = hi = 1;
            for (int k = 0; k < n; k++)
                if (mul_bounds(lo, hi, al[k], ah[k], &lo, &hi)) return -1;
            break;
        case XOP_div: {
            int64_t m = al[0] < 0 ? -al[0] : al[0], m2 = ah[0] < 0 ? -ah[0] : ah[0];
            if (m2 > m) m = m2;
            if (al[1] <= 0 && ah[1] >= 0) { /* a divisor of +-1 is possible */
                lo = -m, hi = m;
            } else { /* truncated division is monotone in each operand here */
                int64_t c4[4] = {al[0] / al[1], al[0] / ah[1], ah[0] / al[1], ah[0] / ah[1]};
                lo = hi = c4[0];
                for (int k = 1; k < 4; k++)
                    lo = c4[k] < lo ? c4[k] : lo, hi = c4[k] > hi ? c4[k] : hi;
            }
            break;
        }
        case XOP_mod: { /* |r| < |y|, |r| <= |x|, the sign of x */
            int64_t my = al[1] < 0 ? -al[1] : al[1], my2 = ah[1] < 0 ? -ah[1] : ah[1];
            if (my2 > my) my = my2;
            int64_t lim = my > 0 ? my - 1 : 0;
            lo = al[0] < 0 ? -(lim < -al[0] ? lim : -al[0]) : 0;
            hi = ah[0] > 0 ? (lim < ah[0] ? lim : ah[0]) : 0;
            break;
        }
        case XOP_pow: {
            int64_t m = al[0] < 0 ? -al[0] : al[0], m2 = ah[0] < 0 ? -ah[0] : ah[0], p = 1;
            if (m2 > m) m = m2;
            for (int64_t e = 0; e < ah[1] && m > 1; e++)
                if (__builtin_mul_overflow(p, m, &p) || !fits(p)) return -1;
            lo = al[0] < 0 ? -p : 0, hi = p; /* and -1..1 for negative exponents */
            if (al[1] < 0) lo = lo < -1 ? lo : -1, hi = hi > 1 ? hi : 1;
            break;
        }
        case XOP_in:
        case XOP_notin: { /* surely out when no member's range meets x's */
            int meets = 0, fixed = al[0] == ah[0], hit = 0;
            for (int k = 1; k < n; k++) {
                meets |= al[k] <= ah[0] && ah[k] >= al[0];
                hit |= fixed && al[k] == ah[k] && al[k] == al[0];
            }
            lo = hit, hi = meets;
            if (in->op == XOP_notin) {
                int64_t t = lo;
                lo = !hi, hi = !t;
            }
            break;
        }
        case XOP_min:
        case XOP_max:
            lo = al[0], hi = ah[0];
            for (int k = 1; k < n; k++) {
                if (in->op == XOP_min)
                    lo = al[k] < lo ? al[k] : lo, hi = ah[k] < hi ? ah[k] : hi;
                else
                    lo = al[k] > lo ? al[k] : lo, hi = ah[k] > hi ? ah[k] : hi;
            }
            break;
        case XOP_dist: {
            int64_t dlo = al[0] - ah[1], dhi = ah[0] - al[1];
            int64_t a = dlo < 0 ? -dlo : dlo, b = dhi < 0 ? -dhi : dhi;
            hi = a > b ? a : b;
            lo = (dlo <= 0 && dhi >= 0) ? 0 : (a < b ? a : b);
            break;
        }
        case XOP_lt:
        case XOP_le:
        case XOP_ge:
        case XOP_gt: {
            /* a < b as a - b < 0 etc.: certain when the ranges say so */
            int64_t x0 = al[0], x1 = ah[0], y0 = al[1], y1 = ah[1];
            int yes, no;
            if (in->op == XOP_lt)
                yes = x1 < y0, no = x0 >= y1;
            else if (in->op == XOP_le)
                yes = x1 <= y0, no = x0 > y1;
            else if (in->op == XOP_ge)
                yes = x0 >= y1, no = x1 < y0;
            else
                yes = x0 > y1, no = x1 <= y0;
            lo = yes, hi = !no;
            break;
        }
        case XOP_ne:
        case XOP_eq: {
            /* eq: all equal; surely false when two ranges are disjoint,
             * surely true when all are the same single value */
            int all_same = 1, disjoint = 0;
            int64_t ilo = al[0], ihi = ah[0];
            for (int k = 0; k < n; k++) {
                all_same &= al[k] == ah[k] && al[k] == al[0];
                if (al[k] > ilo) ilo = al[k];
                if (ah[k] < ihi) ihi = ah[k];
            }
            disjoint = ilo > ihi;
            if (in->op == XOP_eq)
                lo = all_same, hi = !disjoint;
            else
                lo = disjoint, hi = !all_same;
            break;
        }
        case XOP_not: {
            int c0, c1;
            bool_of(al[0], ah[0], &c0, &c1);
            lo = !c1, hi = c0;
            break;
        }
        case XOP_and:
        case XOP_or: {
            /* and: surely true when all are, surely false when one is;
             * or: surely true when one is, surely false when all are */
            int all_true = 1, all_false = 1, one_true = 0, one_false = 0;
            for (int k = 0; k < n; k++) {
                int c0, c1;
                bool_of(al[k], ah[k], &c0, &c1);
                all_true &= !c0, all_false &= !c1;
                one_true |= !c0, one_false |= !c1;
            }
            if (in->op == XOP_and)
                lo = all_true, hi = !one_false;
            else
                lo = one_true, hi = !all_false;
            break;
        }
        case XOP_xor:
        case XOP_iff: {
            int fixed = 1, parity = 0, seen0 = 0, seen1 = 0;
            for (int k = 0; k < n; k++) {
                int c0, c1;
                bool_of(al[k], ah[k], &c0, &c1);
                if (c0 && c1)
                    fixed = 0;
                else
                    parity ^= c1, seen0 |= c0, seen1 |= c1;
            }
            if (in->op == XOP_xor)
                lo = fixed && parity, hi = !fixed || parity;
            else if (seen0 && seen1)
                lo = hi = 0;
            else
                lo = fixed, hi = 1;
            break;
        }
        case XOP_imp: {
            int a0, a1, b0, b1;
            bool_of(al[0], ah[0], &a0, &a1);
            bool_of(al[1], ah[1], &b0, &b1);
            lo = !a1 || !b0; /* surely true: a surely false or b surely true */
            hi = a0 || b1;
            break;
        }
        case XOP_if: {
            int c0, c1;
            bool_of(al[0], ah[0], &c0, &c1);
            if (!c0)
                lo = al[1], hi = ah[1];
            else if (!c1)
                lo = al[2], hi = ah[2];
            else
                lo = al[1] < al[2] ? al[1] : al[2], hi = ah[1] > ah[2] ? ah[1] : ah[2];
            break;
        }
        default:
            return -1;
        }
        if (!fits(lo) || !fits(hi)) return -1;
        top -= n;
        L[top] = lo, H[top] = hi, top++;
    }
    *out_lo = L[0], *out_hi = H[0];
    return 0;
}
