#!/usr/bin/env python3
# brute.py - the counts of forms/EXPECTED that ACE cannot give (it fails on
# the form, or counts otherwise): every assignment of the domains of the
# file, checked with the specification's semantics written out here by
# hand (truncated division as in C and Java).  Run: python3 brute.py
from itertools import product

def count(doms, ok):
    return sum(1 for t in product(*doms) if ok(*t))

R = lambda a, b: range(a, b + 1)
M = 2147483647

def tdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q

def tmod(a, b):
    return a - b * tdiv(a, b)

def pw(a, b):
    if b < 0:
        return None if a == 0 else (1 if a == 1 else (-1) ** b if a == -1 else 0)
    return a ** b

def bin_loads(x, s, bins):
    return {b: sum(si for xi, si in zip(x, s) if xi == b) for b in bins}

def bin_packing(x, s, bins, ok):
    """every bin of bins has a load ok accepts (and no item outside bins)"""
    return all(xi in bins for xi in x) and all(ok(b, w) for b, w in bin_loads(x, s, bins).items())

def flow_ok(f, balance, arcs, first=0):
    """at node first + k, the flow out minus the flow in is balance[k]"""
    net = [0] * len(balance)
    for x, (u, v) in zip(f, arcs):
        net[u - first] += x
        net[v - first] -= x
    return net == list(balance)

def no_overlap(o, l, zero_ignored=True):
    for i in range(len(o)):
        for j in range(i + 1, len(o)):
            if zero_ignored and (0 in l[i] or 0 in l[j]):
                continue
            if not any(o[i][d] + l[i][d] <= o[j][d] or o[j][d] + l[j][d] <= o[i][d]
                       for d in range(len(o[i]))):
                return False
    return True

def accepts(trans, start, final, word):
    cur = {start}
    for a in word:
        cur = {r for (q, v, r) in trans if q in cur and v == a}
    return bool(cur & set(final))

NFA = [('a', -2, 'a'), ('a', 0, 'a'), ('a', 0, 'b'), ('a', 70, 'c'), ('b', 7, 'b'), ('b', 100, 'c'),
       ('b', 0, 'a'), ('c', -2, 'c'), ('c', 7, 'a'), ('c', 100, 'c'), ('c', 70, 'b')]

def circuit(succ, start=0, size=None):
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

def cumulative(o, l, h, cap, e=None):
    if e is not None and any(e[i] != o[i] + l[i] for i in range(len(o))):
        return False
    times = [t for i in range(len(o)) for t in range(o[i], o[i] + l[i])]
    return all(sum(h[i] for i in range(len(o)) if o[i] <= t < o[i] + l[i]) <= cap for t in times)

def all_diff_except(t, e):
    return all(t[i] != t[j] or t[i] in e for i in range(len(t)) for j in range(i + 1, len(t)))

def max_first(a, b, c, i):
    xs = [a, b, c]
    m = max(xs)
    return xs[i] == m and all(xs[j] != m for j in range(i)) and m >= 2

def precede(xs, vs, covered=False):
    first = [xs.index(v) if v in xs else None for v in vs]
    if covered and None in first:
        return False
    return all(first[j] is None or (first[j - 1] is not None and first[j - 1] < first[j])
               for j in range(1, len(vs)))

def arg(xs, mx, rank, ok):
    e = max(xs) if mx else min(xs)
    pos = [i for i, v in enumerate(xs) if v == e]
    return ok(pos[0]) if rank == 'first' else ok(pos[-1]) if rank == 'last' else any(ok(p) for p in pos)

def rows(text):
    return [tuple(None if a == '*' else int(a) for a in t.split(',')) for t in text.strip('()').split(')(')]

def none_matches(conflicts, t):
    return not any(all(r is None or r == a for r, a in zip(row, t)) for row in conflicts)

WIDE_CONFLICTS = rows('(-189,-145,-172)(-189,*,264)(179,150,-62)(-71,-189,-299)(*,-189,-62)(-46,-213,-62)'
                      '(*,234,-299)(-71,-189,*)(-71,-142,-299)(159,-213,-260)(-71,234,-299)(-46,234,*)'
                      '(*,-142,-299)(-189,-189,-172)(-189,*,-62)(*,20,-62)(-189,234,264)(179,364,-172)'
                      '(240,-142,-62)(159,234,-260)(-46,168,-260)(159,-213,264)(-189,*,-260)(159,-189,264)'
                      '(179,234,-172)(*,-145,-260)(179,-213,-260)(-189,-213,-62)(*,-213,-260)(240,-213,264)'
                      '(-52,-189,-299)(-71,*,-172)(-71,-213,-62)(-46,-142,-172)(159,-145,-62)(-189,-189,-299)'
                      '(159,*,164)')

ARCS4 = [(0, 1), (0, 2), (1, 2), (1, 3), (2, 3)]

CASES = {
    'intension_div.xml': count([R(0, 3)] * 3, lambda a, b, c: b != 0 and tdiv(a, b) == c),
    'intension_div_neg.xml': count([R(-1, 2)] * 3, lambda a, b, c: b != 0 and tdiv(a - 2, b) == c - 1),
    'intension_mod_neg.xml': count([R(-1, 2)] * 3, lambda a, b, c: b != 0 and tmod(a - 2, b) == c - 1),
    'intension_pow.xml': count([R(0, 3)] * 3, lambda a, b, c: pw(a, b) == c),
    # rel(A, B) over auxiliary variables shared by subexpression (xcsp_shared.c)
    'intension_shared.xml': count([R(0, 13)] * 4, lambda a, b, c, d:
                                  abs(a - b) != abs(c - d) and abs(a - b) != tmod(a * d + b * c, 13)
                                  and tmod(d * a + c * b, 13) != abs(d - c) and a != 0 and b != 0
                                  and tmod(c, a) < tdiv(d, b) and tmod(d + b, a) >= c),
    'intension_shared_eq.xml': count([R(0, 13)] * 4, lambda a, b, c, d:
                                     a * b + 7 > c * d and a * b + 4 > c * d and c * d - 1 > a * b
                                     and b * d != 0 and max(a, b) == d + c - min(b, c)
                                     and a - c < b * d and c - a < d * b and pw(a, b) != c * d * 13),
    'intension_product.xml': count([R(-30, 30), R(-70, 70), R(-100, 100)], lambda x, y, z: x * y == z),
    'intension_product_bounds.xml': count([R(0, 150), R(-120, 120), list(R(-50, -3)) + [0] + list(R(7, 60))],
                                          lambda u, v, w: w == u * v),
    'nooverlap_1d.xml': count([R(0, 4)] * 3, lambda a, b, c: no_overlap([[a], [b], [c]], [[2], [1], [2]])),
    'nooverlap_2d.xml': count([R(0, 1)] * 4, lambda x0, x1, y0, y1:
                              no_overlap([[x0, y0], [x1, y1]], [[1, 2], [1, 1]])),
    'nooverlap_variable_lengths.xml': count([R(0, 3)] * 2 + [R(0, 2)] * 2, lambda a, b, l0, l1:
                                            no_overlap([[a], [b]], [[l0], [l1]], False)),
    'nvalues_plain.xml': count([R(0, 2)] * 4, lambda *t: len(set(t)) == 2),
    'sum_notin_set.xml': count([R(0, 2)] * 3, lambda *t: sum(t) not in (0, 2, 4, 6)),
    'channel_two_lists.xml': count([R(0, 2)] * 3 + [R(1, 3)] * 3, lambda *t:
                                   all(0 <= t[3 + i] - 1 < 3 and t[t[3 + i] - 1] == i for i in range(3))),
    'channel_value.xml': count([R(0, 1)] * 3 + [R(0, 3)], lambda a, b, c, v:
                               sum([a, b, c]) == 1 and all((x == 1) == (v == i) for i, x in enumerate([a, b, c]))),
    'element_value.xml': count([R(0, 2)] * 3 + [R(1, 3), R(0, 2)], lambda a, b, c, i, v: [a, b, c][i - 1] == v),
    'maximum_index.xml': count([R(0, 2)] * 4, max_first),
    'ordered_case.xml': count([R(0, 2)] * 3, lambda a, b, c: a >= b >= c),
    'regular_nfa_wide.xml': count([[-2, 0, 7, 70, 100]] * 5, lambda *t: accepts(NFA, 'a', ['c'], t)),
    'circuit_holes.xml': count([[0, 1, 3], [0, 2, 4], [1, 2, 3], [0, 3, 4], [1, 2, 4]], lambda *t: circuit(t)),
    'circuit_start_size_var.xml': count([R(1, 5)] * 5 + [[2, 3, 5]], lambda *t: circuit(t[:5], 1, t[5])),
    'cumulative_ends_variables.xml': count([R(0, 2)] * 3 + [R(1, 2)] * 3 + [R(1, 4)] * 3 + [R(1, 2)] * 3,
                                           lambda *t: cumulative(t[0:3], t[3:6], t[9:12], 2, t[6:9])),
    'cumulative_capacity_variable.xml': count([R(0, 3)] * 3 + [R(1, 4)], lambda *t:
                                              cumulative(t[0:3], [2, 1, 3], [1, 2, 2], t[3])),
    'nooverlap_1d_zero_not_ignored.xml': count([R(0, 4)] * 4, lambda *t:
                                               no_overlap([[a] for a in t], [[2], [0], [1], [2]], False)),
    'nooverlap_2d_variable_lengths.xml': count([R(0, 2)] * 3 + [R(0, 1)] * 3 + [R(0, 2)] * 3 + [R(1, 2)] * 3,
                                               lambda *t: no_overlap([[t[i], t[3 + i]] for i in range(3)],
                                                                     [[t[6 + i], t[9 + i]] for i in range(3)])),
    'sum_notin_interval.xml': count([R(-2, 2)] * 3, lambda a, b, c: not -3 <= 3 * a + b - 2 * c <= 4),
    'nvalues_notin.xml': count([R(0, 4)] * 4, lambda *t: not 1 <= len(set(t) - {0, 4}) <= 2),
    'cardinality_closed_mixed.xml': count([R(0, 4)] * 5, lambda *t:
                                          all(x in (1, 3, 4) for x in t[:4]) and t[:4].count(1) == t[4]
                                          and 1 <= t[:4].count(3) <= 3 and t[:4].count(4) == 1),
    'alldiff_except_repeated.xml': count([R(0, 3)] * 3, lambda a, b, c: all_diff_except([a, b, c, a], {1, 2})),
    'sum_coeffs_mixed.xml': count([R(-2, 2)] * 3 + [R(-2, 1)] * 2, lambda a, b, c, k0, k1:
                                  k0 * a + 3 * b + k1 * c >= -1),
    'element_no_index_condition.xml': count([R(-1, 3)] * 3, lambda *t: any(v > 2 for v in (t[0], 1, t[1], t[2]))),
    'element_no_index_notin.xml': count([R(0, 3)] * 4, lambda a, b, c, d:
                                        any(v not in (0, 2, 3) for v in (a, b, c, a, d))),
    'element_no_index_true.xml': count([R(0, 3)] * 2, lambda a, b: any(4 <= v <= 6 for v in (a, 5, b))),
    'cardinality_expressions.xml': count([R(0, 3)] * 4 + [R(0, 4)], lambda a, b, c, d, o:
                                         [a + 1, b, 2 * c, d - a].count(1) == o
                                         and 1 <= [a + 1, b, 2 * c, d - a].count(2) <= 2),
    'cardinality_expressions_closed.xml': count([R(-1, 2)] * 4, lambda a, b, c, d:
                                                all(v in (0, 1, 2) for v in [abs(a), b, abs(c - d), c])
                                                and [abs(a), b, abs(c - d), c].count(0) == 1
                                                and 1 <= [abs(a), b, abs(c - d), c].count(1) <= 2
                                                and [abs(a), b, abs(c - d), c].count(2) == d),
    'alldiff_except_extreme.xml': count([[-M, 0, M]] * 4, lambda *t: all_diff_except(t, {M})),
    'cumulative_extreme.xml': count([R(M - 7, M - 1)] * 3 + [[1, M]] * 3, lambda *t:
                                    cumulative(t[0:3], [4, 3, 5], t[3:6], M)),
    'nooverlap_extreme.xml': count([R(M - 9, M - 1)] * 3, lambda *t: no_overlap([[a] for a in t], [[3], [5], [2]])),
    'nooverlap_extreme_var.xml': count([R(M - 7, M - 1)] * 2 + [[M - 7, M - 1]] * 2 + [R(-M, -M + 4)] * 2,
                                       lambda x0, x1, l0, l1, y0, y1:
                                       no_overlap([[x0, y0], [x1, y1]], [[l0, 2], [l1, 3]])),
    'ordered_lengths_extreme.xml': count([R(M - 7, M)] * 3 + [[-M, 0, 2, M]] * 2, lambda a, b, c, l0, l1:
                                         a + l0 <= b and b + l1 <= c),
    'sum_coeffs_var_extreme.xml': count([[-65537, 0, 65536, 65537]] * 2 + [[-65536, 0, 1, 65536]] * 2,
                                        lambda a, b, k0, k1: a * k0 + b * k1 <= -1),
    'maximum_index_any.xml': count([R(0, 3)] * 4 + [R(0, 5), R(1, 3)], lambda a, b, c, d, i, y:
                                   max(a, b, c, d) == y and i < 4 and [a, b, c, d][i] == y),
    'minimum_index_start.xml': count([R(-1, 2)] * 3 + [R(0, 4)], lambda a, b, c, i:
                                     1 <= i <= 3 and [a, b + 1, c][i - 1] == min(a, b + 1, c) <= 0),
    'minimum_index_in_list.xml': count([R(0, 3)] * 4, lambda *x: min(x) == x[2] and x[x[1]] == min(x)),
    'element_member_constants.xml': count([R(-1, 2)] * 3 + [R(-2, 4)], lambda a, b, c, y: y in (a, 4, b, a, c)),
    'element_member_self.xml': count([R(0, 2)] * 3, lambda a, b, c: c in (a, b)),
    'element_member_wide.xml': count([[-70000, 0, 1, 2, 3, 70000]] * 2 + [R(-70001, 70001)],
                                     lambda a, b, y: y in (a, b)),
    'extension_wide_conflicts.xml': count([[-189, -71, -46, 159, 179, 240], [-213, -189, -145, -142, 168, 234],
                                           [-299, -260, -172, -62, 264]],
                                          lambda *t: none_matches(WIDE_CONFLICTS, t)),
    'array_partial_domains.xml': count([R(0, 2)] * 3 + [[1, 3]], lambda *t: len(set(t)) == 4),
    # over every variable, the free ones too: EXPECTED's K x F
    'free_array.xml': count([R(0, 2)] * 3 + [R(0, 4)] * 4 + [[1, 3, 7], R(0, 3)],
                            lambda x0, x1, x2, u0, u1, u2, u3, w, y:
                            len({x0, x1, x2}) == 3 and x0 < y and u2 != y),
    'free_all.xml': count([[0, 1]] * 4 + [R(-3, -1)], lambda *t: True),
    # clauses: a literal x is x = 1, not(x) is x = 0
    'clause.xml': count([[0, 1]] * 5 + [[0]], lambda b0, b1, b2, b3, c, z:
                        (b0 or not b1 or c) and (not b0 or not c or b3) and (b2 or not b2)
                        and (z or b1) and (b0 or b1 or b2 or b3 or not z)),
    'clause_group.xml': count([[0, 1]] * 5, lambda *x:
                              all(not x[a] or x[b] or not x[c]
                                  for a, b, c in ((0, 1, 2), (1, 2, 3), (2, 3, 4), (4, 0, 4)))
                              and (x[0] or x[2] or x[4])),
    # as=: v2 as v1, y as x (cell by cell, the hole x[1][0] too), z as v2, d as c (symbolic)
    'var_as.xml': count([[2, 5, 8]] * 2 + [[0, 1]] * 2 + [R(5, 7)] + [[0, 1]] * 2 + [R(5, 7)]
                        + [[2, 5, 8]] * 3 + [['red', 'green']] * 2,
                        lambda v1, v2, x00, x01, x11, y00, y01, y11, z0, z1, z2, c, d:
                        v1 < v2 and x00 != x01 and y00 != y01 and x11 < y11
                        and z0 + z1 + z2 == 15 and c != d),
    # as= with an array of one domain: q as w, s as w, u as s
    'array_as_var.xml': count([R(-1, 1)] * 12, lambda w0, w1, w2, w3, q00, q01, q10, q11, s, u0, u1, u2:
                              w0 + w1 + w2 + w3 == s and len({q00, q01, u0}) == 3
                              and q10 + q11 <= u1 * u2),
    'element_rank_first.xml': count([R(-1, 2)] * 4 + [R(1, 5)], lambda a, b, c, d, i:
                                    (lambda l: l[i - 1] >= 1 and all(v < 1 for v in l[:i - 1]))([a, 1, b, c, d])),
    'element_rank_last.xml': count([R(0, 2)] * 4 + [R(0, 4), R(1, 3)], lambda a, b, c, d, i, y:
                                   i < 4 and (lambda l: l[i] == y and y not in l[i + 1:])([a, b, c, d])),
    'minimum_index_last.xml': count([R(-1, 2)] * 4 + [R(0, 4)], lambda a, b, c, d, i:
                                    (lambda l: 1 <= i <= 4 and l[i - 1] == min(l) <= 0 and min(l) not in l[i:])(
                                        [a, b, c + 1, d])),
    'element_no_index_below.xml': count([R(-1, 2)] * 3 + [R(-2, 2)], lambda a, b, c, y:
                                        any(t < y for t in (a, 1, b, c, a))),
    'element_no_index_above.xml': count([R(-1, 2)] * 3 + [R(-2, 2)], lambda a, b, c, y:
                                        any(t >= y for t in (a, 1, b, c, a))),
    'sum_in_group_integer.xml': count([R(0, 3)] * 4, lambda a, b, c, d: a + b in R(3, 3) and c + d in R(2, 2)),
    'sum_notin_group_integer.xml': count([R(0, 3)] * 4,
                                         lambda a, b, c, d: a + b not in R(3, 3) and c + d not in R(2, 2)),
    # binPacking: the condition on every value of the list's domains (a bin no item takes: load 0);
    # <limits>/<loads>: bins 0..m-1, an item elsewhere violates it
    'binpacking.xml': count([R(0, 2)] * 5, lambda *x: bin_packing(x, [3, 2, 2, 1, 4], R(0, 2),
                                                                  lambda b, w: w <= 5)),
    'binpacking_ge_holes.xml': count([[0, 3], [0, 1, 3], [1, 3], [0, 1], [0, 1, 3]], lambda *x:
                                     bin_packing(x, [1, 2, 0, 3, 1], [0, 1, 3], lambda b, w: w >= 2)),
    'binpacking_condition_var.xml': count([R(1, 3)] * 5 + [R(2, 6)], lambda *t:
                                          bin_packing(t[:5], [2, 2, 4, 1, 3], R(1, 3), lambda b, w: w == t[5])),
    'binpacking_ne.xml': count([R(0, 2)] * 4, lambda *x: bin_packing(x, [2, 1, 1, 3], R(0, 2),
                                                                     lambda b, w: w not in (2, 3))),
    'binpacking_limits.xml': count([R(-1, 3)] * 5, lambda *x: bin_packing(x, [3, 2, 2, 1, 4], R(0, 2),
                                                                          lambda b, w: w <= [4, 3, 6][b])),
    'binpacking_limits_vars.xml': count([R(0, 2)] * 4 + [R(2, 5)] * 2, lambda *t:
                                        bin_packing(t[:4], [3, 2, 2, 1], R(0, 2),
                                                    lambda b, w: w <= [t[4], 4, t[5]][b])),
    'binpacking_loads.xml': count([R(0, 2)] * 5 + [R(0, 8)] * 3, lambda *t:
                                  bin_packing(t[:5], [3, 2, 2, 1, 4], R(0, 2), lambda b, w: w == t[5 + b])),
    'binpacking_loads_mixed.xml': count([R(0, 3)] * 5 + [R(0, 7)], lambda *t:
                                        bin_packing(t[:5], [3, 2, 2, 1, 4], R(0, 2),
                                                    lambda b, w: w == [4, t[5], 5][b])),
    'binpacking_group.xml': count([R(0, 1)] * 6, lambda *x:
                                  bin_packing(x[0:3], [2, 1, 2], R(0, 1), lambda b, w: w <= 3)
                                  and bin_packing(x[3:6], [2, 1, 2], R(0, 1), lambda b, w: w <= 3)
                                  and bin_packing([x[0], x[3], x[2], x[5]], [1, 1, 2, 2], R(0, 1),
                                                  lambda b, w: w <= 3)),
    # <conditions>: bins start..start+m-1, the j-th condition on bin start+j's load; an item
    # elsewhere violates it (as with <limits>/<loads>)
    'binpacking_conditions.xml': count([R(0, 4)] * 6, lambda *x: bin_packing(x, [3, 2, 2, 1, 4, 1], R(0, 3),
                                       lambda b, w: [w <= 5, w >= 3, w < 4, w > 0][b])),
    'binpacking_conditions_eq_ne.xml': count([R(0, 2)] * 6, lambda *x: bin_packing(x, [3, 2, 2, 1, 4, 1], R(0, 2),
                                             lambda b, w: [w == 4, w != 3, w != 0][b])),
    'binpacking_conditions_vars.xml': count([R(0, 3)] * 5 + [R(0, 6), R(1, 5)], lambda *t:
                                            bin_packing(t[:5], [3, 2, 2, 1, 2], R(0, 3), lambda b, w:
                                                        [w < t[5], w >= t[6], w > t[1], w != t[5]][b])
                                            and bin_packing([t[0], t[2], t[3]], [1, 2, 2], R(0, 3), lambda b, w:
                                                            [w <= t[6], w == t[5], w == t[4], w <= t[0]][b])),
    'binpacking_conditions_sets.xml': count([R(0, 3)] * 6, lambda *x:
                                            bin_packing(x, [3, 2, 2, 1, 4, 1], R(0, 3), lambda b, w:
                                                        [2 <= w <= 5, w not in (1, 3, 4), w in (0, 5, 2),
                                                         not 1 <= w <= 2][b])
                                            and bin_packing(x[:3], [2, 1, 3], R(0, 3), lambda b, w:
                                                            [w == 3, w != 2, True, 0 <= w <= 1][b])),
    'binpacking_conditions_start.xml': count([R(-2, 2)] * 5 + [R(3, 7)] * 4, lambda *t:
                                             bin_packing(t[:5], [3, 2, 2, 1, 4], R(-1, 1), lambda b, w:
                                                         [w <= 6, w >= 3, w != 5][b + 1])
                                             and bin_packing(t[5:], [1, 2, 3, 4], R(4, 6), lambda b, w:
                                                             [w <= 5, w > 1, 0 <= w <= 4][b - 4])),
    'binpacking_conditions_group.xml': count([R(0, 2)] * 8 + [R(1, 4)], lambda *t:
                                             bin_packing(t[0:4], [2, 1, 2, 1], R(0, 2), lambda b, w:
                                                         [w <= 3, w in (1, 2, 4), w not in (0, 2)][b])
                                             and bin_packing(t[4:8], [2, 1, 2, 1], R(0, 2), lambda b, w:
                                                             [w <= t[8], 2 <= w <= 3, w not in (0, 2)][b])),
    # flow: nodes min..min+|balance|-1 of the arcs, out minus in = balance; cost = sum w * f
    'flow.xml': count([R(0, 3)] * 5, lambda *f: flow_ok(f, [3, 0, 0, -3], ARCS4)),
    'flow_cost.xml': count([R(0, 3)] * 5, lambda *f: flow_ok(f, [3, 0, 0, -3], ARCS4)
                           and sum(w * x for w, x in zip([1, 3, 1, 2, 1], f)) <= 9),
    'flow_cost_var.xml': count([R(0, 2)] * 5 + [R(4, 10)], lambda *t: flow_ok(t[:5], [2, 0, 0, -2], ARCS4)
                               and sum(w * x for w, x in zip([1, 3, -1, 2, 1], t[:5])) == t[5]),
    'flow_circulation.xml': count([R(0, 3)] * 5, lambda *f:
                                  flow_ok(f, [0, 1, -1], [(1, 2), (1, 2), (2, 3), (3, 1), (2, 2)], 1)),
    'flow_cost_set.xml': count([R(0, 3)] * 4, lambda *f:
                               flow_ok(f, [-2, 2, 0], [(1, 0), (1, 2), (2, 0), (2, 1)])
                               and sum(w * x for w, x in zip([2, 1, 1, 1], f)) in (4, 6)),
    # precedence: the first occurrences of the chain's values in order
    'precedence_values.xml': count([R(0, 3)] * 5, lambda *x: precede(list(x), [0, 1, 2])),
    'precedence_covered.xml': count([R(0, 3)] + [[1, 3, 5]] + [R(0, 3)] * 4,
                                    lambda *t: precede(list(t), [3, 1, 0], True)),
    'precedence_plain.xml': count([R(0, 2)] * 4 + [[0, 4]],
                                  lambda a, b, c, d, y: precede([a, b, y, c, d], [0, 1, 2, 4])),
    'precedence_group.xml': count([R(0, 2)] * 7, lambda a0, a1, a2, a3, b0, b1, b2:
                                  precede([a0, a1, a2, a3], [0, 1, 2]) and precede([b0, b1, b2, a3], [0, 1, 2])),
    # minimumArg / maximumArg: the condition on a position of an extreme term (by rank)
    'maximumArg_first.xml': count([R(0, 2)] * 4 + [R(0, 4)], lambda *t: arg(list(t[:4]), 1, 'first', lambda p: p == t[4])),
    'minimumArg_last.xml': count([R(-1, 2)] * 4, lambda a, b, c, d: arg([a, b + 1, c, d], 0, 'last', lambda p: p >= 2)),
    'maximumArg_any.xml': count([R(0, 3)] * 4, lambda *x: arg(list(x), 1, 'any', lambda p: p in (0, 3))),
    'minimumArg_any_var.xml': count([R(0, 2)] * 4 + [R(0, 3)], lambda a, b, c, d, y:
                                    arg([a, b, c, d], 0, 'any', lambda p: p < y)
                                    and arg([c, b, a], 1, 'any', lambda p: p == y)),
    'knapsack.xml': count([R(0, 2)] * 4, lambda a, b, c, d: 3 * a + 2 * b + 4 * c + d <= 6
                          and 2 * a + 3 * b + c + 4 * d >= 7),
    'knapsack_var.xml': count([R(0, 2)] * 4 + [R(2, 9)], lambda a, b, c, d, w:
                              3 * a + 2 * b + 4 * c + d == w and 2 * a - 3 * b + c + 4 * d in (0, 4, 6, 9)
                              and 1 <= a + c <= 3 and a + 2 * c != w),
    # sums over or(...) / and(...) of one-variable literals (xcsp_lits.c's reification; ACE agrees)
    'sum_or_eq.xml': count([R(0, 3)] * 4 + [R(0, 1)], lambda x0, x1, x2, x3, b:
                           sum(k * int(t) for k, t in zip([1, 2, 1, 3, 1], [
                               x0 == 1 or x1 == 1, x2 in (0, 3) or x3 < 1, x0 != 2 and x3 >= 2,
                               b != 0 or x0 == 2, x3 <= 3 or x1 == 0])) in (3, 5, 6)
                           and int(x0 == x1 or x2 == 2) + int(x1 == 3 or x3 == 3 or x2 == 1)
                           + int(x0 == 0 and x1 > 0) <= 1),
    'sum_or_eq_group.xml': count([R(0, 3)] * 5, lambda *sb:
                                 all(int(j in (sb[0], sb[2], sb[4])) + int(sb[1] == j) + int(sb[3] == j) <= 1
                                     for j in range(4))),
    # sets {...} as arguments of (in,%k) / (notin,%k) in groups
    'group_set_args.xml': count([R(0, 3)] * 6, lambda *x: x[0] + x[1] in (1, 3) and x[2] + x[3] in (0, 4, 6)
                                and x[4] + x[5] == 5 and [x[0], x[2], x[4]].count(0) not in (0, 3)),
}

for name, n in CASES.items():
    print(f'{name}\t{n}')
