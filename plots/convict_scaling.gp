# convict_scaling.gp - nodes and time to the first route per strategy over
# the prison side (results/convict_scaling.csv from bench/convict_scaling.sh);
# runs that hit the time limit are drawn at their node count (time) with an
# open marker, which the title explains.
set datafile separator ","
set terminal pngcairo size 1200,500 font ",11"
set output "plots/convict_scaling.png"
set multiplot layout 1,2 title "The convict's escape: first route on an n x n prison (rule return, no walls)\nopen circles: the run hit the 5 s limit, drawn at the nodes (time) it reached"
set logscale y
set key top left
set grid
set xlabel "side n"
set format y "10^{%L}"
strategies = "dfs parity connect warnsdorff smart"
set ylabel "nodes (moves tried)"
plot for [i=1:5] "results/convict_scaling.csv" using 1:((strcol(2) eq word(strategies,i) && strcol(3) eq "solved") ? $4 : 1/0) with linespoints pt 7 lc i title word(strategies,i), \
     for [i=1:5] "results/convict_scaling.csv" using 1:((strcol(2) eq word(strategies,i) && strcol(3) ne "solved") ? $4 : 1/0) with points pt 6 ps 2 lc i notitle
set ylabel "time (ms)"
set format y "%g"
plot for [i=1:5] "results/convict_scaling.csv" using 1:((strcol(2) eq word(strategies,i) && strcol(3) eq "solved") ? $8/1e6 : 1/0) with linespoints pt 7 lc i title word(strategies,i), \
     for [i=1:5] "results/convict_scaling.csv" using 1:((strcol(2) eq word(strategies,i) && strcol(3) ne "solved") ? $8/1e6 : 1/0) with points pt 6 ps 2 lc i notitle
unset multiplot
