#!/usr/bin/env python3
# gen_lang.py - the scaled instances that measure the language, graph and
# scheduling globals (regular, mdd, circuit, noOverlap, cumulative): a
# nonogram (rows and columns as regular, or as mdd), a knight's tour
# (circuit), a job shop under a horizon (noOverlap) and a resource-
# constrained project (cumulative).  Deterministic (seeded); writes into
# the directory given (default: the current one).  Run: python3 gen_lang.py DIR
import os
import random
import sys

OUT = sys.argv[1] if len(sys.argv) > 1 else '.'


def write(name, variables, constraints, kind='CSP'):
    with open(os.path.join(OUT, name), 'w') as f:
        f.write(f'<instance format="XCSP3" type="{kind}">\n  <variables>\n')
        f.write(variables)
        f.write('  </variables>\n  <constraints>\n')
        f.write(constraints)
        f.write('  </constraints>\n</instance>\n')


def clue(line):
    runs, k = [], 0
    for c in line + [0]:
        if c:
            k += 1
        elif k:
            runs.append(k)
            k = 0
    return runs


def dfa(runs):
    """States 0..m of the clue's automaton: (state, value, next)."""
    trans, q = [], 0
    for i, r in enumerate(runs):
        trans.append((q, 0, q))  # zeros before the run
        for j in range(r):
            trans.append((q + j, 1, q + j + 1))
        q += r
        if i < len(runs) - 1:
            trans.append((q, 0, q + 1))  # the one zero that must follow
            q += 1
    trans.append((q, 0, q))
    return trans, q


def regular_xml(vars_, runs):
    trans, last = dfa(runs)
    t = ''.join(f'(q{a},{v},q{b})' for a, v, b in trans)
    return (f'    <regular>\n      <list> {vars_} </list>\n      <transitions> {t} </transitions>\n'
            f'      <start> q0 </start>\n      <final> q{last} </final>\n    </regular>\n')


def mdd_xml(vars_, runs, n):
    trans, last = dfa(runs)
    layer = {0}
    arcs = []
    for i in range(n):
        nxt = set()
        for a, v, b in trans:
            if a in layer:
                arcs.append((i, a, v, b))
                nxt.add(b)
        layer = nxt
    # keep arcs that reach the last state at layer n
    alive = {(n, last)}
    keep = []
    for i, a, v, b in reversed(arcs):
        if (i + 1, b) in alive:
            alive.add((i, a))
            keep.append((i, a, v, b))
    name = lambda i, q: 't' if i == n else f'n{i}_{q}'
    t = ''.join(f'({name(i, a)},{v},{name(i + 1, b)})' for i, a, v, b in reversed(keep))
    return f'    <mdd>\n      <list> {vars_} </list>\n      <transitions> {t} </transitions>\n    </mdd>\n'


def nonogram(size, seed, form):
    rng = random.Random(seed)
    grid = [[1 if rng.random() < 0.55 else 0 for _ in range(size)] for _ in range(size)]
    v = f'    <array id="x" size="[{size}][{size}]"> 0 1 </array>\n'
    c = ''
    for i in range(size):
        row = ' '.join(f'x[{i}][{j}]' for j in range(size))
        col = ' '.join(f'x[{j}][{i}]' for j in range(size))
        for vars_, line in ((row, grid[i]), (col, [grid[j][i] for j in range(size)])):
            c += regular_xml(vars_, clue(line)) if form == 'regular' else mdd_xml(vars_, clue(line), size)
    write(f'nonogram-{form}-{size}.xml', v, c)


def knight_tour(rows, cols):
    n = rows * cols
    v = f'    <array id="s" size="[{n}]">\n'
    for i in range(n):
        r, c = divmod(i, cols)
        nb = sorted((r + dr) * cols + c + dc for dr, dc in
                    ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
                    if 0 <= r + dr < rows and 0 <= c + dc < cols)
        v += f'      <domain for="s[{i}]"> {" ".join(map(str, nb))} </domain>\n'
    v += '    </array>\n'
    write(f'knight-circuit-{rows}x{cols}.xml', v, f'    <circuit> s[] </circuit>\n')


def jobshop(n, m, seed, slack):
    rng = random.Random(seed)
    d = [[rng.randint(1, 9) for _ in range(m)] for _ in range(n)]
    mach = [rng.sample(range(m), m) for _ in range(n)]
    horizon = int(max(max(sum(r) for r in d), max(sum(d[i][j] for i in range(n) for j in range(m)
                                                     if mach[i][j] == k) for k in range(m))) * slack)
    v = f'    <array id="s" size="[{n}][{m}]"> 0..{horizon} </array>\n'
    c = ''
    for i in range(n):
        for j in range(m - 1):
            c += f'    <intension> le(add(s[{i}][{j}],{d[i][j]}),s[{i}][{j + 1}]) </intension>\n'
        c += f'    <intension> le(add(s[{i}][{m - 1}],{d[i][m - 1]}),{horizon}) </intension>\n'
    for k in range(m):
        ops = [(i, j) for i in range(n) for j in range(m) if mach[i][j] == k]
        o = ' '.join(f's[{i}][{j}]' for i, j in ops)
        ln = ' '.join(str(d[i][j]) for i, j in ops)
        c += f'    <noOverlap>\n      <origins> {o} </origins>\n      <lengths> {ln} </lengths>\n    </noOverlap>\n'
    write(f'jobshop-nooverlap-{n}x{m}.xml', v, c)


def rcpsp(n, seed, cap):
    rng = random.Random(seed)
    d = [rng.randint(1, 6) for _ in range(n)]
    h = [rng.randint(1, cap) for _ in range(n)]
    pred = [None] + [rng.randrange(i) for i in range(1, n)]
    finish = []
    for i in range(n):  # the critical path
        finish.append((finish[pred[i]] if i else 0) + d[i])
    energy = -(-sum(dd * hh for dd, hh in zip(d, h)) // cap)
    horizon = max(max(finish), energy) * 5 // 4  # 25% above the two lower bounds
    v = f'    <array id="s" size="[{n}]"> 0..{horizon} </array>\n'
    c = ''
    for i in range(1, n):
        c += f'    <intension> le(add(s[{pred[i]}],{d[pred[i]]}),s[{i}]) </intension>\n'
    for i in range(n):
        c += f'    <intension> le(add(s[{i}],{d[i]}),{horizon}) </intension>\n'
    c += (f'    <cumulative>\n      <origins> s[] </origins>\n      <lengths> {" ".join(map(str, d))} </lengths>\n'
          f'      <heights> {" ".join(map(str, h))} </heights>\n      <condition> (le,{cap}) </condition>\n'
          f'    </cumulative>\n')
    write(f'rcpsp-cumulative-{n}.xml', v, c)


if __name__ == '__main__':
    nonogram(8, 1, 'regular')
    nonogram(8, 1, 'mdd')
    nonogram(15, 2, 'regular')
    nonogram(15, 2, 'mdd')
    knight_tour(5, 6)
    knight_tour(6, 6)
    jobshop(4, 4, 3, 1.3)
    jobshop(6, 6, 4, 1.3)
    rcpsp(8, 5, 4)
    rcpsp(16, 6, 5)
