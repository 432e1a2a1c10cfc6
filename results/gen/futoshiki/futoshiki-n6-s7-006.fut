# generated: searchlab gen futoshiki --size 6 --seed 13
# unique solution; difficulty: fc:var=lex visits 22 nodes
6
1 5 0 0 0 4
0 0 3 0 0 0
3 0 4 0 0 0
2 0 1 0 5 0
5 4 6 0 3 0
0 0 5 0 4 1
24
0 0 1 0
0 3 1 3
1 4 0 4
0 5 1 5
2 1 1 1
1 4 2 4
2 5 1 5
3 0 2 0
2 2 2 3
3 3 2 3
2 4 3 4
3 0 4 0
4 1 4 0
4 3 4 4
5 3 5 2
5 3 5 4
1 4 1 3
0 2 0 3
2 1 2 0
4 5 3 5
2 5 1 5
2 2 2 3
1 2 1 3
0 5 1 5
# solution:
#   1 5 2 3 6 4
#   4 2 3 5 1 6
#   3 1 4 6 2 5
#   2 6 1 4 5 3
#   5 4 6 1 3 2
#   6 3 5 2 4 1
