#!/usr/bin/env python3
"""fc_student.py - a student's Futoshiki solver, written for searchlab's
tests (tests/solve/outside_student.sh): forward checking with the
smallest domain first, as a course assignment asks.  Reads a .fut file
(../shared/specs/futoshiki.md), prints the solved grid (one row per line,
digits separated by single spaces) or "no solution", and its node count
("nodes N") on standard error.  With --wrong it swaps two digits of its
answer's first row before printing: a deliberately wrong solver."""
import sys


def read_fut(path):
    tokens = []
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0]
            tokens.append(line.split())
    flat = [t for line in tokens for t in line]
    n = int(flat[0])
    grid = [[int(flat[1 + r * n + c]) for c in range(n)] for r in range(n)]
    rest = [line for line in tokens if line]
    # the lines after n and the n rows: an optional count, then inequalities
    rest = rest[1 + n:]
    if rest and len(rest[0]) == 1:
        rest = rest[1:]
    less = []
    for line in rest:
        if len(line) == 5:
            r1, c1, op, r2, c2 = line
            a, b = (int(r1), int(c1)), (int(r2), int(c2))
            less.append((a, b) if op == "<" else (b, a))
        else:
            r1, c1, r2, c2 = map(int, line)
            less.append(((r1, c1), (r2, c2)))
    return n, grid, less


def solve(n, grid, less):
    dom = {(r, c): ({grid[r][c]} if grid[r][c] else set(range(1, n + 1)))
           for r in range(n) for c in range(n)}
    nodes = 0

    def prune(cell, v, doms):
        """Forward checking after cell = v: False on a wipe-out."""
        r, c = cell
        for other in doms:
            if other == cell or len(doms[other]) == 0:
                continue
            d = doms[other]
            if other[0] == r or other[1] == c:
                d.discard(v)
            for a, b in less:
                if a == cell and b == other:
                    d.difference_update([x for x in d if x <= v])
                elif b == cell and a == other:
                    d.difference_update([x for x in d if x >= v])
            if not d:
                return False
        return True

    def search(doms, assigned):
        nonlocal nodes
        free = [x for x in doms if x not in assigned]
        if not free:
            return dict((x, next(iter(doms[x]))) for x in doms)
        cell = min(free, key=lambda x: (len(doms[x]), x))
        for v in sorted(doms[cell]):
            nodes += 1
            nd = {x: set(d) for x, d in doms.items()}
            nd[cell] = {v}
            # the givens and earlier choices keep their single value
            if prune(cell, v, {x: nd[x] for x in nd if x not in assigned and x != cell}):
                found = search(nd, assigned | {cell})
                if found:
                    return found
        return None

    # the givens first: their constraints on the others
    doms = {x: set(d) for x, d in dom.items()}
    ok = True
    for cell in [x for x in doms if grid[x[0]][x[1]]]:
        v = grid[cell[0]][cell[1]]
        ok = ok and prune(cell, v, {x: doms[x] for x in doms if not grid[x[0]][x[1]]})
    result = search(doms, {x for x in doms if grid[x[0]][x[1]]}) if ok else None
    return result, nodes


def main():
    path = [a for a in sys.argv[1:] if not a.startswith("--")][0]
    n, grid, less = read_fut(path)
    result, nodes = solve(n, grid, less)
    print("nodes %d" % nodes, file=sys.stderr)
    if result is None:
        print("no solution")
        return
    rows = [[result[(r, c)] for c in range(n)] for r in range(n)]
    if "--wrong" in sys.argv:
        rows[0][0], rows[0][1] = rows[0][1], rows[0][0]
    for row in rows:
        print(" ".join(str(v) for v in row))


main()
