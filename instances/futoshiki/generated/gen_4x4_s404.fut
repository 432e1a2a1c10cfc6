# generated: searchlab gen futoshiki --size 4 --seed 404
# unique solution; difficulty: fc:var=lex visits 15 nodes
4
0 2 0 0
0 4 0 0
2 0 0 0
3 0 0 0
9
0 2 0 3
0 2 1 2
1 2 1 1
2 1 1 1
2 3 1 3
2 3 2 2
3 2 2 2
3 1 3 0
3 2 3 3
# solution:
#   4 2 1 3
#   1 4 3 2
#   2 3 4 1
#   3 1 2 4
