#!/usr/bin/env python3
"""gen_random.py - small random FlatZinc files, one group per builtin, with
their solution counts (and optima) computed here by brute force over every
assignment, in plain Python written from the FlatZinc specification (no
code shared with searchlab).  tests/fzn/random.sh solves each file under bt,
fc, gac and the default strategy and compares.

    tests/fzn/gen_random.py OUTDIR [SEED]     # writes OUTDIR/*.fzn

Each file starts with `% solutions: N` and, for optimisation, `% optimum: V`
(`% optimum: none` when unsatisfiable).  The committed files in
tests/fzn/random/ were written by this script with the default seed."""
import itertools
import random
import sys

def tdiv(x, y):
    q = abs(x) // abs(y)
    return q if (x >= 0) == (y >= 0) else -q

def tmod(x, y):
    return x - y * tdiv(x, y)

# name: (argument kinds, truth function of the argument values)
# kinds: i int scalar, b bool scalar, I int array, B bool array, C int
# coefficient array (constants), S constant set
def lin(op):
    return lambda a, xs, c, *r: op(sum(p * q for p, q in zip(a, xs)), c)
EQ, LE, NE, LT = (lambda u, v: u == v), (lambda u, v: u <= v), (lambda u, v: u != v), (lambda u, v: u < v)

def reif(core):
    return lambda *a: bool(a[-1]) == core(*a[:-1])
def imp(core):
    return lambda *a: (not a[-1]) or core(*a[:-1])

def powf(x, y):
    return None if y < 0 else x ** y

BUILTINS = {}
for nm, op in (("eq", EQ), ("le", LE), ("ne", NE)):
    core = lin(op)
    BUILTINS["int_lin_" + nm] = ("CIi", core)
    BUILTINS["int_lin_%s_reif" % nm] = ("CIib", reif(core))
    BUILTINS["int_lin_%s_imp" % nm] = ("CIib", imp(core))
BUILTINS["bool_lin_eq"] = ("CBi", lin(EQ))
BUILTINS["bool_lin_le"] = ("CBi", lin(LE))
for nm, op in (("eq", EQ), ("ne", NE), ("le", LE), ("lt", LT)):
    core = (lambda o: lambda x, y: o(x, y))(op)
    BUILTINS["int_" + nm] = ("ii", core)
    BUILTINS["int_%s_reif" % nm] = ("iib", reif(core))
    BUILTINS["int_%s_imp" % nm] = ("iib", imp(core))
    BUILTINS["bool_" + nm] = ("bb", core)
    BUILTINS["bool_%s_reif" % nm] = ("bbb", reif(core))
    BUILTINS["bool_%s_imp" % nm] = ("bbb", imp(core))
BUILTINS["bool2int"] = ("bi", lambda b, i: b == i)
BUILTINS["bool_not"] = ("bb", lambda a, b: a != b)
for nm, f in (("and", lambda a, b: bool(a and b)), ("or", lambda a, b: bool(a or b)),
              ("xor", lambda a, b: bool(a) != bool(b))):
    BUILTINS["bool_" + nm] = ("bbb", reif(f))
    BUILTINS["bool_%s_imp" % nm] = ("bbb", imp(f))
clause = lambda xs, ys: any(xs) or not all(ys)
BUILTINS["bool_clause"] = ("BB", clause)
BUILTINS["bool_clause_reif"] = ("BBb", reif(clause))
BUILTINS["bool_clause_imp"] = ("BBb", imp(clause))
BUILTINS["array_bool_and"] = ("Bb", reif(lambda xs: all(xs)))
BUILTINS["array_bool_or"] = ("Bb", reif(lambda xs: any(xs)))
BUILTINS["array_bool_and_imp"] = ("Bb", imp(lambda xs: all(xs)))
BUILTINS["array_bool_or_imp"] = ("Bb", imp(lambda xs: any(xs)))
BUILTINS["array_bool_xor"] = ("B", lambda xs: sum(xs) % 2 == 1)
BUILTINS["int_plus"] = ("iii", lambda x, y, z: x + y == z)
BUILTINS["int_times"] = ("iii", lambda x, y, z: x * y == z)
BUILTINS["int_div"] = ("iii", lambda x, y, z: y != 0 and tdiv(x, y) == z)
BUILTINS["int_mod"] = ("iii", lambda x, y, z: y != 0 and tmod(x, y) == z)
BUILTINS["int_pow"] = ("iii", lambda x, y, z: powf(x, y) == z)
BUILTINS["int_abs"] = ("ii", lambda x, z: abs(x) == z)
BUILTINS["int_min"] = ("iii", lambda x, y, z: min(x, y) == z)
BUILTINS["int_max"] = ("iii", lambda x, y, z: max(x, y) == z)
BUILTINS["array_int_minimum"] = ("iI", lambda m, xs: len(xs) > 0 and min(xs) == m)
BUILTINS["array_int_maximum"] = ("iI", lambda m, xs: len(xs) > 0 and max(xs) == m)
elem = lambda i, xs, r: 1 <= i <= len(xs) and xs[i - 1] == r
BUILTINS["array_int_element"] = ("iKi", elem)
BUILTINS["array_var_int_element"] = ("iIi", elem)
BUILTINS["array_bool_element"] = ("iLb", elem)
BUILTINS["array_var_bool_element"] = ("iBb", elem)
BUILTINS["set_in"] = ("iS", lambda x, s: x in s)
BUILTINS["set_in_reif"] = ("iSb", reif(lambda x, s: x in s))
BUILTINS["set_in_imp"] = ("iSb", imp(lambda x, s: x in s))


class Model:
    def __init__(self, rng):
        self.rng = rng
        self.vars = []  # (name, values, is_bool)
        self.decls = []  # text lines before the constraints
        self.cons = []  # (text, truth of an assignment dict)

    def new_var(self, is_bool):
        r = self.rng
        name = "v%d" % len(self.vars)
        if is_bool:
            vals = [0, 1] if r.random() < 0.85 else [r.randint(0, 1)]
            dom = "bool" if len(vals) == 2 else None
            if dom is None:  # a fixed Boolean: var bool: b = true;
                self.decls.append("var bool: %s :: output_var = %s;" % (name, "true" if vals[0] else "false"))
                self.vars.append((name, vals, True))
                return name
        elif r.random() < 0.3:
            vals = sorted(r.sample(range(-3, 6), r.randint(1, 4)))
            dom = "{%s}" % ", ".join(map(str, vals))
        else:
            lo = r.randint(-3, 2)
            hi = lo + r.randint(0, 4)
            vals = list(range(lo, hi + 1))
            dom = "%d..%d" % (lo, hi)
        self.decls.append("var %s: %s :: output_var;" % (dom, name))
        self.vars.append((name, vals, is_bool))
        return name

    def scalar(self, is_bool):
        """A term: an existing or new variable, or a constant: (text, eval)."""
        r = self.rng
        if r.random() < 0.12:
            c = r.randint(0, 1) if is_bool else r.randint(-3, 4)
            text = ("true" if c else "false") if is_bool else str(c)
            return text, (lambda a, c=c: c)
        cands = [v for v in self.vars if v[2] == is_bool]
        if cands and r.random() < 0.5:
            name = r.choice(cands)[0]
        else:
            name = self.new_var(is_bool)
        return name, (lambda a, n=name: a[n])

    def array(self, is_bool, n=None):
        r = self.rng
        n = r.randint(0, 3) if n is None else n
        items = [self.scalar(is_bool) for _ in range(n)]
        text = "[%s]" % ", ".join(t for t, _ in items)
        if r.random() < 0.3 and n:  # through a declared array, sometimes indexed
            name = "a%d" % len(self.decls)
            kind = "var bool" if is_bool else "var int"
            self.decls.append("array [1..%d] of %s: %s = %s;" % (n, kind, name, text))
            text = name
        return text, (lambda a, items=items: [f(a) for _, f in items])

    def consts(self, n, lo, hi, is_bool=False):
        r = self.rng
        vals = [r.randint(lo, hi) for _ in range(n)]
        text = "[%s]" % ", ".join((("true" if v else "false") if is_bool else str(v)) for v in vals)
        if r.random() < 0.4:
            name = "c%d" % len(self.decls)
            self.decls.append("array [1..%d] of %s: %s = %s;" % (n, "bool" if is_bool else "int", name, text))
            text = name
        return text, vals

    def post(self, bname):
        sig, truth = BUILTINS[bname]
        r = self.rng
        args, evals = [], []
        n = r.randint(1, 3)
        for k in sig:
            if k in "ib":
                t, f = self.scalar(k == "b")
            elif k in "IB":
                t, f = self.array(k == "B", n if "C" in sig else None)
            elif k == "C":
                t, vals = self.consts(n, -3, 3)
                f = lambda a, v=vals: v
            elif k in "KL":
                m = r.randint(1, 4)
                t, vals = self.consts(m, -2, 4, k == "L") if k == "K" else self.consts(m, 0, 1, True)
                f = lambda a, v=vals: v
            elif k == "S":
                vals = sorted(set(r.randint(-3, 5) for _ in range(r.randint(0, 4))))
                if vals and r.random() < 0.5:
                    vals = list(range(vals[0], vals[-1] + 1))
                    t = "%d..%d" % (vals[0], vals[-1])
                else:
                    t = "{%s}" % ", ".join(map(str, vals))
                if r.random() < 0.3:
                    name = "s%d" % len(self.decls)
                    self.decls.append("set of int: %s = %s;" % (name, t))
                    t = name
                f = lambda a, v=frozenset(vals): v
            args.append(t)
            evals.append(f)
        self.cons.append(("constraint %s(%s);" % (bname, ", ".join(args)),
                          lambda a, e=evals, tr=truth: bool(tr(*[f(a) for f in e]))))


# The globals of our MiniZinc library: name -> builder(model) that posts
# its arguments and returns (argument texts, truth of an assignment).
def lit(vals):
    return "[%s]" % ", ".join(map(str, vals))

def g_alldiff(m):
    t, f = m.array(False, m.rng.randint(0, 4))
    return [t], lambda a: len(set(f(a))) == len(f(a))

def g_except(m):
    t, f = m.array(False, m.rng.randint(0, 4))
    ex = sorted(set(m.rng.randint(-2, 3) for _ in range(m.rng.randint(0, 2))))
    def ok(a):
        xs = [x for x in f(a) if x not in ex]
        return len(set(xs)) == len(xs)
    return [t, "{%s}" % ", ".join(map(str, ex))], ok

def g_allequal(m):
    t, f = m.array(False, m.rng.randint(0, 3))
    return [t], lambda a: len(set(f(a))) <= 1

def g_table(m):
    n = m.rng.randint(1, 3)
    t, f = m.array(False, n)
    rows = [[m.rng.randint(-2, 3) for _ in range(n)] for _ in range(m.rng.randint(0, 5))]
    return [t, lit([v for r in rows for v in r])], lambda a: f(a) in rows

def g_count(m):
    t, f = m.array(False)
    y, fy = m.scalar(False)
    c, fc = m.scalar(False)
    return [t, y, c], lambda a: f(a).count(fy(a)) == fc(a)

def g_gcc(closed):
    def build(m):
        t, f = m.array(False)
        k = m.rng.randint(1, 3)
        cover = sorted(m.rng.sample(range(-2, 4), k))
        ct, fc = m.array(False, k)
        def ok(a):
            xs, cs = f(a), fc(a)
            if any(xs.count(v) != c for v, c in zip(cover, cs)):
                return False
            return not closed or all(x in cover for x in xs)
        return [t, lit(cover), ct], ok
    return build

def g_regular(m):
    r = m.rng
    n = r.randint(0, 4)
    t, f = m.array(False, n)
    Q, S = r.randint(1, 3), r.randint(1, 3)
    d = [r.randint(0, Q) for _ in range(Q * S)]
    q0 = r.randint(1, Q)
    F = sorted(set(r.randint(1, Q) for _ in range(r.randint(0, Q))))
    def ok(a):
        q = q0
        for x in f(a):
            if not 1 <= x <= S:
                return False
            q = d[(q - 1) * S + x - 1]
            if q == 0:
                return False
        return q in F
    return [t, str(Q), str(S), lit(d), str(q0), "{%s}" % ", ".join(map(str, F))], ok

def g_circuit(m):
    n, ofs = m.rng.randint(1, 4), m.rng.randint(0, 1)
    t, f = m.array(False, n)
    def ok(a):
        xs, node = f(a), 0
        for step in range(1, n + 1):
            nxt = xs[node] - ofs
            if not 0 <= nxt < n:
                return False
            node = nxt
            if node == 0:
                return step == n
        return False
    return [t, str(ofs)], ok

def running(s, d, r, t):
    return d > 0 and r > 0 and s <= t < s + d

def g_cumulative(m):
    n = m.rng.randint(0, 3)
    ts, fs = m.array(False, n)
    td, fd = m.array(False, n)
    tr, fr = m.array(False, n)
    tb, fb = m.scalar(False)
    def ok(a):
        s, d, r, b = fs(a), fd(a), fr(a), fb(a)
        if any(x < 0 for x in d + r) or (n and b < 0):
            return False
        return all(sum(r[i] for i in range(n) if running(s[i], d[i], r[i], s[j])) <= b
                   for j in range(n) if d[j] > 0 and r[j] > 0)
    return [ts, td, tr, tb], ok

def g_disjunctive(m):
    n = m.rng.randint(0, 3)
    ts, fs = m.array(False, n)
    td, fd = m.array(False, n)
    def ok(a):
        s, d = fs(a), fd(a)
        if any(x < 0 for x in d):
            return False
        return all(d[i] == 0 or d[j] == 0 or s[i] + d[i] <= s[j] or s[j] + d[j] <= s[i]
                   for i in range(n) for j in range(i))
    return [ts, td], ok

def g_inverse(m):
    n, fo, io = m.rng.randint(1, 3), m.rng.randint(0, 1), m.rng.randint(0, 1)
    tf, ff = m.array(False, n)
    tg, fg = m.array(False, n)
    def ok(a):
        f, g = ff(a), fg(a)
        for i in range(n):
            j = f[i] - io
            if not 0 <= j < n or g[j] != i + fo:
                return False
        for j in range(n):
            i = g[j] - fo
            if not 0 <= i < n or f[i] != j + io:
                return False
        return True
    return [tf, tg, str(fo), str(io)], ok

def g_lex(strict):
    def build(m):
        n = m.rng.randint(1, 3)
        tx, fx = m.array(False, n)
        ty, fy = m.array(False, n)
        return [tx, ty], (lambda a: fx(a) < fy(a)) if strict else (lambda a: fx(a) <= fy(a))
    return build

def g_increasing(m):
    t, f = m.array(False, m.rng.randint(0, 4))
    return [t], lambda a: all(x <= y for x, y in zip(f(a), f(a)[1:]))

def g_nvalue(m):
    n, fn = m.scalar(False)
    t, f = m.array(False)
    return [n, t], lambda a: len(set(f(a))) == fn(a)

GLOBALS = {
    "fzn_all_different_int": g_alldiff, "fzn_alldifferent_except": g_except,
    "fzn_all_equal_int": g_allequal, "searchlab_table_int": g_table, "fzn_count_eq": g_count,
    "fzn_global_cardinality": g_gcc(False), "fzn_global_cardinality_closed": g_gcc(True),
    "searchlab_regular": g_regular, "searchlab_circuit": g_circuit,
    "fzn_cumulative": g_cumulative, "fzn_disjunctive": g_disjunctive,
    "searchlab_inverse": g_inverse, "fzn_lex_less_int": g_lex(True),
    "fzn_lex_lesseq_int": g_lex(False), "fzn_increasing_int": g_increasing,
    "fzn_nvalue": g_nvalue,
}

def g_bin_packing_load(m):
    r = m.rng
    nb, ni, first = r.randint(1, 3), r.randint(0, 3), r.randint(-1, 1)
    def var(lo, hi):
        name = "v%d" % len(m.vars)
        m.decls.append("var %d..%d: %s :: output_var;" % (lo, hi, name))
        m.vars.append((name, list(range(lo, hi + 1)), False))
        return name
    # bins over the bins and one value past them, loads 0..5; sometimes constants
    bins = [str(r.randint(first, first + nb - 1)) if r.random() < 0.2 else var(first, first + nb)
            for _ in range(ni)]
    loads = [str(r.randint(0, 4)) if r.random() < 0.2 else var(0, 5) for _ in range(nb)]
    tw, w = m.consts(ni, 0, 3)
    get = lambda a, t: a[t] if t.startswith("v") else int(t)
    def ok(a):
        bs, ls = [get(a, t) for t in bins], [get(a, t) for t in loads]
        return (all(first <= b < first + nb for b in bs) and
                all(ls[k] == sum(w[i] for i in range(ni) if bs[i] == first + k) for k in range(nb)))
    return ["[%s]" % ", ".join(loads), "[%s]" % ", ".join(bins), tw, str(first)], ok

# Globals added after tests/fzn/random/ was written: drawn after all the
# others, so that the files of those stay as committed.
GLOBALS_LATE = {"searchlab_bin_packing_load": g_bin_packing_load}


def post_global(m, name):
    args, ok = (GLOBALS.get(name) or GLOBALS_LATE[name])(m)
    m.cons.append(("constraint %s(%s);" % (name, ", ".join(args)), lambda a, ok=ok: bool(ok(a))))


def model_text(m, solve, header):
    return "\n".join(header + m.decls + [t for t, _ in m.cons] + [solve]) + "\n"


def brute(m, obj=None, sense=0):
    names = [v[0] for v in m.vars]
    count, best = 0, None
    for vals in itertools.product(*[v[1] for v in m.vars]):
        a = dict(zip(names, vals))
        if all(f(a) for _, f in m.cons):
            count += 1
            if obj is not None:
                o = a[obj]
                if best is None or sense * o < sense * best:
                    best = o
    return count, best


def main():
    out = sys.argv[1]
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 36
    rng = random.Random(seed)
    for bname in sorted(BUILTINS) + sorted(GLOBALS) + sorted(GLOBALS_LATE):
        for k in range(4 if bname in BUILTINS else 6):
            m = Model(rng)
            if bname in BUILTINS:
                m.post(bname)
            else:
                post_global(m, bname)
            for _ in range(rng.randint(0, 1)):  # a neighbour constraint
                m.post(rng.choice(sorted(BUILTINS)))
            if not any(not v[2] for v in m.vars):
                m.new_var(False)
            ints = [v[0] for v in m.vars if not v[2] and len(v[1]) > 0]
            kind = k % 3
            header = []
            if kind == 2 and ints:  # an optimisation
                sense = rng.choice([1, -1])
                obj = rng.choice(ints)
                count, best = brute(m, obj, sense)
                solve = "solve %s %s;" % ("minimize" if sense > 0 else "maximize", obj)
                header = ["%% solutions: %d" % count, "%% optimum: %s" % ("none" if best is None else best)]
            else:
                count, _ = brute(m)
                names = [v[0] for v in m.vars]
                ann = ""
                if kind == 1:  # search annotations
                    half = max(1, len(names) // 2)
                    ann = (" :: seq_search([int_search([%s], first_fail, indomain_min, complete), "
                           "int_search([%s], input_order, indomain_max, complete)])"
                           % (", ".join(names[:half]), ", ".join(names[half:]) or names[0]))
                solve = "solve%s satisfy;" % ann
                header = ["%% solutions: %d" % count]
            with open("%s/%s_%d.fzn" % (out, bname, k), "w") as f:
                f.write(model_text(m, solve, header))


if __name__ == "__main__":
    main()
