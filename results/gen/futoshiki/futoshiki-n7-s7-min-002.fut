# generated: searchlab gen futoshiki --size 7 --seed 9 --minimal
# unique solution; difficulty: gac:queue=dom visits 225 nodes
7
0 0 0 0 0 0 0
0 0 0 0 0 0 2
7 0 2 5 0 0 0
0 0 0 1 0 0 0
3 0 0 0 0 0 0
0 0 0 4 7 0 1
6 0 0 0 0 0 0
10
0 1 0 2
0 5 0 6
1 3 1 2
1 4 2 4
3 5 3 4
4 6 4 5
5 5 4 5
6 2 6 1
6 2 6 3
4 5 4 4
# solution:
#   1 2 5 6 3 4 7
#   5 6 4 3 1 7 2
#   7 1 2 5 4 6 3
#   4 3 7 1 5 2 6
#   3 7 1 2 6 5 4
#   2 5 6 4 7 3 1
#   6 4 3 7 2 1 5
