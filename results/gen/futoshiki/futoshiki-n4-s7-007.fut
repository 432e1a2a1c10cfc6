# generated: searchlab gen futoshiki --size 4 --seed 14
# unique solution; difficulty: fc:var=lex visits 15 nodes
4
0 3 0 0
0 0 1 0
0 4 0 1
0 0 0 0
10
0 2 0 1
1 1 0 1
0 2 0 3
1 3 0 3
2 0 3 0
3 1 2 1
2 3 2 2
2 3 3 3
3 1 3 0
2 3 2 2
# solution:
#   1 3 2 4
#   4 2 1 3
#   2 4 3 1
#   3 1 4 2
