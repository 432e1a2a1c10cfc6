# generated: searchlab gen futoshiki --size 4 --seed 401
# unique solution; difficulty: fc:var=lex visits 4 nodes
4
4 2 1 3
0 1 3 4
0 4 0 1
0 3 4 2
17
0 1 0 0
0 2 0 1
1 1 2 1
2 3 1 3
3 1 2 1
2 3 2 2
2 3 3 3
3 3 3 2
2 3 2 2
2 0 2 1
1 1 1 2
2 3 2 2
2 3 2 2
2 3 3 3
1 1 1 0
0 1 0 0
2 3 1 3
# solution:
#   4 2 1 3
#   2 1 3 4
#   3 4 2 1
#   1 3 4 2
