# 'samegame_scaling_paths.gp' - written by searchlab plot 'results/samegame_scaling.csv' --kind scaling; edit freely, then run
# in this folder:  gnuplot FILE.gp  (PNG)  or  gnuplot -e "fmt='svg'" FILE.gp  (SVG; 'pdf': PDF)
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') {
    set terminal svg size 1400,720 dynamic font 'Sans,13' background rgb 'white'
    set output 'samegame_scaling_paths.svg'
} else {
  if (fmt eq 'pdf') {
    set terminal pdfcairo size 14.00in,7.20in font 'Sans,9' background rgb 'white'
    set output 'samegame_scaling_paths.pdf'
  } else {
    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
        set terminal pngcairo size 1400,720 font 'Sans,11' background rgb 'white'
    } else {
        set terminal png size 1400,720
    }
    set output 'samegame_scaling_paths.png'
  }
}
set termoption noenhanced
set datafile separator '\t'
set datafile missing '?'
set grid lc rgb '#dddddd'
set key outside right top vertical Left reverse noautotitle
set linetype 1 lc rgb '#0072b2' lw 2 pt 7 ps 1.1
set linetype 2 lc rgb '#d55e00' lw 2 pt 5 ps 1.1
set linetype 3 lc rgb '#009e73' lw 2 pt 9 ps 1.3
set linetype 4 lc rgb '#cc79a7' lw 2 pt 11 ps 1.3
set linetype 5 lc rgb '#e69f00' lw 2 pt 13 ps 1.3
set linetype 6 lc rgb '#56b4e9' lw 2 pt 4 ps 1.1
set linetype 7 lc rgb '#000000' lw 2 pt 6 ps 1.1
set linetype 8 lc rgb '#999999' lw 2 pt 8 ps 1.3
set linetype 9 lc rgb '#8c564b' lw 2 pt 12 ps 1.3
set linetype cycle 9
dat = 'samegame_scaling_paths.dat'
set multiplot layout 1,1 title 'Scaling: median over the instances of each size of their median run (bars: quartiles; unsolved runs rank above every solved one)'
# the key below both panels, which keep the same margins
set key at screen 0.05, screen 0.17 left top vertical Left reverse maxcols 1
set bmargin at screen 0.27
set tmargin at screen 0.88
set autoscale xfix
set offsets graph 0.03, graph 0.03, graph 0.03, graph 0.03
set logscale y
set xlabel 'size (Same Game: marbles of the opening plane)'
set logscale x
set format x '%.0s%c'
set ylabel 'path time per query'
set format y '%.0s %cs'
set title 'time'
set yrange [*:*]
plot \
    dat index 0 using 1:2:3:4 with yerrorlines lt 1 title 'samegame:store=hash,path=bfs', \
    dat index 2 using 1:2:3:4 with yerrorlines lt 2 title 'samegame:store=hash,path=dijkstra', \
    dat index 4 using 1:2:3:4 with yerrorlines lt 3 title 'samegame:store=hash,path=astar', \
    dat index 6 using 1:2:3:4 with yerrorlines lt 4 title 'samegame:store=hash,path=01bfs', \
    keyentry with points pt 6 ps 2 lc rgb '#000000' title 'open circle: the median instance of that size was not solved (drawn at the time limit; nodes: at the most nodes any of its runs reached)'
unset key
unset multiplot
