# generated: searchlab gen futoshiki --size 5 --seed 14
# unique solution; difficulty: fc:var=lex visits 115 nodes
5
0 0 0 0 0
0 3 0 1 0
0 0 0 3 0
0 0 0 0 0
0 0 0 0 0
18
1 1 0 1
1 2 0 2
0 4 0 3
0 4 1 4
1 1 1 0
1 1 2 1
1 3 1 4
2 0 2 1
3 1 2 1
2 2 3 2
2 4 2 3
4 1 3 1
4 3 3 3
4 1 4 2
4 3 4 2
4 3 4 4
0 4 0 3
1 3 1 4
# solution:
#   2 4 3 5 1
#   5 3 2 1 4
#   4 5 1 3 2
#   1 2 5 4 3
#   3 1 4 2 5
