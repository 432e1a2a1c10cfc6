#!/usr/bin/env python3
"""readme_commands.py - the command lines of the ```sh blocks of a
Markdown file, one per line of output as a JSON string: a line ending in
a backslash continues on the next, a `for ...; do` runs to its `done`,
comments after a command stay (the shell ignores them), blank and
comment-only lines are dropped.
usage: readme_commands.py README.md"""
import json
import sys


def commands(text):
    out, block, cur = [], False, ""
    depth = 0
    for line in text.splitlines():
        if line.startswith("```"):
            block = line.strip() in ("```sh", "```bash", "```shell") if not block else False
            continue
        if not block:
            continue
        if not cur and (not line.strip() or line.strip().startswith("#")):
            continue
        cur = cur + "\n" + line if cur else line
        words = line.split()
        if words and words[0] in ("for", "while", "if"):
            depth += 1
        if words and words[0] in ("done", "fi"):
            depth -= 1
        if line.rstrip().endswith("\\") or depth > 0:
            continue
        out.append(cur)
        cur = ""
    return out


if __name__ == "__main__":
    for c in commands(open(sys.argv[1]).read()):
        print(json.dumps(c))
