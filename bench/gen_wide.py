#!/usr/bin/env python3
"""gen_wide.py KIND N - the large XCSP3 instances of issue 37 on stdout.

KIND is one of
  regular   a <regular> over 2 variables whose automaton is a chain of N
            states q0 -> q1 -> ... (each transition on value i mod 4)
  mdd       an <mdd> of N nodes: a chain of N-1 layers over N-1 variables
  nooverlap N tasks of length 1, origins in 0..N-1, one <noOverlap>
  nvalues   N variables in 0..3, <sum> x[] <= N, maximize nValues(x[])
(bench/xcsp_wide.sh times the parse of regular/mdd and the solve of the
others; docs/benchmarks.md has the numbers)."""
import sys


def main():
    kind, n = sys.argv[1], int(sys.argv[2])
    w = sys.stdout.write
    if kind == "regular":
        w('<instance format="XCSP3" type="CSP">\n<variables>\n')
        w('<array id="x" size="[2]"> 0..3 </array>\n</variables>\n<constraints>\n')
        w("<regular>\n<list> x[] </list>\n<transitions>\n")
        for i in range(n - 1):
            w("(q%d,%d,q%d)" % (i, i % 4, i + 1))
            if i % 8 == 7:
                w("\n")
        # a short cut so that 2 values can reach the final state
        w("(q0,1,q%d)(q%d,2,q%d)\n" % (n - 2, n - 2, n - 1))
        w("</transitions>\n<start> q0 </start>\n<final> q%d </final>\n" % (n - 1))
        w("</regular>\n</constraints>\n</instance>\n")
    elif kind == "mdd":
        layers = n - 1
        w('<instance format="XCSP3" type="CSP">\n<variables>\n')
        w('<array id="x" size="[%d]"> 0..1 </array>\n</variables>\n' % layers)
        w("<constraints>\n<mdd>\n<list> x[] </list>\n<transitions>\n")
        for i in range(layers):
            w("(n%d,%d,n%d)" % (i, i % 2, i + 1))
            if i % 8 == 7:
                w("\n")
        w("\n</transitions>\n</mdd>\n</constraints>\n</instance>\n")
    elif kind == "nooverlap":
        w('<instance format="XCSP3" type="CSP">\n<variables>\n')
        w('<array id="x" size="[%d]"> 0..%d </array>\n</variables>\n' % (n, n - 1))
        w("<constraints>\n<noOverlap>\n<origins> x[] </origins>\n<lengths>")
        w(" 1" * n)
        w(" </lengths>\n</noOverlap>\n</constraints>\n</instance>\n")
    elif kind == "nvalues":
        w('<instance format="XCSP3" type="COP">\n<variables>\n')
        w('<array id="x" size="[%d]"> 0..3 </array>\n</variables>\n' % n)
        w("<constraints>\n<sum>\n<list> x[] </list>\n")
        w("<condition> (le,%d) </condition>\n</sum>\n</constraints>\n" % n)
        w('<objectives>\n<maximize type="nValues"> x[] </maximize>\n</objectives>\n')
        w("</instance>\n")
    else:
        sys.exit("gen_wide.py: unknown kind '%s'" % kind)


main()
