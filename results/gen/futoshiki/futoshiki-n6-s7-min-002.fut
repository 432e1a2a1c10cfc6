# generated: searchlab gen futoshiki --size 6 --seed 9 --minimal
# unique solution; difficulty: gac:queue=dom visits 31 nodes
6
0 2 0 0 0 0
0 0 3 0 0 0
0 0 0 0 0 0
0 0 0 0 0 0
0 0 0 0 0 0
2 0 0 4 5 0
8
0 0 1 0
1 3 0 3
1 2 1 3
2 1 3 1
2 4 2 3
3 2 3 3
2 5 2 4
3 4 3 5
# solution:
#   1 2 4 6 3 5
#   4 6 3 5 1 2
#   6 4 5 3 2 1
#   3 5 1 2 4 6
#   5 3 2 1 6 4
#   2 1 6 4 5 3
