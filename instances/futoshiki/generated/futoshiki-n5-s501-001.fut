# generated: searchlab gen futoshiki --size 5 --seed 502
# unique solution; difficulty: fc:var=lex visits 26 nodes
5
0 0 0 0 0
0 3 0 0 0
1 0 0 4 0
0 0 3 0 0
0 4 5 0 1
11
0 2 0 1
0 1 1 1
0 4 0 3
1 1 2 1
2 0 3 0
2 4 3 4
3 1 3 2
3 3 3 2
4 4 3 4
4 3 4 2
0 2 0 1
# solution:
#   3 2 1 5 4
#   5 3 4 1 2
#   1 5 2 4 3
#   4 1 3 2 5
#   2 4 5 3 1
