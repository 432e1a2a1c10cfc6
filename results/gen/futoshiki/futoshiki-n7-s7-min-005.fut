# generated: searchlab gen futoshiki --size 7 --seed 12 --minimal
# unique solution; difficulty: gac:queue=dom visits 184 nodes
7
0 0 0 7 0 5 0
5 0 0 0 0 0 0
0 0 0 0 0 0 0
0 0 0 0 2 3 0
0 0 0 0 0 0 0
1 0 0 4 0 0 0
0 0 5 1 0 0 0
12
0 1 0 2
1 6 0 6
1 0 1 1
1 5 1 6
2 3 2 2
3 3 2 3
3 1 4 1
5 6 6 6
6 5 6 4
3 6 2 6
4 3 4 2
4 0 4 1
# solution:
#   4 1 2 7 3 5 6
#   5 7 1 3 6 2 4
#   2 3 7 6 4 1 5
#   7 4 6 5 2 3 1
#   3 5 4 2 1 6 7
#   1 6 3 4 5 7 2
#   6 2 5 1 7 4 3
