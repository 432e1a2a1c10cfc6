# generated: searchlab gen futoshiki --size 6 --seed 11 --minimal
# unique solution; difficulty: gac:queue=dom visits 28 nodes
6
0 1 0 5 0 0
0 0 0 0 0 0
0 0 4 0 0 2
5 0 0 4 0 0
4 0 0 3 0 0
0 0 3 0 0 0
5
1 2 1 1
2 3 2 2
3 4 2 4
1 1 1 0
3 5 3 4
# solution:
#   2 1 6 5 4 3
#   6 3 1 2 5 4
#   3 5 4 1 6 2
#   5 6 2 4 3 1
#   4 2 5 3 1 6
#   1 4 3 6 2 5
