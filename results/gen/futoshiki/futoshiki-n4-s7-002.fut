# generated: searchlab gen futoshiki --size 4 --seed 9
# unique solution; difficulty: fc:var=lex visits 18 nodes
4
0 0 0 0
0 0 0 2
0 0 0 0
0 0 0 0
11
0 0 1 0
0 1 0 2
0 2 0 3
1 3 0 3
1 1 1 0
2 1 1 1
1 2 2 2
2 1 2 0
2 1 2 2
2 1 3 1
3 3 3 2
# solution:
#   1 2 3 4
#   4 3 1 2
#   2 1 4 3
#   3 4 2 1
