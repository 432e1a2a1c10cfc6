#!/usr/bin/env python3
"""registries.py - every global constraint and every XCSP3 constraint
element defined in src/ is on its registry's list.

The CMake lists of src/csp and src/xcsp are globbed, so a new global is its
file plus one line of CSP_GLOBALS (src/csp/globals.c), and a new XCSP3
element its xcsp_c_*.c plus one line of XCSP_FAMILY_LIST
(src/xcsp/xcsp_registry.c).  A line named but not defined fails to link; a
definition whose line was forgotten would compile and never be used, so it
is checked here: each `const csp_global csp_global_NAME` of src/csp must be
X(NAME) of CSP_GLOBALS, each `const xcsp_family xcsp_c_NAME` X(NAME) of
XCSP_FAMILY_LIST.  Usage: registries.py [--self-test] ROOT; exit 1 on a
finding (printed as file:line).
"""
import os
import re
import sys
import tempfile

import source_check  # the command line, shared with the other check

CHECKS = [  # folder, definition, the file of the list, the list's macro
    ('src/csp', r'^const csp_global csp_global_(\w+)', 'src/csp/globals.c', 'CSP_GLOBALS'),
    ('src/xcsp', r'^const xcsp_family xcsp_c_(\w+)', 'src/xcsp/xcsp_registry.c',
     'XCSP_FAMILY_LIST'),
]


def listed(path, macro):
    text = open(path, encoding='utf-8').read()
    m = re.search(r'#define ' + macro + r'\(X\)((?:[^\n]*\\\n)*[^\n]*)', text)
    return set(re.findall(r'X\((\w+)\)', m.group(1))) if m else set()


def check(root):
    found = []
    for folder, definition, list_file, macro in CHECKS:
        names = listed(os.path.join(root, list_file), macro)
        if not names:
            found.append(f'{list_file}: no {macro}(X) list found')
            continue
        d = os.path.join(root, folder)
        for fn in sorted(os.listdir(d)):
            if not fn.endswith('.c'):
                continue
            for n, line in enumerate(open(os.path.join(d, fn), encoding='utf-8'), 1):
                m = re.match(definition, line)
                if m and m.group(1) not in names:
                    found.append(f'{folder}/{fn}:{n}: {m.group(0)[6:]} is not on {macro} '
                                 f'({list_file}): add the line X({m.group(1)})')
    return found


def self_test():
    with tempfile.TemporaryDirectory() as t:
        for folder, definition, list_file, macro in CHECKS:
            os.makedirs(os.path.join(t, folder), exist_ok=True)
            with open(os.path.join(t, list_file), 'w') as f:
                f.write(f'#define {macro}(X) \\\n    X(one) \\\n    X(two)\n')
            kind = definition.split()[1]
            prefix = definition.split()[2].split('(')[0]
            with open(os.path.join(t, folder, 'new.c'), 'w') as f:
                f.write(f'const {kind} {prefix}one = {{0}};\nconst {kind} {prefix}three = {{0}};\n')
        found = check(t)
        if len(found) != 2 or not all('three' in x for x in found):
            print('registries.py --self-test: expected the two unlisted definitions, found:\n' +
                  '\n'.join(found))
            return 1
    return 0


if __name__ == '__main__':
    sys.exit(source_check.run(sys.argv, 'registries', check, self_test))
