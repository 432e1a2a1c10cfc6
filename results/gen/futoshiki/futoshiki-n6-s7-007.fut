# generated: searchlab gen futoshiki --size 6 --seed 14
# unique solution; difficulty: fc:var=lex visits 23 nodes
6
6 0 0 1 0 4
0 4 0 0 3 0
0 0 2 0 0 0
3 0 0 0 0 0
4 0 0 5 1 3
2 5 0 4 6 0
20
1 0 0 0
0 3 0 2
0 3 1 3
0 4 1 4
0 5 1 5
1 2 2 2
1 4 2 4
2 0 3 0
2 2 2 1
3 1 2 1
2 3 2 4
4 3 3 3
4 1 4 2
5 5 4 5
5 3 5 4
2 3 2 4
2 0 2 1
3 4 3 3
2 2 2 1
4 3 4 2
# solution:
#   6 3 5 1 2 4
#   5 4 1 2 3 6
#   1 6 2 3 4 5
#   3 1 4 6 5 2
#   4 2 6 5 1 3
#   2 5 3 4 6 1
