# generated: searchlab gen futoshiki --size 4 --seed 403
# unique solution; difficulty: fc:var=lex visits 37 nodes
4
0 0 0 0
0 0 0 0
2 0 1 0
0 3 0 0
9
0 1 0 2
1 1 0 1
0 3 1 3
3 1 2 1
1 2 1 3
0 3 1 3
2 0 2 1
1 1 1 0
1 1 1 2
# solution:
#   4 2 3 1
#   3 1 2 4
#   2 4 1 3
#   1 3 4 2
