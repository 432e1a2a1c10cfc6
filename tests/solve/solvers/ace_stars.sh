#!/bin/sh
# ace_stars.sh - ACE's answer to GracefulGraph-3-5 as ACE prints it: '*' for the
# declared cells of ce it dropped (in no constraint), *xK for K of them.
echo "s SATISFIABLE"
echo "v  <instantiation id='sol1' type='solution'> <list> cn[][] ce[][][] cp[][] </list> <values> 26 10 16 1 27 25 14 0 22 3 23 18 24 5 17   * 16 10 * * 6 *x4 26 24 * * 2 *x4 14 8 * * 22 *x4 20 15 * * 5 *x4 19 7 * * 12 * * *   25 17 9 13 27 3 11 23 4 21 18 1 </values> </instantiation>"
