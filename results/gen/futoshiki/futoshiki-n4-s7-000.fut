# generated: searchlab gen futoshiki --size 4 --seed 7
# unique solution; difficulty: fc:var=lex visits 14 nodes
4
0 2 0 0
1 0 2 0
0 0 0 0
0 0 3 0
10
0 1 0 0
1 0 0 0
0 1 1 1
0 2 1 2
1 3 0 3
2 1 2 2
2 3 2 2
2 3 3 3
0 2 0 3
2 3 2 2
# solution:
#   3 2 1 4
#   1 4 2 3
#   2 3 4 1
#   4 1 3 2
