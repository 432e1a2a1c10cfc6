# bench_domain.gp - written by bench/gbench_lib.sh (gbench_loglog) from plots/bench_domain.dat.
if (!exists("fmt")) fmt = "png"
if (fmt eq "svg") { set terminal svg size 2000,660 dynamic; set output "bench_domain.svg" } \
else { set terminal pngcairo size 2000,660; set output "bench_domain.png" }
set termoption noenhanced
set logscale xy
# the x axis spans the data (not the next decade), with a margin
set autoscale xfix
set offsets graph 0.04, graph 0.04, 0, 0
set format x "%.0s%c"; set format y "%.0s%c"
set grid
set key top left
set multiplot layout 2,4 title "domain representations: one operation (Google Benchmark, CPU time)"
set title "a hole in the middle, undone"; set xlabel "values"; set ylabel "ns"
plot "bench_domain.dat" index 32 using 1:2 with linespoints title "bits", "bench_domain.dat" index 33 using 1:2 with linespoints title "bits+holes", "bench_domain.dat" index 34 using 1:2 with linespoints title "bitset", "bench_domain.dat" index 35 using 1:2 with linespoints title "bitset+holes", "bench_domain.dat" index 36 using 1:2 with linespoints title "ranges", "bench_domain.dat" index 37 using 1:2 with linespoints title "ranges+holes", "bench_domain.dat" index 38 using 1:2 with linespoints title "sparse", "bench_domain.dat" index 39 using 1:2 with linespoints title "sparse+holes"
set title "the min moved by half the span, undone"; set xlabel "values"; set ylabel "ns"
plot "bench_domain.dat" index 40 using 1:2 with linespoints title "bits", "bench_domain.dat" index 41 using 1:2 with linespoints title "bits+holes", "bench_domain.dat" index 42 using 1:2 with linespoints title "bitset", "bench_domain.dat" index 43 using 1:2 with linespoints title "bitset+holes", "bench_domain.dat" index 44 using 1:2 with linespoints title "ranges", "bench_domain.dat" index 45 using 1:2 with linespoints title "ranges+holes", "bench_domain.dat" index 46 using 1:2 with linespoints title "sparse", "bench_domain.dat" index 47 using 1:2 with linespoints title "sparse+holes"
set title "the search's decision, undone"; set xlabel "values"; set ylabel "ns"
plot "bench_domain.dat" index 16 using 1:2 with linespoints title "bits", "bench_domain.dat" index 17 using 1:2 with linespoints title "bits+holes", "bench_domain.dat" index 18 using 1:2 with linespoints title "bitset", "bench_domain.dat" index 19 using 1:2 with linespoints title "bitset+holes", "bench_domain.dat" index 20 using 1:2 with linespoints title "ranges", "bench_domain.dat" index 21 using 1:2 with linespoints title "ranges+holes", "bench_domain.dat" index 22 using 1:2 with linespoints title "sparse", "bench_domain.dat" index 23 using 1:2 with linespoints title "sparse+holes"
set title "membership"; set xlabel "values"; set ylabel "ns"
plot "bench_domain.dat" index 0 using 1:2 with linespoints title "bits", "bench_domain.dat" index 1 using 1:2 with linespoints title "bits+holes", "bench_domain.dat" index 2 using 1:2 with linespoints title "bitset", "bench_domain.dat" index 3 using 1:2 with linespoints title "bitset+holes", "bench_domain.dat" index 4 using 1:2 with linespoints title "ranges", "bench_domain.dat" index 5 using 1:2 with linespoints title "ranges+holes", "bench_domain.dat" index 6 using 1:2 with linespoints title "sparse", "bench_domain.dat" index 7 using 1:2 with linespoints title "sparse+holes"
set title "every value, smallest first"; set xlabel "values"; set ylabel "ns per pass"
plot "bench_domain.dat" index 8 using 1:2 with linespoints title "bits", "bench_domain.dat" index 9 using 1:2 with linespoints title "bits+holes", "bench_domain.dat" index 10 using 1:2 with linespoints title "bitset", "bench_domain.dat" index 11 using 1:2 with linespoints title "bitset+holes", "bench_domain.dat" index 12 using 1:2 with linespoints title "ranges", "bench_domain.dat" index 13 using 1:2 with linespoints title "ranges+holes", "bench_domain.dat" index 14 using 1:2 with linespoints title "sparse", "bench_domain.dat" index 15 using 1:2 with linespoints title "sparse+holes"
set title "the 64-value window"; set xlabel "values"; set ylabel "ns"
plot "bench_domain.dat" index 48 using 1:2 with linespoints title "bits", "bench_domain.dat" index 49 using 1:2 with linespoints title "bits+holes", "bench_domain.dat" index 50 using 1:2 with linespoints title "bitset", "bench_domain.dat" index 51 using 1:2 with linespoints title "bitset+holes", "bench_domain.dat" index 52 using 1:2 with linespoints title "ranges", "bench_domain.dat" index 53 using 1:2 with linespoints title "ranges+holes", "bench_domain.dat" index 54 using 1:2 with linespoints title "sparse", "bench_domain.dat" index 55 using 1:2 with linespoints title "sparse+holes"
set title "min + max + size"; set xlabel "values"; set ylabel "ns"
plot "bench_domain.dat" index 24 using 1:2 with linespoints title "bits", "bench_domain.dat" index 25 using 1:2 with linespoints title "bits+holes", "bench_domain.dat" index 26 using 1:2 with linespoints title "bitset", "bench_domain.dat" index 27 using 1:2 with linespoints title "bitset+holes", "bench_domain.dat" index 28 using 1:2 with linespoints title "ranges", "bench_domain.dat" index 29 using 1:2 with linespoints title "ranges+holes", "bench_domain.dat" index 30 using 1:2 with linespoints title "sparse", "bench_domain.dat" index 31 using 1:2 with linespoints title "sparse+holes"
unset multiplot
