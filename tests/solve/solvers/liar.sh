#!/bin/sh
# liar.sh - a test solver that lies: it says SATISFIABLE and prints the v
# lines of a real solution with its first value replaced by one no domain
# holds.  $1: searchlab, $2: the instance.
"$1" solve xcsp "$2" | sed -e 's/<values> [-0-9]*/<values> 987654321/'
