# generated: searchlab gen futoshiki --size 4 --seed 12
# unique solution; difficulty: fc:var=lex visits 15 nodes
4
0 0 0 3
1 0 0 0
0 0 0 0
0 0 4 1
7
0 2 0 3
1 2 1 1
2 1 1 1
2 3 1 3
2 2 3 2
3 3 2 3
3 3 3 2
# solution:
#   2 4 1 3
#   1 3 2 4
#   4 1 3 2
#   3 2 4 1
