#!/usr/bin/env python3
# gen_conn.py - the conn_*.xml instances of this folder: small random XCSP3
# instances of element, ordered, channel, minimum, maximum, allEqual and lex
# (issue 24).  Run: python3 gen_conn.py OUTDIR 24 (seed 24), then drop
# conn_element_vars_1.xml (ACE 318b8bf gave no count for it).  Their counts
# in EXPECTED are ACE 318b8bf's (-s=all); index domains stay inside the
# list and start indexes of matrices are 0, forms ACE refuses otherwise,
# and every variable occurs in some constraint (ACE drops the others).
import random, sys, os
out = sys.argv[1]; random.seed(int(sys.argv[2]) if len(sys.argv) > 2 else 24)
def dom(lo, hi): return f"{lo}..{hi}"
def inst(vars_, cons):
    return '<instance format="XCSP3" type="CSP">\n  <variables>\n' + ''.join('    ' + v + '\n' for v in vars_) + \
        '  </variables>\n  <constraints>\n' + ''.join(cons) + '  </constraints>\n</instance>\n'
files = {}
ops = ['lt', 'le', 'ge', 'gt']
for k in range(3):
    n = random.randint(3, 4)
    # element: list of variables, index, value variable
    s = random.randint(0, 1)
    files[f'conn_element_vars_{k}.xml'] = inst(
        [f'<array id="x" size="[{n}]"> 0..{random.randint(2,3)} </array>', f'<var id="i"> {dom(s, s+n-1)} </var>', f'<var id="v"> 1..3 </var>'],
        [f'    <element>\n      <list startIndex="{s}"> x[] </list>\n      <index> i </index>\n      <value> v </value>\n    </element>\n',
         f'    <allDifferent> x[0] x[1] v </allDifferent>\n'])
    consts = ' '.join(str(random.randint(0, 4)) for _ in range(n))
    files[f'conn_element_consts_{k}.xml'] = inst(
        [f'<array id="x" size="[2]"> 0..4 </array>', f'<var id="i"> 0..{n-1} </var>', f'<var id="j"> 0..{n-1} </var>'],
        [f'    <element>\n      <list> {consts} </list>\n      <index> i </index>\n      <value> x[0] </value>\n    </element>\n',
         f'    <element>\n      <list> {consts} </list>\n      <index> j </index>\n      <value> x[1] </value>\n    </element>\n',
         f'    <intension> lt(x[0],x[1]) </intension>\n'])
    op = random.choice(['lt', 'le', 'ge', 'gt', 'ne', 'eq'])
    files[f'conn_element_condition_{k}.xml'] = inst(
        [f'<array id="x" size="[{n}]"> 0..3 </array>', f'<var id="i"> 0..{n-1} </var>', f'<var id="y"> 0..3 </var>'],
        [f'    <element>\n      <list> x[] </list>\n      <index> i </index>\n      <condition> ({op},{random.choice(["y", "2"])}) </condition>\n    </element>\n',
         f'    <sum>\n      <list> x[] </list>\n      <condition> (eq,{random.randint(3,6)}) </condition>\n    </sum>\n', '    <intension> ne(y,x[0]) </intension>\n'])
    r, c = 2, random.randint(2, 3)
    rs, cs = random.randint(0, 1), random.randint(0, 1)
    rs = cs = 0
    files[f'conn_element_matrix_{k}.xml'] = inst(
        [f'<array id="m" size="[{r}][{c}]"> 0..2 </array>', f'<var id="i"> {dom(rs, rs+r-1)} </var>', f'<var id="j"> {dom(cs, cs+c-1)} </var>', '<var id="v"> 0..2 </var>'],
        [f'    <element>\n      <matrix> m[][] </matrix>\n      <index> i j </index>\n      <value> v </value>\n    </element>\n',
         f'    <sum>\n      <list> m[][] </list>\n      <condition> (eq,{random.randint(3,6)}) </condition>\n    </sum>\n'])
    rows = ''.join('(' + ','.join(str(random.randint(0, 3)) for _ in range(3)) + ')' for _ in range(2))
    files[f'conn_element_matrix_consts_{k}.xml'] = inst(
        ['<var id="i"> 0..2 </var>', '<var id="j"> 0..3 </var>', '<var id="v"> 0..3 </var>', '<var id="w"> 0..3 </var>'],
        [f'    <element>\n      <matrix> {rows} </matrix>\n      <index> i j </index>\n      <value> v </value>\n    </element>\n',
         '    <intension> le(v,w) </intension>\n'])
    # ordered
    op = ops[k % 4] if k < 3 else random.choice(ops)
    files[f'conn_ordered_{k}.xml'] = inst(
        [f'<array id="x" size="[{n}]"> 0..{n} </array>'],
        [f'    <ordered>\n      <list> x[] </list>\n      <operator> {random.choice(ops)} </operator>\n    </ordered>\n'])
    lens = ' '.join(str(random.randint(-1, 2)) for _ in range(n - 1))
    files[f'conn_ordered_lengths_{k}.xml'] = inst(
        [f'<array id="x" size="[{n}]"> 0..{n+1} </array>'],
        [f'    <ordered>\n      <list> x[] </list>\n      <lengths> {lens} </lengths>\n      <operator> {random.choice(ops)} </operator>\n    </ordered>\n'])
    files[f'conn_ordered_varlengths_{k}.xml'] = inst(
        [f'<array id="x" size="[3]"> 0..4 </array>', '<array id="l" size="[2]"> 0..2 </array>'],
        [f'    <ordered>\n      <list> x[] </list>\n      <lengths> l[] </lengths>\n      <operator> {random.choice(ops)} </operator>\n    </ordered>\n'])
    # channel
    files[f'conn_channel_one_{k}.xml'] = inst(
        [f'<array id="x" size="[{n+1}]"> {dom(0, n)} </array>'],
        [f'    <channel>\n      <list> x[] </list>\n    </channel>\n'])
    files[f'conn_channel_two_{k}.xml'] = inst(
        [f'<array id="x" size="[{n}]"> 0..{n-1} </array>', f'<array id="y" size="[{n}]"> 0..{n-1} </array>'],
        [f'    <channel>\n      <list> x[] </list>\n      <list> y[] </list>\n    </channel>\n',
         f'    <intension> lt(x[0],y[0]) </intension>\n'])
    # minimum / maximum
    for fam in ['minimum', 'maximum']:
        cond = random.choice(['(eq,z)', '(le,z)', '(ge,z)', '(ne,z)', '(lt,2)', '(gt,1)', '(in,{0,2})', '(notin,1..2)', '(eq,2)'])
        files[f'conn_{fam}_{k}.xml'] = inst(
            [f'<array id="x" size="[{n}]"> 0..3 </array>', '<var id="z"> 0..3 </var>'],
            [f'    <{fam}>\n      <list> x[] </list>\n      <condition> {cond} </condition>\n    </{fam}>\n',
             f'    <intension> ne(x[0],x[1]) </intension>\n', '    <intension> ne(z,x[1]) </intension>\n'])
    # allEqual
    files[f'conn_allequal_{k}.xml'] = inst(
        [f'<array id="x" size="[{n}]"> 0..3 </array>', '<var id="y"> 0..3 </var>'],
        [f'    <allEqual> x[0] x[1] x[2] </allEqual>\n', f'    <intension> le(x[{n-1}],y) </intension>\n'])
    # lex
    op = random.choice(ops)
    files[f'conn_lex_lists_{k}.xml'] = inst(
        ['<array id="x" size="[3][3]"> 0..1 </array>'],
        [f'    <lex>\n      <list> x[0][] </list>\n      <list> x[1][] </list>\n      <list> x[2][] </list>\n      <operator> {op} </operator>\n    </lex>\n'])
    op = random.choice(ops)
    files[f'conn_lex_matrix_{k}.xml'] = inst(
        ['<array id="x" size="[3][2]"> 0..1 </array>'],
        [f'    <lex>\n      <matrix> x[][] </matrix>\n      <operator> {op} </operator>\n    </lex>\n'])
os.makedirs(out, exist_ok=True)
for name, text in files.items():
    open(os.path.join(out, name), 'w').write(text)
print(len(files))
