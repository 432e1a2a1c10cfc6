# generated: searchlab gen futoshiki --size 5 --seed 12 --minimal
# unique solution; difficulty: gac:queue=dom visits 20 nodes
5
0 0 0 0 0
2 0 0 0 0
0 4 5 0 0
0 0 0 0 0
0 0 2 0 1
3
1 1 1 2
1 3 2 3
3 3 2 3
# solution:
#   4 2 1 5 3
#   2 3 4 1 5
#   1 4 5 3 2
#   5 1 3 2 4
#   3 5 2 4 1
