# bench_store.gp - Google Benchmark results of the sparse stores (written by
# bench/run_storebench.sh from results/bench_store.json).
if (!exists("fmt")) fmt = "png"
if (fmt eq "svg") { set terminal svg size 1000,1000 dynamic; set output "bench_store.svg" } \
else { set terminal pngcairo size 1000,1000; set output "bench_store.png" }
set termoption noenhanced
set logscale xy
set grid
set key top left
stores = "bsdrb hash tree uthash"
ops = "insert lookup_hit lookup_miss erase_put scan"
set multiplot layout 3,2 title "sparse stores (Google Benchmark, CPU time; marbles at density 1/2 on a square)"
do for [o = 1:5] {
  op = word(ops, o)
  set title op . (op eq "scan" ? ": one w x w rectangle of a 10^6-marble store" : ": ns per operation")
  set xlabel (op eq "scan" ? "marbles inside the rectangle" : "marbles in the store")
  set ylabel (op eq "scan" ? "ns per scan" : "ns")
  # block of (op, store): the .dat is sorted by op (erase_put insert lookup_hit
  # lookup_miss scan), then store; a filtered run misses blocks
  plot for [s = 1:words(stores)] "bench_store.dat" index ((o == 4 ? 0 : o == 5 ? 4 : o) * words(stores) + s - 1) \
       using 1:2 with linespoints title word(stores, s)
}
unset multiplot
