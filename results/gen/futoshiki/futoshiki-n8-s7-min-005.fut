# generated: searchlab gen futoshiki --size 8 --seed 12 --minimal
# unique solution; difficulty: gac:queue=dom visits 125 nodes
8
0 0 0 2 0 0 0 0
0 0 4 0 0 7 0 3
0 0 0 0 0 0 0 6
3 0 0 0 0 0 0 0
0 0 0 0 0 0 3 5
0 4 0 6 0 0 0 0
8 0 0 0 0 0 0 0
0 0 8 1 6 0 5 0
14
1 5 0 5
0 6 0 7
1 4 2 4
1 6 1 5
2 3 2 4
4 3 3 3
5 1 4 1
5 3 4 3
5 1 6 1
5 4 5 5
6 4 7 4
7 6 7 7
2 2 2 1
5 1 5 2
# solution:
#   6 7 3 2 5 8 1 4
#   1 8 4 5 2 7 6 3
#   7 2 1 3 4 5 8 6
#   3 1 5 8 7 6 4 2
#   4 6 2 7 8 1 3 5
#   5 4 7 6 1 3 2 8
#   8 5 6 4 3 2 7 1
#   2 3 8 1 6 4 5 7
