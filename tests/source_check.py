"""source_check.py - the command line shared by the checks of the source
tree (layers.py, registries.py): NAME [--self-test] ROOT.

run(argv, name, check, self_test): with --self-test, self_test() first
(nonzero: it printed why, exit 1); then check(ROOT), a list of findings,
each printed as a line (file:line first), and "NAME: N finding(s)".
Returns the exit status: 0 none, 1 a finding or a failed self-test, 2 bad
usage.
"""
import sys


def run(argv, name, check, self_test):
    args = [a for a in argv[1:] if a != '--self-test']
    if len(args) != 1:
        print(f'usage: {name}.py [--self-test] ROOT', file=sys.stderr)
        return 2
    if '--self-test' in argv and self_test():
        return 1
    found = check(args[0])
    for line in found:
        print(line)
    print(f'{name}: {len(found)} finding(s)')
    return 1 if found else 0
