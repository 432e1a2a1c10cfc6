# generated: searchlab gen futoshiki --size 5 --seed 11 --minimal
# unique solution; difficulty: gac:queue=dom visits 32 nodes
5
0 1 0 0 5
4 0 0 0 0
0 0 0 0 0
0 0 0 0 0
0 5 0 4 0
3
2 1 1 1
3 3 2 3
3 0 3 1
# solution:
#   3 1 4 2 5
#   4 3 2 5 1
#   5 2 1 3 4
#   2 4 5 1 3
#   1 5 3 4 2
