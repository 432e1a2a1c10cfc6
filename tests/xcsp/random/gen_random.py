#!/usr/bin/env python3
# gen_random.py - random differential instances for every constraint of
# XCSP3-core (issue 24's "every constraint's counts against an oracle on
# random small instances") and random COPs (issue 25's optima against brute
# force): sum, count, nValues, cardinality, allDifferent (with except),
# regular, mdd, circuit, noOverlap, cumulative, minimum/maximum with a
# condition; then element, channel, lex, ordered, allEqual, allDifferent
# over expressions / several lists / a matrix, slide, intension (every
# operator), extension, instantiation and symbolic variables; then COPs
# with one objective of each type; then precedence, minimumArg/maximumArg,
# knapsack and set arguments in groups, binPacking with <conditions> (issue 38).
#
# Each instance is a few variables over small random domains (holes and
# negative values included) and one or two random constraints of one kind.
# Its count (a COP: its optimum) comes from a brute force over the domains
# here, written from the specification's semantics (not from searchlab's
# code), and is then compared with ACE's (-s=all; a COP: ACE's optimum):
#   python3 gen_random.py OUTDIR [SEED] [ACE|none]   writes OUTDIR/*.xml,
#   OUTDIR/EXPECTED (file, brute-force count, provenance: 'ACE' where ACE
#   agrees, 'ACE differs: N' or 'ACE fails' otherwise) and OUTDIR/OPTIMA
#   (file, optimum or unsat, provenance).
# (The committed EXPECTED's and OPTIMA's headers add, by hand, why ACE
# differs or fails.)  The kinds added later come after the first ones, so
# the first 88 files of seed 2024 are the same as before them.
# The committed files and lists are what the tests use (test_forms runs
# them under bt, fc and gac); the project never needs ACE or Python.
import os, random, re, subprocess, sys
from itertools import cycle, product

out = sys.argv[1]
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 2024
ace = sys.argv[3] if len(sys.argv) > 3 else os.path.join(os.path.dirname(__file__),
                                                         '../../../../shared/peers/ace/ace')
rng = random.Random(seed)
OPS = {'lt': lambda a, b: a < b, 'le': lambda a, b: a <= b, 'ge': lambda a, b: a >= b,
       'gt': lambda a, b: a > b, 'eq': lambda a, b: a == b, 'ne': lambda a, b: a != b}


def rdom(lo=-2, hi=4, size=None):
    """A random domain: a sorted list of 2..4 distinct values in lo..hi."""
    size = size or rng.randint(2, 4)
    return sorted(rng.sample(range(lo, hi + 1), min(size, hi - lo + 1)))


def dom_text(d):
    if d == list(range(d[0], d[-1] + 1)):
        return f'{d[0]}..{d[-1]}'
    return ' '.join(map(str, d))


class Inst:
    """Variables x0, x1, ... (one <var> each: every domain its own) and
    constraints as (xml, predicate over the full assignment)."""

    def __init__(self):
        self.doms, self.cons, self.symbolic = [], [], set()

    def var(self, d):
        self.doms.append(d)
        return len(self.doms) - 1

    def add(self, xml, ok):
        self.cons.append((xml, ok))

    def xml(self):
        vs = ''.join(f'    <var id="x{i}" type="symbolic"> {" ".join(d)} </var>\n' if i in self.symbolic
                     else f'    <var id="x{i}"> {dom_text(d)} </var>\n' for i, d in enumerate(self.doms))
        cs = ''.join('    ' + x + '\n' for x, _ in self.cons)
        return (f'<instance format="XCSP3" type="CSP">\n  <variables>\n{vs}  </variables>\n'
                f'  <constraints>\n{cs}  </constraints>\n</instance>\n')

    def all_used(self):
        text = ' '.join(x for x, _ in self.cons)
        return all(re.search(rf'\bx{i}\b', text) for i in range(len(self.doms)))

    def count(self):
        return sum(1 for t in product(*self.doms) if all(ok(t) for _, ok in self.cons))


def names(ix):
    return ' '.join(f'x{i}' for i in ix)


def condition(inst, lo, hi):
    """A random condition (text, test of a value): an operator with a
    constant or a variable, or in/notin an interval or a set."""
    kind = rng.choice(['const', 'const', 'var', 'in', 'notin', 'inset', 'notinset'])
    if kind == 'const':
        op, k = rng.choice(list(OPS)), rng.randint(lo, hi)
        return f'({op},{k})', lambda t, v: OPS[op](v, k)
    if kind == 'var':
        op, y = rng.choice(list(OPS)), inst.var(rdom(lo, hi))
        return f'({op},x{y})', lambda t, v: OPS[op](v, t[y])
    if kind in ('in', 'notin'):
        a = rng.randint(lo, hi)
        b = rng.randint(a, min(hi, a + 3))
        neg = kind == 'notin'
        return f'({kind},{a}..{b})', lambda t, v: (a <= v <= b) != neg
    s = sorted(rng.sample(range(lo, hi + 1), min(3, hi - lo + 1)))
    neg = kind == 'notinset'
    return (f'({kind[:-3]},{{{",".join(map(str, s))}}})', lambda t, v: (v in s) != neg)


def g_sum(inst):
    xs = [inst.var(rdom()) for _ in range(rng.randint(2, 4))]
    co = [rng.choice([-2, -1, 1, 1, 2, 3]) for _ in xs]
    plain = rng.random() < 0.3
    lo = sum(min(c * v for v in inst.doms[x]) for c, x in zip(co, xs))
    hi = sum(max(c * v for v in inst.doms[x]) for c, x in zip(co, xs))
    text, test = condition(inst, lo, hi)
    coeffs = '' if plain else f'<coeffs> {" ".join(map(str, co))} </coeffs> '
    w = [1] * len(xs) if plain else co
    inst.add(f'<sum> <list> {names(xs)} </list> {coeffs}<condition> {text} </condition> </sum>',
             lambda t: test(t, sum(c * t[x] for c, x in zip(w, xs))))


def g_count(inst):
    xs = [inst.var(rdom(0, 3)) for _ in range(rng.randint(3, 5))]
    vals = sorted(rng.sample(range(0, 4), rng.randint(1, 2)))
    text, test = condition(inst, 0, len(xs))
    inst.add(f'<count> <list> {names(xs)} </list> <values> {" ".join(map(str, vals))} </values> '
             f'<condition> {text} </condition> </count>',
             lambda t: test(t, sum(1 for x in xs if t[x] in vals)))


def g_nvalues(inst):
    xs = [inst.var(rdom(0, 3)) for _ in range(rng.randint(3, 5))]
    exc = rng.choice([None, None, rng.randint(0, 3)])
    text, test = condition(inst, 0, len(xs))
    ex = '' if exc is None else f'<except> {exc} </except> '
    inst.add(f'<nValues> <list> {names(xs)} </list> {ex}<condition> {text} </condition> </nValues>',
             lambda t: test(t, len({t[x] for x in xs} - {exc})))


def g_cardinality(inst):
    xs = [inst.var(rdom(0, 3)) for _ in range(rng.randint(3, 4))]
    vals = sorted(rng.sample(range(0, 4), rng.randint(1, 3)))
    closed = rng.random() < 0.3
    occ, tests = [], []
    for _ in vals:
        kind = rng.choice(['const', 'var', 'interval'])
        if kind == 'const':
            k = rng.randint(0, 2)
            occ.append(str(k)); tests.append(lambda t, c, k=k: c == k)
        elif kind == 'var':
            y = inst.var(rdom(0, 3))
            occ.append(f'x{y}'); tests.append(lambda t, c, y=y: c == t[y])
        else:
            a = rng.randint(0, 2)
            b = rng.randint(a, 3)
            occ.append(f'{a}..{b}'); tests.append(lambda t, c, a=a, b=b: a <= c <= b)
    cl = ' closed="true"' if closed else ''
    inst.add(f'<cardinality> <list> {names(xs)} </list> <values{cl}> {" ".join(map(str, vals))} '
             f'</values> <occurs> {" ".join(occ)} </occurs> </cardinality>',
             lambda t: (not closed or all(t[x] in vals for x in xs)) and
             all(f(t, sum(1 for x in xs if t[x] == v)) for v, f in zip(vals, tests)))


def g_alldiff(inst):
    xs = [inst.var(rdom(-1, 3)) for _ in range(rng.randint(3, 5))]
    exc = sorted(rng.sample(range(-1, 4), rng.randint(0, 2)))
    if exc:
        inst.add(f'<allDifferent> <list> {names(xs)} </list> <except> {" ".join(map(str, exc))} '
                 f'</except> </allDifferent>', lambda t: all(
                     t[a] != t[b] or t[a] in exc for i, a in enumerate(xs) for b in xs[i + 1:]))
    else:
        inst.add(f'<allDifferent> {names(xs)} </allDifferent>',
                 lambda t: len({t[x] for x in xs}) == len(xs))


def accepts(trans, start, final, word):
    cur = {start}
    for a in word:
        cur = {r for (q, v, r) in trans if q in cur and v == a}
    return bool(cur & set(final))


def g_regular(inst):
    n = rng.randint(3, 5)
    alphabet = rdom(-1, 3, rng.randint(2, 3))
    xs = [inst.var(alphabet) for _ in range(n)]  # (ACE refuses a domain value no arc carries)
    states = ['a', 'b', 'c']
    trans = [(q, v, rng.choice(states)) for q in states for v in alphabet if rng.random() < 0.7]
    if rng.random() < 0.3:  # non-deterministic: a second arc on some value
        q, v, _ = rng.choice(trans)
        trans.append((q, v, rng.choice(states)))
    final = sorted(rng.sample(states, rng.randint(1, 2)))
    tt = ''.join(f'({q},{v},{r})' for q, v, r in trans)
    inst.add(f'<regular> <list> {names(xs)} </list> <transitions> {tt} </transitions> '
             f'<start> a </start> <final> {" ".join(final)} </final> </regular>',
             lambda t: accepts(trans, 'a', final, [t[x] for x in xs]))


def g_mdd(inst):
    n = rng.randint(3, 4)
    trans, layer, used = [], ['r'], []
    for k in range(n):  # arcs of distinct values per node; each next node is some arc's end
        pool = [(q, v) for q in layer for v in rng.sample(range(0, 4), rng.randint(1, 3))]
        nxt = ['t'] if k == n - 1 else [f'n{k + 1}_{j}' for j in range(rng.randint(1, min(3, len(pool))))]
        ends = nxt + [rng.choice(nxt) for _ in range(len(pool) - len(nxt))]
        rng.shuffle(ends)
        trans += [(q, v, r) for (q, v), r in zip(pool, ends)]  # grouped by node, as ACE wants
        used.append({v for _, v in pool})
        layer = nxt
    # each domain holds its layer's values (ACE refuses an arc value out of the domain)
    xs = [inst.var(sorted(u | set(rng.sample(range(0, 4), 1)))) for u in used]
    tt = ''.join(f'({q},{v},{r})' for q, v, r in trans)
    inst.add(f'<mdd> <list> {names(xs)} </list> <transitions> {tt} </transitions> </mdd>',
             lambda t: accepts(trans, 'r', ['t'], [t[x] for x in xs]))


def circuit_ok(succ, start, size):
    n = len(succ)
    s = [v - start for v in succ]
    if any(j < 0 or j >= n for j in s):
        return False
    nodes = [i for i in range(n) if s[i] != i]
    if len(nodes) < 2 or (size is not None and len(nodes) != size):
        return False
    i, seen = nodes[0], 0
    while True:
        i, seen = s[i], seen + 1
        if i == nodes[0] or seen > n:
            break
    return seen == len(nodes)


def g_circuit(inst):
    n = rng.randint(3, 5)
    start = rng.choice([0, 0, 1])
    xs = [inst.var(sorted(rng.sample(range(start, start + n), rng.randint(2, n)))) for _ in range(n)]
    size = rng.choice([None, None, rng.randint(2, n)])
    if start == 0 and size is None:
        inst.add(f'<circuit> {names(xs)} </circuit>', lambda t: circuit_ok([t[x] for x in xs], 0, None))
        return
    st = f' startIndex="{start}"' if start else ''
    sz = '' if size is None else f' <size> {size} </size>'
    inst.add(f'<circuit> <list{st}> {names(xs)} </list>{sz} </circuit>',
             lambda t: circuit_ok([t[x] for x in xs], start, size))


def g_nooverlap(inst):
    n = rng.randint(2, 4)
    os_ = [inst.var(rdom(0, 4)) for _ in range(n)]
    if rng.random() < 0.5:
        ls = [rng.randint(0, 2) for _ in range(n)]
        lt, lv = ' '.join(map(str, ls)), lambda t: ls
    else:
        lx = [inst.var(rdom(0, 2, 2)) for _ in range(n)]
        lt, lv = names(lx), lambda t: [t[x] for x in lx]
    zi = rng.choice([True, False])
    attr = '' if zi else ' zeroIgnored="false"'

    def ok(t):
        o, l = [t[x] for x in os_], lv(t)
        for i in range(n):
            for j in range(i + 1, n):
                if zi and (l[i] == 0 or l[j] == 0):
                    continue
                if not (o[i] + l[i] <= o[j] or o[j] + l[j] <= o[i]):
                    return False
        return True
    inst.add(f'<noOverlap{attr}> <origins> {names(os_)} </origins> <lengths> {lt} </lengths> '
             f'</noOverlap>', ok)


def g_cumulative(inst):
    n = rng.randint(2, 4)
    os_ = [inst.var(rdom(0, 3)) for _ in range(n)]
    ls = [rng.randint(1, 3) for _ in range(n)]
    hs = [rng.randint(1, 3) for _ in range(n)]
    op = rng.choice(['le', 'lt'])
    if rng.random() < 0.5:
        k = rng.randint(2, sum(hs))
        text, test = f'({op},{k})', lambda t, v: OPS[op](v, k)
    else:
        y = inst.var(rdom(1, sum(hs)))
        text, test = f'({op},x{y})', lambda t, v: OPS[op](v, t[y])

    def ok(t):  # at each time some task covers (XCSP3-core's cumulative)
        o = [t[x] for x in os_]
        times = {s for i in range(n) for s in range(o[i], o[i] + ls[i])}
        return all(test(t, sum(hs[i] for i in range(n) if o[i] <= s < o[i] + ls[i])) for s in times)
    inst.add(f'<cumulative> <origins> {names(os_)} </origins> <lengths> {" ".join(map(str, ls))} '
             f'</lengths> <heights> {" ".join(map(str, hs))} </heights> <condition> {text} '
             f'</condition> </cumulative>', ok)


def g_minmax(inst):
    xs = [inst.var(rdom()) for _ in range(rng.randint(2, 4))]
    kind = rng.choice(['minimum', 'maximum'])
    f = min if kind == 'minimum' else max
    text, test = condition(inst, -2, 4)
    inst.add(f'<{kind}> <list> {names(xs)} </list> <condition> {text} </condition> </{kind}>',
             lambda t: test(t, f(t[x] for x in xs)))


# ---- the forms added for the held-out suite (issues 24 and 25) -----------
# element, channel, lex, ordered, allEqual, allDifferent over expressions,
# several lists and a matrix, slide, intension (every operator),
# extension, instantiation and symbolic variables; then random COPs.


def terms(inst, lo=-2, hi=4, n=None, consts=0.0):
    """A list of n terms: variables, or (with probability consts) integers.
    Each is (text, value of the assignment)."""
    out = []
    for _ in range(n or rng.randint(2, 4)):
        if rng.random() < consts:
            k = rng.randint(lo, hi)
            out.append((str(k), lambda t, k=k: k))
        else:
            x = inst.var(rdom(lo, hi))
            out.append((f'x{x}', lambda t, x=x: t[x]))
    return out


def g_element(inst, form=None):
    form = form or rng.choice(['index', 'index', 'rank', 'noindex', 'matrix', 'matrix'])
    if form == 'matrix':
        r, c = rng.randint(2, 3), rng.randint(2, 3)
        cells = [terms(inst, -1, 3, c, rng.choice([0.0, 0.5, 1.0])) for _ in range(r)]
        sr, sc = rng.choice([0, 0, 1]), rng.choice([0, 0, 1])
        i, j = inst.var(rdom(sr - 1, sr + r)), inst.var(rdom(sc - 1, sc + c))
        vt, vv = terms(inst, -1, 3, 1, 0.3)[0]
        rows = ''.join('(' + ','.join(x for x, _ in row) + ')' for row in cells)
        attrs = (f' startRowIndex="{sr}"' if sr else '') + (f' startColIndex="{sc}"' if sc else '')

        def ok(t):
            a, b = t[i] - sr, t[j] - sc
            return 0 <= a < r and 0 <= b < c and cells[a][b][1](t) == vv(t)
        inst.add(f'<element> <matrix{attrs}> {rows} </matrix> <index> x{i} x{j} </index> '
                 f'<value> {vt} </value> </element>', ok)
        return
    n = rng.randint(2, 4)
    ls = terms(inst, -1, 3, n, rng.choice([0.0, 0.3, 1.0]))
    s = rng.choice([0, 0, 1, 2])
    st = f' startIndex="{s}"' if s else ''
    lt = ' '.join(x for x, _ in ls)
    if form == 'noindex':
        if rng.random() < 0.5:
            vt, vv = terms(inst, -1, 3, 1, 0.3)[0]
            inst.add(f'<element> <list> {lt} </list> <value> {vt} </value> </element>',
                     lambda t: any(f(t) == vv(t) for _, f in ls))
        else:
            text, test = condition(inst, -1, 3)
            inst.add(f'<element> <list> {lt} </list> <condition> {text} </condition> </element>',
                     lambda t: any(test(t, f(t)) for _, f in ls))
        return
    i = inst.var(rdom(s - 1, s + n))
    rank = rng.choice(['first', 'last', 'any']) if form == 'rank' else None
    rk = f' rank="{rank}"' if rank else ''
    if rank or rng.random() < 0.6:
        vt, vv = terms(inst, -1, 3, 1, 0.3)[0]
        tail, test = f'<value> {vt} </value>', lambda t, v: v == vv(t)
    else:
        text, test = condition(inst, -1, 3)
        tail = f'<condition> {text} </condition>'

    def ok(t):
        k = t[i] - s
        if not 0 <= k < n or not test(t, ls[k][1](t)):
            return False
        others = range(k) if rank == 'first' else range(k + 1, n) if rank == 'last' else []
        return not any(test(t, ls[j][1](t)) for j in others)
    inst.add(f'<element> <list{st}> {lt} </list> <index{rk}> x{i} </index> {tail} </element>', ok)


def g_channel(inst):
    form = rng.choice(['one', 'one', 'two', 'two', 'two', 'value'])
    if form == 'value':
        n, s = rng.randint(2, 4), rng.choice([0, 1])
        xs = [inst.var(rng.choice([[0, 1], [0, 1], [0], [1]])) for _ in range(n)]
        v = inst.var(rdom(s - 1, s + n))
        st = f' startIndex="{s}"' if s else ''
        inst.add(f'<channel> <list{st}> {names(xs)} </list> <value> x{v} </value> </channel>',
                 lambda t: all((t[x] == 1) == (t[v] == k + s) for k, x in enumerate(xs)) and
                 any(t[x] == 1 for x in xs))
        return
    if form == 'one':
        n, s = rng.randint(2, 5), rng.choice([0, 0, 1])
        xs = [inst.var(rdom(s - 1, s + n, rng.randint(2, n + 1))) for _ in range(n)]
        st = f' startIndex="{s}"' if s else ''
        text = (f'<channel> <list{st}> {names(xs)} </list> </channel>' if s or rng.random() < 0.5
                else f'<channel> {names(xs)} </channel>')

        def ok(t):  # x_i = j implies x_j = i (positions from s)
            return all(0 <= t[x] - s < n and t[xs[t[x] - s]] == k + s for k, x in enumerate(xs))
        inst.add(text, ok)
        return
    n = rng.randint(2, 4)
    m = n if rng.random() < 0.6 else n + 1
    sx, sy = rng.choice([0, 0, 1]), rng.choice([0, 0, 1])
    xs = [inst.var(rdom(sy - 1, sy + m, rng.randint(2, m + 1))) for _ in range(n)]
    ys = [inst.var(rdom(sx - 1, sx + n, rng.randint(2, n + 1))) for _ in range(m)]
    a = f' startIndex="{sx}"' if sx else ''
    b = f' startIndex="{sy}"' if sy else ''

    def ok(t):  # x_i = j implies y_j = i; and the converse when the lengths are equal
        fwd = all(0 <= t[x] - sy < m and t[ys[t[x] - sy]] == k + sx for k, x in enumerate(xs))
        back = n < m or all(0 <= t[y] - sx < n and t[xs[t[y] - sx]] == k + sy
                            for k, y in enumerate(ys))
        return fwd and back
    inst.add(f'<channel> <list{a}> {names(xs)} </list> <list{b}> {names(ys)} </list> </channel>', ok)


LEX = {'lt': lambda a, b: a < b, 'le': lambda a, b: a <= b, 'gt': lambda a, b: a > b,
       'ge': lambda a, b: a >= b}


def g_lex(inst):
    op = rng.choice(list(LEX))
    if rng.random() < 0.5:
        k, n = rng.randint(2, 3), rng.randint(2, 3)
        ls = [[inst.var(rdom(-1, 2, rng.randint(1, 3))) for _ in range(n)] for _ in range(k)]
        lists = ' '.join(f'<list> {names(l)} </list>' for l in ls)
        inst.add(f'<lex> {lists} <operator> {op} </operator> </lex>',
                 lambda t: all(LEX[op](tuple(t[x] for x in ls[j]), tuple(t[x] for x in ls[j + 1]))
                               for j in range(k - 1)))
        return
    r, c = rng.randint(2, 3), rng.randint(2, 3)
    mx = [[inst.var(rdom(-1, 2, rng.randint(1, 3))) for _ in range(c)] for _ in range(r)]
    rows = ''.join('(' + ','.join(f'x{x}' for x in row) + ')' for row in mx)

    def ok(t):  # rows, then columns, each consecutive pair in order
        rs = [tuple(t[x] for x in row) for row in mx]
        cs = list(zip(*rs))
        return all(LEX[op](a, b) for seq in (rs, cs) for a, b in zip(seq, seq[1:]))
    inst.add(f'<lex> <matrix> {rows} </matrix> <operator> {op} </operator> </lex>', ok)


def g_ordered(inst):
    n = rng.randint(2, 5)
    xs = [inst.var(rdom(-2, 4)) for _ in range(n)]
    op = rng.choice(list(LEX))
    kind = rng.choice(['none', 'ints', 'vars', 'case'])
    if kind == 'case':
        case = {'lt': 'strictlyIncreasing', 'le': 'increasing', 'gt': 'strictlyDecreasing',
                'ge': 'decreasing'}[op]
        inst.add(f'<ordered case="{case}"> {names(xs)} </ordered>',
                 lambda t: all(OPS[op](t[a], t[b]) for a, b in zip(xs, xs[1:])))
        return
    if kind == 'none':
        ls, lt = [lambda t: 0] * (n - 1), ''
    elif kind == 'ints':
        ks = [rng.randint(-2, 2) for _ in range(n - 1)]
        ls, lt = [lambda t, k=k: k for k in ks], f'<lengths> {" ".join(map(str, ks))} </lengths> '
    else:
        ys = [inst.var(rdom(-1, 2, rng.randint(1, 3))) for _ in range(n - 1)]
        ls, lt = [lambda t, y=y: t[y] for y in ys], f'<lengths> {names(ys)} </lengths> '
    inst.add(f'<ordered> <list> {names(xs)} </list> {lt}<operator> {op} </operator> </ordered>',
             lambda t: all(OPS[op](t[a] + l(t), t[b]) for a, b, l in zip(xs, xs[1:], ls)))


class Undef(Exception):
    """A value the operators leave undefined (division by 0, 0 to a
    negative power): the tuple satisfies no constraint."""


def tdiv(a, b):  # truncated toward zero (XCSP3: x / y, as in C and Java)
    if b == 0:
        raise Undef
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def tmod(a, b):  # the remainder of tdiv: the sign of the dividend
    return a - b * tdiv(a, b)


def tpow(a, b):
    if b < 0:
        if a == 0:
            raise Undef
        return 1 if a == 1 else (1 if b % 2 == 0 else -1) if a == -1 else 0
    return a ** b


INT_OPS = {'neg': (1, lambda v: -v[0]), 'abs': (1, lambda v: abs(v[0])),
           'sqr': (1, lambda v: v[0] * v[0]), 'add': (0, sum),
           'mul': (0, lambda v: v[0] * v[1] if len(v) == 2 else v[0] * v[1] * v[2]),
           'min': (0, min), 'max': (0, max), 'sub': (2, lambda v: v[0] - v[1]),
           'dist': (2, lambda v: abs(v[0] - v[1])), 'div': (2, lambda v: tdiv(v[0], v[1])),
           'mod': (2, lambda v: tmod(v[0], v[1])), 'pow': (2, lambda v: tpow(v[0], v[1]))}
REL_OPS = {'lt': lambda v: v[0] < v[1], 'le': lambda v: v[0] <= v[1],
           'ge': lambda v: v[0] >= v[1], 'gt': lambda v: v[0] > v[1],
           'ne': lambda v: v[0] != v[1], 'eq': lambda v: all(a == v[0] for a in v)}
LOG_OPS = {'not': (1, lambda v: not v[0]), 'and': (0, all), 'or': (0, any),
           'xor': (0, lambda v: sum(v) % 2 == 1), 'iff': (0, lambda v: all(a == v[0] for a in v)),
           'imp': (2, lambda v: (not v[0]) or v[1])}


def node(op, args, f):
    """An expression: its text and its value (of the assignment)."""
    return (f'{op}({",".join(a for a, _ in args)})', lambda t: f([g(t) for _, g in args]))


def int_expr(vs, depth):
    """A random integer expression over the variables vs."""
    if depth == 0 or rng.random() < 0.3:
        if rng.random() < 0.75:
            x = rng.choice(vs)
            return f'x{x}', lambda t: t[x]
        k = rng.randint(-3, 4)
        return str(k), lambda t: k
    op = rng.choice(list(INT_OPS) + ['if', 'bool'])
    if op == 'if':
        c, a, b = bool_expr(vs, depth - 1), int_expr(vs, depth - 1), int_expr(vs, depth - 1)
        return (f'if({c[0]},{a[0]},{b[0]})', lambda t: a[1](t) if c[1](t) else b[1](t))
    if op == 'bool':  # a Boolean as an integer operand (false = 0, true = 1)
        e = bool_expr(vs, depth - 1)
        return e[0], lambda t: int(e[1](t))
    arity, f = INT_OPS[op]
    if op == 'pow':  # a small exponent: a constant or a variable of the list
        e = rng.choice([(str(k), lambda t, k=k: k) for k in range(-1, 4)] + [int_expr(vs, 0)])
        return node(op, [int_expr(vs, depth - 1), e], f)
    args = [int_expr(vs, depth - 1) for _ in range(arity or rng.randint(2, 3))]
    return node(op, args, f)


def bool_expr(vs, depth):
    """A random Boolean expression over the variables vs."""
    if depth <= 1 or rng.random() < 0.5:
        kind = rng.choice(list(REL_OPS) + ['in', 'notin'])
        if kind in ('in', 'notin'):
            e = int_expr(vs, max(depth - 1, 0))
            ms = [int_expr(vs, 0) for _ in range(rng.randint(1, 3))]
            neg = kind == 'notin'
            return (f'{kind}({e[0]},set({",".join(m for m, _ in ms)}))',
                    lambda t: (e[1](t) in [g(t) for _, g in ms]) != neg)
        n = rng.randint(2, 3) if kind == 'eq' else 2
        return node(kind, [int_expr(vs, max(depth - 1, 0)) for _ in range(n)], REL_OPS[kind])
    op = rng.choice(list(LOG_OPS))
    arity, f = LOG_OPS[op]
    return node(op, [bool_expr(vs, depth - 1) for _ in range(arity or rng.randint(2, 3))], f)


def safe(f):
    def ok(t):
        try:
            return bool(f(t))
        except Undef:
            return False
    return ok


FOCUS = list(INT_OPS) + ['if', 'in', 'notin', 'eq'] + list(LOG_OPS)
focus_next = [0]


def g_intension(inst, op=None):
    """A predicate whose top holds the next operator of FOCUS (each in turn),
    its operands random expressions."""
    vs = [inst.var(rdom(-3, 4, rng.randint(2, 5))) for _ in range(rng.randint(2, 4))]
    if op is None:
        op = FOCUS[focus_next[0] % len(FOCUS)]
        focus_next[0] += 1
    if op in INT_OPS or op == 'if':
        e = int_expr(vs, 0)
        for _ in range(20):
            e = int_expr(vs, 2)
            if e[0].startswith(op + '('):
                break
        if not e[0].startswith(op + '('):
            arity, f = INT_OPS.get(op, (3, None))
            if op == 'if':
                c, a, b = bool_expr(vs, 1), int_expr(vs, 1), int_expr(vs, 1)
                e = (f'if({c[0]},{a[0]},{b[0]})', lambda t: a[1](t) if c[1](t) else b[1](t))
            else:
                e = node(op, [int_expr(vs, 1) for _ in range(arity or 2)], f)
        rel = rng.choice(list(REL_OPS))
        text, f = node(rel, [e, int_expr(vs, 1)], REL_OPS[rel])
    elif op in LOG_OPS:
        arity, g = LOG_OPS[op]
        text, f = node(op, [bool_expr(vs, 2) for _ in range(arity or rng.randint(2, 3))], g)
    else:
        text, f = bool_expr(vs, 2)
        for _ in range(50):
            if text.startswith(op + '('):
                break
            text, f = bool_expr(vs, 2)
    inst.add(f'<intension> {text} </intension>', safe(f))


def tuples_text(rows):
    return ''.join('(' + ','.join('*' if v is None else str(v) for v in r) + ')' for r in rows)


def g_extension(inst):
    kind = rng.choice(['supports', 'supports', 'conflicts', 'conflicts', 'unary'])
    if kind == 'unary':
        x = inst.var(rdom(-2, 5, rng.randint(2, 5)))
        vals = sorted(rng.sample(range(-3, 7), rng.randint(1, 5)))
        neg = rng.random() < 0.5
        tag = 'conflicts' if neg else 'supports'
        text = ' '.join(f'{a}..{b}' if b > a else str(a) for a, b in runs(vals))
        inst.add(f'<extension> <list> x{x} </list> <{tag}> {text} </{tag}> </extension>',
                 lambda t: (t[x] in vals) != neg)
        return
    xs = [inst.var(rdom(-1, 3)) for _ in range(rng.randint(2, 4))]
    rows = set()
    for _ in range(rng.randint(1, 8)):  # values of the domains, a few outside, some stars
        rows.add(tuple(None if rng.random() < 0.15 else
                       rng.choice(inst.doms[x] + [rng.randint(-2, 4)]) for x in xs))
    rows = sorted(rows, key=lambda r: [(-9 if v is None else v) for v in r])
    neg = kind == 'conflicts'

    def ok(t):
        hit = any(all(v is None or t[x] == v for x, v in zip(xs, r)) for r in rows)
        return hit != neg
    inst.add(f'<extension> <list> {names(xs)} </list> <{kind}> {tuples_text(rows)} </{kind}> '
             f'</extension>', ok)


def runs(vals):
    """Sorted distinct integers as maximal runs (a, b)."""
    out = []
    for v in vals:
        if out and out[-1][1] == v - 1:
            out[-1] = (out[-1][0], v)
        else:
            out.append((v, v))
    return out


def g_instantiation(inst):
    xs = [inst.var(rdom(-2, 3)) for _ in range(rng.randint(2, 4))]
    fixed = rng.sample(xs, rng.randint(1, len(xs)))
    vals = [rng.choice(inst.doms[x]) if rng.random() < 0.85 else rng.randint(-3, 4) for x in fixed]
    inst.add(f'<instantiation> <list> {names(fixed)} </list> <values> {" ".join(map(str, vals))} '
             f'</values> </instantiation>', lambda t: all(t[x] == v for x, v in zip(fixed, vals)))
    vs = xs + [inst.var(rdom(-2, 3))]  # and a constraint that links them to another variable
    text, f = bool_expr(vs, 2)
    inst.add(f'<intension> {text} </intension>', safe(f))


def g_allequal(inst):
    ts = exprs(inst, rng.randint(2, 4), 0.5)
    inst.add(f'<allEqual> {" ".join(x for x, _ in ts)} </allEqual>' if rng.random() < 0.5 else
             f'<allEqual> <list> {" ".join(x for x, _ in ts)} </list> </allEqual>',
             safe(lambda t: len({f(t) for _, f in ts}) == 1))


def exprs(inst, n, p):
    """n terms over fresh variables: each a variable or (with probability
    p) a small expression of one or two of them."""
    out = []
    for _ in range(n):
        vs = [inst.var(rdom(-2, 3)) for _ in range(rng.randint(1, 2) if rng.random() < p else 0)]
        if not vs:
            x = inst.var(rdom(-2, 3))
            out.append((f'x{x}', lambda t, x=x: t[x]))
        elif len(vs) == 1:  # (an expression of its variable: a bare integer is refused)
            e = int_expr(vs, 1)
            while 'x' not in e[0]:
                e = int_expr(vs, 1)
            out.append(e)
        else:
            op = rng.choice(['add', 'sub', 'dist', 'max', 'mul'])
            out.append(node(op, [(f'x{v}', lambda t, v=v: t[v]) for v in vs], INT_OPS[op][1]))
    return out


def g_alldiff2(inst):
    form = rng.choice(['exprs', 'lists', 'matrix'])
    exc = sorted(rng.sample(range(-1, 3), rng.randint(0, 1)))
    ex = f' <except> {" ".join(map(str, exc))} </except>' if exc else ''
    if form == 'exprs':
        ts = exprs(inst, rng.randint(3, 4), 0.6)
        body = ' '.join(x for x, _ in ts)
        text = f'<allDifferent> <list> {body} </list>{ex} </allDifferent>' if exc else \
            f'<allDifferent> {body} </allDifferent>'

        def ok(t):
            v = [f(t) for _, f in ts]
            return all(v[i] != v[j] or v[i] in exc for i in range(len(v)) for j in range(i))
        inst.add(text, safe(ok))
        return
    if form == 'lists':  # the tuples differ (with <except>: tuples, not kept here)
        k, n = rng.randint(2, 3), rng.randint(2, 3)
        ls = [[inst.var(rdom(-1, 2, rng.randint(1, 3))) for _ in range(n)] for _ in range(k)]
        lists = ' '.join(f'<list> {names(l)} </list>' for l in ls)
        inst.add(f'<allDifferent> {lists} </allDifferent>',
                 lambda t: len({tuple(t[x] for x in l) for l in ls}) == k)
        return
    r, c = rng.randint(2, 3), rng.randint(2, 3)
    mx = [[inst.var(rdom(-1, 3)) for _ in range(c)] for _ in range(r)]
    rows = ''.join('(' + ','.join(f'x{x}' for x in row) + ')' for row in mx)

    def distinct(vals):
        return all(vals[i] != vals[j] or vals[i] in exc for i in range(len(vals)) for j in range(i))

    def ok(t):  # every row and every column
        rs = [[t[x] for x in row] for row in mx]
        return all(distinct(list(s)) for s in rs + [list(col) for col in zip(*rs)])
    inst.add(f'<allDifferent> <matrix> {rows} </matrix>{ex} </allDifferent>', ok)


def g_slide(inst):
    n = rng.randint(3, 6)
    xs = [inst.var(rdom(-1, 3)) for _ in range(n)]
    q = rng.choice([2, 2, 3])
    circ = rng.random() < 0.4
    off = 1 if circ else rng.choice([1, 1, 2])
    if rng.random() < 0.5:
        text, f = bool_expr(list(range(q)), 2)  # over %0..%q-1 (x0.. renamed below)
        for j in reversed(range(q)):
            text = re.sub(rf'\bx{j}\b', f'%{j}', text)
        if not all(f'%{j}' in text for j in range(q)):  # every parameter appears
            text = f'and({text},' + ','.join(f'le(%{j},9)' for j in range(q)) + ')'
        tmpl, win = f'<intension> {text} </intension>', safe(f)
    else:
        rows = {tuple(rng.randint(-1, 3) for _ in range(q)) for _ in range(rng.randint(3, 10))}
        tmpl = (f'<extension> <list> {" ".join(f"%{j}" for j in range(q))} </list> '
                f'<supports> {tuples_text(sorted(rows))} </supports> </extension>')
        win = lambda w: tuple(w) in rows
    # windows i = 0, off, 2 off, ... while i <= n - q; circular: while i < n,
    # the indexes modulo n (as XCSP3-Java-Tools' XSlide.buildScopes, the
    # parser of ACE, and the cyclic slide of Bessiere et al.; the formula of
    # the specification's page, i <= n - q + 1, says so only for q = 2)
    starts = range(0, n if circ else n - q + 1, off)

    def ok(t):
        return all(win([t[xs[(i + j) % n]] for j in range(q)]) for i in starts)
    ct = ' circular="true"' if circ else ''
    ot = f' offset="{off}"' if off > 1 else ''
    inst.add(f'<slide{ct}> <list{ot}> {names(xs)} </list> {tmpl} </slide>', ok)


SYMBOLS = ['red', 'green', 'blue', 'white', 'black']


def g_symbolic(inst):
    """Symbolic variables: a table of symbols (stars too), and an
    allDifferent or an instantiation of some of them."""
    xs = []
    for _ in range(rng.randint(2, 4)):
        xs.append(inst.var(sorted(rng.sample(SYMBOLS, rng.randint(2, 4)), key=SYMBOLS.index)))
        inst.symbolic.add(xs[-1])
    kind = rng.choice(['supports', 'conflicts'])
    rows = {tuple(None if rng.random() < 0.1 else rng.choice(inst.doms[x] + [rng.choice(SYMBOLS)])
                  for x in xs) for _ in range(rng.randint(2, 8))}
    rows = sorted(rows, key=lambda r: ['*' if v is None else v for v in r])
    neg = kind == 'conflicts'
    inst.add(f'<extension> <list> {names(xs)} </list> <{kind}> {tuples_text(rows)} </{kind}> '
             f'</extension>', lambda t: any(all(v is None or t[x] == v for x, v in zip(xs, r))
                                            for r in rows) != neg)
    if rng.random() < 0.5:
        inst.add(f'<allDifferent> {names(xs)} </allDifferent>',
                 lambda t: len({t[x] for x in xs}) == len(xs))
    else:
        x = rng.choice(xs)
        v = rng.choice(inst.doms[x])
        inst.add(f'<instantiation> <list> x{x} </list> <values> {v} </values> </instantiation>',
                 lambda t: t[x] == v)


KINDS = {'sum': g_sum, 'count': g_count, 'nvalues': g_nvalues, 'cardinality': g_cardinality,
         'alldiff': g_alldiff, 'regular': g_regular, 'mdd': g_mdd, 'circuit': g_circuit,
         'nooverlap': g_nooverlap, 'cumulative': g_cumulative, 'minmax': g_minmax,
         'element': g_element, 'channel': g_channel, 'lex': g_lex, 'ordered': g_ordered,
         'allequal': g_allequal, 'alldiff2': g_alldiff2, 'slide': g_slide,
         'intension': g_intension, 'extension': g_extension, 'instantiation': g_instantiation,
         'symbolic': g_symbolic}

OLD_KINDS = list(KINDS)[:11]  # the first generation's kinds: their files as they were


def ace_count(path):
    """ACE's count of the instance, or None (it fails, or stops early)."""
    if ace == 'none':
        return None
    try:
        r = subprocess.run([ace, path, '-s=all'], capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return None
    lines = r.stdout.splitlines()
    if any(l.startswith('s UNSATISFIABLE') for l in lines):
        return 0
    if not any(l.startswith('d COMPLETE EXPLORATION') for l in lines):
        return None
    found = [l.split()[-1] for l in lines if l.startswith('d FOUND SOLUTIONS')]
    return int(found[0]) if found else None


def emit(lines, name, comment, xml, want, oracle):
    """Writes OUTDIR/name and its line (name, want, ACE's agreement)."""
    path = os.path.join(out, name)
    with open(path, 'w') as f:
        f.write(f'<!-- gen_random.py seed {seed}: {comment} -->\n')
        f.write(xml)
    a = oracle(path)
    prov = 'ACE' if a == want else ('ACE fails' if a is None else f'ACE differs: {a}')
    lines.append(f'{name}\t{want}\t{prov}')
    print(lines[-1], flush=True)


def write_list(fname, lines, header):
    with open(os.path.join(out, fname), 'w') as f:
        f.write(header)
        f.write('\n'.join(lines) + '\n')


os.makedirs(out, exist_ok=True)
lines = []
def gen_kind(kind, g):
    """Instances rnd_KIND_0..7 of the generator g, each with its line."""
    for k in range(8):
        for _ in range(50):  # a few tries for an instance with a handful of solutions or none
            inst = Inst()
            for _ in range(rng.choice([1, 1, 2])):
                g(inst)
            size = 1
            for d in inst.doms:
                size *= len(d)
            n = inst.count() if size <= 4 ** 9 else 10 ** 9  # (4^9: the domains before)
            if n <= 400 and len(inst.doms) <= 9 and (kind in OLD_KINDS or (n or k == 7) and
                                                        inst.all_used()):
                break  # (the kinds added later want solutions, but for their #7, and
                #        every variable in a constraint: ACE leaves out the others)
        name = f'rnd_{kind}_{k}.xml'
        emit(lines, name, f'{kind} #{k}; brute-force count {n}', inst.xml(), n, ace_count)


for kind, g in KINDS.items():
    gen_kind(kind, g)

# ---- random COPs: one objective of each type, the optimum by brute force --
OBJ_TYPES = ['var', 'expr', 'sum', 'coeffs', 'minimum', 'maximum', 'nValues', 'product', 'lex']


def objective(inst, typ):
    """(xml, value of an assignment) of a random objective of type typ over
    the instance's variables (and expressions of them)."""
    goal = rng.choice(['minimize', 'maximize'])
    nv = len(inst.doms)
    if typ == 'var':
        x = rng.randrange(nv)
        return f'<{goal}> x{x} </{goal}>', goal, lambda t: t[x]
    if typ == 'expr':
        e = int_expr(list(range(nv)), rng.randint(1, 3))
        while '(' not in e[0] or 'x' not in e[0]:  # an operator over variables
            e = int_expr(list(range(nv)), rng.randint(1, 3))
        return f'<{goal}> {e[0]} </{goal}>', goal, e[1]
    xs = rng.sample(range(nv), rng.randint(2, min(4, nv)))
    ts = [(f'x{x}', lambda t, x=x: t[x]) for x in xs]
    if typ in ('sum', 'coeffs', 'minimum', 'maximum') and rng.random() < 0.3:  # an expression term
        ts[0] = int_expr(rng.sample(range(nv), 2), 1)  # (a bare integer: the caller draws again)
    body = ' '.join(a for a, _ in ts)
    if typ == 'coeffs':  # a sum with coefficients
        co = [rng.choice([-3, -1, 1, 2, 5]) for _ in ts]
        return (f'<{goal} type="sum"> <list> {body} </list> <coeffs> {" ".join(map(str, co))} '
                f'</coeffs> </{goal}>', goal, lambda t: sum(c * f(t) for c, (_, f) in zip(co, ts)))
    if typ == 'lex':  # reported as one number: mixed radix over the declared bounds
        lo = [inst.doms[x][0] for x in xs]
        span = [inst.doms[x][-1] - inst.doms[x][0] + 1 for x in xs]

        def lexval(t):
            v = 0
            for x, a, b in zip(xs, lo, span):
                v = v * b + (t[x] - a)
            return v
        return f'<{goal} type="lex"> <list> {body} </list> </{goal}>', goal, lexval
    f = {'sum': lambda v: sum(v), 'minimum': min, 'maximum': max,
         'nValues': lambda v: len(set(v)), 'product': lambda v: __import__('math').prod(v)}[typ]
    wrap = rng.random() < 0.5
    text = f'<list> {body} </list>' if wrap else body
    return f'<{goal} type="{typ}"> {text} </{goal}>', goal, lambda t: f([g(t) for _, g in ts])


def cop_xml(inst, obj):
    return inst.xml().replace('type="CSP"', 'type="COP"').replace(
        '  </constraints>\n', f'  </constraints>\n  <objectives>\n    {obj}\n  </objectives>\n')


def ace_optimum(path):
    """ACE's proven optimum ('unsat' too), or None."""
    if ace == 'none':
        return None
    try:
        r = subprocess.run([ace, path], capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return None
    lines = r.stdout.splitlines()
    if any(l.startswith('s UNSATISFIABLE') for l in lines):
        return 'unsat'
    if not any(l.startswith('s OPTIMUM FOUND') for l in lines):
        return None
    os_ = [l.split()[1] for l in lines if l.startswith('o ')]
    return int(os_[-1]) if os_ else None


cops = []
CON_KINDS = [g_sum, g_alldiff, g_intension, g_extension, g_element, g_count, g_lex, g_ordered,
             g_channel, g_nvalues, g_cardinality, g_slide]
for k in range(3 * len(OBJ_TYPES)):
    typ = OBJ_TYPES[k % len(OBJ_TYPES)]
    for _ in range(200):
        inst = Inst()
        for _ in range(rng.choice([1, 2, 2])):
            rng.choice(CON_KINDS)(inst)
        size = 1
        for d in inst.doms:
            size *= len(d)
        if size > 4 ** 9 or not 2 <= len(inst.doms) <= 9 or not inst.all_used():
            continue
        text, goal, val = objective(inst, typ)
        if re.search(r'(<list>|">) -?\d', text):  # an integer term in the list (searchlab refuses it)
            continue
        try:
            vals = [val(t) for t in product(*inst.doms) if all(ok(t) for _, ok in inst.cons)]
        except Undef:  # an objective undefined on some solution: another draw
            continue
        if vals or k % 6 == 5:
            break
    best = 'unsat' if not vals else (min(vals) if goal == 'minimize' else max(vals))
    name = f'rnd_cop_{typ.lower()}_{k // len(OBJ_TYPES)}.xml'
    emit(cops, name, f'COP, objective {typ}; brute-force optimum {best} ({len(vals)} solutions)',
         cop_xml(inst, text), best, ace_optimum)
# forms the draws above left out of seed 2024 (element with rank first/last/any,
# intension with pow, add, and, iff at the top), after everything else
EXTRA_OPS = ['pow', 'add', 'and', 'iff']
gen_kind('element_rank', lambda inst: g_element(inst, 'rank'))
extra = cycle(EXTRA_OPS)
gen_kind('intension_ops', lambda inst: g_intension(inst, next(extra)))
# issue 38: precedence, minimumArg/maximumArg, knapsack and sets {...} as
# <args> of (in,%k)/(notin,%k) in groups, after everything else (the files
# before stay as they were)


def precede_ok(xs, vs, covered):
    first = [xs.index(v) if v in xs else None for v in vs]
    if covered and None in first:
        return False
    return all(first[j] is None or (first[j - 1] is not None and first[j - 1] < first[j])
               for j in range(1, len(vs)))


def g_precedence(inst):
    xs = [inst.var(rdom(0, 3)) for _ in range(rng.randint(2, 5))]
    if rng.random() < 0.3:  # no <values>: every value of the domains, increasing
        vs, cov = sorted(set(v for x in xs for v in inst.doms[x])), False
        body = f'<list> {names(xs)} </list>' if rng.random() < 0.5 else names(xs)
    else:
        vs, cov = rng.sample(range(0, 4), rng.randint(1, 3)), rng.random() < 0.4
        att = ' covered="true"' if cov else rng.choice(['', ' covered="false"'])
        body = f'<list> {names(xs)} </list> <values{att}> {" ".join(map(str, vs))} </values>'
    inst.add(f'<precedence> {body} </precedence>',
             lambda t: precede_ok([t[x] for x in xs], vs, cov))


def g_minmax_arg(inst):
    xs = [inst.var(rdom()) for _ in range(rng.randint(2, 4))]
    kind = rng.choice(['minimumArg', 'maximumArg'])
    rank = rng.choice(['', 'any', 'first', 'last'])
    f = min if kind == 'minimumArg' else max
    text, test = condition(inst, 0, len(xs) - 1)
    att = f' rank="{rank}"' if rank else ''

    def ok(t):
        vals = [t[x] for x in xs]
        pos = [i for i, v in enumerate(vals) if v == f(vals)]
        if rank in ('first', 'last'):
            return test(t, pos[0] if rank == 'first' else pos[-1])
        return any(test(t, p) for p in pos)
    inst.add(f'<{kind}{att}> <list> {names(xs)} </list> <condition> {text} </condition> </{kind}>',
             ok)


def g_knapsack(inst):
    xs = [inst.var(rdom(0, 3)) for _ in range(rng.randint(2, 4))]
    w = [rng.randint(1, 4) for _ in xs]
    pr = [rng.randint(-2, 4) for _ in xs]
    wlo, whi = sum(a * min(inst.doms[x]) for a, x in zip(w, xs)), sum(a * max(inst.doms[x]) for a, x in zip(w, xs))
    wt = condition(inst, wlo, whi)
    while '{' in wt[0]:  # the weight condition takes no set
        wt = condition(inst, wlo, whi)
    plo = sum(min(a * v for v in inst.doms[x]) for a, x in zip(pr, xs))
    phi = sum(max(a * v for v in inst.doms[x]) for a, x in zip(pr, xs))
    pt = condition(inst, plo, phi)
    inst.add(f'<knapsack> <list> {names(xs)} </list> <weights> {" ".join(map(str, w))} </weights> '
             f'<condition> {wt[0]} </condition> <profits> {" ".join(map(str, pr))} </profits> '
             f'<condition> {pt[0]} </condition> </knapsack>',
             lambda t: wt[1](t, sum(a * t[x] for a, x in zip(w, xs)))
             and pt[1](t, sum(a * t[x] for a, x in zip(pr, xs))))


def g_group_set(inst):
    op = rng.choice(['in', 'notin'])
    rows = []
    for _ in range(rng.randint(2, 3)):
        xs = [inst.var(rdom(0, 3)) for _ in range(2)]
        vs = sorted(rng.sample(range(0, 7), rng.randint(0, 3)))
        rows.append((xs, vs))
    sep = rng.choice([',', ', '])
    args = ''.join(f'<args> {names(xs)} {{{sep.join(map(str, vs))}}} </args> ' for xs, vs in rows)
    inst.add(f'<group> <sum> <list> %0 %1 </list> <condition> ({op},%2) </condition> </sum> {args}</group>',
             lambda t: all((sum(t[x] for x in xs) in vs) == (op == 'in') for xs, vs in rows))


def g_binpacking_conds(inst):
    """<binPacking> with <conditions>: bins start..start+m-1, the j-th
    condition on bin start+j's load; an item elsewhere violates it (the
    items' domains reach one value below and above the bins)."""
    m, start = rng.randint(1, 3), rng.choice([0, 0, 1, -1])
    xs = [inst.var(rdom(start - 1, start + m)) for _ in range(rng.randint(2, 4))]
    sizes = [rng.randint(0, 4) for _ in xs]
    conds = [condition(inst, 0, sum(sizes)) for _ in range(m)]
    att = f' startIndex="{start}"' if start or rng.random() < 0.3 else ''

    def ok(t):
        loads = [0] * m
        for x, s in zip(xs, sizes):
            if not start <= t[x] < start + m:
                return False
            loads[t[x] - start] += s
        return all(test(t, w) for (_, test), w in zip(conds, loads))
    inst.add(f'<binPacking> <list> {names(xs)} </list> <sizes> {" ".join(map(str, sizes))} </sizes> '
             f'<conditions{att}> {" ".join(text for text, _ in conds)} </conditions> </binPacking>', ok)


gen_kind('precedence', g_precedence)
gen_kind('minmax_arg', g_minmax_arg)
gen_kind('knapsack', g_knapsack)
gen_kind('group_set', g_group_set)
gen_kind('binpacking_conds', g_binpacking_conds)  # issue 38 item 3
write_list('EXPECTED', lines,
           f'# file<TAB>solutions<TAB>provenance. Written by gen_random.py {seed}: the count is the\n'
           f'# brute force of gen_random.py (the specification\'s semantics written out there);\n'
           f'# \'ACE\' where ACE 318b8bf (../shared/peers/ace, -s=all) counts the same.\n')
write_list('OPTIMA', cops,
           f'# file<TAB>optimum or unsat<TAB>provenance. Written by gen_random.py {seed}: the optimum\n'
           f'# is the brute force of gen_random.py over every solution; \'ACE\' where ACE 318b8bf\n'
           f'# (../shared/peers/ace, without options) proves the same.\n')
