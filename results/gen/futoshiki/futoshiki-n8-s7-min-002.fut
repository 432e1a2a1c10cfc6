# generated: searchlab gen futoshiki --size 8 --seed 9 --minimal
# unique solution; difficulty: gac:queue=dom visits 32800 nodes
8
0 3 0 0 6 0 0 0
0 0 3 4 0 0 0 7
0 0 0 0 0 0 0 0
5 0 2 0 0 0 0 6
0 0 0 0 7 0 0 1
0 0 0 0 0 0 0 0
4 0 0 0 0 0 0 0
1 0 0 0 8 0 0 0
16
1 1 0 1
0 3 0 2
1 5 1 4
2 6 3 6
3 1 3 0
4 1 4 2
4 3 5 3
4 5 5 5
6 6 5 6
6 1 6 2
6 4 6 3
7 5 6 5
6 7 6 6
7 1 7 2
4 5 4 6
5 1 5 2
# solution:
#   7 3 5 2 6 4 1 8
#   6 2 3 4 5 1 8 7
#   2 8 1 7 4 6 5 3
#   5 4 2 1 3 8 7 6
#   8 5 6 3 7 2 4 1
#   3 1 4 8 2 7 6 5
#   4 7 8 6 1 5 3 2
#   1 6 7 5 8 3 2 4
