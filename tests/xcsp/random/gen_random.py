#!/usr/bin/env python3
# gen_random.py - random differential instances for the constraints of
# XCSP3-core that forms/gen_conn.py does not cover (issue 24's "every
# constraint's counts against an oracle on random small instances"):
# sum, count, nValues, cardinality, allDifferent (with except), regular,
# mdd, circuit, noOverlap, cumulative, minimum/maximum with a condition.
#
# Each instance is a few variables over small random domains (holes and
# negative values included) and one or two random constraints of one kind.
# Its count comes from a brute force over the domains here, written from
# the specification's semantics (not from searchlab's code), and is then
# compared with ACE's (-s=all):
#   python3 gen_random.py OUTDIR [SEED] [ACE]   writes OUTDIR/*.xml and
#   OUTDIR/EXPECTED (file, brute-force count, provenance: 'ACE' where ACE
#   agrees, 'ACE differs: N' or 'ACE fails' otherwise).
# (The committed EXPECTED's header adds, by hand, why ACE differs or fails.)
# The committed files and EXPECTED are what the tests use (test_forms runs
# them under bt, fc and gac); the project never needs ACE or Python.
import os, random, subprocess, sys
from itertools import product

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
        self.doms, self.cons = [], []

    def var(self, d):
        self.doms.append(d)
        return len(self.doms) - 1

    def add(self, xml, ok):
        self.cons.append((xml, ok))

    def xml(self):
        vs = ''.join(f'    <var id="x{i}"> {dom_text(d)} </var>\n' for i, d in enumerate(self.doms))
        cs = ''.join('    ' + x + '\n' for x, _ in self.cons)
        return (f'<instance format="XCSP3" type="CSP">\n  <variables>\n{vs}  </variables>\n'
                f'  <constraints>\n{cs}  </constraints>\n</instance>\n')

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


KINDS = {'sum': g_sum, 'count': g_count, 'nvalues': g_nvalues, 'cardinality': g_cardinality,
         'alldiff': g_alldiff, 'regular': g_regular, 'mdd': g_mdd, 'circuit': g_circuit,
         'nooverlap': g_nooverlap, 'cumulative': g_cumulative, 'minmax': g_minmax}


def ace_count(path):
    """ACE's count of the instance, or None (it fails, or stops early)."""
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


os.makedirs(out, exist_ok=True)
lines = []
for kind, g in KINDS.items():
    for k in range(8):
        for _ in range(50):  # a few tries for an instance with a handful of solutions or none
            inst = Inst()
            for _ in range(rng.choice([1, 1, 2])):
                g(inst)
            n = inst.count()
            if n <= 400 and len(inst.doms) <= 9:
                break
        name = f'rnd_{kind}_{k}.xml'
        path = os.path.join(out, name)
        with open(path, 'w') as f:
            f.write(f'<!-- gen_random.py seed {seed}: {kind} #{k}; brute-force count {n} -->\n')
            f.write(inst.xml())
        a = ace_count(path)
        prov = 'ACE' if a == n else ('ACE fails' if a is None else f'ACE differs: {a}')
        lines.append(f'{name}\t{n}\t{prov}')
        print(lines[-1], flush=True)
with open(os.path.join(out, 'EXPECTED'), 'w') as f:
    f.write(f'# file<TAB>solutions<TAB>provenance. Written by gen_random.py {seed}: the count is the\n'
            f'# brute force of gen_random.py (the specification\'s semantics written out there);\n'
            f'# \'ACE\' where ACE 318b8bf (../shared/peers/ace, -s=all) counts the same.\n')
    f.write('\n'.join(lines) + '\n')
