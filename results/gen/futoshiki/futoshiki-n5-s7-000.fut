# generated: searchlab gen futoshiki --size 5 --seed 7
# unique solution; difficulty: fc:var=lex visits 28 nodes
5
0 1 0 3 0
2 0 0 0 0
0 0 0 0 4
4 0 0 5 0
1 0 0 0 0
10
0 3 0 2
0 4 0 3
0 4 1 4
1 4 1 3
2 0 3 0
3 2 2 2
3 1 4 1
3 4 3 3
3 4 4 4
2 3 2 4
# solution:
#   5 1 4 3 2
#   2 5 1 4 3
#   3 2 5 1 4
#   4 3 2 5 1
#   1 4 3 2 5
