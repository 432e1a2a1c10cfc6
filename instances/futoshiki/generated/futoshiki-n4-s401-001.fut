# generated: searchlab gen futoshiki --size 4 --seed 402
# unique solution; difficulty: fc:var=lex visits 11 nodes
4
0 1 0 3
1 0 0 0
0 0 4 1
0 0 1 0
6
0 1 0 0
1 0 0 0
0 1 1 1
2 0 3 0
1 2 1 3
2 0 2 1
# solution:
#   4 1 2 3
#   1 2 3 4
#   2 3 4 1
#   3 4 1 2
