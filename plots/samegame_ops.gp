# samegame_ops.gp - the Same Game per-command figure from
# results/samegame_ops.csv (bench/samegame_ops.sh writes both; the store x
# path finder figures of whole scripts come from the driver:
# scripts/experiments/samegame_scaling.exp, docs/samegame.md).
# Run from the repository root: gnuplot plots/samegame_ops.gp
csv = "results/samegame_ops.csv"
set terminal pngcairo size 1300,1050 font "Sans,12"
set output "plots/samegame_ops.png"
set datafile separator ","
set logscale xy
set format x "10^{%L}"
set format y "10^{%L}"
set xrange [500:*]
set grid
set key top left
set xlabel "marbles N"
stores = system("awk -F, 'NR>1 && $1==\"load\" {print $2}' " . csv . " | awk '!s[$0]++' | tr '\\n' ' '")
# rows(exp, store, path, count, op): the CSV rows that match ("" = any)
rows(e, s, p, c, o) = sprintf("< awk -F, 'NR>1 && $1==\"%s\" && (\"%s\"==\"\" || $2==\"%s\") && (\"%s\"==\"\" || $3==\"%s\") && (\"%s\"==\"\" || $4==\"%s\") && $8==\"%s\"' %s", e, s, s, p, p, c, c, o, csv)
set style data linespoints
set pointsize 1.3

set multiplot layout 2,2 title "Same Game on the plane: sparse stores, per command (4 colours; bench/samegame\\_ops.sh)" font "Sans,15"

set title "b (put a marble, clustered plane): time per command"
set ylabel "ns per b"
plot for [s in stores] rows("load", s, "", "", "b") using 7:10 title s lw 2

set title "m, 5-column strip over [-1e9,1e9] (clustered plane)"
set ylabel "ns per m"
plot for [s in stores] rows("strip", s, "dijkstra", "", "m") using 7:10 title s lw 2

set title "n (block count) after b/m changes, first n excluded"
set ylabel "ns per n"
plot rows("count", "hash", "", "incremental", "n_steady") using 7:10 title "hash, incremental" lw 2, \
     rows("count", "hash", "", "full", "n_steady") using 7:10 title "hash, full recount" lw 2 dt 2, \
     rows("count", "tree", "", "incremental", "n_steady") using 7:10 title "tree, incremental" lw 2, \
     rows("count", "tree", "", "full", "n_steady") using 7:10 title "tree, full recount" lw 2 dt 2

set title "memory: peak counted bytes per marble after loading"
set ylabel "bytes per marble"
unset logscale y
set format y "%g"
set yrange [0:*]
# the lines run along the top: the key goes below them, clear of the axis
set key bottom right
plot for [s in stores] rows("load", s, "", "", "b") using 7:($15/$7) title s lw 2

unset multiplot
