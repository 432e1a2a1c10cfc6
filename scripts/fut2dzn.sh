#!/bin/sh
# fut2dzn.sh FILE.fut - a Futoshiki board (instances/futoshiki/*.fut: n, the
# grid with 0 for an empty cell, m, then m lines r1 c1 r2 c2 counted from 0
# saying cell (r1,c1) < cell (r2,c2); '#' comments) as MiniZinc data for
# models/futoshiki.mzn and instances/mzn/futoshiki/futoshiki.mzn (n, given,
# m, lt), on stdout.
awk '
/^[ \t]*#/ || /^[ \t]*$/ { next }
{ for (i = 1; i <= NF; i++) tok[nt++] = $i }
END {
    k = 0; n = tok[k++]
    printf "n = %d;\ngiven = [|", n
    for (r = 0; r < n; r++) {
        for (c = 0; c < n; c++) printf "%s%s", (c ? ", " : " "), tok[k++]
        printf " |"
    }
    printf "];\n"
    m = tok[k++]
    printf "m = %d;\nlt = [|", m
    for (j = 0; j < m; j++) {
        printf " %s, %s, %s, %s |", tok[k], tok[k + 1], tok[k + 2], tok[k + 3]; k += 4
    }
    if (m == 0) printf "|"
    printf "];\n"
}' "$1"
