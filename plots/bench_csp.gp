# bench_csp.gp - Google Benchmark results of the CSP engine (written by
# bench/run_microbench.sh from results/bench_csp.json).
if (!exists("fmt")) fmt = "png"
if (fmt eq "svg") { set terminal svg size 1000,1100 dynamic; set output "bench_csp.svg" } \
else { set terminal pngcairo size 1000,1100; set output "bench_csp.png" }
set style fill solid 0.6 border -1
set boxwidth 0.7
set grid x
unset key
set yrange [*:*] reverse
set ytics scale 0
set offsets 0, graph 0.12, 0, 0
set rmargin 5  # the last tick label (100000) inside the canvas
set termoption noenhanced
set multiplot layout 3,1 title "searchlab microbenchmarks (Google Benchmark, CPU time per iteration, course case5 9x9)"
set title "timer read and one revise step (ns)"
set xlabel "ns"
plot "bench_csp.dat" index 0 using ($3/2):1:($3/2):(0.35):ytic(2) with boxxyerror, \
     "" index 0 using 3:1:(sprintf("%.1f", $3)) with labels left offset 0.5,0
set title "one GAC propagation from scratch, per queue policy (us)"
set xlabel "us"
plot "bench_csp.dat" index 1 using ($3/2):1:($3/2):(0.35):ytic(2) with boxxyerror, \
     "" index 1 using 3:1:(sprintf("%.1f", $3)) with labels left offset 0.5,0
set title "whole solve: build + search + verify (ms, log scale)"
set xrange [0.01:100000]
set xlabel "ms"
set logscale x
plot "bench_csp.dat" index 2 using (sqrt($3*0.01)):1:(0.01):($3):($1-0.35):($1+0.35):ytic(2) with boxxy, \
     "" index 2 using 3:1:(sprintf($3 >= 100 ? "%.0f" : "%.3g", $3)) with labels left offset 0.5,0
unset multiplot
