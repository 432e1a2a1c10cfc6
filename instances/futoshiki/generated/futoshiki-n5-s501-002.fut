# generated: searchlab gen futoshiki --size 5 --seed 503
# unique solution; difficulty: fc:var=lex visits 187 nodes
5
0 0 0 0 0
0 0 0 0 0
0 0 0 0 0
1 4 0 0 0
3 0 5 2 0
12
0 0 1 0
1 2 0 2
2 0 1 0
1 2 1 3
1 3 2 3
2 4 1 4
2 0 2 1
2 4 2 3
3 2 3 3
4 4 3 4
4 1 4 2
4 3 4 4
# solution:
#   4 5 3 1 2
#   5 2 1 4 3
#   2 3 4 5 1
#   1 4 2 3 5
#   3 1 5 2 4
