# generated: searchlab gen futoshiki --size 6 --seed 12 --minimal
# unique solution; difficulty: gac:queue=dom visits 29 nodes
6
0 0 2 0 0 3
0 0 0 0 0 0
2 0 6 5 0 0
0 3 0 0 0 5
0 0 0 0 2 0
0 0 0 0 0 0
8
0 0 1 0
0 1 1 1
4 0 5 0
4 2 4 1
4 4 4 3
5 4 5 3
1 2 1 1
2 5 2 4
# solution:
#   4 1 2 6 5 3
#   5 6 3 1 4 2
#   2 4 6 5 3 1
#   1 3 4 2 6 5
#   3 5 1 4 2 6
#   6 2 5 3 1 4
