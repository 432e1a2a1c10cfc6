# generated: searchlab gen futoshiki --size 6 --seed 7 --minimal
# unique solution; difficulty: gac:queue=dom visits 28 nodes
6
0 0 0 0 0 0
0 1 5 0 0 0
0 0 0 1 3 0
0 0 0 0 0 0
0 0 0 0 0 5
5 0 2 0 0 6
4
0 4 1 4
1 5 2 5
3 3 3 2
4 3 3 3
# solution:
#   4 6 1 5 2 3
#   3 1 5 6 4 2
#   2 5 6 1 3 4
#   6 2 4 3 5 1
#   1 4 3 2 6 5
#   5 3 2 4 1 6
