#!/bin/sh
# fzn-twin.sh MODE SEARCHLAB FILE - a FlatZinc solver that lies
# (tests/solve/outside_fzn.sh): it runs `searchlab fzn` on FILE and spoils
# the answer.  flip: every integer of every solution plus 1000 and every
# Boolean negated (a violated assignment); boast: bt's first solution
# only (of an optimisation: not the best), then a false `==========`
# (claimed optimal); objlie: the honest answer with a false
# `%%%mzn-stat: objective=`; endonly: `==========` and nothing else
# (complete, with no solution); spin: not a liar, one that never stops
# (bt's first solution, then a busy loop: the CPU limit stops it).
mode=$1 bin=$2 file=$3
case $mode in
flip)
    "$bin" fzn "$file" | awk '
        function spoil(t,   out, v) { # every integer of t plus 1000, every Boolean negated
            out = ""
            while (match(t, /-?[0-9]+|true|false/)) {
                v = substr(t, RSTART, RLENGTH)
                v = v == "true" ? "false" : v == "false" ? "true" : v + 1000
                out = out substr(t, 1, RSTART - 1) v; t = substr(t, RSTART + RLENGTH)
            }
            return out t
        }
        /^[A-Za-z_][A-Za-z0-9_]* = / {
            i = index($0, "["); if (i == 0) i = index($0, "=")
            print substr($0, 1, i) spoil(substr($0, i + 1)); next
        }
        { print }' ;;
boast)
    "$bin" fzn --strategy bt "$file" | awk '{ print } /^----------$/ { exit }'
    echo '==========' ;;
objlie)
    "$bin" fzn "$file"
    echo '%%%mzn-stat: objective=-999999' ;;
endonly)
    echo '==========' ;;
spin) # honest, but never ends: bt's first solution, then a busy loop until the CPU limit
    "$bin" fzn --strategy bt "$file" | awk '{ print } /^----------$/ { exit }'
    while :; do :; done ;;
esac
