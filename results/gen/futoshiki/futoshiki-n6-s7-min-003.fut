# generated: searchlab gen futoshiki --size 6 --seed 10 --minimal
# unique solution; difficulty: gac:queue=dom visits 27 nodes
6
5 0 4 0 0 0
0 0 0 0 0 0
4 0 0 0 1 0
3 0 0 0 0 0
0 5 1 0 0 0
6 0 0 2 4 0
5
0 4 0 3
3 1 2 1
2 3 2 2
4 4 4 5
0 1 0 2
# solution:
#   5 3 4 6 2 1
#   1 4 2 5 6 3
#   4 6 5 3 1 2
#   3 2 6 1 5 4
#   2 5 1 4 3 6
#   6 1 3 2 4 5
