# generated: searchlab gen futoshiki --size 7 --seed 8 --minimal
# unique solution; difficulty: gac:queue=dom visits 38 nodes
7
0 0 1 0 0 0 0
0 0 0 0 0 3 0
0 0 0 0 0 0 5
0 0 7 6 0 0 0
0 4 0 2 0 0 0
0 6 3 0 0 0 4
1 0 0 0 0 0 0
9
0 4 0 5
0 6 0 5
3 1 2 1
2 4 2 3
4 1 3 1
6 2 5 2
5 4 5 5
3 6 4 6
4 4 4 5
# solution:
#   5 2 1 7 4 6 3
#   7 1 5 4 6 3 2
#   6 7 4 3 2 1 5
#   4 5 7 6 3 2 1
#   3 4 6 2 1 5 7
#   2 6 3 1 5 7 4
#   1 3 2 5 7 4 6
