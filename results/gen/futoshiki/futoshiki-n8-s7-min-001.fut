# generated: searchlab gen futoshiki --size 8 --seed 8 --minimal
# unique solution; difficulty: gac:queue=dom visits 60 nodes
8
0 0 6 0 0 0 0 0
0 1 0 0 0 0 0 0
6 0 0 0 0 3 0 5
0 0 5 0 0 4 0 0
3 7 0 6 2 0 0 0
0 0 0 0 3 0 0 0
0 0 0 0 0 2 0 3
0 0 0 0 0 5 2 7
12
1 7 0 7
2 4 2 5
3 3 4 3
3 6 3 7
5 3 4 3
4 6 5 6
5 5 6 5
6 0 6 1
2 3 2 2
3 7 2 7
6 3 6 2
5 0 5 1
# solution:
#   2 5 6 1 4 7 3 8
#   7 1 3 2 5 6 8 4
#   6 2 8 7 1 3 4 5
#   8 6 5 3 7 4 1 2
#   3 7 4 6 2 8 5 1
#   5 8 2 4 3 1 7 6
#   1 4 7 5 8 2 6 3
#   4 3 1 8 6 5 2 7
