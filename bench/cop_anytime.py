#!/usr/bin/env python3
"""cop_anytime.py [--limit S] [--spec SPEC]... [--seed N] [--out FILE.tsv] FILE.xml... -
searchlab's anytime quality on XCSP3 COPs, per strategy spec: for every (instance, spec)
one `searchlab solve xcsp FILE --json --timeout S` (spec "default": the xcsp puzzle's
default strategy), one run after the other; the TSV row gives the CPU second of the first
solution, the best value at 1 s, 10 s and S s of CPU (the JSON's anytime pairs, CPU seconds
since the command began), the status (optimal: the optimum proven), the process's CPU
(user + system of the child) and the search's nodes.  Every solution is verified inside
searchlab (an 'internal error' exit is reported as status `WRONG`).  Compare CPU, never
wall: the machine may be shared.  A summary per spec goes to standard error: proven,
with a solution, and per instance the best value at S.
  bench/cop_anytime.py --limit 10 --spec default --spec default,phase=on \\
      instances/xcsp/dev/cop/*.xml > results/cop_anytime.tsv
A spec that starts with "default," is the default strategy with the keys after it
(each passed as --KEY VALUE).
  bench/cop_anytime.py --table BEFORE.tsv AFTER.tsv [answers.tsv]
prints a Markdown table of two such files side by side (one spec each), per instance: the
first solution's CPU, the best at 10 s and at the limit, the proof's CPU, nodes, and the best
known value (the dev set's answers.tsv, ACE's).  Where an optimum is proven in both files
the values must agree, and equal ACE's where ACE proved it (a line says so, or names the
disagreement)."""
import json
import os
import resource
import subprocess
import sys

BIN = os.environ.get('SEARCHLAB', 'build/release/searchlab')


def best_at(anytime, t):
    v = None
    for s, o in anytime:
        if s <= t:
            v = o
    return v


def run(path, spec, limit, seed):
    cmd = [BIN, 'solve', 'xcsp', path, '--json', '--timeout', str(limit), '--seed', str(seed)]
    if spec != 'default':
        if spec.startswith('default,'):
            for kv in spec[len('default,'):].split(','):
                k, v = kv.split('=', 1)
                cmd += ['--' + k, v]
        else:
            cmd += ['--strategy', spec]
    def cap():  # a CPU limit past --timeout's, should the search not stop
        resource.setrlimit(resource.RLIMIT_CPU, (limit + 5, limit + 6))
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=cap)
    out, err = p.communicate()
    return out, err, p.returncode


def read_tsv(path):
    rows = {}
    with open(path) as f:
        head = f.readline().rstrip('\n').split('\t')
        for line in f:
            r = dict(zip(head, line.rstrip('\n').split('\t')))
            rows[r['instance']] = r
    return rows


def table(before, after, answers):
    b, a = read_tsv(before), read_tsv(after)
    known = {}
    if answers:
        for line in open(answers):
            f = line.rstrip('\n').split('\t')
            if len(f) >= 6 and f[0] == 'cop':
                known[f[1]] = (f[4], f[5] == 'complete')

    def cell(r, k):
        return r[k] if r else 'not run'

    def proof(r):
        return '%s s' % r['cpu_s'] if r and r['status'] == 'optimal' else '-'
    print('| instance | best known (ACE) | first solution CPU s: before / after | '
          'best at 10 s: before / after | best at the limit: before / after | '
          'proof CPU s: before / after | nodes: before / after |')
    print('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
    bad = []
    for name in sorted(set(b) | set(a)):
        rb, ra = b.get(name), a.get(name)
        kv = known.get(name)
        kcell = ('%s%s' % (kv[0], '' if kv[1] else ' (not proven)')) if kv and kv[0] else '-'
        print('| %s | %s | %s / %s | %s / %s | %s / %s | %s / %s | %s / %s |' % (
            name, kcell, cell(rb, 'first_cpu_s'), cell(ra, 'first_cpu_s'),
            cell(rb, 'best_10s'), cell(ra, 'best_10s'), cell(rb, 'best_end'), cell(ra, 'best_end'),
            proof(rb), proof(ra), cell(rb, 'nodes'), cell(ra, 'nodes')))
        for r in (rb, ra):
            if r and r['status'] == 'WRONG':
                bad.append('%s: a solution the verifier rejected' % name)
            if r and r['status'] == 'optimal' and kv and kv[1] and r['best_end'] != kv[0]:
                bad.append('%s: proven %s, ACE proved %s' % (name, r['best_end'], kv[0]))
        if rb and ra and rb['status'] == ra['status'] == 'optimal' and rb['best_end'] != ra['best_end']:
            bad.append('%s: proven %s before, %s after' % (name, rb['best_end'], ra['best_end']))
    print()
    for s_, rows in (('before', b), ('after', a)):
        print('%s: proven %d, with a solution %d, of %d.' % (
            s_, sum(r['status'] == 'optimal' for r in rows.values()),
            sum(r['first_cpu_s'] != '-' for r in rows.values()), len(rows)))
    print('Disagreements: %s.' % ('; '.join(bad) if bad else 'none (every proven optimum equals '
                                  'the other run\'s and ACE\'s proven one; no solution rejected)'))


def main():
    args = sys.argv[1:]
    if args and args[0] == '--table':
        table(args[1], args[2], args[3] if len(args) > 3 else None)
        return
    limit, specs, seed, files = 10, [], 1, []
    while args:
        a = args.pop(0)
        if a == '--limit':
            limit = int(args.pop(0))
        elif a == '--spec':
            specs.append(args.pop(0))
        elif a == '--seed':
            seed = int(args.pop(0))
        else:
            files.append(a)
    specs = specs or ['default']
    print('\t'.join(['instance', 'spec', 'first_cpu_s', 'best_1s', 'best_10s', 'best_end',
                     'status', 'cpu_s', 'nodes', 'solutions']), flush=True)
    summary = {s: [0, 0] for s in specs}
    for f in files:
        name = os.path.splitext(os.path.basename(f))[0]
        for spec in specs:
            r0 = os.times()
            out, err, rc = run(f, spec, limit, seed)
            r1 = os.times()
            cpu = (r1.children_user - r0.children_user) + (r1.children_system - r0.children_system)
            try:
                d = json.loads(out)
            except ValueError:
                d = {}
            any_ = d.get('anytime') or []
            status = d.get('status', 'none')
            if rc not in (0, 3) or b'internal error' in err:
                status = 'WRONG' if b'internal error' in err else 'error%d' % rc
            st = d.get('stats') or {}
            row = [name, spec, '%.3f' % any_[0][0] if any_ else '-',
                   str(best_at(any_, 1.0) if best_at(any_, 1.0) is not None else '-'),
                   str(best_at(any_, 10.0) if best_at(any_, 10.0) is not None else '-'),
                   str(any_[-1][1]) if any_ else '-', status, '%.2f' % cpu,
                   str(st.get('nodes', '-')), str(d.get('solutions', '-'))]
            print('\t'.join(row), flush=True)
            summary[spec][0] += status == 'optimal'
            summary[spec][1] += bool(any_)
    for s in specs:
        print('%s: proven %d, with a solution %d, of %d' % (s, summary[s][0], summary[s][1],
                                                              len(files)), file=sys.stderr)


main()
