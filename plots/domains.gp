# domains.gp - written by scripts/domains.sh: CPU time per node against
# the instance's largest domain, one line per domain= value.
set logscale xy
set xlabel "largest domain (values)"
set ylabel "CPU time per node, whole run (us)"
set title "domain representations (gac:var=dom/wdeg, first solution, medians of 3)"
set key top left
set grid
plot for [i=0:4] "plots/domains.dat" index i using 1:2 with linespoints title columnheader(1)
