#!/bin/sh
# ortholatin.sh - a test solver that prints Ortholatin-003's solution as ACE
# does (arrays as x[][], the v block over several lines); with "short" one
# value fewer, with "stars" z's values as VxK and two trailing '*'
# (1x1: none repeats) after the last array.
case ${1:-} in
  short) vals='0 1 2 1 2 0 2 0 1 0 1 2 2 0 1 1 2 0 0 4 8 5 6 1 7 2' ;;
  stars) vals='0 1 2 1 2 0 2 0 1 0 1 2 2 0 1 1 2 0 0x1 4 8 5 6 1 7 2 3x1 * *' ;;
  *) vals='0 1 2 1 2 0 2 0 1   0 1 2 2 0 1 1 2 0   0 4 8 5 6 1 7 2 3' ;;
esac
echo "c a comment line"
echo "s SATISFIABLE"
echo "v <instantiation id='sol1' type='solution'>"
echo "v   <list> x[][] y[][] z[] </list>"
echo "v   <values> $vals </values>"
echo "v </instantiation>"
echo "d FOUND SOLUTIONS 1"
echo "d NODES 12"
