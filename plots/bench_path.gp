# bench_path.gp - written by bench/gbench_lib.sh (gbench_loglog) from plots/bench_path.dat.
if (!exists("fmt")) fmt = "png"
if (fmt eq "svg") { set terminal svg size 1000,1320 dynamic; set output "bench_path.svg" } \
else { set terminal pngcairo size 1000,1320; set output "bench_path.png" }
set termoption noenhanced
set logscale xy
# the x axis spans the data (not the next decade), with a margin
set autoscale xfix
set offsets graph 0.04, graph 0.04, 0, 0
set format x "%.0s%c"; set format y "%.0s%c"
set grid
set key top left
set multiplot layout 4,2 title "path finders (Google Benchmark, CPU time; o: one colour, c: 4 colours)"
set title "o, random70: one query corner to corner"; set xlabel "marbles in the plane"; set ylabel "us per query"
plot "bench_path.dat" index 16 using 1:2 with linespoints title "01bfs", "bench_path.dat" index 17 using 1:2 with linespoints title "astar", "bench_path.dat" index 18 using 1:2 with linespoints title "bfs", "bench_path.dat" index 19 using 1:2 with linespoints title "dijkstra"
set title "c, random70: one query corner to corner"; set xlabel "marbles in the plane"; set ylabel "us per query"
plot "bench_path.dat" index 3 using 1:2 with linespoints title "01bfs", "bench_path.dat" index 4 using 1:2 with linespoints title "astar", "bench_path.dat" index 5 using 1:2 with linespoints title "dijkstra"
set title "o, random85: one query corner to corner"; set xlabel "marbles in the plane"; set ylabel "us per query"
plot "bench_path.dat" index 20 using 1:2 with linespoints title "01bfs", "bench_path.dat" index 21 using 1:2 with linespoints title "astar", "bench_path.dat" index 22 using 1:2 with linespoints title "bfs", "bench_path.dat" index 23 using 1:2 with linespoints title "dijkstra"
set title "c, random85: one query corner to corner"; set xlabel "marbles in the plane"; set ylabel "us per query"
plot "bench_path.dat" index 6 using 1:2 with linespoints title "01bfs", "bench_path.dat" index 7 using 1:2 with linespoints title "astar", "bench_path.dat" index 8 using 1:2 with linespoints title "dijkstra"
set title "o, full: one query corner to corner"; set xlabel "marbles in the plane"; set ylabel "us per query"
plot "bench_path.dat" index 12 using 1:2 with linespoints title "01bfs", "bench_path.dat" index 13 using 1:2 with linespoints title "astar", "bench_path.dat" index 14 using 1:2 with linespoints title "bfs", "bench_path.dat" index 15 using 1:2 with linespoints title "dijkstra"
set title "c, full: one query corner to corner"; set xlabel "marbles in the plane"; set ylabel "us per query"
plot "bench_path.dat" index 0 using 1:2 with linespoints title "01bfs", "bench_path.dat" index 1 using 1:2 with linespoints title "astar", "bench_path.dat" index 2 using 1:2 with linespoints title "dijkstra"
set title "o, snake: one query corner to corner"; set xlabel "marbles in the plane"; set ylabel "us per query"
plot "bench_path.dat" index 24 using 1:2 with linespoints title "01bfs", "bench_path.dat" index 25 using 1:2 with linespoints title "astar", "bench_path.dat" index 26 using 1:2 with linespoints title "bfs", "bench_path.dat" index 27 using 1:2 with linespoints title "dijkstra"
set title "c, snake: one query corner to corner"; set xlabel "marbles in the plane"; set ylabel "us per query"
plot "bench_path.dat" index 9 using 1:2 with linespoints title "01bfs", "bench_path.dat" index 10 using 1:2 with linespoints title "astar", "bench_path.dat" index 11 using 1:2 with linespoints title "dijkstra"
unset multiplot
