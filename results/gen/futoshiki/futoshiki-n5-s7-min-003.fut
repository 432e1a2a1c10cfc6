# generated: searchlab gen futoshiki --size 5 --seed 10 --minimal
# unique solution; difficulty: gac:queue=dom visits 23 nodes
5
0 0 0 3 0
0 0 0 0 0
4 0 0 0 0
0 0 0 0 0
3 0 0 0 0
8
0 0 0 1
0 3 1 3
1 4 0 4
3 0 2 0
2 1 2 2
4 1 4 2
4 4 4 3
3 4 4 4
# solution:
#   2 4 1 3 5
#   5 2 3 4 1
#   4 3 5 1 2
#   1 5 4 2 3
#   3 1 2 5 4
