# generated: searchlab gen futoshiki --size 8 --seed 10 --minimal
# unique solution; difficulty: gac:queue=dom visits 94 nodes
8
0 0 5 0 0 0 0 0
0 8 0 0 0 0 0 0
2 0 0 0 7 6 0 0
5 0 0 0 0 0 4 0
0 0 3 0 4 0 7 1
0 0 0 0 0 3 0 0
0 0 0 0 6 0 0 0
4 7 0 0 0 2 0 0
14
0 3 0 4
2 5 1 5
2 3 3 3
3 0 3 1
5 1 4 1
5 5 5 4
6 6 5 6
1 7 1 6
3 3 3 2
2 7 3 7
1 7 2 7
0 2 0 3
6 0 6 1
6 7 5 7
# solution:
#   7 3 5 6 8 4 1 2
#   3 8 6 2 1 7 5 4
#   2 4 8 1 7 6 3 5
#   5 6 7 3 2 1 4 8
#   6 2 3 8 4 5 7 1
#   8 1 2 4 5 3 6 7
#   1 5 4 7 6 8 2 3
#   4 7 1 5 3 2 8 6
