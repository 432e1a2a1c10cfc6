# generated: searchlab gen futoshiki --size 4 --seed 11
# unique solution; difficulty: fc:var=lex visits 25 nodes
4
0 4 0 0
4 0 0 2
1 0 0 0
0 0 0 0
8
0 0 0 1
0 0 1 0
0 2 0 1
2 0 1 0
1 1 1 2
1 1 2 1
1 3 1 2
2 3 2 2
# solution:
#   3 4 2 1
#   4 1 3 2
#   1 2 4 3
#   2 3 1 4
