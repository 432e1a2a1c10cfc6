# generated: searchlab gen futoshiki --size 4 --seed 13
# unique solution; difficulty: fc:var=lex visits 17 nodes
4
0 0 0 0
0 0 2 0
0 0 0 0
3 0 0 0
11
0 1 0 0
0 2 0 3
1 2 0 2
2 2 1 2
3 1 2 1
2 2 2 3
2 2 3 2
3 1 3 2
3 3 3 2
1 2 1 1
0 1 0 2
# solution:
#   2 1 3 4
#   1 4 2 3
#   4 3 1 2
#   3 2 4 1
