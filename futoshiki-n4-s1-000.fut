# generated: searchlab gen futoshiki --size 4 --seed 1
# unique solution; difficulty: fc:var=lex visits 23 nodes
4
0 0 0 0
0 0 0 3
0 3 2 0
0 0 0 0
6
0 1 0 0
1 2 0 2
2 1 1 1
1 2 1 3
3 0 2 0
2 2 2 1
# solution:
#   3 1 4 2
#   2 4 1 3
#   4 3 2 1
#   1 2 3 4
