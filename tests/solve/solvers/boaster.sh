#!/bin/sh
# boaster.sh - a test solver that claims too much: it stops searchlab at its
# first solution (a node limit) and prints that solution, verified and with
# its true o value, as "s OPTIMUM FOUND".  $1: searchlab, $2: the instance.
"$1" solve xcsp "$2" --node-limit 5 | sed -e 's/^s SATISFIABLE/s OPTIMUM FOUND/'
