# generated: searchlab gen futoshiki --size 7 --seed 11 --minimal
# unique solution; difficulty: gac:queue=dom visits 44 nodes
7
0 0 0 0 0 0 0
3 0 0 4 0 6 0
0 6 0 0 0 1 0
7 0 2 0 0 0 1
0 0 0 0 0 7 4
0 0 7 0 2 4 5
1 0 0 0 0 0 0
5
2 1 1 1
2 3 1 3
4 2 4 3
6 6 5 6
6 3 6 4
# solution:
#   2 1 4 7 3 5 6
#   3 7 5 4 1 6 2
#   4 6 3 2 5 1 7
#   7 5 2 6 4 3 1
#   5 2 1 3 6 7 4
#   6 3 7 1 2 4 5
#   1 4 6 5 7 2 3
