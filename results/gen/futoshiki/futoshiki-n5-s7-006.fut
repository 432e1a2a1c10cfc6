# generated: searchlab gen futoshiki --size 5 --seed 13
# unique solution; difficulty: fc:var=lex visits 19 nodes
5
4 0 0 1 0
0 0 0 0 2
0 0 0 0 0
0 0 3 0 1
0 3 0 5 4
17
0 0 0 1
0 2 1 2
0 3 0 4
0 3 1 3
1 0 2 0
1 1 1 2
1 3 1 2
1 4 1 3
2 1 3 1
3 2 2 2
2 3 2 4
4 0 3 0
3 3 4 3
3 4 4 4
4 2 4 1
1 0 1 1
3 4 3 3
# solution:
#   4 5 2 1 3
#   1 4 5 3 2
#   3 1 4 2 5
#   5 2 3 4 1
#   2 3 1 5 4
