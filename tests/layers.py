#!/usr/bin/env python3
"""layers.py - checks the layer table of docs/DESIGN.md against the code.

The table (the first ``` block of docs/DESIGN.md) gives each folder of src/
the folders it may use ("-> a, b"; "all" for the CLI).  Every `#include "..."`
of src/ is resolved (relative to its file, else to src/) and must stay in
its own folder or go to one its row names: no upward include.  The folders'
CMakeLists.txt link only what their row names.  The graph of the includes
between folders, and between the modules of a folder (x.c with x.h; a
header without a .c is read as part of whatever includes it), must have no
circle.  A folder of src/ without a row fails too.

Usage: layers.py ROOT (the source tree).  With --self-test it first checks
that a made-up tree with an upward include, a circle and a wrong link is
refused.  Prints file:line of each finding; exit 1 when there is one.
"""
import os
import re
import sys
import tempfile

import source_check  # the command line, shared with the other check

INCLUDE = re.compile(r'\s*#\s*include\s*"([^"]+)"')
ROW = re.compile(r'src/(\w+)\s+(\S+)\s+[^>]*?(?:->\s*(.*))?$')
LINK = re.compile(r'target_link_libraries\(\s*(\w+)([^)]*)\)')


def read_table(root):
    text = open(os.path.join(root, 'docs/DESIGN.md'), encoding='utf-8').read()
    block = text.split('```')[1]
    rows, libs = {}, {}
    for n, line in enumerate(block.strip().splitlines(), 1):
        m = ROW.match(line.strip())
        if not m:
            raise SystemExit(f'docs/DESIGN.md: layer table line {n}: cannot read "{line}"')
        deps = re.sub(r'\(.*?\)', '', m.group(3) or '')
        rows[m.group(1)] = {d.strip() for d in deps.split(',') if d.strip()}
        libs[m.group(2)] = m.group(1)
    return rows, libs


def includes(root, folder):
    """(file, line, included folder, included module) of each include of src/folder."""
    src = os.path.join(root, 'src')
    d = os.path.join(src, folder)
    for fn in sorted(os.listdir(d)):
        if not fn.endswith(('.c', '.h')):
            continue
        with open(os.path.join(d, fn), encoding='utf-8', errors='replace') as f:
            for n, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                path = os.path.normpath(os.path.join(d, m.group(1)))
                if not os.path.exists(path):
                    path = os.path.normpath(os.path.join(src, m.group(1)))
                if not os.path.exists(path):
                    continue  # generated in the build folder
                rel = os.path.relpath(path, src).split(os.sep)
                if len(rel) != 2:
                    continue
                yield fn, n, rel[0], rel[0] + '/' + os.path.splitext(rel[1])[0]


def circles(graph):
    """The strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(100000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def check(root):
    rows, libs = read_table(root)
    found = []
    src = os.path.join(root, 'src')
    for folder in sorted(os.listdir(src)):
        if os.path.isdir(os.path.join(src, folder)) and folder not in rows:
            found.append(f'src/{folder}: a folder without a row in the layer table of docs/DESIGN.md')
    folders, modules, has_c = {}, {}, set()
    for folder in rows:
        if not os.path.isdir(os.path.join(src, folder)):
            found.append(f'docs/DESIGN.md: the layer table names src/{folder}, which does not exist')
            continue
        for fn in os.listdir(os.path.join(src, folder)):
            if fn.endswith('.c'):
                has_c.add(folder + '/' + fn[:-2])
        for fn, n, target, module in includes(root, folder):
            here = folder + '/' + os.path.splitext(fn)[0]
            if target != folder:
                folders.setdefault(folder, set()).add(target)
                if 'all' not in rows[folder] and target not in rows[folder]:
                    found.append(f'src/{folder}/{fn}:{n}: includes src/{module}.h, but the layer '
                                 f'table lets src/{folder} use only: {", ".join(sorted(rows[folder])) or "nothing"}')
            elif module != here:
                modules.setdefault(here, set()).add(module)
        cml = os.path.join(src, folder, 'CMakeLists.txt')
        if os.path.exists(cml):
            text = open(cml, encoding='utf-8').read()
            for m in LINK.finditer(text):
                if libs.get(m.group(1)) != folder:
                    continue
                for lib in re.findall(r'\bsearchlab_\w+', m.group(2)):
                    dep = libs.get(lib)
                    if dep and dep != folder and 'all' not in rows[folder] and dep not in rows[folder]:
                        found.append(f'src/{folder}/CMakeLists.txt: {m.group(1)} links {lib}, which '
                                     f'the layer table does not let src/{folder} use')
    for c in circles(folders):
        found.append('a circle between folders: ' + ' -> '.join('src/' + f for f in c))
    # a header without a .c belongs to its includers: its edges are theirs
    graph = {}
    for a, targets in modules.items():
        if a not in has_c:
            continue
        todo, seen = list(targets), set()
        while todo:
            t = todo.pop()
            if t in seen:
                continue
            seen.add(t)
            if t in has_c:
                if t != a:
                    graph.setdefault(a, set()).add(t)
            else:
                todo.extend(modules.get(t, ()))
    for c in circles(graph):
        found.append('a circle between modules: ' + ' -> '.join('src/' + m for m in c))
    return found


def self_test():
    """A made-up tree that breaks each rule once must be refused on each."""
    with tempfile.TemporaryDirectory() as t:
        os.makedirs(os.path.join(t, 'docs'))
        with open(os.path.join(t, 'docs/DESIGN.md'), 'w') as f:
            f.write('x\n```\nsrc/low   searchlab_low   a\nsrc/high  searchlab_high  b  -> low\n```\n')
        files = {
            'low/a.c': '#include "a.h"\n#include "b.h"\n',
            'low/a.h': '#include "../high/h.h"\n',
            'low/b.c': '#include "b.h"\n',
            'low/b.h': '#include "a.h"\n',
            'low/CMakeLists.txt': 'target_link_libraries(searchlab_low PUBLIC searchlab_high)\n',
            'high/h.c': '#include "h.h"\n#include "../low/a.h"\n',
            'high/h.h': '',
            'stray/s.c': '',
        }
        for name, body in files.items():
            os.makedirs(os.path.dirname(os.path.join(t, 'src', name)), exist_ok=True)
            with open(os.path.join(t, 'src', name), 'w') as f:
                f.write(body)
        found = '\n'.join(check(t))
        want = ['src/low/a.h:1: includes src/high/h.h', 'links searchlab_high',
                'a circle between folders', 'a circle between modules: src/low/a -> src/low/b',
                'src/stray: a folder without a row']
        missing = [w for w in want if w not in found]
        if missing:
            print('layers.py --self-test: not refused: ' + '; '.join(missing) + '\n' + found)
            return 1
    return 0


if __name__ == '__main__':
    sys.exit(source_check.run(sys.argv, 'layers', check, self_test))
