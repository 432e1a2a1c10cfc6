#!/bin/sh
# ortholatin.sh - a test solver that prints Ortholatin-003's solution as ACE
# does (arrays as x[][], the v block over several lines); with "short" one
# value fewer, with "stars" z's values as VxK and two trailing '*'
# (1x1: none repeats) after the last array; with "scalars" every cell
# named on its own, last cell first (the lookup of a name, not its place);
# with "unknown" the same with the first name replaced by w, no variable.
names=
for a in x y; do for i in 0 1 2; do for j in 0 1 2; do names="$a[$i][$j] $names"; done; done; done
for k in 0 1 2 3 4 5 6 7 8; do names="z[$k] $names"; done
list='x[][] y[][] z[]'
case ${1:-} in
  scalars|unknown)
    vals='3 2 7 1 6 5 8 4 0 0 2 1 1 0 2 2 1 0 1 0 2 0 2 1 2 1 0'
    list=$names
    [ "$1" = unknown ] && list="w ${names#* }" ;;
  short) vals='0 1 2 1 2 0 2 0 1 0 1 2 2 0 1 1 2 0 0 4 8 5 6 1 7 2' ;;
  stars) vals='0 1 2 1 2 0 2 0 1 0 1 2 2 0 1 1 2 0 0x1 4 8 5 6 1 7 2 3x1 * *' ;;
  *) vals='0 1 2 1 2 0 2 0 1   0 1 2 2 0 1 1 2 0   0 4 8 5 6 1 7 2 3' ;;
esac
echo "c a comment line"
echo "s SATISFIABLE"
echo "v <instantiation id='sol1' type='solution'>"
echo "v   <list> $list </list>"
echo "v   <values> $vals </values>"
echo "v </instantiation>"
echo "d FOUND SOLUTIONS 1"
echo "d NODES 12"
