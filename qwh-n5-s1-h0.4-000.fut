# generated: searchlab gen qwh --order 5 --holes 0.4 --seed 1
# quasigroup with holes: a uniformly random Latin square of order 5
# (Jacobson-Matthews chain, 1000 proper steps from the cyclic square)
# holes: 10 of the 25 cells (0), chosen uniformly
# satisfiable by construction: the square below fills it, but other fillings
# may exist (uniqueness is not checked); no inequalities
5
4 3 0 0 2
5 0 2 3 0
2 0 1 0 3
1 2 0 0 0
3 5 4 2 0
0
# solution (the square the holes were punched in):
#   4 3 5 1 2
#   5 1 2 3 4
#   2 4 1 5 3
#   1 2 3 4 5
#   3 5 4 2 1
