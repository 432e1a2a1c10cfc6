# generated: searchlab gen futoshiki --size 6 --seed 601
# unique solution; difficulty: fc:var=lex visits 210 nodes
6
0 3 0 0 0 0
0 0 0 0 2 0
0 0 0 0 0 4
4 6 0 0 0 0
6 0 1 0 0 0
3 2 0 0 0 0
16
0 4 0 5
1 4 0 4
2 0 1 0
1 2 1 3
2 2 1 2
2 0 2 1
3 3 2 3
3 0 3 1
4 1 3 1
3 4 3 3
4 3 3 3
3 4 3 5
3 4 4 4
4 5 4 4
4 4 5 4
5 5 5 4
# solution:
#   2 3 6 1 4 5
#   5 1 3 4 2 6
#   1 5 2 6 3 4
#   4 6 5 3 1 2
#   6 4 1 2 5 3
#   3 2 4 5 6 1
