# bench_store.gp - written by bench/gbench_lib.sh (gbench_loglog) from plots/bench_store.dat.
if (!exists("fmt")) fmt = "png"
if (fmt eq "svg") { set terminal svg size 1000,990 dynamic; set output "bench_store.svg" } \
else { set terminal pngcairo size 1000,990; set output "bench_store.png" }
set termoption noenhanced
set logscale xy
# the x axis spans the data (not the next decade), with a margin
set autoscale xfix
set offsets graph 0.04, graph 0.04, 0, 0
set format x "%.0s%c"; set format y "%.0s%c"
set grid
set key top left
set multiplot layout 3,2 title "sparse stores (Google Benchmark, CPU time; marbles at density 1/2 on a square)"
set title "insert: ns per marble"; set xlabel "marbles in the store"; set ylabel "ns"
plot "bench_store.dat" index 4 using 1:2 with linespoints title "bsdrb", "bench_store.dat" index 5 using 1:2 with linespoints title "hash", "bench_store.dat" index 6 using 1:2 with linespoints title "tree", "bench_store.dat" index 7 using 1:2 with linespoints title "uthash"
set title "lookup_hit: ns per operation"; set xlabel "marbles in the store"; set ylabel "ns"
plot "bench_store.dat" index 8 using 1:2 with linespoints title "bsdrb", "bench_store.dat" index 9 using 1:2 with linespoints title "hash", "bench_store.dat" index 10 using 1:2 with linespoints title "tree", "bench_store.dat" index 11 using 1:2 with linespoints title "uthash"
set title "lookup_miss: ns per operation"; set xlabel "marbles in the store"; set ylabel "ns"
plot "bench_store.dat" index 12 using 1:2 with linespoints title "bsdrb", "bench_store.dat" index 13 using 1:2 with linespoints title "hash", "bench_store.dat" index 14 using 1:2 with linespoints title "tree", "bench_store.dat" index 15 using 1:2 with linespoints title "uthash"
set title "erase_put: ns per operation"; set xlabel "marbles in the store"; set ylabel "ns"
plot "bench_store.dat" index 0 using 1:2 with linespoints title "bsdrb", "bench_store.dat" index 1 using 1:2 with linespoints title "hash", "bench_store.dat" index 2 using 1:2 with linespoints title "tree", "bench_store.dat" index 3 using 1:2 with linespoints title "uthash"
set title "scan: one w x w rectangle of a 10^6-marble store"; set xlabel "marbles inside the rectangle"; set ylabel "ns per scan"
plot "bench_store.dat" index 16 using 1:2 with linespoints title "bsdrb", "bench_store.dat" index 17 using 1:2 with linespoints title "hash", "bench_store.dat" index 18 using 1:2 with linespoints title "tree", "bench_store.dat" index 19 using 1:2 with linespoints title "uthash"
unset multiplot
