# generated: searchlab gen futoshiki --size 7 --seed 10 --minimal
# unique solution; difficulty: gac:queue=dom visits 77 nodes
7
0 0 0 0 0 0 0
0 0 0 1 0 0 7
0 0 0 6 0 0 0
7 0 0 0 0 0 0
2 0 0 4 0 0 0
0 0 0 0 0 6 0
0 0 2 3 0 0 6
9
1 2 1 1
1 5 2 5
2 1 2 0
3 2 2 2
6 0 5 0
6 4 6 3
6 6 6 5
4 6 5 6
5 3 5 2
# solution:
#   1 3 6 7 2 4 5
#   6 4 3 1 5 2 7
#   3 2 4 6 7 5 1
#   7 6 1 5 4 3 2
#   2 7 5 4 6 1 3
#   5 1 7 2 3 6 4
#   4 5 2 3 1 7 6
