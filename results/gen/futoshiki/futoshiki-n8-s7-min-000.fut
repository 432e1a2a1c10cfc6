# generated: searchlab gen futoshiki --size 8 --seed 7 --minimal
# unique solution; difficulty: gac:queue=dom visits 247 nodes
8
0 5 0 8 0 6 0 0
0 0 0 0 0 0 5 0
8 0 5 3 0 0 0 0
0 0 0 0 4 0 0 8
0 0 4 0 6 0 0 1
0 0 0 0 0 0 0 0
1 4 2 0 0 0 8 0
7 0 0 0 0 0 0 0
9
1 6 1 5
3 1 4 1
3 3 4 3
4 0 5 0
6 3 7 3
3 6 3 5
5 3 5 2
7 3 7 2
6 7 5 7
# solution:
#   4 5 1 8 3 6 7 2
#   2 1 6 4 8 7 5 3
#   8 7 5 3 2 1 6 4
#   3 6 7 2 4 5 1 8
#   5 8 4 7 6 2 3 1
#   6 2 3 1 5 8 4 7
#   1 4 2 5 7 3 8 6
#   7 3 8 6 1 4 2 5
