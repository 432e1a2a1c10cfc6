# generated: searchlab gen futoshiki --size 5 --seed 504
# unique solution; difficulty: fc:var=lex visits 35 nodes
5
0 0 0 0 0
0 0 0 0 0
4 0 0 0 0
0 0 0 0 0
0 0 3 0 0
17
0 1 0 0
1 2 0 2
0 4 0 3
1 1 1 0
2 0 1 0
1 1 1 2
2 1 1 1
1 3 1 2
1 3 1 4
2 2 2 3
2 2 3 2
3 4 2 4
3 0 3 1
4 0 3 0
3 4 4 4
4 2 4 1
4 3 4 4
# solution:
#   2 1 5 4 3
#   5 3 4 1 2
#   4 2 1 3 5
#   3 4 2 5 1
#   1 5 3 2 4
