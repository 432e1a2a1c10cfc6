# generated: searchlab gen futoshiki --size 6 --seed 602
# unique solution; difficulty: fc:var=lex visits 29 nodes
6
0 0 0 1 4 0
6 1 0 0 5 4
1 0 0 4 0 0
5 3 4 6 0 1
0 5 0 0 0 0
2 4 0 5 6 3
24
0 0 0 1
0 3 0 4
0 3 1 3
0 5 0 4
1 1 2 1
1 5 2 5
2 1 2 2
3 5 2 5
3 1 3 2
3 5 4 5
4 2 4 3
5 5 4 5
5 0 5 1
5 2 5 1
5 2 5 3
5 5 5 4
0 3 0 2
4 4 4 5
5 3 5 4
3 2 3 3
3 1 3 0
4 2 4 3
2 3 2 2
2 0 2 1
# solution:
#   3 6 5 1 4 2
#   6 1 3 2 5 4
#   1 2 6 4 3 5
#   5 3 4 6 2 1
#   4 5 2 3 1 6
#   2 4 1 5 6 3
