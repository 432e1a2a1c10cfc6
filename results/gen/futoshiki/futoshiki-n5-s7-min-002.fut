# generated: searchlab gen futoshiki --size 5 --seed 9 --minimal
# unique solution; difficulty: gac:queue=dom visits 23 nodes
5
3 4 0 0 1
0 0 0 0 0
0 0 0 0 0
0 0 0 0 0
0 0 4 0 0
6
1 1 1 2
1 2 2 2
1 4 1 3
2 1 3 1
3 4 3 3
4 3 4 4
# solution:
#   3 4 5 2 1
#   5 1 2 4 3
#   1 2 3 5 4
#   4 5 1 3 2
#   2 3 4 1 5
