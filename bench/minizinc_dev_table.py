#!/usr/bin/env python3
"""minizinc_dev_table.py RESULTS.csv PAIRS.csv - the side-by-side table of
bench/minizinc_dev.sh: one row per (model, data) pair with each strategy's
answer and CPU seconds, then per strategy the pairs answered (a solution or
unsat; an optimisation's unproven best is `solved` or `timeout` with its
objective), proven (an optimum, unsat, or a satisfaction problem's solution)
and wrong, the pairs where two proofs disagree, and the geometric mean of
the CPU-time ratio of each strategy over the first one on the pairs both
prove.  Markdown on standard output."""
import csv
import math
import os
import re
import sys

res, pairs = sys.argv[1], sys.argv[2]
names = {}
for r in csv.DictReader(open(pairs)):
    stem = lambda p: os.path.splitext(os.path.basename(p))[0]
    names[stem(r['model']) + ('-' + stem(r['data_file']) if r['data_file'] else '')] = \
        (r['problem'], os.path.basename(r['model']) + ' ' +
         r['data_file'].split(r['problem'] + '/', 1)[-1])
rows = list(csv.DictReader(open(res)))
strategies = []
for r in rows:
    if r['strategy'] not in strategies:
        strategies.append(r['strategy'])
by = {}
for r in rows:
    key = re.sub(r'-[0-9a-f]{8}\.fzn$', '', os.path.basename(r['instance']))
    by.setdefault(key, {})[r['strategy']] = r


def answer(r):
    st, obj = r['status'], r.get('objective', '')
    if st in ('optimal', 'solved', 'timeout') and obj:
        return f'{st} {obj}'
    return st


def proven(r):
    return r['status'] in ('optimal', 'unsat') or (r['status'] == 'solved' and not r.get('objective'))


def answered(r):
    return r['status'] in ('optimal', 'unsat', 'solved') or (r['status'] == 'timeout' and
                                                             r.get('objective'))


# ours first (a strategy of searchlab has labels; a solver file none),
# shown as `searchlab` with its spec below the table
strategies.sort(key=lambda s: not any(r['strategy'] == s and r.get('queue') for r in rows))
short = {s: ('searchlab' if any(r['strategy'] == s and r.get('queue') for r in rows) else s)
         for s in strategies}
print('| problem | model, data | ' + ' | '.join(short[s] for s in strategies) + ' | ' +
      ' | '.join(f'{short[s]} CPU s' for s in strategies) + ' |')
print('| --- | --- | ' + ' | '.join('---' for _ in range(2 * len(strategies))) + ' |')
ratios = {s: [] for s in strategies[1:]}
disagree = []
for key in sorted(by, key=lambda k: names.get(k, (k, ''))):
    got = by[key]
    prob, data = names.get(key, (key, ''))
    cells = [answer(got[s]) if s in got else '-' for s in strategies]
    cpus = [f"{float(got[s]['cpu_s']):.2f}" if s in got else '-' for s in strategies]
    print(f'| {prob} | {data} | ' + ' | '.join(cells) + ' | ' + ' | '.join(cpus) + ' |')
    base = got.get(strategies[0])
    for s in strategies[1:]:
        o = got.get(s)
        if base and o and proven(base) and proven(o):
            ratios[s].append(float(o['cpu_s']) / max(float(base['cpu_s']), 1e-3))
            if base['status'] != o['status'] or (base['status'] == 'optimal' and
                                                  base['objective'] != o['objective']):
                disagree.append(f'{prob} {data}: {short[strategies[0]]} {answer(base)}, '
                                f'{short[s]} {answer(o)}')
print()
print('| strategy | pairs | answered | proven | wrong |')
print('| --- | --- | --- | --- | --- |')
for s in strategies:
    rs = [g[s] for g in by.values() if s in g]
    print(f'| {short[s]} | {len(rs)} | {sum(1 for r in rs if answered(r))} | '
          f'{sum(1 for r in rs if proven(r))} | {sum(1 for r in rs if r["status"] == "wrong")} |')
print()
for s, rs in ratios.items():
    if rs:
        g = math.exp(sum(math.log(x) for x in rs) / len(rs))
        print(f'Geometric mean of CPU time {short[s]} / {short[strategies[0]]} on the {len(rs)} '
              f'pairs both prove: {g:.2f} (above 1: {short[strategies[0]]} is faster).')
print()
print('Proofs that disagree: ' + ('; '.join(disagree) if disagree else 'none') + '.')
for s in strategies:
    if short[s] != s:
        print(f'\n`searchlab` is the strategy `{s}`.')
