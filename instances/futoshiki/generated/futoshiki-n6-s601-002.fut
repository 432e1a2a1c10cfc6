# generated: searchlab gen futoshiki --size 6 --seed 603
# unique solution; difficulty: fc:var=lex visits 20 nodes
6
3 0 5 6 2 0
0 0 0 4 5 0
0 0 4 0 6 5
0 0 0 5 1 0
0 6 0 0 4 0
6 5 0 2 3 0
18
1 1 0 1
0 2 0 3
0 4 0 3
0 4 1 4
2 1 1 1
1 2 2 2
2 3 3 3
3 1 3 0
3 0 4 0
5 2 5 1
5 3 5 4
3 3 3 2
4 5 4 4
3 4 3 5
3 1 3 0
0 0 0 1
5 2 5 1
3 5 4 5
# solution:
#   3 4 5 6 2 1
#   1 2 3 4 5 6
#   2 1 4 3 6 5
#   4 3 6 5 1 2
#   5 6 2 1 4 3
#   6 5 1 2 3 4
