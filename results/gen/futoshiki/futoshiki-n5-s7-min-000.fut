# generated: searchlab gen futoshiki --size 5 --seed 7 --minimal
# unique solution; difficulty: gac:queue=dom visits 22 nodes
5
0 1 0 0 0
0 0 0 0 0
0 0 0 0 4
0 0 0 0 0
1 0 0 0 0
5
0 3 0 2
0 4 1 4
1 4 1 3
3 2 2 2
3 1 4 1
# solution:
#   5 1 4 3 2
#   2 5 1 4 3
#   3 2 5 1 4
#   4 3 2 5 1
#   1 4 3 2 5
