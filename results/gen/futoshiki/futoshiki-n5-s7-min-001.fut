# generated: searchlab gen futoshiki --size 5 --seed 8 --minimal
# unique solution; difficulty: gac:queue=dom visits 23 nodes
5
0 0 0 0 0
0 0 0 1 2
0 3 0 0 0
0 0 0 0 0
0 0 0 0 0
7
0 0 1 0
0 3 0 4
2 2 3 2
3 0 4 0
4 3 4 2
4 4 4 3
1 1 1 2
# solution:
#   1 5 3 2 4
#   3 4 5 1 2
#   2 3 1 4 5
#   4 1 2 5 3
#   5 2 4 3 1
