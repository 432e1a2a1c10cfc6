# generated: searchlab gen futoshiki --size 6 --seed 8
# unique solution; difficulty: fc:var=lex visits 66 nodes
6
0 0 0 6 0 1
0 3 0 0 0 0
0 0 0 5 0 0
0 0 6 0 0 4
0 1 0 3 6 0
0 0 1 0 0 0
23
0 1 0 0
1 1 0 1
0 4 0 3
0 5 0 4
0 4 1 4
2 1 1 1
1 5 1 4
2 1 2 2
2 1 3 1
2 2 2 3
2 4 3 4
4 2 3 2
3 4 3 5
3 4 4 4
5 0 4 0
4 1 4 2
4 1 5 1
4 2 4 3
5 2 5 1
5 3 5 4
2 1 2 0
1 5 1 4
4 5 4 4
# solution:
#   5 4 3 6 2 1
#   6 3 5 1 4 2
#   3 2 4 5 1 6
#   1 5 6 2 3 4
#   4 1 2 3 6 5
#   2 6 1 4 5 3
