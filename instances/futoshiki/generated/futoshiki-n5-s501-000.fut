# generated: searchlab gen futoshiki --size 5 --seed 501
# unique solution; difficulty: fc:var=lex visits 19 nodes
5
0 0 4 0 0
4 0 0 1 0
5 1 0 0 0
0 0 0 0 0
0 0 1 0 0
16
0 1 0 2
1 2 0 2
0 3 0 4
1 4 0 4
1 0 1 1
1 3 1 2
1 4 2 4
2 3 2 2
2 3 2 4
3 4 2 4
3 1 3 2
3 1 4 1
4 2 3 2
3 3 4 3
4 2 4 1
2 1 2 2
# solution:
#   1 2 4 3 5
#   4 5 2 1 3
#   5 1 3 2 4
#   2 3 5 4 1
#   3 4 1 5 2
