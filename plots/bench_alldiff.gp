# bench_alldiff.gp - written by bench/gbench_lib.sh (gbench_loglog) from plots/bench_alldiff.dat.
if (!exists("fmt")) fmt = "png"
if (fmt eq "svg") { set terminal svg size 1000,330 dynamic; set output "bench_alldiff.svg" } \
else { set terminal pngcairo size 1000,330; set output "bench_alldiff.png" }
set termoption noenhanced
set logscale xy
# the x axis spans the data (not the next decade), with a margin
set autoscale xfix
set offsets graph 0.04, graph 0.04, 0, 0
set format x "%.0s%c"; set format y "%.0s%c"
set grid
set key top left
set multiplot layout 1,2 title "all-different: one propagator call (Google Benchmark, CPU time)"
set title "after one assignment (pairwise: the clique to its fixpoint)"; set xlabel "variables n"; set ylabel "ns per call"
plot "bench_alldiff.dat" index 0 using 1:2 with linespoints title "bounds", "bench_alldiff.dat" index 1 using 1:2 with linespoints title "domain", "bench_alldiff.dat" index 2 using 1:2 with linespoints title "pairwise", "bench_alldiff.dat" index 3 using 1:2 with linespoints title "value"
set title "at the fixpoint (nothing to remove)"; set xlabel "variables n"; set ylabel "ns per call"
plot "bench_alldiff.dat" index 4 using 1:2 with linespoints title "bounds", "bench_alldiff.dat" index 5 using 1:2 with linespoints title "domain", "bench_alldiff.dat" index 6 using 1:2 with linespoints title "value"
unset multiplot
