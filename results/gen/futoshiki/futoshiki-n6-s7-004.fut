# generated: searchlab gen futoshiki --size 6 --seed 11
# unique solution; difficulty: fc:var=lex visits 26 nodes
6
0 1 6 5 0 0
6 0 0 0 0 4
0 0 4 0 6 2
5 0 2 4 0 0
4 0 0 3 0 6
0 0 3 0 0 0
20
1 3 0 3
0 5 0 4
1 1 1 0
1 2 1 1
2 1 3 1
2 3 2 2
2 3 3 3
3 4 2 4
3 5 2 5
3 2 3 1
4 1 3 1
3 2 4 2
4 3 3 3
5 4 5 5
3 5 4 5
1 1 1 0
5 4 5 5
1 2 1 3
5 2 5 3
3 5 3 4
# solution:
#   2 1 6 5 4 3
#   6 3 1 2 5 4
#   3 5 4 1 6 2
#   5 6 2 4 3 1
#   4 2 5 3 1 6
#   1 4 3 6 2 5
