# generated: searchlab gen futoshiki --size 4 --seed 8
# unique solution; difficulty: fc:var=lex visits 18 nodes
4
0 4 1 0
0 0 0 0
0 0 4 0
0 0 0 4
9
0 0 1 0
0 2 1 2
1 3 1 2
2 3 1 3
2 1 3 1
2 3 2 2
1 1 1 2
2 3 1 3
2 1 2 2
# solution:
#   2 4 1 3
#   4 1 3 2
#   3 2 4 1
#   1 3 2 4
