# generated: searchlab gen futoshiki --size 6 --seed 8 --minimal
# unique solution; difficulty: gac:queue=dom visits 47 nodes
6
0 0 0 0 0 0
0 3 0 0 0 0
0 0 0 0 0 0
0 0 6 0 0 4
0 1 0 3 6 0
0 0 1 0 0 0
7
0 1 0 0
0 4 0 3
0 5 0 4
1 5 1 4
2 2 2 3
5 0 4 0
2 1 2 0
# solution:
#   5 4 3 6 2 1
#   6 3 5 1 4 2
#   3 2 4 5 1 6
#   1 5 6 2 3 4
#   4 1 2 3 6 5
#   2 6 1 4 5 3
